package main

import (
	"testing"
)

// formatTest is what the cross-format CLI tests need of one format. A
// format declares its own in its cli_<name>_test.go (registerFormatTest),
// so no cross-format test names a format: they iterate over the
// registered sources (sourceSpecs), and a format that declares nothing
// fails them.
type formatTest struct {
	// hostile builds a project holding a valid state of the format, and
	// names the state file (TestHostileCLI, TestReadingModifiesNothing).
	hostile func(t *testing.T) hWorld
	// hostileReview: TestHostileCLI also runs resume --choice review,
	// and runs the format under -short.
	hostileReview bool
	// emptyNoSession, when set, is the format's own words for an empty
	// state file, which by its spec is no session (exit 3).
	emptyNoSession func(w hWorld) string

	// toolWords are the tool's own words pickup writes out as they are
	// in every language (a command line it names, the status words of
	// its files): TestDemoSpeaksPortuguese counts them as quoted.
	toolWords []string

	// demoArchived is how many archived sessions of the format the demo
	// holds; demoArtifacts, artifact kinds its demo session lists.
	demoArchived  int
	demoArtifacts []string
	// demoHook are what the session-start hook says of the format's demo
	// session when it is among those told in full (TestHookDemoEveryAgent):
	// its head and state, its resume point, an alert.
	demoHook []string

	// restart is TestSecondRestartNotVetoed's setup: the project (nil:
	// the demo's), the first choice (default restart), the source whose
	// session is restarted second (default the format), and whether the
	// first write may leave nothing in the project.
	restartWorld     func(t *testing.T) (project, home string)
	restartFirst     string
	restartAgain     string
	restartNoChanges bool
}

type namedFormat struct {
	name string
	formatTest
}

var formatTests = map[string]formatTest{}

func registerFormatTest(name string, f formatTest) { formatTests[name] = f }

// registeredFormats are the registered sources with their formatTest;
// a source declaring none fails t.
func registeredFormats(t *testing.T) []namedFormat {
	t.Helper()
	var out []namedFormat
	for _, s := range sourceSpecs {
		f, ok := formatTests[s.name]
		if !ok {
			t.Errorf("format %s declares no formatTest (registerFormatTest in its cli_<name>_test.go)", s.name)
			continue
		}
		out = append(out, namedFormat{s.name, f})
	}
	if len(out) == 0 {
		t.Fatal("no format registered")
	}
	return out
}
