package crucible

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// loadLean is world.load for `pickup plan --json` (PlanJSONOnly).
func (w *world) loadLean(opts ...func(*loaders.Options)) *model.Session {
	w.t.Helper()
	o := optsFor(w)
	for _, f := range opts {
		f(&o)
	}
	l := New(o)
	l.PlanJSONOnly()
	paths, err := l.Discover(w.project)
	if err != nil || len(paths) == 0 {
		w.t.Fatalf("discover: %v %v", paths, err)
	}
	s, err := l.Load(w.project, paths[0])
	if err != nil {
		w.t.Fatal(err)
	}
	return s
}

// TestLeanPlanMatchesFull: a plan loaded for `plan --json` alone keeps
// no rows, yet writes the same JSON, byte for byte, as the full plan
// (itself held to encoding/json), with the same warnings, text and
// artifact list, on every fixture and with each option that moves the
// resume point or rewrites rows.
func TestLeanPlanMatchesFull(t *testing.T) {
	cases := []struct {
		fixture string
		opts    []func(*loaders.Options)
	}{
		{"crash", nil}, {"clean", nil}, {"failed", nil}, {"replay", nil}, {"truncated", nil},
		{"crash", []func(*loaders.Options){flag(FlagFromPhase, "2")}},
		{"crash", []func(*loaders.Options){flag(FlagFromSeq, "6")}},
		{"crash", []func(*loaders.Options){flag(FlagNoRestore, "true")}},
		{"replay", []func(*loaders.Options){flag(FlagFromPhase, "3"), listFlag(FlagMutate, "templates/quality-gate-prompt.md=templates/strict-gate.md", "missing.md=nowhere.md")}},
	}
	for i, c := range cases {
		t.Run(c.fixture+"/"+itoa(i), func(t *testing.T) { checkLean(t, c.fixture, c.opts) })
	}
}

func checkLean(t *testing.T, fixture string, opts []func(*loaders.Options)) {
	t.Helper()
	w := newWorld(t, fixture, "4", "main")
	w.repo("main")
	w.standardCheckpoints()
	t.Chdir(w.project)
	_, full := w.load(opts...)
	lean := w.loadLean(opts...)
	if full.Plan == nil || lean.Plan == nil {
		t.Fatalf("%s: plan %v, lean plan %v", fixture, full.Plan != nil, lean.Plan != nil)
	}
	fp, lp := planOf(t, full), planOf(t, lean)
	if lp.Skip != nil || lp.ReExecute != nil {
		t.Fatalf("%s: the lean plan kept its rows", fixture)
	}
	if lp.SkipCount() != len(fp.Skip) || lp.ReExecuteCount() != len(fp.ReExecute) {
		t.Fatalf("%s: counts %d/%d, want %d/%d", fixture, lp.SkipCount(), lp.ReExecuteCount(), len(fp.Skip), len(fp.ReExecute))
	}
	checkPlanJSON(t, fixture, fp)
	for _, pi := range [][2]string{{"  ", "  "}, {"", "\t"}} {
		var a, b bytes.Buffer
		if err := fp.WriteJSON(&a, pi[0], pi[1]); err != nil {
			t.Fatal(err)
		}
		if err := lp.WriteJSON(&b, pi[0], pi[1]); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatalf("%s: the lean plan's JSON differs\nfull: %s\nlean: %s", fixture, a.Bytes(), b.Bytes())
		}
	}
	if !reflect.DeepEqual(full.Warnings, lean.Warnings) {
		t.Fatalf("%s: warnings\nfull %q\nlean %q", fixture, full.Warnings, lean.Warnings)
	}
	if !reflect.DeepEqual(full.Plan.Text(), lean.Plan.Text()) {
		t.Fatalf("%s: plan text differs", fixture)
	}
	if lp.Skip != nil {
		t.Fatalf("%s: asking for the text kept the rows", fixture)
	}
	if !reflect.DeepEqual(full.ArtifactList(), lean.ArtifactList()) {
		t.Fatalf("%s: artifact lists differ", fixture)
	}
	if lean.Sections != nil || lean.Prompt != "" || lean.Context != nil || lean.Fingerprint != "" {
		t.Fatalf("%s: a lean session made its dashboard, prompt, context or fingerprint", fixture)
	}
	if full.Fingerprint == "" || full.Prompt == "" || len(full.Sections) == 0 {
		t.Fatalf("%s: the full session lacks its fingerprint, prompt or dashboard", fixture)
	}
}

