package model

import (
	"testing"
	"time"
)

// BenchmarkStepFlowchart walks the longest path through the flowchart:
// load, review and back, restart vetoed and back, discard confirmed.
func BenchmarkStepFlowchart(b *testing.B) {
	s := session(crashed)
	dirty := GitChecked{Available: true, Files: []string{"a.go"}}
	b.ReportAllocs()
	for b.Loop() {
		st := NewState(Config{})
		for _, ev := range []Event{
			Loaded{Session: s, Now: t0.Add(time.Hour)}, Chose{Continue}, // crash: continue ends it
		} {
			st, _ = Step(st, ev)
		}
		st = NewState(Config{})
		for _, ev := range []Event{
			Loaded{Session: s, Now: t0.Add(time.Minute)}, Chose{Review}, Back{},
			Chose{Restart}, dirty, Confirmed{Yes: true},
			Chose{Discard}, Confirmed{Yes: true}, Applied{Choice: Discard, ArchivedTo: "x"},
		} {
			st, _ = Step(st, ev)
		}
		if st.Screen != ScreenDone {
			b.Fatalf("ended on %s", st.Screen)
		}
	}
}
