package crucible

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
)

// TestCompactEntryKeepsValues: an entry keeps a usual file name, a plain
// task number and a known tier as a few bits, and every other value as
// it is; the values read from one line are not changed by the lines read
// after it (the scanner's values are its own until the next line).
func TestCompactEntryKeepsValues(t *testing.T) {
	long := strings.Repeat("r", 40) // past the interned length
	lines := []string{
		`{"seq":1,"file":"1-plan-writer.md","role":"plan-writer","phase":"1","task":12,"status":"dispatched","model_tier":"opus"}`,
		`{"seq":2,"file":"007-x.md","role":"` + long + `","phase":"` + long + `-phase","task":"007","status":"completed","model_tier":"gpt-5","summary":"two"}`,
		`{"seq":3,"file":"3-other.md","role":"build-implementer","phase":"2","task":"3.2","status":"` + strings.Repeat("S", 40) + `","model_tier":"Opus","mutation":"m3","output":"o3.md","timestamp":"2026-01-02T03:04:05Z","replay_session":"rs3"}`,
		`{"seq":4,"file":"4-build-implementer.md","role":"build-implementer","phase":"2","task":"1234567890","status":"dispatched","model_tier":"haiku","summary":"four a"}`,
		`{"seq":4,"role":"code-reviewer","status":"completed","summary":"four b"}`,
		`{"seq":1,"status":"completed","summary":"one","duration_s":7}`,
		`{"seq":5,"file":"dir/5-x.md","role":" x ","phase":"3","task":"0","status":"completed"}`,
		`{"seq":-6,"file":"-6-x.md","role":"x","phase":"3","task":" 4","status":"completed","model_tier":""}`,
		`{"seq":7,"file":"7-x.md","role":"x","phase":"3","task":"","status":"completed","summary":"\u00e9t\u00e9"}`,
		`{"seq":"seven and a half","file":"8-x.md","role":"x","status":"completed"}`,
		`{"seq":9,"file":"9-x.md","role":"x","phase":"3","status":"completed","summary":"overwrites the scanner's buffer"}`,
	}
	want := map[int][9]string{
		// file, template, task, tier, role, status, phase, summary, rare values
		1:  {"1-plan-writer.md", "plan-writer.md", "12", "opus", "plan-writer", "completed", "1", "one", ""},
		2:  {"007-x.md", "x.md", "007", "gpt-5", long, "completed", long + "-phase", "two", ""},
		3:  {"3-other.md", "other.md", "3.2", "Opus", "build-implementer", strings.Repeat("s", 40), "2", "", "m3 o3.md 2026-01-02T03:04:05Z rs3"},
		4:  {"4-build-implementer.md", "build-implementer.md", "1234567890", "haiku", "code-reviewer", "completed", "2", "four b", ""},
		5:  {"dir/5-x.md", "dir/5-x.md", "0", "", "x", "completed", "3", "", ""},
		-6: {"-6-x.md", "-6-x.md", " 4", "", "x", "completed", "3", "", ""},
		7:  {"7-x.md", "x.md", "", "", "x", "completed", "3", "été", ""},
		9:  {"9-x.md", "x.md", "", "", "x", "completed", "3", "overwrites the scanner's buffer", ""},
	}
	m, err := ParseManifest(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Seqs) != len(want) {
		t.Fatalf("%d seqs, want %d", len(m.Seqs), len(want))
	}
	for seq, w := range want {
		e := m.BySeq(seq)
		rare := strings.TrimSpace(strings.Join([]string{e.Mutation(), e.Output(), e.Timestamp(), e.ReplaySession()}, " "))
		got := [9]string{e.File(), e.Template(), e.Task(), e.ModelTier(), e.Role(), e.Status(), e.Phase(), e.Summary(), rare}
		if got != w {
			t.Errorf("seq %d:\n got %q\nwant %q", seq, got, w)
		}
		if e.HasFile() != (w[0] != "") || !e.fileIs(w[0]) || e.fileIs(w[0]+"x") {
			t.Errorf("seq %d: HasFile %v, fileIs(%q) %v", seq, e.HasFile(), w[0], e.fileIs(w[0]))
		}
	}
	if len(m.Bad) != 1 || m.Bad[0].Why != BadSeq || m.Bad[0].Arg != "seven and a half" {
		t.Errorf("bad lines %+v, want seq %q", m.Bad, "seven and a half")
	}
	if e := m.BySeq(1); e.fileHow != fileUsual || e.taskN == 0 || e.tier == tierOther {
		t.Errorf("seq 1 keeps its usual values in full: file %d, task %d, tier %d", e.fileHow, e.taskN, e.tier)
	}
}

