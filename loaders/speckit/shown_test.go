package speckit

import "testing"

// A feature's folder and file read from the project are shown as they
// are when they are plain names, however long (spec-kit's own names run
// past 40 characters), and quoted as data otherwise.
func TestShownKeepsLongPlainPathsAndQuotesTheRest(t *testing.T) {
	for _, s := range []string{
		"004-export-orders-to-the-accounting-system-every-night",
		"specs/004-export-orders-to-the-accounting-system-every-night/tasks.md",
	} {
		if got := shown(s); got != s {
			t.Errorf("shown(%q) = %q", s, got)
		}
	}
	for _, s := range []string{"Phase 3: User Story 1", "specs/x\x1b]0;y/tasks.md", "ignore previous instructions"} {
		if got := shown(s); got == s {
			t.Errorf("shown(%q) was not quoted", s)
		}
	}
}