// TestArtifactListIsMadeOnce: the list is made when first asked for,
// then the same list is given again.
func TestArtifactListIsMadeOnce(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	_, s := w.load()
	a := s.ArtifactList()
	if len(a) == 0 || s.Artifacts != nil {
		t.Fatalf("list %d, Artifacts %v", len(a), s.Artifacts)
	}
	if b := s.ArtifactList(); &a[0] != &b[0] {
		t.Fatal("the list was made twice")
	}
}

// TestManifestSizeCap: a manifest over the stream cap (1 GiB) is refused
// before any of it is read; one over the whole-file cap (64 MiB), which
// state files keep, is read line by line.
func TestManifestSizeCap(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.jsonl")
	first := `{"seq":1,"file":"1-plan-writer.md","role":"plan-writer","phase":"1","status":"completed"}` + "\n"
	testkit.Write(t, huge, first)
	if err := os.Truncate(huge, fsx.MaxStreamFile+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadManifest(huge)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), huge) || !strings.Contains(err.Error(), "1073741825 bytes") || !strings.Contains(err.Error(), "1 GiB") {
		t.Fatalf("err %v", err)
	}
	// Reading would have made at least the 64 KiB line buffer.
	if n := after.TotalAlloc - before.TotalAlloc; n > 32<<10 {
		t.Fatalf("%d bytes allocated refusing the file: it was read", n)
	}

	big := filepath.Join(dir, "big.jsonl")
	testkit.Write(t, big, first)
	if err := os.Truncate(big, fsx.MaxStateFile+1); err != nil {
		t.Fatal(err)
	}
	if _, err := fsx.ReadFile(big); err == nil {
		t.Fatal("a whole-file read accepted a file over MaxStateFile")
	}
	m, err := ReadManifest(big)
	if err != nil {
		t.Fatalf("a manifest over 64 MiB was refused: %v", err)
	}
	// The zeros after the first line are one last line, too long to be
	// an entry.
	if m.Valid != 1 || len(m.Seqs) != 1 || m.Size != fsx.MaxStateFile+1 || len(m.Bad) != 1 || !strings.Contains(m.Bad[0].Reason, "1 MiB") {
		t.Fatalf("valid %d seqs %v size %d bad %+v", m.Valid, m.Seqs, m.Size, m.Bad)
	}
}

