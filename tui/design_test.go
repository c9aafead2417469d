package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/design"
	"github.com/pickup-dev/pickup/model"
)

// designLoaded loads the one session of testdata/design/<name> through
// the design (or atelier) loader, read-only, and runs START on it.
func designLoaded(t *testing.T, source, name string) model.State {
	t.Helper()
	project, err := filepath.Abs(filepath.Join("..", "testdata", "design", name))
	if err != nil {
		t.Fatal(err)
	}
	var l loaders.Loader = design.New(loaders.Options{})
	if source == design.AtelierSource {
		l = design.NewAtelier(loaders.Options{})
	}
	paths, err := l.Discover(project)
	if err != nil || len(paths) == 0 {
		t.Fatalf("Discover: %q %v", paths, err)
	}
	s, err := l.Load(project, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	return loaded(t, s)
}

// TestDesignGolden: the /design menu and progress listing as the wizard
// shows them, at three sizes. Regenerate with
// `go test ./tui -run TestDesignGolden -update` and read every file.
func TestDesignGolden(t *testing.T) {
	screens := []screen{
		// seed 003's listing: Resume from Stage 3 / View current
		// artifacts / Restart from Stage 0.
		{"options", func(t *testing.T, w, h int) Model {
			return newModel(t, designLoaded(t, "design", "listing"), nil, w, h)
		}},
		{"review", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, designLoaded(t, "design", "listing"), nil, w, h), keyRune('2'))
			return m
		}},
		// The spec's conflicting state: the question before the write.
		{"tdd_question", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, designLoaded(t, "design", "spec_example"), nil, w, h), keyRune('1'))
			return arm(t, m)
		}},
		{"missing_artifact", func(t *testing.T, w, h int) Model {
			return newModel(t, designLoaded(t, "design", "missing_artifact"), nil, w, h)
		}},
		{"corrupted_rebuild", func(t *testing.T, w, h int) Model {
			return newModel(t, designLoaded(t, "design", "corrupted"), nil, w, h)
		}},
		{"discard_question", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, designLoaded(t, "design", "listing"), nil, w, h), keyRune('4'))
			return arm(t, m)
		}},
		{"atelier_options", func(t *testing.T, w, h int) Model {
			return newModel(t, designLoaded(t, design.AtelierSource, "atelier"), nil, w, h)
		}},
	}
	goldens(t, screens, [2]int{40, 12}, [2]int{80, 24}, [2]int{120, 40})
}

// The menu carries the spec's words, and keys do what the words say:
// 1 continues without writing (no question), 3 asks git first.
func TestDesignMenuWords(t *testing.T) {
	st := designLoaded(t, "design", "listing")
	m := newModel(t, st, nil, 120, 40)
	v := plain(m)
	for _, w := range []string{
		// Seed 003's own order (Resume, Restart, View artifacts), each
		// under its fixed verb, the format's words on the second line.
		"1. CONTINUE [c] (recommended)\n     Resume from Stage 3 - alternatives generated, awaiting choice",
		"2. RESTART [R]\n     Restart from Stage 0 (discard progress) - the session is archived; a new one starts with every stage\n     pending",
		"3. REVIEW [p]\n     View current artifacts - 2 artifacts, all on disk",
		"4. DISCARD [D]\n     Archive the session - moved to .claude/design/sessions/archive/; no new session",
		"Stage: Stage 3: Design (3/8 completed)",
		"Checkpoint: alternatives generated, awaiting choice",
	} {
		if !strings.Contains(v, w) {
			t.Errorf("view lacks %q:\n%s", w, v)
		}
	}
	r := &fakeRunner{}
	m, _ = press(t, newModel(t, st, r, 80, 24), keyRune('1'))
	if m.Final().Screen != model.ScreenDone || r.applies() != 0 {
		t.Fatalf("continue: %s with %d applies", m.Final().Screen, r.applies())
	}
	if d := m.Final().Decision; d.ResumePoint.Phase != "Stage 3: Design" || d.Context["sub_stage"] != "3a" {
		t.Fatalf("decision %+v", d)
	}
	r = &fakeRunner{git: model.GitChecked{Available: true}}
	_, _ = press(t, newModel(t, st, r, 80, 24), keyRune('2'))
	if len(r.seen) == 0 {
		t.Fatal("restart did not check git")
	}
	if _, ok := r.seen[0].(model.CheckGit); !ok || r.applies() != 1 {
		t.Fatalf("restart effects %v", r.seen)
	}
}

// The conflict question defaults to no: n returns to the menu without
// writing, where Re-run Stage 3 is offered.
func TestDesignTDDQuestionNo(t *testing.T) {
	r := &fakeRunner{}
	m, _ := press(t, newModel(t, designLoaded(t, "design", "spec_example"), r, 100, 30), keyRune('1'))
	if v := flat(plain(m)); !strings.Contains(v, "Found existing TDD. Is this approved?") {
		t.Fatalf("question not shown:\n%s", plain(m))
	}
	m = arm(t, m)
	m, _ = press(t, m, keyRune('n'))
	if m.Final().Screen != model.ScreenOptions || r.applies() != 0 {
		t.Fatalf("n: %s with %d applies", m.Final().Screen, r.applies())
	}
	if v := plain(m); !strings.Contains(v, "2. RESTART [R]\n     Re-run Stage 3") {
		t.Fatalf("menu:\n%s", v)
	}
}
