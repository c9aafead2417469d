package tui

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/loaders/aios"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// owner is another pickup that has the session open.
var owner = Owner{PID: 4242, Since: time.Date(2026, 2, 15, 14, 5, 0, 0, time.UTC)}

// sessionIO answers Open with hold and records the calls.
type sessionIO struct {
	mu     sync.Mutex
	hold   Hold
	opened []string
	closed []string
	reload func(*model.Session) (*model.Session, error)
}

func (f *sessionIO) io() *SessionIO {
	return &SessionIO{
		Open: func(s *model.Session) Hold {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.opened = append(f.opened, s.ID)
			return f.hold
		},
		Close: func(s *model.Session) {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.closed = append(f.closed, s.ID)
		},
		Reload: func(s *model.Session) (*model.Session, error) {
			if f.reload == nil {
				return nil, errors.New("no reload here")
			}
			return f.reload(s)
		},
	}
}

// started builds a sized wizard and delivers what Init's commands answer
// (the lock), as the program loop would.
func started(t *testing.T, cfg Config, w, h int) Model {
	t.Helper()
	pinEnv(t)
	m := New(cfg)
	m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	for _, msg := range msgsOf(m.Init()) {
		if _, ok := msg.(heldMsg); ok {
			m = update(t, m, msg)
		}
	}
	return m
}

func TestReadOnlyWhenOpenElsewhere(t *testing.T) {
	sio := &sessionIO{hold: Hold{Owner: &owner}}
	r := &fakeRunner{}
	m := started(t, Config{State: crashState(t), Run: r.run, Project: "shop", SessionIO: sio.io()}, 100, 30)
	if !reflect.DeepEqual(sio.opened, []string{"3f2a9c1d0b7e"}) {
		t.Fatalf("Open calls %v", sio.opened)
	}
	out := plain(m)
	for _, want := range []string{
		"pickup · shop (aios) · read-only",
		"This session is open in another pickup (pid 4242, since 14:05); you can look but not write.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("read-only options lack %q:\n%s", want, out)
		}
	}
	reason := "open in another pickup (pid 4242, since 14:05); you can look but not write"
	for _, o := range m.Final().Options {
		writes := o.Choice.Dangerous()
		if writes && (o.Enabled || o.Reason != reason) || !writes && o.Visible && !o.Enabled {
			t.Errorf("option %+v", o)
		}
	}
	// RESTART (2 after a crash) says why, and nothing runs.
	m, _ = press(t, m, keyRune('2'))
	if !strings.Contains(plain(m), "⚠ "+reason) || m.Final().Screen != model.ScreenOptions {
		t.Fatalf("RESTART on a read-only session:\n%s", plain(m))
	}
	m, _ = press(t, m, keyRune('3'))
	if len(r.seen) != 0 {
		t.Fatalf("runner saw %v", r.seen)
	}
	// Looking is allowed: CONTINUE without a write decides.
	m, _ = press(t, m, keyRune('1'))
	if d := m.Decision(); d == nil || d.Choice != model.Continue {
		t.Fatalf("decision %+v", d)
	}
}

func TestReadOnlyTurnsOffAWritingContinue(t *testing.T) {
	s := aiosSession(func(s *model.Session) {
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Continue: {Writes: true, Recommended: true}}
	})
	sio := &sessionIO{hold: Hold{Owner: &owner}}
	m := started(t, Config{State: loaded(t, s), Project: "shop", SessionIO: sio.io()}, 100, 30)
	for _, o := range m.Final().Options {
		if o.Choice != model.Review && o.Enabled {
			t.Errorf("%s stays enabled on a read-only session", o.Choice)
		}
	}
	if vis := model.Visible(m.Final().Options); !vis[m.cursor].Enabled {
		t.Errorf("cursor on a disabled choice %s", vis[m.cursor].Choice)
	}
	if s.Policy[model.Continue].Disabled != "" {
		t.Error("the loader's session was changed in place")
	}
}

