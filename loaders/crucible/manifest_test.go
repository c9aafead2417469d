package crucible

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestManifestLastEntryPerSeqWins(t *testing.T) {
	m, err := ReadManifest(filepath.Join(fixtures, "crash", ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if m.Lines != 19 || m.Valid != 19 || len(m.Bad) != 0 || m.Truncated {
		t.Fatalf("lines %d valid %d bad %v truncated %v", m.Lines, m.Valid, m.Bad, m.Truncated)
	}
	if len(m.Seqs) != 10 || m.NextSeq() != 11 {
		t.Fatalf("seqs %v next %d", m.Seqs, m.NextSeq())
	}
	// seq 5 and 6 were dispatched together; each one's last line wins.
	for seq, want := range map[int]string{1: "completed", 5: "completed", 6: "completed", 10: "dispatched"} {
		if e := m.BySeq(seq); e.Status() != want {
			t.Errorf("seq %d: %s, want %s", seq, e.Status(), want)
		}
	}
	e := m.BySeq(5)
	if e.Line != 11 || e.Lines != 2 || e.Task() != "1" || !e.HasDuration || e.Duration != 400 || e.Phase() != "3" || e.Template() != "build-implementer.md" {
		t.Fatalf("seq 5: %+v", e)
	}
}

func TestManifestBadLinesAreSkippedWithTheirLineNumber(t *testing.T) {
	m, err := ReadManifest(filepath.Join(fixtures, "truncated", ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if m.Lines != 20 || !m.Truncated {
		t.Fatalf("lines %d truncated %v", m.Lines, m.Truncated)
	}
	if len(m.Bad) != 2 || m.Bad[0].Line != 5 || m.Bad[1].Line != 20 {
		t.Fatalf("bad %+v", m.Bad)
	}
	if !strings.Contains(m.Bad[0].Reason, "not a JSON object") || !strings.Contains(m.Bad[1].Reason, "truncated") {
		t.Fatalf("reasons %+v", m.Bad)
	}
	// The in-flight dispatch's only line was the truncated one: seq 10 is
	// not known at all.
	if m.BySeq(10) != nil || len(m.Seqs) != 9 {
		t.Fatalf("seqs %v", m.Seqs)
	}
}

func TestManifestGarbage(t *testing.T) {
	m, err := ReadManifest(filepath.Join(fixtures, "garbage", ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if m.Valid != 0 || len(m.Bad) != 5 {
		t.Fatalf("valid %d bad %+v", m.Valid, m.Bad)
	}
	want := []int{1, 2, 3, 4, 5}
	for i, b := range m.Bad {
		if b.Line != want[i] {
			t.Fatalf("bad %+v", m.Bad)
		}
	}
	if !strings.Contains(m.Bad[4].Reason, "no seq") {
		t.Fatalf("line 5: %s", m.Bad[4].Reason)
	}
}

func TestManifestLooseValues(t *testing.T) {
	in := strings.Join([]string{
		`{"seq":"1","role":"plan-writer","phase":2,"task":"3","status":"COMPLETED","duration_s":"83.5"}`,
		`{"seq":2.0,"phase":null,"status":"dispatched"}`,
		`{"seq":3,"phase":"3","status":"weird"}`,
		`{"seq":4,"status":"completed","extra":{"nested":[1,2]}}`,
		`{"seq":"x","status":"completed"}`,
		`{"seq":5}`,
		`  `,
	}, "\n") + "\n"
	m, err := ParseManifest(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	e := m.BySeq(1)
	if e.Status() != "completed" || e.Phase() != "2" || e.Task() != "3" || e.Duration != 83.5 {
		t.Fatalf("seq 1 %+v", e)
	}
	// A null phase inherits the phase before it.
	if e := m.BySeq(2); e.HasPhase || e.EPhase() != "2" {
		t.Fatalf("seq 2 %+v", e)
	}
	if m.UnknownStatus["weird"] != 1 {
		t.Fatalf("unknown %v", m.UnknownStatus)
	}
	if m.BySeq(4).EPhase() != "3" {
		t.Fatalf("seq 4 phase %q", m.BySeq(4).EPhase())
	}
	// seq "x" is bad; seq 5 without a status is read as dispatched.
	if len(m.Bad) != 2 || m.Bad[0].Line != 5 || m.BySeq(5).Status() != StatusDispatched {
		t.Fatalf("bad %+v seq5 %+v", m.Bad, m.BySeq(5))
	}
}

func TestManifestCompletionLineKeepsContext(t *testing.T) {
	in := `{"seq":1,"file":"1-build-implementer.md","role":"build-implementer","phase":"3","task":4,"status":"dispatched"}
{"seq":1,"status":"completed","duration_s":10,"summary":"done"}
`
	m, _ := ParseManifest(strings.NewReader(in))
	e := m.BySeq(1)
	if e.Role() != "build-implementer" || e.Phase() != "3" || e.Task() != "4" || e.File() != "1-build-implementer.md" || e.Status() != "completed" {
		t.Fatalf("%+v", e)
	}
}

func TestManifestVeryLongLine(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"seq":1,"status":"completed","summary":"` + strings.Repeat("x", 200<<10) + `"}` + "\n")
	b.WriteString(`{"seq":2,"status":"completed","summary":"` + strings.Repeat("y", 2<<20) + `"}` + "\n")
	b.WriteString(`{"seq":3,"status":"dispatched"}` + "\n")
	m, err := ParseManifest(&b)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.BySeq(1).Summary()) != 200<<10 || m.BySeq(2) != nil || m.BySeq(3) == nil {
		t.Fatalf("seqs %v bad %+v", m.Seqs, m.Bad)
	}
	if len(m.Bad) != 1 || m.Bad[0].Line != 2 || !strings.Contains(m.Bad[0].Reason, "1 MiB") {
		t.Fatalf("bad %+v", m.Bad)
	}
}

func TestManifestReplaySupersedes(t *testing.T) {
	m, err := ReadManifest(filepath.Join(fixtures, "replay", ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if m.BySeq(3).SupersededBy() != 6 || m.BySeq(5).SupersededBy() != 7 {
		t.Fatalf("superseded: 3->%d 5->%d", m.BySeq(3).SupersededBy(), m.BySeq(5).SupersededBy())
	}
	e := m.BySeq(6)
	if !e.HasReplayOf() || e.ReplayOf() != 3 || e.ReplaySession() != "r-1775500000" || e.Mutation() != "quality-gate-prompt.md -> strict-gate.md" {
		t.Fatalf("seq 6 %+v", e)
	}
	if e.Template() != "quality-gate-prompt.md" {
		t.Fatalf("template %q", e.Template())
	}
}

// TestManifest200kLines parses a 200,000-line manifest (issue 8's size)
// with a streaming reader.
func TestManifest200kLines(t *testing.T) {
	if testing.Short() {
		t.Skip("large manifest")
	}
	var b bytes.Buffer
	for i := 1; i <= 100000; i++ {
		fmt.Fprintf(&b, `{"seq":%d,"file":"%d-build-implementer.md","role":"build-implementer","phase":"%d","task":%d,"status":"dispatched","duration_s":null,"summary":null}`+"\n", i, i, 1+i/25000, i)
		fmt.Fprintf(&b, `{"seq":%d,"file":"%d-build-implementer.md","role":"build-implementer","phase":"%d","task":%d,"status":"completed","duration_s":12,"summary":"done %d"}`+"\n", i, i, 1+i/25000, i, i)
	}
	start := time.Now()
	m, err := ParseManifest(&b)
	if err != nil {
		t.Fatal(err)
	}
	if m.Lines != 200000 || len(m.Seqs) != 100000 || len(groupPhases(m)) != 5 {
		t.Fatalf("lines %d seqs %d", m.Lines, len(m.Seqs))
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("parsing 200k lines took %v", d)
	}
}

func BenchmarkParseManifest200k(b *testing.B) {
	var buf bytes.Buffer
	for i := 1; i <= 100000; i++ {
		fmt.Fprintf(&buf, `{"seq":%d,"file":"%d-x.md","role":"build-implementer","phase":"3","task":null,"status":"dispatched"}`+"\n", i, i)
		fmt.Fprintf(&buf, `{"seq":%d,"file":"%d-x.md","role":"build-implementer","phase":"3","task":null,"status":"completed","duration_s":3,"summary":"ok"}`+"\n", i, i)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseManifest(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

func FuzzParseManifest(f *testing.F) {
	f.Add([]byte(`{"seq":1,"status":"completed","phase":"2"}` + "\n" + `{"seq":1,"status":"failed"}`))
	f.Add([]byte(`{"seq":"2","replay_of":1,"status":"completed"}` + "\n{\"seq\":"))
	f.Add([]byte("\x00\n\n[]\n{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseManifest(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if m.Valid > m.Lines || len(m.Bad) > m.Lines || len(m.Seqs) > m.Valid {
			t.Fatalf("counts: lines %d valid %d bad %d seqs %d", m.Lines, m.Valid, len(m.Bad), len(m.Seqs))
		}
		for i, s := range m.Seqs {
			if e := m.BySeq(s); e == nil || e.Seq != s || (i > 0 && s <= m.Seqs[i-1]) {
				t.Fatalf("seq %d (at %d): entry %+v", s, i, e)
			}
		}
		for _, e := range m.Entries() {
			_ = e.Final(m) // terminates: replays only point back
		}
		_ = groupPhases(m)
	})
}
