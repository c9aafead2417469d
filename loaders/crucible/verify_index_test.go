package crucible

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// The indexes verification uses at scale must give what the plain scans
// give: the same commits in the same order, the same output files.

func randomLog(r *rand.Rand, n int) []Commit {
	subjects := []string{"task %d: done", "Task-%d fix", "feat: TASK#%d and task %d", "task %d_x", "task %dx", "retask %d",
		"task 0%d", "task:: %d.", "tasks %d", "task\t%d", "task %d task %d", "nothing", "task", "task -%d", "ta\u017fk %d"}
	log := make([]Commit, n)
	t0 := time.Date(2026, 3, 24, 12, 0, 0, 0, time.UTC)
	for i := range log {
		f := subjects[r.IntN(len(subjects))]
		var s string
		switch strings.Count(f, "%d") {
		case 0:
			s = f
		case 1:
			s = fmt.Sprintf(f, r.IntN(40))
		default:
			s = fmt.Sprintf(f, r.IntN(40), r.IntN(40))
		}
		// Times go mostly backwards (git log order) with ties and
		// out-of-order commits.
		log[i] = Commit{Hash: fmt.Sprintf("%040d", i), Time: t0.Add(time.Duration(n-i+r.IntN(5)-2) * time.Minute), Subject: s}
	}
	return log
}

func TestTimeIndexMatchesWithin(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		log := randomLog(r, r.IntN(300))
		ix := newTimeIndex(log)
		t0 := time.Date(2026, 3, 24, 12, 0, 0, 0, time.UTC)
		for range 40 {
			from := t0.Add(time.Duration(r.IntN(320)-10) * time.Minute)
			to := from.Add(time.Duration(r.IntN(30)-2) * time.Minute)
			want, got := Within(log, from, to), ix.within(from, to)
			if !slices.Equal(want, got) {
				t.Fatalf("window %v-%v: index gives %v, scan %v", from, to, got, want)
			}
		}
	}
}

func TestMentioningMatchesPattern(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 30 {
		log := randomLog(r, r.IntN(200))
		ev := &evidence{}
		for _, task := range []string{"0", "1", "3", "7", "03", "12", "39", "40", "3a", "-3", "x"} {
			re := regexp.MustCompile(`(?i)\btask[\s#:_-]*` + regexp.QuoteMeta(task) + `\b`)
			var want []Commit
			for _, c := range log {
				if re.MatchString(c.Subject) {
					want = append(want, c)
				}
			}
			if got := ev.mentioning(log, task); !slices.Equal(want, got) {
				t.Fatalf("task %q: index gives %v, pattern %v", task, got, want)
			}
		}
	}
}

func TestOutputsByPrefix(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"12-code-reviewer.md", "12-code-reviewer-output.md", "12-notes.txt", "120-x.md", "012-y.md", "1-a.md", "-3-z.md", "x-12-y.md"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "12-folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	ev := &evidence{dirs: []string{dir}}
	for _, c := range []struct {
		e    Entry
		want []string
	}{
		{Entry{Seq: 12, tag: &entryTag{role: "code-reviewer", tmpl: "code-reviewer.md"}, fileHow: fileUsual}, []string{"12-code-reviewer-output.md", "12-notes.txt"}},
		{Entry{Seq: 1, fileHow: fileRare, side: &entrySide{rare: &entryRare{file: "1-b.md"}}}, []string{"1-a.md"}},
		{Entry{Seq: -3}, []string{"-3-z.md"}},
		{Entry{Seq: 7}, nil},
	} {
		got := ev.outputs(&c.e)
		sort.Strings(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("seq %d: outputs %v, want %v", c.e.Seq, got, c.want)
		}
	}
}

// TestAllocsReviewerEvidenceKeptAsName: a reviewer's check with an output file
// keeps the file's name (a piece of the dispatch folder's listing), not
// its sentence: verifying it allocates nothing, and its evidence reads
// as the sentence, in the verification's language.
func TestAllocsReviewerEvidenceKeptAsName(t *testing.T) {
	w, _ := crashWorld(t)
	l := New(optsFor(w))
	paths, err := l.Discover(w.project)
	if err != nil || len(paths) == 0 {
		t.Fatalf("discover: %v %v", paths, err)
	}
	p, err := l.read(w.project, paths[0])
	if err != nil || p.ev == nil {
		t.Fatalf("read: %v", err)
	}
	e := p.manifest.BySeq(2)
	if e == nil || RoleKind(e.Role()) != KindReview {
		t.Fatalf("seq 2 %+v", e)
	}
	lc := p.ev.verify(e) // the listing and side records are read once
	const want = "completion line; output file 2-design-reviewer-output.md"
	if got := lc.check(KindReview, p.ev.t()).Evidence; got != want || lc.verdict != vVerified {
		t.Fatalf("evidence %q (%v), want %q", got, lc.verdict, want)
	}
	pt := Catalogs.For(i18n.PortugueseBR)
	if got := lc.text(pt); got != "linha de conclusão; arquivo de saída 2-design-reviewer-output.md" {
		t.Fatalf("pt-BR evidence %q", got)
	}
	if n := steadyAllocs(t, 100, func() { lc = p.ev.verify(e) }); n != 0 {
		t.Fatalf("verifying a reviewer with an output file allocates %v times", n)
	}
}