func TestStaleLockNoteIsOneOff(t *testing.T) {
	note := "took over the lock on /x/.aios/.session-state.yaml left by pid 77 (since 2026-02-15 11:00:00), which is no longer running"
	sio := &sessionIO{hold: Hold{TookOver: note}}
	m := started(t, Config{State: normalState(t), Project: "shop", SessionIO: sio.io()}, 100, 30)
	if !strings.Contains(flat(plain(m)), "Note: "+note) || strings.Contains(plain(m), "read-only") {
		t.Fatalf("stale lock note:\n%s", plain(m))
	}
	m, _ = press(t, m, keyDown)
	if strings.Contains(plain(m), "Note:") {
		t.Fatalf("the note stays after a key:\n%s", plain(m))
	}
}

func TestPickerOpensAndClosesTheLock(t *testing.T) {
	pinEnv(t)
	sio := &sessionIO{}
	ss := pickerSessions()
	m := New(Config{Sessions: ss, Now: now, Project: "shop", SessionIO: sio.io()})
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	m, msgs := send(t, m, keyEnter)
	for _, msg := range msgs {
		m = update(t, m, msg)
	}
	first := m.Session().ID
	m, _ = send(t, m, keyEsc) // runs Close
	if !reflect.DeepEqual(sio.opened, []string{first}) || !reflect.DeepEqual(sio.closed, []string{first}) {
		t.Fatalf("opened %v closed %v, want %s once each", sio.opened, sio.closed, first)
	}
	// An answer that arrives after the person moved on lets the lock go.
	m = update(t, m, heldMsg{s: ss[1], hold: Hold{}})
	if len(sio.closed) != 2 || sio.closed[1] != ss[1].ID {
		t.Fatalf("a late lock was kept: closed %v", sio.closed)
	}
	if m.readOnly() {
		t.Fatal("read-only on the picker")
	}
}