// leanManifest writes a manifest whose rows come far from the order of
// its lines: phase 1's dispatches are written last, after more than a
// window of phase 2's, so the rows (phase 1 first) read backwards. The
// first line has a byte order mark, some lines end in CRLF; half the
// summaries are plain text (taken from the line as it is), the others
// hold escapes, a \u escape (read by encoding/json) or a number.
func leanManifest(t *testing.T, dir string) string {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("\ufeff")
	pad := strings.Repeat("x", 400)
	line := func(seq int, phase, status, summary, end string) {
		fmt.Fprintf(&b, `{"seq":%d,"file":"%d-doc-writer.md","role":"doc-writer","phase":"%s","status":"%s","summary":%s,"pad":"%s"}%s`,
			seq, seq, phase, status, summary, pad, end)
	}
	n := 0
	for seq := 100; b.Len() < 2*lineBuf; seq++ {
		sum := fmt.Sprintf(`"phase two %d done – ok"`, seq)
		switch seq % 4 {
		case 1:
			sum = fmt.Sprintf(`"phase two \"%d\"\tdone"`, seq)
		case 3:
			sum = strconv.Itoa(seq)
		}
		line(seq, "2", "completed", sum, "\n")
		n++
	}
	for seq := 1; seq < 40; seq++ {
		end := "\n"
		if seq%3 == 0 {
			end = "\r\n"
		}
		line(seq, "1", "completed", fmt.Sprintf(`"caf\u00e9 %d"`, seq), end)
	}
	line(99, "2", "dispatched", `null`, "\n")
	path := filepath.Join(dir, "manifest.jsonl")
	testkit.Write(t, path, b.String())
	return path
}

// openPlan is `pickup plan FILE` on path, lean (for --json) or not.
func openPlan(t *testing.T, path string, lean bool) *ReplayPlan {
	t.Helper()
	l := New(loaders.Options{ClaudeHome: t.TempDir()})
	if lean {
		l.PlanJSONOnly()
	}
	s, ok, err := l.Open(path)
	if err != nil || !ok || s.Plan == nil {
		t.Fatalf("open: %v %v", ok, err)
	}
	return s.Plan.Data.(*ReplayPlan)
}

// TestLeanRowsReadAgain: a lean plan reads its rows' summaries again
// from their lines, wherever they lie in the file, and writes what the
// full plan writes.
func TestLeanRowsReadAgain(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	path := leanManifest(t, dir)
	full, lean := openPlan(t, path, false), openPlan(t, path, true)
	var a, b bytes.Buffer
	if err := full.WriteJSON(&a, "  ", "  "); err != nil {
		t.Fatal(err)
	}
	if err := lean.WriteJSON(&b, "  ", "  "); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("the lean plan's JSON differs (%d bytes, full %d)", b.Len(), a.Len())
	}
	if !strings.Contains(a.String(), `"summary": "café 39"`) || !strings.Contains(a.String(), `"summary": "phase two \"101\"\tdone"`) ||
		!strings.Contains(a.String(), `"summary": "phase two 100 done – ok"`) || !strings.Contains(a.String(), `"summary": "103"`) {
		t.Fatal("the summaries are not in the plan")
	}
	// The reader itself, backwards over the whole file: it opens the
	// file again for a line before its window.
	m, err := readManifest(path, true, nil, &english)
	if err != nil {
		t.Fatal(err)
	}
	r := newLineReader(m, &english)
	defer r.close()
	read := 0
	for i := len(m.Seqs) - 1; i >= 0; i -= 7 {
		read++
		e := m.BySeq(m.Seqs[i])
		s, err := r.summary(e)
		if err != nil {
			t.Fatal(err)
		}
		if w := full.m.BySeq(e.Seq).Summary(); s != w {
			t.Fatalf("seq %d: summary %q, want %q", e.Seq, s, w)
		}
	}
	if r.reopened == 0 {
		t.Fatal("the reader never went back")
	}
	// Plain summaries are taken as they are, the others decoded again.
	if r.decoded == 0 || r.decoded > read*3/5 {
		t.Fatalf("%d of %d lines decoded again", r.decoded, read)
	}
}

