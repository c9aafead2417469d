package main

import (
	"strings"
	"testing"
)

// TestAccessibleReachesArchived: accessible mode reaches the archived
// sessions as the wizard's picker does (a shows them too), and an
// archived one opens.
func TestAccessibleReachesArchived(t *testing.T) {
	r := pickupIn(t, t.TempDir(), "a\n14\nq\n", nil, "demo", "--accessible")
	out := r.stderr
	first := strings.Index(out, "11 sessions are saved here")
	if first < 0 || !strings.Contains(out, "a shows the 3 archived sessions too") {
		t.Fatalf("the list does not offer the archived sessions:\n%s", out)
	}
	all := strings.Index(out, "14 sessions are saved here")
	if all < first || !strings.Contains(out[all:], "14. ") || !strings.Contains(out[all:], "archived") {
		t.Fatalf("a did not list the archived sessions:\n%s", out)
	}
	// The fourteenth (oldest) opens: an archived session's options.
	if !strings.Contains(out[all:], "Type a number from 1 to") {
		t.Fatalf("the archived session did not open:\n%s", out)
	}
}

// TestAccessibleListsArtifacts: v on the options lists the session's
// artifacts as the browser and pickup artifacts do; Enter comes back to
// the options.
func TestAccessibleListsArtifacts(t *testing.T) {
	r := pickupIn(t, t.TempDir(), "1\nv\n\nq\n", nil, "demo", "--accessible")
	out := r.stderr
	if !strings.Contains(out, "v lists the artifacts") {
		t.Fatalf("the options do not offer the artifacts:\n%s", out)
	}
	i := strings.Index(out, "[crucible ")
	if i < 0 || !strings.Contains(out[i:], "manifest.jsonl") {
		t.Fatalf("v did not list the artifacts:\n%s", out)
	}
	if strings.Count(out[i:], "v lists the artifacts") < 1 {
		t.Fatalf("Enter did not come back to the options:\n%s", out[i:])
	}
}

// TestAccessibleBackKeyEveryLanguage: b goes back to the sessions in
// every language (v lists the artifacts, in every language too).
func TestAccessibleBackKeyEveryLanguage(t *testing.T) {
	for _, lang := range []string{"en", "pt-BR"} {
		r := pickupIn(t, t.TempDir(), "1\nb\nq\n", nil, "demo", "--accessible", "--lang", lang)
		out := r.stderr
		head := "11 sessions are saved here"
		if lang == "pt-BR" {
			head = "11 sessões salvas aqui"
		}
		if strings.Count(out, head) != 2 {
			t.Errorf("%s: b did not go back to the sessions:\n%s", lang, out)
		}
		if !strings.Contains(out, "(v ") || !strings.Contains(out, " b ") {
			t.Errorf("%s: the question does not name v and b:\n%s", lang, out)
		}
	}
}
