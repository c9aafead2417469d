package kiln

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzStep7 feeds arbitrary MEMORY.md text to the parser and, where it
// has a status line, to Step 7: nothing panics, the result reads back
// with status in_progress and the new Resume Log line last, and every
// line other than status and last_updated survives, byte for byte, in
// order.
func FuzzStep7(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(fixtureDir, "*", "memory", "MEMORY.md"))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("status: paused"))
	f.Add([]byte("## Runtime\r\nstatus: |\r\n  x\r\n## Resume Log\r\n- a"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := parseMemory(data)
		_ = parsePhaseState(data)
		_ = masterPlanPhases(string(data))
		st, ok := d.get("status")
		if !ok {
			return
		}
		out, err := step7(d, t0)
		if err != nil {
			t.Fatal(err)
		}
		back := parseMemory(out)
		if got := back.value("status"); got != "in_progress" {
			t.Fatalf("status %q after Step 7 of %q:\n%q", got, data, out)
		}
		if n := len(back.resumeLog); n == 0 || back.resumeLog[n-1] != "Resumed: 2026-02-21T09:30:15Z" {
			t.Fatalf("resume log %q of %q", back.resumeLog, out)
		}
		lu, hasLU := d.get("last_updated")
		rest := string(out)
		for i, l := range d.lines {
			if i == st.line || (hasLU && i == lu.line) {
				continue
			}
			k := strings.Index(rest, l.text+l.eol)
			if k < 0 && l.eol == "" {
				k = strings.Index(rest, l.text) // the last line may gain a line ending
			}
			if k < 0 {
				t.Fatalf("line %d %q lost in:\n%q", i, l.text, out)
			}
			rest = rest[k+len(l.text):]
		}
	})
}