// TestLeanPlanRefusesChangedManifest: a lean plan whose manifest was
// replaced, or rewritten with other lines, between the load and the
// JSON refuses to write rows rather than write other lines' values.
func TestLeanPlanRefusesChangedManifest(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(path string)
	}{
		{"replaced", func(path string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			testkit.Write(t, path+".new", string(data))
			if err := os.Rename(path+".new", path); err != nil {
				t.Fatal(err)
			}
		}},
		{"rewritten", func(path string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// The same size, the same file, every seq moved.
			data = bytes.ReplaceAll(data, []byte(`{"seq":1`), []byte(`{"seq":8`))
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"shortened", func(path string) {
			if err := os.Truncate(path, 100); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			path := leanManifest(t, dir)
			lean := openPlan(t, path, true)
			c.change(path)
			var b bytes.Buffer
			err := lean.WriteJSON(&b, "  ", "  ")
			if !errors.Is(err, errChanged) || err.Error() != english.ChangedSince.F(path) {
				t.Fatalf("error %v, want %v", err, english.ChangedSince.F(path))
			}
		})
	}
}

// TestTemplatesOfOneRole: dispatches of one role written from templates
// of the same length each keep their own file name (a tag is found by
// its own copy of the template, not by the line's bytes it was read
// from).
func TestTemplatesOfOneRole(t *testing.T) {
	var b strings.Builder
	name := func(seq int) string { return fmt.Sprintf("impl-%03d.md", seq*7%500) }
	for seq := 1000; seq < 5000; seq++ {
		fmt.Fprintf(&b, `{"seq":%d,"file":"%d-%s","role":"build-implementer","phase":"3","status":"completed"}`+"\n", seq, seq, name(seq))
	}
	m, err := ParseManifest(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for seq := 1000; seq < 5000; seq++ {
		if e, want := m.BySeq(seq), fmt.Sprintf("%d-%s", seq, name(seq)); e.File() != want || e.Template() != name(seq) {
			if bad++; bad <= 3 {
				t.Errorf("seq %d: file %q, template %q, want %q", seq, e.File(), e.Template(), want)
			}
		}
	}
}

// TestPerDispatchSizes: what a large load keeps per dispatch stays
// small: an entry is 56 bytes (its summary and its rare values behind
// one pointer, nil for most in a lean load; a replay in the side
// record), a dispatch file header's time 16 (an instant, not a
// time.Time and a flag). Each is held 100,000 times (15,000 for the
// header times) through a 200,000-line pipeline's verification.
func TestPerDispatchSizes(t *testing.T) {
	for _, c := range []struct {
		what       string
		size, most uintptr
	}{
		{"Entry", unsafe.Sizeof(Entry{}), 56},
		{"headerStart", unsafe.Sizeof(headerStart{}), 16},
	} {
		if c.size > c.most {
			t.Errorf("%s is %d bytes, more than %d", c.what, c.size, c.most)
		}
	}
}

// TestHeaderStartKeepsTheInstant: a header time kept as seconds and
// nanoseconds is the same instant, whatever its zone, fraction or year.
func TestHeaderStartKeepsTheInstant(t *testing.T) {
	for _, s := range []string{"2026-03-24T12:00:00Z", "2026-03-24T14:00:00.123456789+02:00", "2026-03-24 09:30",
		"0001-01-01T00:00:01Z", "9999-12-31T23:59:59.999999999-11:00", "1969-12-31T23:59:59.5Z"} {
		want, ok := parseTime(s)
		if !ok {
			t.Fatalf("%q does not parse", s)
		}
		h := newHeaderStart(want, true)
		if got := h.time(); !h.ok || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("%q: kept as %v (ok %v), want %v in UTC", s, got, h.ok, want)
		}
	}
	if h := newHeaderStart(time.Now(), false); h.ok || !h.time().IsZero() {
		t.Errorf("no time: kept as %+v", h)
	}
}

