package testkit

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// LongLineSize is the size of the one long line each loader's
// BenchmarkLoadLongLine writes into a state file: 10 MB, or 1 MB with
// -short (make test runs every benchmark once).
func LongLineSize() int {
	if testing.Short() {
		return 1 << 20
	}
	return 10 << 20
}

// LoopPerInput runs load in b's loop with allocations reported, and
// reports the bytes allocated per op over input (the state file's size)
// as "x-input": the parse's memory as a multiple of what it read.
func LoopPerInput(b *testing.B, input int64, load func()) {
	b.Helper()
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n := 0
	for b.Loop() {
		load()
		n++
	}
	runtime.ReadMemStats(&after)
	if n > 0 && input > 0 {
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(n)/float64(input), "x-input")
	}
}

// WriteLongLine writes src's content to dst with old replaced by one
// line of LongLineSize bytes, and returns dst's size.
func WriteLongLine(b *testing.B, src, dst, old string) int64 {
	b.Helper()
	long := strings.Repeat("check the gate ", LongLineSize()/15)
	Write(b, dst, strings.Replace(Read(b, src), old, long, 1))
	st, err := os.Stat(dst)
	if err != nil {
		b.Fatal(err)
	}
	return st.Size()
}
