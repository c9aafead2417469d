package tui

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/crucible"
	"github.com/pickup-dev/pickup/model"
)

// crucibleSID is the fixture pipeline's session id; crucible.TmpRoot is
// pointed at a temporary directory so no /tmp fallback is found.
const crucibleSID = "1775430161"

// Stable stand-ins for the temporary directories in golden views.
const (
	goldenHome    = "/home/ana/.claude"
	goldenProject = "/home/ana/shop"
)

type crucibleWorld struct {
	home, project string
	loader        *crucible.Loader
	// applied receives every Apply result: real git can outlast the
	// test helpers' wait for a command, so settleApply waits here.
	applied chan model.Event
}

// runGit runs git in dir with extra environment and, unless when is
// empty, author and committer dates at when ("12:20:00") on the
// fixture's day.
func runGit(t *testing.T, dir string, env []string, when string, args ...string) {
	t.Helper()
	var at time.Time
	if when != "" {
		var err error
		if at, err = time.Parse(time.RFC3339, "2026-03-24T"+when+"Z"); err != nil {
			t.Fatal(err)
		}
	}
	testkit.GitAt(t, dir, env, at, args...)
}

func fixture(t *testing.T, rel string) string {
	t.Helper()
	return strings.ReplaceAll(testkit.Read(t, filepath.Join("..", "testdata", "crucible", rel)), "{{SID}}", crucibleSID)
}

// newCrucibleWorld lays out the crash fixture (marker on markerBranch,
// project repository on main with the implementers' commits, the
// pipeline's shadow checkpoints) and returns it with a loader.
func newCrucibleWorld(t *testing.T, markerBranch string) *crucibleWorld {
	t.Helper()
	testkit.Isolate(t)
	testkit.Swap(t, &crucible.TmpRoot, t.TempDir())
	proj := testkit.RealTempDir(t)
	w := &crucibleWorld{home: t.TempDir(), project: proj, applied: make(chan model.Event, 4)}
	sum := sha256.Sum256([]byte(proj))
	h := hex.EncodeToString(sum[:])[:16]
	scratch := filepath.Join(w.home, "projects", h, "memory")
	ddir := filepath.Join(scratch, "crucible-dispatch-"+crucibleSID)
	testkit.Write(t, filepath.Join(ddir, "manifest.jsonl"), fixture(t, "crash/manifest.jsonl"))
	ents, _ := os.ReadDir(filepath.Join("..", "testdata", "crucible", "crash", "dispatch"))
	for _, e := range ents {
		testkit.Write(t, filepath.Join(ddir, e.Name()), fixture(t, "crash/dispatch/"+e.Name()))
	}
	for _, f := range []string{"pipeline-status.md", "handoff-2-to-3.md", "handoff-3-to-4.md"} {
		testkit.Write(t, filepath.Join(scratch, f), fixture(t, "crash/"+f))
	}
	testkit.Write(t, filepath.Join(scratch, ".pipeline-active"), strings.NewReplacer("{{PHASE}}", "4", "{{BRANCH}}", markerBranch, "{{SCRATCH}}", scratch).
		Replace(fixture(t, "marker.json")))
	runGit(t, proj, nil, "", "init", "-q", "-b", "main")
	testkit.Write(t, filepath.Join(proj, "README.md"), "shop\n")
	runGit(t, proj, nil, "", "add", "-A")
	runGit(t, proj, nil, "11:50:00", "commit", "-q", "-m", "initial")
	for i, c := range [][2]string{{"12:20:00", "task 1: auth middleware"}, {"12:21:30", "task 2: token refresh"}} {
		testkit.Write(t, filepath.Join(proj, "src", fmt.Sprintf("c%d.go", i)), "package src\n")
		runGit(t, proj, nil, "", "add", "-A")
		runGit(t, proj, nil, c[0], "commit", "-q", "-m", c[1])
	}
	shadow := filepath.Join(w.home, "projects", h, "checkpoints", h)
	senv := []string{"GIT_DIR=" + shadow, "GIT_WORK_TREE=" + proj}
	if err := os.MkdirAll(shadow, 0o755); err != nil {
		t.Fatal(err)
	}
	runGit(t, proj, senv, "", "init", "-q")
	for _, cp := range [][4]string{
		{"pre-design-gate", "12:09:30", "docs/design.md", "design v1\n"},
		{"pre-plan-gate", "12:13:30", "docs/plan.md", "plan v1\n"},
		{"pre-wave-1", "12:14:00", "", ""},
		{"pre-wave-2", "12:25:30", "src/auth.go", "package src // wave 1\n"},
		{"pre-code-review", "12:25:50", "src/auth.go", "package src // reviewed base\n"},
	} {
		if cp[2] != "" {
			testkit.Write(t, filepath.Join(proj, cp[2]), cp[3])
		}
		runGit(t, proj, senv, "", "add", "-A")
		runGit(t, proj, senv, cp[1], "commit", "-q", "--allow-empty", "-m", cp[0]+" | 2026-03-24 "+cp[1]+" | build")
	}
	testkit.Write(t, filepath.Join(proj, "src", "auth.go"), "package src // half-done inquisitor fix\n")
	w.loader = crucible.New(loaders.Options{ClaudeHome: w.home, Flags: map[string]string{}, Lists: map[string][]string{}, Now: now})
	return w
}