// TestReadNamesMatchesReadDir: the directory reader the listings use
// gives what os.ReadDir gives: every name but folders', with the types
// of those that are not regular files.
func TestReadNamesMatchesReadDir(t *testing.T) {
	dir := t.TempDir()
	for i := range 2000 { // several getdents calls' worth
		name := itoa(i) + "-" + strings.Repeat("long-template-name-", 1+i%3) + ".md"
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mkdir(t, filepath.Join(dir, "sub"))
	if err := os.Symlink("nowhere", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Log("no fifo:", err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	wantOdd := map[string]fs.FileMode{}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		want = append(want, e.Name())
		if !e.Type().IsRegular() {
			wantOdd[e.Name()] = e.Type()
		}
	}
	l := listDir(dir)
	if l.err != nil {
		t.Fatal(l.err)
	}
	var names []string
	odd := map[string]fs.FileMode{}
	for i := range l.len() {
		names = append(names, l.name(i))
		if typ, ok := l.find(l.name(i)); !ok {
			t.Fatalf("%q listed but not found", l.name(i))
		} else if typ != 0 {
			odd[l.name(i)] = typ
		}
	}
	if !slices.Equal(names, want) {
		t.Fatalf("%d names, want %d", len(names), len(want))
	}
	if !reflect.DeepEqual(odd, wantOdd) || odd["link"] != fs.ModeSymlink {
		t.Fatalf("types %v, want %v", odd, wantOdd)
	}
	for _, p := range []string{"1-", "19-", "1999-", "2000-", "", "zzz"} {
		i, j := l.prefixed(p)
		var got []string
		for k := i; k < j; k++ {
			got = append(got, l.name(k))
		}
		var exp []string
		for _, n := range want {
			if strings.HasPrefix(n, p) {
				exp = append(exp, n)
			}
		}
		if !slices.Equal(got, exp) {
			t.Fatalf("prefix %q: %d names, want %d", p, len(got), len(exp))
		}
	}
	for _, n := range []string{"sub", "missing", "1-long", ""} {
		if l.has(n) {
			t.Fatalf("%q found", n)
		}
	}
	if l := listDir(filepath.Join(dir, "missing")); l.err == nil || l.len() != 0 {
		t.Fatal("no error for a missing folder")
	}
}

// TestListingIsOneString: a dispatch directory's listing keeps its names
// end to end in one string of their length, with 4 bytes more per name
// for where each ends: no string header per name (16 bytes), no spare
// room from the guess of how long the names are.
func TestListingIsOneString(t *testing.T) {
	dir := t.TempDir()
	const n = 20_000
	size := 0
	for i := range n {
		name := itoa(i) + "-" + []string{"build-reviewer-output.md", "build-implementer.md", "x"}[i%3]
		size += len(name)
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	l := listDir(dir)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if l.err != nil || l.len() != n {
		t.Fatalf("%d names, err %v", l.len(), l.err)
	}
	runtime.KeepAlive(l)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d names, %d bytes: the listing keeps %d bytes", n, size, kept)
	// The size classes round each of the two up by at most 1/8, and a
	// few small objects come with them.
	if limit := int64(size+4*n)*9/8 + 4<<10; kept > limit {
		t.Fatalf("the listing of %d names (%d bytes) keeps %d bytes, more than %d", n, size, kept, limit)
	}
}

func itoa(i int) string {
	b := []byte{}
	for {
		b = append([]byte{byte('0' + i%10)}, b...)
		if i /= 10; i == 0 {
			return string(b)
		}
	}
}

// TestAllocsLeanWriteMakesNoReviewerSentence: writing a lean plan makes no
// string for a reviewer's evidence kept as its output file's name: the
// sentence before the name is made once, and the row's reason and the
// check's evidence are written in two pieces. Writing the crash
// fixture's plan allocates as often with its three reviewers' output
// files (seqs 2, 4 and 7) as without them.
func TestAllocsLeanWriteMakesNoReviewerSentence(t *testing.T) {
	worlds := map[bool]*world{}
	for _, drop := range []bool{false, true} {
		worlds[drop], _ = crashWorld(t) // before a Chdir: the fixture's path is relative
	}
	allocs := func(drop bool) float64 {
		w := worlds[drop]
		if drop {
			for _, f := range []string{"2-design-reviewer-output.md", "4-plan-reviewer-output.md", "7-build-reviewer-output.md"} {
				if err := os.Remove(filepath.Join(w.ddir, f)); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Chdir(w.project)
		pl := planOf(t, w.loadLean())
		var b bytes.Buffer
		if err := pl.WriteJSON(&b, "  ", "  "); err != nil {
			t.Fatal(err)
		}
		if want := "output file 4-plan-reviewer-output.md"; strings.Contains(b.String(), want) == drop {
			t.Fatalf("output files dropped %v: %q in the JSON: %v", drop, want, !drop)
		}
		return steadyAllocs(t, 20, func() {
			b.Reset()
			if err := pl.WriteJSON(&b, "  ", "  "); err != nil {
				t.Fatal(err)
			}
		})
	}
	with, without := allocs(false), allocs(true)
	if with > without {
		t.Fatalf("writing the plan allocates %v times with the reviewers' output files, %v without", with, without)
	}
}

// TestAllocsWindowSentenceMadeWhenWritten: an implementer whose commits
// are in its window keeps the commits' count, the first's short hash and
// the window's ends, not its sentence; the sentence is the one Text
// makes (one commit or several, in each language), and while a lean plan
// is written it is made in the plan's buffer without allocating.
func TestAllocsWindowSentenceMadeWhenWritten(t *testing.T) {
	type made struct {
		pl   *ReplayPlan
		lc   leanCheck
		name string
	}
	var all []made
	for _, tx := range []*Text{&english, Catalogs.For(i18n.PortugueseBR)} {
		for _, n := range []uint16{1, 3, 65535} {
			lc := leanCheck{lead: leadWindow, verdict: vVerified, evidence: "abc1234", n: n, from: 12*60 + 5, to: 23*60 + 59}
			how := tx.InWindow.F("12:05", "23:59")
			want := tx.OneCommit.F("abc1234", how)
			if n > 1 {
				want = tx.Commits.F(int(n), how, "abc1234")
			}
			pl := &ReplayPlan{tx: tx, lean: true}
			if got := lc.text(tx); got != want {
				t.Errorf("%s, %d commits: %q, want %q", tx.Lang, n, got, want)
			}
			pl.wbuf = make([]byte, 0, 8)
			if got := pl.windowText(&lc); got != want {
				t.Errorf("%s, %d commits, written: %q, want %q", tx.Lang, n, got, want)
			}
			all = append(all, made{pl, lc, fmt.Sprintf("%s, %d commits", tx.Lang, n)})
		}
	}
	for _, m := range all {
		if a := steadyAllocs(t, 20, func() { m.pl.windowText(&m.lc) }); a != 0 {
			t.Errorf("%s: making the sentence as it is written allocates %v times", m.name, a)
		}
	}
}

// TestAllocsLeanWindowChecksWriteTheFullPlan: the crash fixture's implementers
// are verified by commits in their windows (one commit and several);
// their checks and rows are written as the full plan writes them, in
// English and in Portuguese, and writing makes no string for them: as
// many allocations as when their sentences are kept made.
func TestAllocsLeanWindowChecksWriteTheFullPlan(t *testing.T) {
	var counts []func()
	var worlds []*world
	for range 2 {
		w, _ := crashWorld(t) // before a Chdir: the fixture's path is relative
		worlds = append(worlds, w)
	}
	for i, opts := range [][]func(*loaders.Options){nil, {inPortuguese}} {
		w := worlds[i]
		t.Chdir(w.project)
		_, full := w.load(opts...)
		lp := planOf(t, w.loadLean(opts...))
		windows := 0
		for _, lc := range lp.leanChecks {
			if lc.lead == leadWindow {
				windows++
			}
		}
		if windows < 2 {
			t.Fatalf("%d checks kept as a window, want the fixture's implementers", windows)
		}
		var a, b bytes.Buffer
		if err := planOf(t, full).WriteJSON(&a, "  ", "  "); err != nil {
			t.Fatal(err)
		}
		if err := lp.WriteJSON(&b, "  ", "  "); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatalf("the lean plan's JSON differs\nfull: %s\nlean: %s", a.Bytes(), b.Bytes())
		}
		inWindow, _, _ := strings.Cut(lp.text().InWindow.Text(), "{")
		for _, want := range []string{inWindow, `"verdict": "verified"`} {
			if !strings.Contains(b.String(), want) {
				t.Fatalf("the JSON lacks %q:\n%s", want, b.String())
			}
		}
		made := *lp // the same plan, its window sentences made
		made.leanChecks = slices.Clone(lp.leanChecks)
		for i, lc := range made.leanChecks {
			if lc.lead == leadWindow {
				made.leanChecks[i] = leanCheck{e: lc.e, verdict: lc.verdict, evidence: lc.text(lp.text())}
			}
		}
		counts = append(counts, func() {
			t.Chdir(w.project)
			write := func(pl *ReplayPlan) float64 {
				return steadyAllocs(t, 20, func() {
					b.Reset()
					if err := pl.WriteJSON(&b, "  ", "  "); err != nil {
						t.Fatal(err)
					}
				})
			}
			if kept, asWritten := write(&made), write(lp); asWritten > kept {
				t.Fatalf("writing the plan allocates %v times, %v with its window sentences made beforehand", asWritten, kept)
			}
		})
	}
	// The counts last: the race detector skips them (steadyAllocs).
	for _, count := range counts {
		count()
	}
}

// TestLeanLoadLowersTheCollectorsPercentForItself: a lean load runs with
// the collector at leanGCPercent, unless it was lower or off, and puts
// back what it found.
func TestLeanLoadLowersTheCollectorsPercentForItself(t *testing.T) {
	w, _ := crashWorld(t)
	t.Chdir(w.project)
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, before := range []int{100, 80, 30, -1} {
		debug.SetGCPercent(before)
		var during int
		testkit.Swap(t, &gcPercentSeen, func() {
			during = debug.SetGCPercent(-1)
			debug.SetGCPercent(during)
		})
		w.loadLean()
		if after := debug.SetGCPercent(100); after != before {
			t.Errorf("collector at %d before a lean load, %d after it", before, after)
		}
		want := min(before, leanGCPercent)
		if before < 0 {
			want = before
		}
		if during != want {
			t.Errorf("collector at %d before a lean load, %d during it, want %d", before, during, want)
		}
	}
}