// aiosFile is a real AIOS state file in a temporary project, with the
// real loader.
func aiosFile(t *testing.T) (dir, state string, s *model.Session) {
	t.Helper()
	dir = t.TempDir()
	state = filepath.Join(dir, ".aios", ".session-state.yaml")
	data, err := os.ReadFile(filepath.Join("..", "testdata", "aios", "core.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(state), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(state, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = aios.New().Load(dir, state)
	if err != nil || s.Problem != nil {
		t.Fatalf("load: %v %v", err, s.Problem)
	}
	return dir, state, s
}

// changedRunner is the real AIOS writer, with a refusal because the file
// changed described as cmd's Runner describes it.
func changedRunner(before []byte, beforeStamp Stamp) Runner {
	return func(e model.Effect) model.Event {
		ap, ok := e.(model.Apply)
		if !ok {
			return model.GitChecked{Available: false, Warning: "no git here"}
		}
		res := aios.New().Apply(ap.Session, ap.Choice, now)
		var ce *fsx.ChangedError
		if errors.As(res.Err, &ce) {
			ch := &Changed{Err: res.Err, Path: ce.Path, Gone: ce.Gone, Before: beforeStamp}
			if data, err := os.ReadFile(ce.Path); err == nil {
				st, _ := os.Stat(ce.Path)
				ch.After = Stamp{Known: true, Size: st.Size(), ModTime: st.ModTime()}
				d := DiffLines(before, data, 6)
				ch.Diff = &d
			}
			res.Err = ch
		}
		return res
	}
}

// TestChangedOnDiskOffersReload: the state file is edited on disk while
// the wizard is open; DISCARD is refused with what changed, nothing is
// archived; r reads the session again and DISCARD then goes through.
func TestChangedOnDiskOffersReload(t *testing.T) {
	dir, state, s := aiosFile(t)
	before, _ := os.ReadFile(state)
	st0, _ := os.Stat(state)
	stamp := Stamp{Known: true, Size: st0.Size(), ModTime: st0.ModTime()}
	sio := &sessionIO{reload: func(s *model.Session) (*model.Session, error) { return aios.New().Load(dir, s.Path) }}
	m := started(t, Config{State: loaded(t, s), Run: changedRunner(before, stamp), Project: "shop", SessionIO: sio.io(), Now: now}, 100, 40)

	edited := strings.Replace(string(before), "attempt_count: 1", "attempt_count: 2", 1)
	if edited == string(before) {
		t.Fatal("fixture: nothing to edit")
	}
	if err := os.WriteFile(state, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	m, _ = press(t, m, keyRune('D')) // DISCARD's letter, whatever its number
	m = arm(t, m)
	m, _ = press(t, m, keyRune('y'))
	out := plain(m)
	if m.Final().Screen != model.ScreenFailed {
		t.Fatalf("screen %s:\n%s", m.Final().Screen, out)
	}
	for _, want := range []string{
		"The state file changed on disk since pickup read it.",
		"File: <project>/.aios/.session-state.yaml", // named from its project's root
		"When read: " + m.cat.Size(stamp.Size),
		"Changed at line ", "1 line removed, 1 line added",
		"-     attempt_count: 1", "+     attempt_count: 2",
		"Press r to read the session again",
		"r reload",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("changed screen lacks %q:\n%s", want, out)
		}
	}
	if got, _ := os.ReadFile(state); string(got) != edited {
		t.Fatal("the refused DISCARD touched the state file")
	}
	if m2, _ := filepath.Glob(state + ".discarded.*"); len(m2) != 0 {
		t.Fatalf("archived anyway: %v", m2)
	}

	m, msgs := send(t, m, keyRune('r'))
	for _, msg := range msgs {
		m = update(t, m, msg)
	}
	out = plain(m)
	if m.Final().Screen != model.ScreenOptions && m.Final().Screen != model.ScreenCorrupted || !strings.Contains(out, "Read again from disk.") {
		t.Fatalf("after r: %s\n%s", m.Final().Screen, out)
	}
	if m.Session().Fingerprint != fsx.Fingerprint([]byte(edited)) {
		t.Fatal("the session was not read again")
	}
	m, _ = press(t, m, keyRune('D'))
	m = arm(t, m)
	m, _ = press(t, m, keyRune('y'))
	if d := m.Decision(); d == nil || d.Action != model.ActionDiscarded {
		t.Fatalf("DISCARD after reload: %+v\n%s", d, plain(m))
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Fatal("the state file is still there after DISCARD")
	}
}

func TestChangedWithoutReloadSaysEsc(t *testing.T) {
	r := &fakeRunner{applied: model.Applied{Err: &Changed{Err: errors.New("x: changed; nothing was written"), Path: "/p/state.json", Gone: true,
		Before: Stamp{Known: true, Size: 812, ModTime: time.Date(2026, 2, 15, 10, 0, 0, 0, time.UTC)}}}}
	m := newModel(t, normalState(t), r, 80, 24)
	m, _ = press(t, m, keyRune('4'))
	m = arm(t, m)
	m, _ = press(t, m, keyRune('y'))
	out := plain(m)
	for _, want := range []string{"The state file was removed since pickup read it.", "When read: 812 B, modified 10:00:00", "Now: gone", "esc: back to the menu"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "r reload") {
		t.Errorf("offers r without a way to reload:\n%s", out)
	}
	m, _ = press(t, m, keyRune('r'))
	if m.Final().Screen != model.ScreenFailed {
		t.Fatal("r did something without a reload")
	}
	m, _ = press(t, m, keyEsc)
	if m.Final().Screen != model.ScreenOptions || m.changed != nil {
		t.Fatalf("esc: %s changed=%v", m.Final().Screen, m.changed)
	}
}

func TestDiffLines(t *testing.T) {
	cases := []struct {
		name, a, b string
		want       LineDiff
	}{
		{"same", "a\nb\n", "a\nb\n", LineDiff{From: 3, To: 2, Same: true}},
		{"crlf is not a change", "a\r\nb\r\n", "a\nb\n", LineDiff{From: 3, To: 2, Same: true}},
		{"one line", "a\nb\nc\n", "a\nB\nc\n", LineDiff{From: 2, To: 2, Removed: []string{"b"}, Added: []string{"B"}, RemovedN: 1, AddedN: 1}},
		{"added at the end", "a\n", "a\nb\nc\n", LineDiff{From: 2, To: 1, Added: []string{"b", "c"}, AddedN: 2}},
		{"removed at the start", "a\nb\nc", "c", LineDiff{From: 1, To: 2, Removed: []string{"a", "b"}, RemovedN: 2}},
		{"empty to something", "", "x\n", LineDiff{From: 1, To: 0, Added: []string{"x"}, AddedN: 1}},
		{"kept to two", "1\n2\n3\n4\n", "", LineDiff{From: 1, To: 4, Removed: []string{"1", "2"}, RemovedN: 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := DiffLines([]byte(c.a), []byte(c.b), 2); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestTooSmall(t *testing.T) {
	r := &fakeRunner{}
	for _, sz := range [][2]int{{20, 6}, {29, 24}, {80, 7}, {1, 1}} {
		m := newModel(t, normalState(t), r, sz[0], sz[1])
		checkFits(t, m, sz[0], sz[1])
		if sz[0] >= 20 && !strings.Contains(flat(plain(m)), fmt.Sprintf("Terminal too small: %dx%d. pickup needs at least 30x8.", sz[0], sz[1])) {
			t.Errorf("%v:\n%s", sz, plain(m))
		}
		// No key acts on a screen that is not shown…
		m, _ = press(t, m, keyRune('4'), keyEnter, keyRune('2'))
		if m.Final().Screen != model.ScreenOptions || len(r.seen) != 0 {
			t.Fatalf("%v: a key acted while too small: %s", sz, m.Final().Screen)
		}
		// …but q leaves.
		m, msgs := press(t, m, keyRune('q'))
		if m.Final().Screen != model.ScreenQuit || !hasQuit(msgs) || sz[0] >= 20 && !strings.Contains(plain(m), "Nothing changed.") {
			t.Fatalf("%v: q while too small: %s\n%s", sz, m.Final().Screen, plain(m))
		}
	}
	m := newModel(t, normalState(t), r, 30, 8)
	if strings.Contains(plain(m), "too small") {
		t.Fatalf("30x8 is enough:\n%s", plain(m))
	}
}

// TestResizeStorm: hundreds of sizes in a row, tiny to huge, on every
// kind of screen: no panic, every frame fits, and the last frame is the
// one a wizard opened at that size draws.
func TestResizeStorm(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	screens := map[string]func(t *testing.T, w, h int) Model{
		"options": func(t *testing.T, w, h int) Model { return newModel(t, crashState(t), nil, w, h) },
		"review": func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, normalState(t), nil, w, h), keyRune('2'))
			return m
		},
		"picker": func(t *testing.T, w, h int) Model { return newPicker(t, pickerSessions(), w, h, nil) },
	}
	for name, mk := range screens {
		t.Run(name, func(t *testing.T) {
			m := mk(t, 80, 24)
			for range 400 {
				w, h := 1+rng.IntN(320), 1+rng.IntN(110)
				m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
				checkFits(t, m, w, h)
			}
			m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
			fresh := mk(t, 100, 30)
			if got, want := strings.TrimRight(plain(m), "\n"), strings.TrimRight(plain(fresh), "\n"); got != want {
				t.Fatalf("after the storm:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestResizeStormProgram: the same through the real program loop.
func TestResizeStormProgram(t *testing.T) {
	r := &fakeRunner{}
	tm := startFlow(t, crashState(t), r)
	waitFor(t, tm, "What do you want to do?")
	rng := rand.New(rand.NewPCG(3, 3))
	for range 300 {
		tm.Send(tea.WindowSizeMsg{Width: 1 + rng.IntN(300), Height: 1 + rng.IntN(100)})
	}
	tm.Send(tea.WindowSizeMsg{Width: 20, Height: 6})
	waitFor(t, tm, "too small")
	tm.Send(tea.WindowSizeMsg{Width: 300, Height: 100})
	tm.Type("q")
	fm := finalModel(t, tm)
	if fm.width != 300 || fm.height != 100 || fm.Final().Screen != model.ScreenQuit {
		t.Fatalf("final %dx%d on %s", fm.width, fm.height, fm.Final().Screen)
	}
	checkFits(t, fm, 300, 100)
}

func TestStopWaitsForAWrite(t *testing.T) {
	r := &fakeRunner{}
	m := newModel(t, normalState(t), r, 80, 24)
	m, _ = press(t, m, keyRune('4'))
	m = arm(t, m)
	// y starts the write; its answer is held back while Stop arrives.
	m, msgs := send(t, m, keyRune('y'))
	if m.Final().Screen != model.ScreenApplying {
		t.Fatalf("screen %s", m.Final().Screen)
	}
	m, cmdMsgs := send(t, m, Stop{})
	if hasQuit(cmdMsgs) || !strings.Contains(plain(m), "Stopping once the write under way has finished.") {
		t.Fatalf("stopped in the middle of a write:\n%s", plain(m))
	}
	m, rest := settle(t, m, msgs)
	if m.Final().Screen != model.ScreenDone || !hasQuit(rest) {
		t.Fatalf("after the write: %s quit=%v", m.Final().Screen, hasQuit(rest))
	}

	// A write refused while stopping: the wizard still ends, interrupted.
	r = &fakeRunner{applied: model.Applied{Err: errors.New("refused; nothing was written")}}
	m = newModel(t, normalState(t), r, 80, 24)
	m, _ = press(t, m, keyRune('4'))
	m = arm(t, m)
	m, msgs = send(t, m, keyRune('y'))
	m, _ = send(t, m, Stop{})
	m, rest = settle(t, m, msgs)
	if m.Final().Screen != model.ScreenQuit || !m.Interrupted() || !hasQuit(rest) {
		t.Fatalf("refused write while stopping: %s interrupted=%v quit=%v", m.Final().Screen, m.Interrupted(), hasQuit(rest))
	}

	// Anywhere else Stop is ctrl+c.
	m = newModel(t, crashState(t), nil, 80, 24)
	m, rest = send(t, m, Stop{})
	if m.Final().Screen != model.ScreenQuit || !m.Interrupted() || !hasQuit(rest) || !strings.Contains(plain(m), "Interrupted. Nothing changed.") {
		t.Fatalf("Stop on options: %s\n%s", m.Final().Screen, plain(m))
	}
}

// TestSessionGolden pins the read-only options, the changed-on-disk
// screen and the too-small message.
func TestSessionGolden(t *testing.T) {
	changed := &Changed{Err: errors.New("changed"), Path: statePath,
		Before: Stamp{Known: true, Size: 1843, ModTime: time.Date(2026, 2, 15, 10, 30, 0, 0, time.UTC)},
		After:  Stamp{Known: true, Size: 1851, ModTime: time.Date(2026, 2, 15, 12, 29, 41, 0, time.UTC)}}
	d := DiffLines([]byte("a\n  current_phase: development\n  attempt_count: 1\nz\n"), []byte("a\n  current_phase: self_healing\n  attempt_count: 2\nz\n"), 6)
	changed.Diff = &d
	screens := []screen{
		{"read_only", func(t *testing.T, w, h int) Model {
			sio := &sessionIO{hold: Hold{Owner: &owner}}
			return started(t, Config{State: crashState(t), Project: "shop", SessionIO: sio.io()}, w, h)
		}},
		{"changed", func(t *testing.T, w, h int) Model {
			sio := &sessionIO{}
			r := &fakeRunner{applied: model.Applied{Err: changed}}
			m := started(t, Config{State: normalState(t), Run: r.run, Project: "shop", SessionIO: sio.io()}, w, h)
			m, _ = press(t, m, keyRune('4'))
			m = arm(t, m)
			m, _ = press(t, m, keyRune('y'))
			return m
		}},
		{"too_small", func(t *testing.T, w, h int) Model { return newModel(t, normalState(t), nil, w, h) }},
	}
	sizes := map[string][][2]int{"read_only": {{40, 12}, {80, 24}}, "changed": {{40, 12}, {80, 24}}, "too_small": {{20, 6}}}
	for _, sc := range screens {
		goldens(t, []screen{sc}, sizes[sc.name]...)
	}
}

// TestForegroundToldAroundAnEditor: the caller hears when an editor or
// pager has the terminal, so its ctrl+c is left to that program.
func TestForegroundToldAroundAnEditor(t *testing.T) {
	var calls []bool
	pinEnv(t)
	m := New(Config{State: normalState(t), Foreground: func(running bool) { calls = append(calls, running) }})
	c := &foregroundCmd{Cmd: exec.Command("sh", "-c", "exit 0"), hook: m.fg}
	c.SetStdin(strings.NewReader(""))
	if err := c.Run(); err != nil {
		t.Skipf("no sh: %v", err)
	}
	if !reflect.DeepEqual(calls, []bool{true, false}) {
		t.Fatalf("Foreground calls %v", calls)
	}
}

// deliver sends each message of type T among msgs and collects what
// their commands answer.
func deliver[T tea.Msg](t *testing.T, m Model, msgs []tea.Msg) (Model, []tea.Msg) {
	t.Helper()
	var out []tea.Msg
	for _, msg := range msgs {
		if _, ok := msg.(T); ok {
			var more []tea.Msg
			m, more = send(t, m, msg)
			out = append(out, more...)
		}
	}
	return m, out
}

// TestReadOnlyTryAgain: r on a read-only session reads it again and
// tries the lock again. While the other pickup has it, the session stays
// read-only; once it has let go, this pickup takes it and the writing
// choices come back, with a note saying so.
func TestReadOnlyTryAgain(t *testing.T) {
	sio := &sessionIO{hold: Hold{Owner: &owner}}
	reloads := 0
	sio.reload = func(s *model.Session) (*model.Session, error) {
		reloads++
		return aiosSession(noLastAction), nil
	}
	m := started(t, Config{State: crashState(t), Project: "shop", SessionIO: sio.io()}, 100, 30)
	if !strings.Contains(flat(plain(m)), "you can look but not write. Press r to try again.") || !strings.Contains(plain(m), "r reload") {
		t.Fatalf("read-only options do not offer r:\n%s", plain(m))
	}
	restartOff := func(m Model) bool {
		for _, o := range m.Final().Options {
			if o.Choice == model.Restart {
				return !o.Enabled
			}
		}
		t.Fatal("no RESTART option")
		return false
	}

	// Still held elsewhere: read again, asked again, still read-only.
	m, msgs := press(t, m, keyRune('r'))
	m, msgs = deliver[reloadedMsg](t, m, msgs)
	m, _ = deliver[heldMsg](t, m, msgs)
	if reloads != 1 || len(sio.opened) != 2 || !m.readOnly() || !restartOff(m) {
		t.Fatalf("reloads %d, Open calls %v, read-only %v:\n%s", reloads, sio.opened, m.readOnly(), plain(m))
	}

	// The other pickup has left: this one has the session now.
	sio.mu.Lock()
	sio.hold = Hold{}
	sio.mu.Unlock()
	m, msgs = press(t, m, keyRune('r'))
	m, msgs = deliver[reloadedMsg](t, m, msgs)
	m, _ = deliver[heldMsg](t, m, msgs)
	out := plain(m)
	if m.readOnly() || restartOff(m) || strings.Contains(out, "read-only") ||
		!strings.Contains(flat(out), "The other pickup has closed this session: you can write now.") {
		t.Fatalf("after the other pickup left (read-only %v):\n%s", m.readOnly(), out)
	}
	if len(sio.opened) != 3 || len(sio.closed) != 0 {
		t.Fatalf("Open calls %v, Close calls %v", sio.opened, sio.closed)
	}
	// r is only for a read-only session or a refused write.
	if _, msgs = press(t, m, keyRune('r')); len(msgs) != 0 || reloads != 2 {
		t.Fatalf("r on a writable session: %v, reloads %d", msgs, reloads)
	}
}