// session loads the pipeline, last written ago before the fixtures' clock.
func (w *crucibleWorld) session(t *testing.T, ago time.Duration) *model.Session {
	t.Helper()
	paths, err := w.loader.Discover(w.project)
	if err != nil || len(paths) == 0 {
		t.Fatalf("discover: %v %v", paths, err)
	}
	s, err := w.loader.Load(w.project, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	s.LastUpdated = now.Add(-ago)
	w.scrub(s)
	return s
}

// scrub replaces the temporary directories in what the views show.
func (w *crucibleWorld) scrub(s *model.Session) {
	r := w.replacer()
	for i := range s.Sections {
		for j, l := range s.Sections[i].Lines {
			s.Sections[i].Lines[j] = r.Replace(l)
		}
	}
	for i, wn := range s.Warnings {
		s.Warnings[i] = r.Replace(wn)
	}
}

// replacer maps the temporary directories, and the project hash in
// crucible's paths, to stable stand-ins.
func (w *crucibleWorld) replacer() *strings.Replacer {
	return strings.NewReplacer(w.home, goldenHome, w.project, goldenProject, crucible.ProjectHash(w.project), "5e1f0a7c3b2d9e84")
}

var (
	fullHash  = regexp.MustCompile(`[0-9a-f]{40}`)
	shortHash = regexp.MustCompile(`\b[0-9a-f]{8}\b`)
)

// scrubDone makes the outcome of a real restore stable: temporary
// directories and the safety checkpoint's hash (its commit time is the
// wall clock's).
func (w *crucibleWorld) scrubDone(m Model) Model {
	r := w.replacer()
	fix := func(s string) string {
		return shortHash.ReplaceAllString(fullHash.ReplaceAllString(r.Replace(s), "<safety-hash>"), "<safety>")
	}
	for _, p := range []**model.Decision{&m.state.Decision, &m.decision} {
		if *p == nil {
			continue
		}
		d := **p
		d.Text = fix(d.Text)
		d.Changed = append([]string(nil), d.Changed...)
		for i := range d.Changed {
			d.Changed[i] = fix(d.Changed[i])
		}
		*p = &d
	}
	if m.state.Session != nil {
		// The ID comes from the temporary folder: the next step names it.
		s := *m.state.Session
		s.ID = "<id>"
		m.state.Session = &s
	}
	return m
}

// runner carries out Apply with the real crucible loader (the session's
// Path and Project are not scrubbed, so it finds its files).
func (w *crucibleWorld) runner() Runner {
	return func(e model.Effect) model.Event {
		if a, ok := e.(model.Apply); ok {
			ev := w.loader.Apply(a.Session, a.Choice, time.Date(2026, 3, 24, 14, 30, 0, 0, time.UTC))
			w.applied <- ev
			return ev
		}
		return nil
	}
}

// settleApply feeds the write's result back when it took longer than
// the helpers wait.
func (w *crucibleWorld) settleApply(t *testing.T, m Model) Model {
	t.Helper()
	if m.state.Screen != model.ScreenApplying {
		return m
	}
	select {
	case ev := <-w.applied:
		m, _ = settle(t, m, []tea.Msg{eventMsg{ev}})
	case <-time.After(60 * time.Second):
		t.Fatal("the write did not finish")
	}
	return m
}

func (w *crucibleWorld) model(t *testing.T, s *model.Session, sz [2]int) Model {
	t.Helper()
	pinEnv(t)
	m := New(Config{State: loaded(t, s), Run: w.runner(), Project: "shop", Catalog: testCatalog})
	return update(t, m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
}

func TestCrucibleGolden(t *testing.T) {
	sizes := [][2]int{{40, 12}, {80, 24}, {120, 40}}
	screens := []struct {
		name string
		make func(t *testing.T, sz [2]int) Model
	}{
		{"options", func(t *testing.T, sz [2]int) Model {
			w := newCrucibleWorld(t, "main")
			return w.model(t, w.session(t, 2*time.Hour), sz)
		}},
		{"interrupted_options", func(t *testing.T, sz [2]int) Model {
			w := newCrucibleWorld(t, "main")
			return w.model(t, w.session(t, 10*time.Minute), sz)
		}},
		{"running_options", func(t *testing.T, sz [2]int) Model {
			// Evidence of activity: an agent process in the project.
			w := newCrucibleWorld(t, "main")
			st, _ := model.Step(model.NewState(model.Config{}), model.Loaded{Session: w.session(t, 10*time.Minute), Now: now,
				Activity: []model.Activity{{Kind: model.ActivityProcess, Name: "claude", Detail: "claude (pid 4242) is running in the project"}}})
			pinEnv(t)
			m := New(Config{State: st, Run: w.runner(), Project: "shop"})
			return update(t, m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		}},
		{"plan", func(t *testing.T, sz [2]int) Model {
			w := newCrucibleWorld(t, "main")
			m, _ := press(t, w.model(t, w.session(t, 10*time.Minute), sz), keyRune('2'))
			return m
		}},
		{"restore_confirm", func(t *testing.T, sz [2]int) Model {
			w := newCrucibleWorld(t, "main")
			m, _ := press(t, w.model(t, w.session(t, 2*time.Hour), sz), keyRune('1'))
			return arm(t, m)
		}},
		{"plan_end", func(t *testing.T, sz [2]int) Model {
			w := newCrucibleWorld(t, "main")
			m, _ := press(t, w.model(t, w.session(t, 10*time.Minute), sz), keyRune('2'), keyRune('G'))
			return m
		}},
		{"restored", func(t *testing.T, sz [2]int) Model {
			w := newCrucibleWorld(t, "main")
			m, _ := press(t, w.model(t, w.session(t, 2*time.Hour), sz), keyRune('1'))
			m, _ = press(t, arm(t, m), keyRune('y'))
			m = w.settleApply(t, m)
			if m.state.Screen != model.ScreenDone || m.state.Decision == nil {
				t.Fatalf("screen %s failure %q", m.state.Screen, m.state.Failure)
			}
			return w.scrubDone(m)
		}},
		{"branch_mismatch", func(t *testing.T, sz [2]int) Model {
			w := newCrucibleWorld(t, "feature/auth")
			m, _ := press(t, w.model(t, w.session(t, 2*time.Hour), sz), keyRune('1'))
			m = w.settleApply(t, m)
			if m.state.Screen != model.ScreenFailed {
				t.Fatalf("screen %s", m.state.Screen)
			}
			return m
		}},
	}
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			for _, sz := range sizes {
				t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
					m := sc.make(t, sz)
					checkFits(t, m, sz[0], sz[1])
					golden.RequireEqual(t, []byte(pinned(m)))
				})
			}
		})
	}
}

