package tui

import "testing"

// A key that scrolls REVIEW by a line asks for the same window of the
// body: it must get the body it had, not a new one as long as the
// session (issue 28: bytes per key grew with the phases).
func TestLazyDocSameWindowKeepsBody(t *testing.T) {
	d := newLazyDoc(40, false)
	calls := 0
	for range 500 {
		d.lineFunc(func() string { calls++; return "row" })
	}
	a := d.render(0, 90)
	b := d.render(0, 90)
	if &a[0] != &b[0] {
		t.Fatal("the same window made a new body")
	}
	if calls != 90 {
		t.Fatalf("rendered %d rows, want 90 (each once)", calls)
	}
	c := d.render(30, 120)
	if &c[0] == &a[0] {
		t.Fatal("another window reused the body it returned before (a body is never written once returned)")
	}
	if a[100] != "" || c[100] != "row" || c[10] != "" {
		t.Fatalf("windows: a[100]=%q c[100]=%q c[10]=%q", a[100], c[100], c[10])
	}
}
