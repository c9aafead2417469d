package model

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

var t0 = time.Date(2026, 2, 15, 10, 30, 0, 0, time.UTC)

func session(mut ...func(*Session)) *Session {
	s := &Session{
		Source: "aios", ID: "abc", Project: "/p", Path: "/p/.aios/.session-state.yaml",
		LastUpdated: t0, HasLastUpdated: true,
		LastAction:  &LastAction{Type: "PAUSE", Clean: true},
		Phases:      []Phase{{Name: "validation", Status: PhaseCompleted}, {Name: "development", Status: PhaseInProgress}},
		ResumePoint: ResumePoint{Phase: "development", Reason: "current"},
		Context:     map[string]any{"story": "12.3"},
	}
	for _, m := range mut {
		m(s)
	}
	return s
}

func crashed(s *Session) { s.LastAction = nil }
func corrupted(s *Session) {
	s.Problem = &LoadError{Kind: ErrCorrupted, Path: s.Path, Line: 3, Detail: "bad yaml"}
}
func badPhase(s *Session) {
	s.Problem = &LoadError{Kind: ErrPhaseNotFound, Path: s.Path, Detail: "deploying"}
}

// load runs START with the session seen two hours after its last update.
func load(s *Session) State {
	st, _ := Step(NewState(Config{}), Loaded{Session: s, Now: t0.Add(2 * time.Hour)})
	return st
}

// run feeds events in order and returns the final state and every effect.
func run(st State, evs ...Event) (State, []Effect) {
	var all []Effect
	for _, ev := range evs {
		var effs []Effect
		st, effs = Step(st, ev)
		all = append(all, effs...)
	}
	return st, all
}

func effectKinds(effs []Effect) []string {
	out := []string{}
	for _, e := range effs {
		switch e := e.(type) {
		case CheckGit:
			out = append(out, "git")
		case Apply:
			out = append(out, "apply:"+string(e.Choice))
		case Emit:
			out = append(out, "emit:"+string(e.Decision.Action))
		}
	}
	return out
}

var errDisk = errors.New("disk full")