// The restore question defaults to no: a y typed before it appeared is
// ignored, enter answers no, and nothing is written either way.
func TestCrucibleRestoreDefaultsToNo(t *testing.T) {
	w := newCrucibleWorld(t, "main")
	s := w.session(t, 2*time.Hour)
	auth := filepath.Join(w.project, "src", "auth.go")
	m, _ := press(t, w.model(t, s, [2]int{80, 24}), keyRune('1'), keyRune('y'))
	if m.state.Screen != model.ScreenConfirm {
		t.Fatalf("an early y answered the question: %s", m.state.Screen)
	}
	if q := m.state.Question(); !strings.HasPrefix(q, "About to restore working directory to checkpoint pre-code-review (taken at 2026-03-24 12:25:50, branch main).") {
		t.Fatalf("question %q", q)
	}
	m, _ = press(t, arm(t, m), keyEnter)
	if m.state.Screen != model.ScreenOptions || len(w.applied) != 0 {
		t.Fatalf("enter gave %s with %d writes", m.state.Screen, len(w.applied))
	}
	if b, _ := os.ReadFile(auth); string(b) != "package src // half-done inquisitor fix\n" {
		t.Fatalf("auth.go %q", b)
	}
	m, _ = press(t, m, keyRune('1'))
	m, _ = press(t, arm(t, m), keyEsc)
	if m.state.Screen != model.ScreenOptions || len(w.applied) != 0 {
		t.Fatalf("esc gave %s", m.state.Screen)
	}
}
