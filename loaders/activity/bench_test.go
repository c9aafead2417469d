package activity

import "testing"

// BenchmarkScan reads this machine's process table as `pickup status`
// does once per run.
func BenchmarkScan(b *testing.B) {
	for b.Loop() {
		Scan()
	}
}

// BenchmarkLock reads a session's lock that nobody holds.
func BenchmarkLock(b *testing.B) {
	b.Setenv("XDG_RUNTIME_DIR", b.TempDir())
	for b.Loop() {
		Lock("/nonexistent/state.yaml", nil)
	}
}