// TestFlowchartEdges walks every edge of seed 001's flowchart.
func TestFlowchartEdges(t *testing.T) {
	gitClean := GitChecked{Available: true}
	gitDirty := GitChecked{Available: true, Files: []string{"src/a.go", "b c.txt"}}
	gitMissing := GitChecked{Available: false, Warning: "git is not installed"}
	tests := []struct {
		name    string
		start   State
		events  []Event
		screen  Screen
		effects []string
		check   func(t *testing.T, st State)
	}{
		{"CHECK no -> FRESH", NewState(Config{}), []Event{Loaded{Now: t0}}, ScreenNoSession, []string{"emit:fresh_start"}, nil},
		{"CHECK yes, crash -> crash message -> OPTIONS", NewState(Config{}), []Event{Loaded{Session: session(crashed, hidesReview), Now: t0.Add(2 * time.Hour)}}, ScreenOptions, []string{},
			func(t *testing.T, st State) {
				if !st.Crash.Detected {
					t.Fatal("crash not detected")
				}
				if n := len(Visible(st.Options)); n != 3 {
					t.Fatalf("crash menu lists %d options, want 3", n)
				}
			}},
		{"CHECK yes, no crash -> normal message -> OPTIONS", NewState(Config{}), []Event{Loaded{Session: session(), Now: t0.Add(2 * time.Hour)}}, ScreenOptions, []string{},
			func(t *testing.T, st State) {
				if st.Crash.Detected || len(Visible(st.Options)) != 4 {
					t.Fatalf("normal: crash=%v visible=%d", st.Crash.Detected, len(Visible(st.Options)))
				}
			}},
		{"corrupted -> corrupted screen", NewState(Config{}), []Event{Loaded{Session: session(corrupted), Now: t0}}, ScreenCorrupted, []string{}, nil},
		{"CONTINUE -> RESTORE -> EXEC", load(session()), []Event{Chose{Continue}}, ScreenDone, []string{"emit:execute_story"},
			func(t *testing.T, st State) {
				if st.Decision.ResumePoint.Phase != "development" || st.Decision.Context["story"] != "12.3" {
					t.Fatalf("decision %+v", st.Decision)
				}
			}},
		{"CONTINUE with a writing source -> apply -> EXEC", load(session(func(s *Session) { s.Policy = map[Choice]ChoicePolicy{Continue: {Writes: true}} })),
			[]Event{Chose{Continue}, Applied{Choice: Continue, Changed: []string{"/p/MEMORY.md"}}}, ScreenDone, []string{"apply:continue", "emit:execute_story"},
			func(t *testing.T, st State) {
				if !reflect.DeepEqual(st.Decision.Changed, []string{"/p/MEMORY.md"}) {
					t.Fatalf("changed %v", st.Decision.Changed)
				}
			}},
		{"REVIEW -> DISPLAY", load(session()), []Event{Chose{Review}}, ScreenReview, []string{}, nil},
		{"DISPLAY -> OPTIONS", load(session()), []Event{Chose{Review}, Back{}}, ScreenOptions, []string{}, nil},
		{"RESTART -> VETO2 asks git", load(session()), []Event{Chose{Restart}}, ScreenGitCheck, []string{"git"},
			func(t *testing.T, st State) {
				if st.Pending != Restart {
					t.Fatal("pending restart not recorded")
				}
			}},
		{"VETO2 yes -> BLOCK -> MSG", load(session()), []Event{Chose{Restart}, gitDirty}, ScreenVeto, []string{"git"},
			func(t *testing.T, st State) {
				if st.Veto == nil || st.Veto.Kind != VetoUncommitted || len(st.Veto.Files) != 2 {
					t.Fatalf("veto %+v", st.Veto)
				}
			}},
		{"MSG -> OPTIONS (back to menu: yes)", load(session()), []Event{Chose{Restart}, gitDirty, Confirmed{Yes: true}}, ScreenOptions, []string{"git"}, nil},
		{"MSG -> OPTIONS (esc)", load(session()), []Event{Chose{Restart}, gitDirty, Back{}}, ScreenOptions, []string{"git"}, nil},
		{"MSG -> leave (back to menu: no)", load(session()), []Event{Chose{Restart}, gitDirty, Confirmed{Yes: false}}, ScreenDone, []string{"git", "emit:restart_blocked"},
			func(t *testing.T, st State) {
				if !st.Decision.Blocked() {
					t.Fatal("decision not blocked")
				}
			}},
		{"VETO2 no -> RESET -> START_STORY", load(session()), []Event{Chose{Restart}, gitClean, Applied{Choice: Restart, Changed: []string{"/p/x"}}}, ScreenDone, []string{"git", "apply:restart", "emit:restart"}, nil},
		{"git unavailable -> warn and reset", load(session()), []Event{Chose{Restart}, gitMissing}, ScreenApplying, []string{"git", "apply:restart"},
			func(t *testing.T, st State) {
				if len(st.Warnings) != 1 || st.Warnings[0] != "git is not installed" {
					t.Fatalf("warnings %v", st.Warnings)
				}
			}},
		{"git warning reaches the decision", load(session()), []Event{Chose{Restart}, gitMissing, Applied{Choice: Restart}}, ScreenDone, []string{"git", "apply:restart", "emit:restart"},
			func(t *testing.T, st State) {
				if len(st.Decision.Warnings) != 1 {
					t.Fatalf("decision warnings %v", st.Decision.Warnings)
				}
			}},
		{"only the state file changed -> no veto", load(session()), []Event{Chose{Restart}, GitChecked{Available: true, Files: []string{".aios/.session-state.yaml"}}}, ScreenApplying, []string{"git", "apply:restart"}, nil},
		{"a state folder and extra state files are not work at risk", load(session(func(s *Session) {
			s.Path = "/p/book/phase_history"
			s.StateFiles = []string{"/p/book/run_paused.json"}
		})), []Event{Chose{Restart}, GitChecked{Available: true, Files: []string{"book/phase_history/ch001_sc001.json", "book/phase_history/", "book/run_paused.json"}}}, ScreenApplying, []string{"git", "apply:restart"}, nil},
		{"a file beside the state folder still vetoes", load(session(func(s *Session) { s.Path = "/p/book/phase_history" })),
			[]Event{Chose{Restart}, GitChecked{Available: true, Files: []string{"book/phase_history_notes.md"}}}, ScreenVeto, []string{"git"}, nil},
		{"reset write fails -> failed screen", load(session()), []Event{Chose{Restart}, gitClean, Applied{Choice: Restart, Err: errDisk}}, ScreenFailed, []string{"git", "apply:restart"},
			func(t *testing.T, st State) {
				if st.Failure != "disk full" {
					t.Fatalf("failure %q", st.Failure)
				}
			}},
		{"failed -> OPTIONS", load(session()), []Event{Chose{Restart}, gitClean, Applied{Choice: Restart, Err: errDisk}, Back{}}, ScreenOptions, []string{"git", "apply:restart"}, nil},
		{"DISCARD -> CONFIRM", load(session()), []Event{Chose{Discard}}, ScreenConfirm, []string{}, nil},
		{"CONFIRM no -> OPTIONS", load(session()), []Event{Chose{Discard}, Confirmed{Yes: false}}, ScreenOptions, []string{}, nil},
		{"CONFIRM esc -> OPTIONS", load(session()), []Event{Chose{Discard}, Back{}}, ScreenOptions, []string{}, nil},
		{"CONFIRM yes -> CLEAR -> FRESH", load(session()), []Event{Chose{Discard}, Confirmed{Yes: true}, Applied{Choice: Discard, ArchivedTo: "/p/x.discarded.1"}}, ScreenDone, []string{"apply:discard", "emit:session_discarded"},
			func(t *testing.T, st State) {
				if st.Decision.ArchivedTo != "/p/x.discarded.1" {
					t.Fatalf("archived_to %q", st.Decision.ArchivedTo)
				}
			}},
		{"crash: REVIEW not offered (seed 001)", load(session(crashed, hidesReview)), []Event{Chose{Review}}, ScreenOptions, []string{},
			func(t *testing.T, st State) {
				if st.Notice != ReasonCrashNoReview {
					t.Fatalf("notice %q", st.Notice)
				}
			}},
		{"corrupted: only DISCARD", load(session(corrupted)), []Event{Chose{Continue}, Chose{Restart}, Chose{Review}}, ScreenCorrupted, []string{}, nil},
		{"corrupted: DISCARD -> confirm -> no -> corrupted", load(session(corrupted)), []Event{Chose{Discard}, Confirmed{Yes: false}}, ScreenCorrupted, []string{}, nil},
		{"corrupted: DISCARD archives", load(session(corrupted)), []Event{Chose{Discard}, Confirmed{Yes: true}}, ScreenApplying, []string{"apply:discard"}, nil},
		{"phase_not_found: CONTINUE disabled", load(session(badPhase)), []Event{Chose{Continue}}, ScreenOptions, []string{},
			func(t *testing.T, st State) {
				o, _ := Find(st.Options, Restart)
				if !o.Recommended || st.Notice != ReasonPhaseNotFound {
					t.Fatalf("restart %+v notice %q", o, st.Notice)
				}
			}},
		{"loader disables a choice", load(session(func(s *Session) { s.Policy = map[Choice]ChoicePolicy{Restart: {Disabled: "not in this stage"}} })), []Event{Chose{Restart}}, ScreenOptions, []string{},
			func(t *testing.T, st State) {
				if st.Notice != "not in this stage" {
					t.Fatalf("notice %q", st.Notice)
				}
			}},
		{"CONTINUE with a question -> confirm", load(session(func(s *Session) {
			s.Policy = map[Choice]ChoicePolicy{Continue: {Confirm: "Restore checkpoint?", Writes: true}}
		})),
			[]Event{Chose{Continue}}, ScreenConfirm, []string{},
			func(t *testing.T, st State) {
				if st.Question() != "Restore checkpoint?" {
					t.Fatalf("question %q", st.Question())
				}
			}},
		{"CONTINUE question yes -> apply -> decision", load(session(func(s *Session) { s.Policy = map[Choice]ChoicePolicy{Continue: {Confirm: "Restore?"}} })),
			[]Event{Chose{Continue}, Confirmed{Yes: true}, Applied{Choice: Continue}}, ScreenDone, []string{"apply:continue", "emit:execute_story"}, nil},
		{"CONTINUE question no -> OPTIONS", load(session(func(s *Session) { s.Policy = map[Choice]ChoicePolicy{Continue: {Confirm: "Restore?"}} })),
			[]Event{Chose{Continue}, Confirmed{Yes: false}}, ScreenOptions, []string{}, nil},
		{"RESTART with a question: git first, then confirm", load(session(func(s *Session) { s.Policy = map[Choice]ChoicePolicy{Restart: {Confirm: "Rebuild?"}} })),
			[]Event{Chose{Restart}, gitClean}, ScreenConfirm, []string{"git"}, nil},
		{"RESTART question yes -> apply", load(session(func(s *Session) { s.Policy = map[Choice]ChoicePolicy{Restart: {Confirm: "Rebuild?"}} })),
			[]Event{Chose{Restart}, gitClean, Confirmed{Yes: true}}, ScreenApplying, []string{"git", "apply:restart"}, nil},
		{"RESTART question esc -> OPTIONS", load(session(func(s *Session) { s.Policy = map[Choice]ChoicePolicy{Restart: {Confirm: "Rebuild?"}} })),
			[]Event{Chose{Restart}, gitClean, Back{}}, ScreenOptions, []string{"git"}, nil},
		{"integrity problem: CONTINUE disabled, RESTART allowed", load(session(func(s *Session) {
			s.Problem = &LoadError{Kind: ErrIntegrity, Path: s.Path, Detail: "prompt hash changed"}
		})),
			[]Event{Chose{Continue}, Chose{Restart}}, ScreenGitCheck, []string{"git"}, nil},
		{"a guard refusal -> failed screen", load(session()), []Event{Chose{Discard}, Confirmed{Yes: true}, Applied{Choice: Discard, Err: &GuardError{Kind: "branch_mismatch", Message: "wrong branch"}}}, ScreenFailed, []string{"apply:discard"},
			func(t *testing.T, st State) {
				if st.Failure != "wrong branch" {
					t.Fatalf("failure %q", st.Failure)
				}
			}},
		{"quit from options changes nothing", load(session()), []Event{Quit{}}, ScreenQuit, []string{}, nil},
		{"quit while checking git", load(session()), []Event{Chose{Restart}, Quit{}}, ScreenQuit, []string{"git"}, nil},
		{"quit ignored while writing", load(session()), []Event{Chose{Discard}, Confirmed{Yes: true}, Quit{}}, ScreenApplying, []string{"apply:discard"},
			func(t *testing.T, st State) {
				if st.Notice != NoticeBusy {
					t.Fatalf("notice %q", st.Notice)
				}
			}},
		{"a stale result is ignored", load(session()), []Event{Chose{Discard}, Confirmed{Yes: true}, Applied{Choice: Restart}}, ScreenApplying, []string{"apply:discard"}, nil},
		{"esc on options does nothing", load(session()), []Event{Back{}}, ScreenOptions, []string{}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, effs := run(tc.start, tc.events...)
			if st.Screen != tc.screen {
				t.Fatalf("screen %s, want %s", st.Screen, tc.screen)
			}
			if got := effectKinds(effs); !reflect.DeepEqual(got, tc.effects) {
				t.Fatalf("effects %v, want %v", got, tc.effects)
			}
			if tc.check != nil {
				tc.check(t, st)
			}
		})
	}
}

// TestNothingWrittenBeforeGit pins the seed's bug: a restart must never
// write before VETO-2 has answered.
func TestNothingWrittenBeforeGit(t *testing.T) {
	st := load(session())
	st, effs := Step(st, Chose{Restart})
	for _, e := range effs {
		if _, ok := e.(Apply); ok {
			t.Fatal("restart wrote before the git check")
		}
	}
	_, effs = Step(st, GitChecked{Available: true, Files: []string{"x"}})
	if len(effs) != 0 {
		t.Fatalf("veto produced effects %v", effectKinds(effs))
	}
}

func TestCheckGitAsksTheProject(t *testing.T) {
	_, effs := Step(load(session()), Chose{Restart})
	if len(effs) != 1 || effs[0].(CheckGit).Dir != "/p" {
		t.Fatalf("effects %#v", effs)
	}
}

func TestStepDoesNotMutateInput(t *testing.T) {
	st := load(session())
	before := st.Screen
	_, _ = Step(st, Chose{Review})
	if st.Screen != before {
		t.Fatal("Step changed its input state")
	}
}