// TestParseKeepsFewBytesPerDispatch: a parsed manifest keeps little
// more than its entries (56 bytes each) and its list of seqs (main kept
// 116 bytes a dispatch here, this keeps 82): an entry
// is in the slot of its seq in a chunk, with no list of pointers by seq
// beside it (8 bytes a seq, up to twice that while it doubled). The
// seqs are crucible's (1 to n, a replay's seq past them), then one far
// past them, which moves the entries to a map; each keeps its place.
func TestParseKeepsFewBytesPerDispatch(t *testing.T) {
	const n = 20_000
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `{"seq":%d,"file":"%d-build-reviewer.md","role":"build-reviewer","phase":"3","status":"completed","duration_s":12.5}`+"\n", i, i)
	}
	fmt.Fprintf(&b, `{"seq":%d,"role":"build-reviewer","phase":"3","status":"completed","replay_of":7}`+"\n", n+1)
	text := b.String()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m, err := ParseManifest(strings.NewReader(text))
	runtime.GC()
	runtime.ReadMemStats(&after)
	if err != nil || len(m.Seqs) != n+1 {
		t.Fatalf("%d seqs, err %v", len(m.Seqs), err)
	}
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d dispatches: the manifest keeps %d bytes, %d a dispatch", n+1, kept, kept/(n+1))
	// 56 bytes the entry, 8 its seq and up to as much again where the
	// list of seqs grows; the list by seq took 8 to 16 more, and the
	// entry was 80 bytes.
	if per := kept / (n + 1); per > 88 {
		t.Errorf("the manifest keeps %d bytes a dispatch (%d in all), more than 88", per, kept)
	}
	seven := m.BySeq(7)
	if seven == nil || seven.SupersededBy() != n+1 || m.BySeq(0) != nil || m.BySeq(n+2) != nil || m.BySeq(-1) != nil {
		t.Fatalf("seq 7 %+v, seqs 0, %d and -1: %v %v %v", seven, n+2, m.BySeq(0), m.BySeq(n+2), m.BySeq(-1))
	}
	// A seq far past the others: the entries move to a map, and stay
	// where they are.
	m2, err := ParseManifest(strings.NewReader(text + `{"seq":5000000000,"role":"x","status":"completed"}` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m2.sparse == nil || m2.dense != nil {
		t.Fatalf("a seq far past the others: sparse %v, dense %v", m2.sparse != nil, m2.dense != nil)
	}
	for _, s := range []int{1, 7, 255, 256, n, n + 1, 5000000000} {
		if e := m2.BySeq(s); e == nil || e.Seq != s {
			t.Fatalf("seq %d: %+v", s, e)
		}
	}
	if e := m2.BySeq(7); e.SupersededBy() != n+1 || e.Template() != "build-reviewer.md" {
		t.Fatalf("seq 7 after the move: %+v", e)
	}
	runtime.KeepAlive(m)
}

// TestLeanManifestKeepsNoSummary: a manifest read for `plan --json`
// keeps no summary, not even an implementer's (its commits may be
// matched on its words: verification reads those again from the line,
// as the plan's rows do); a full read keeps every one.
func TestLeanManifestKeepsNoSummary(t *testing.T) {
	path := filepath.Join(t.TempDir(), ManifestName)
	testkit.Write(t, path, `{"seq":1,"file":"1-build-implementer.md","role":"build-implementer","phase":"3","task":1,"status":"completed","summary":"token refresh"}
{"seq":2,"file":"2-code-reviewer.md","role":"code-reviewer","phase":"3","status":"completed","summary":"looks fine"}
`)
	for _, lean := range []bool{false, true} {
		m, err := readManifest(path, lean, nil, &english)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range m.Seqs {
			if e := m.BySeq(s); (e.Summary() != "") == lean || (lean && e.side != nil) {
				t.Errorf("lean %v: seq %d keeps its summary %q (side %v)", lean, s, e.Summary(), e.side != nil)
			}
		}
	}
}
