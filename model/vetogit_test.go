package model

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// git failing in a repository fails closed: RESTART is vetoed
// (git_failed) with git's reason, and the files found before the
// failure are kept and classified.
func TestGitFailedVetoesAndKeepsTheFilesFound(t *testing.T) {
	st, _ := Step(load(session()), Chose{Restart})
	st, effs := Step(st, GitChecked{Available: true, Failed: "git failed in /p: submodule lib: not a git repository: /nonexistent",
		Files:   []string{"src/a.js", ".aios/.session-state.yaml"},
		Changes: []Change{{Path: "src/a.js", XY: " M"}, {Path: ".aios/.session-state.yaml", XY: " M"}}})
	if len(effs) != 0 || st.Screen != ScreenVeto || st.Veto == nil {
		t.Fatalf("screen %s effects %v veto %+v", st.Screen, effectKinds(effs), st.Veto)
	}
	v := st.Veto
	if v.Kind != VetoGitFailed || !v.FailsClosed() || !strings.Contains(v.Reason, "/nonexistent") || !reflect.DeepEqual(v.Files, []string{"src/a.js"}) || len(v.Changes) != 2 {
		t.Fatalf("veto %+v", v)
	}
	// Without files it still vetoes.
	st, _ = Step(load(session()), Chose{Restart})
	if st, _ = Step(st, GitChecked{Failed: "git failed"}); st.Veto == nil || st.Veto.Kind != VetoGitFailed || len(st.Veto.Files) != 0 {
		t.Fatalf("veto %+v", st.Veto)
	}
	// A warning (no repository) still lets RESTART go ahead.
	st, _ = Step(load(session()), Chose{Restart})
	if st, effs = Step(st, GitChecked{Warning: "not inside a git repository"}); st.Veto != nil || len(st.Warnings) != 1 || len(effs) != 1 {
		t.Fatalf("warning: veto %+v warnings %v", st.Veto, st.Warnings)
	}
}

// RESTART asks for the ignored files changed since the recorded start.
func TestCheckGitCarriesTheRecordedStart(t *testing.T) {
	start := t0.Add(-3 * time.Hour)
	_, effs := Step(load(session(func(s *Session) { s.Recorded.Started = start })), Chose{Restart})
	if len(effs) != 1 || !effs[0].(CheckGit).Since.Equal(start) {
		t.Fatalf("effects %#v", effs)
	}
}

// An ignored file is at risk only when it changed at or after the
// session's recorded start; then it is classified like any other, and
// the advice adds it with git add -f.
func TestClassifyIgnoredFiles(t *testing.T) {
	start := t0.Add(-3 * time.Hour)
	s := session(func(s *Session) { s.Recorded.Started = start })
	files := Classify(s, []Change{
		{Path: "build/old.o", XY: "!!", ModTime: start.Add(-time.Minute)},
		{Path: "src/new.js", XY: "!!", ModTime: start.Add(time.Hour)},
		{Path: ".aios/.session-state.yaml", XY: "!!", ModTime: start.Add(time.Hour)},
		{Path: ".pickup/log", XY: "!!", ModTime: start.Add(time.Hour), Own: true},
	})
	got := map[string]FileClass{}
	for _, f := range files {
		got[f.Path] = f.Class
		if f.Status != GitIgnored {
			t.Errorf("%s: status %s", f.Path, f.Status)
		}
	}
	if want := map[string]FileClass{"src/new.js": ClassRun, ".aios/.session-state.yaml": ClassState, ".pickup/log": ClassPickup}; !reflect.DeepEqual(got, want) {
		t.Fatalf("classes %v, want %v", got, want)
	}
	if adv := vetoAdvice(files, ""); len(adv) != 2 || !strings.Contains(adv[1], "git add -f -- src/new.js && git commit") {
		t.Fatalf("advice %q", adv)
	}
	// No recorded start: no ignored file is at risk.
	if files := Classify(session(), []Change{{Path: "src/new.js", XY: "!!", ModTime: t0}}); len(files) != 0 {
		t.Fatalf("without a start: %+v", files)
	}
}
