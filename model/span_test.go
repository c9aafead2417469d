package model

import (
	"testing"
	"time"
)

func TestSpan(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0 seconds"}, {time.Second, "1 second"}, {45 * time.Second, "45 seconds"},
		{6 * time.Minute, "6 minutes"}, {90 * time.Second, "1 minute 30 seconds"},
		{5*time.Minute + 500*time.Millisecond, "5 minutes 1 second"},
		{2*time.Hour + 5*time.Minute, "2 hours 5 minutes"}, {600 * time.Second, "10 minutes"},
		{25 * time.Hour, "1 day 1 hour"},
	} {
		if got := Span(c.d); got != c.want {
			t.Errorf("Span(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestLoadErrorTextHasNoKind(t *testing.T) {
	e := &LoadError{Kind: ErrCorrupted, Path: "/p/s.yaml", Line: 3, Detail: "invalid YAML"}
	if e.Text() != "/p/s.yaml:3: invalid YAML" || e.Error() != "/p/s.yaml:3: session_corrupted: invalid YAML" {
		t.Fatalf("Text %q Error %q", e.Text(), e.Error())
	}
}
