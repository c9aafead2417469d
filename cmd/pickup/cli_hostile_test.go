package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/aios"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Reliability contracts of the built binary (issue 9): hostile state
// files give a clear message and change nothing; reading never changes
// the project; two pickups never write one session at once; an
// interrupted write leaves the old or the new file, never a mix.

var hostileData = filepath.Join("..", "..", "testdata")

// hWorld is a project and a Claude home, and the one state file the
// hostile cases replace.
type hWorld struct {
	project, home, state string
}

func (w hWorld) run(t *testing.T, args ...string) result {
	t.Helper()
	return pickup(t, w.project, append([]string{"--claude-home", w.home}, args...)...)
}

func newHWorld(t *testing.T) hWorld {
	t.Helper()
	base := testkit.RealTempDir(t)
	w := hWorld{project: filepath.Join(base, "shop"), home: filepath.Join(base, "claude")}
	for _, d := range []string{w.project, w.home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// noPanic fails when the binary crashed instead of answering.
func (r result) noPanic(t *testing.T) result {
	t.Helper()
	if strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine ") || r.code > 6 && r.code != exitCancelled {
		t.Fatalf("pickup crashed (exit %d):\n%s", r.code, r.stderr)
	}
	return r
}

// hCases are the corpus cases the CLI runs on each format's state file.
var hCases = []struct {
	name string
	make func(t *testing.T, w hWorld)
}{
	{"empty", hContent("empty")},
	{"binary", hContent("binary.bin")},
	{"alias_bomb", hContent("alias_bomb.yaml")},
	{"deep_yaml", hContent("deep.yaml")},
	{"deep_json", hContent("deep_object.json")},
	{"over_size_cap", func(t *testing.T, w hWorld) {
		if err := os.Truncate(w.state, fsx.MaxStateFile+1); err != nil {
			t.Fatal(err)
		}
	}},
	{"invalid_utf8", func(t *testing.T, w hWorld) {
		data := []byte(testkit.Read(t, w.state))
		i := bytes.IndexByte(data, ':') + 3
		testkit.Write(t, w.state, string(data[:i])+"\xff\xfe\xc3\x28"+string(data[i:]))
	}},
	{"crlf", func(t *testing.T, w hWorld) {
		testkit.Write(t, w.state, strings.ReplaceAll(testkit.Read(t, w.state), "\n", "\r\n"))
	}},
	{"bom", func(t *testing.T, w hWorld) {
		testkit.Write(t, w.state, "\xef\xbb\xbf"+testkit.Read(t, w.state))
	}},
	{"symlink_loop", func(t *testing.T, w hWorld) {
		os.Remove(w.state)
		testkit.Symlink(t, w.state+".b", w.state)
		if err := os.Symlink(w.state, w.state+".b"); err != nil {
			t.Fatal(err)
		}
	}},
	{"directory", func(t *testing.T, w hWorld) {
		os.Remove(w.state)
		if err := os.MkdirAll(filepath.Join(w.state, "x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}},
	{"fifo", func(t *testing.T, w hWorld) {
		os.Remove(w.state)
		if err := syscall.Mkfifo(w.state, 0o644); err != nil {
			t.Skip(err)
		}
	}},
	{"unreadable", func(t *testing.T, w hWorld) {
		if os.Geteuid() == 0 {
			t.Skip("root reads any file")
		}
		if err := os.Chmod(w.state, 0); err != nil {
			t.Fatal(err)
		}
	}},
}

func hContent(name string) func(t *testing.T, w hWorld) {
	return func(t *testing.T, w hWorld) {
		testkit.Write(t, w.state, testkit.Read(t, filepath.Join(hostileData, "hostile", name)))
	}
}

// hGaps are the loader gaps loaders/hostile_test.go lists as reported
// (none left for the formats run here).
var hGaps = map[string]bool{}

// TestHostileCLI: status --json (and, for two formats, resume --choice
// review) on each hostile state file: no crash, valid JSON, the file
// named whenever the exit is not 0, nothing changed. The loaders' own
// hostile test checks each outcome in detail.
func TestHostileCLI(t *testing.T) {
	for _, f := range registeredFormats(t) {
		for _, c := range hCases {
			t.Run(f.name+"/"+c.name, func(t *testing.T) {
				if testing.Short() && !f.hostileReview {
					t.Skip("-short: the loaders' own hostile test covers this format")
				}
				w := f.hostile(t)
				c.make(t, w)
				before := testkit.TreeHash(t, w.project, w.home)
				base := filepath.Base(w.state)
				runs := [][]string{{"status", "--json"}}
				if f.hostileReview {
					runs = append(runs, []string{"resume", "--choice", "review", "--json"})
				}
				for _, args := range runs {
					r := w.run(t, args...).noPanic(t)
					if args[len(args)-1] == "--json" {
						var doc map[string]any
						if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil && r.stdout != "" {
							t.Fatalf("%v: stdout is not JSON: %v\n%s", args, err, r.stdout)
						}
					}
					if f.emptyNoSession != nil && c.name == "empty" && r.code == exitNoSession {
						continue // by the format's spec an empty state is none (see below)
					}
					if r.code != exitOK && !strings.Contains(r.stdout+r.stderr, base) && !hGaps[f.name+"/"+c.name] {
						t.Errorf("%v: exit %d without naming %s:\nstdout %s\nstderr %s", args, r.code, base, r.stdout, r.stderr)
					}
				}
				if f.emptyNoSession != nil && c.name == "empty" {
					r := w.run(t, "--source", f.name, "status").want(t, exitNoSession)
					if want := f.emptyNoSession(w); !strings.Contains(r.stderr, want) {
						t.Errorf("%s's own words for an empty state file: want %q in %s", f.name, want, r.stderr)
					}
				}
				if testkit.TreeHash(t, w.project, w.home) != before {
					t.Fatal("reading a hostile file changed the project or the Claude home")
				}
			})
		}
	}
}

// TestReadingModifiesNothing: status, plan and resume without --yes
// (continue, review, restart, discard) leave every byte, name and time in
// the project and the Claude home as they were.
func TestReadingModifiesNothing(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	for _, f := range registeredFormats(t) {
		t.Run(f.name, func(t *testing.T) {
			w := f.hostile(t)
			before := testkit.TreeHash(t, w.project, w.home)
			for _, args := range [][]string{
				{"status"}, {"status", "--json"}, {"plan"}, {"plan", "--json"},
				{"resume", "--choice", "review", "--json"},
				{"resume", "--choice", "restart", "--json"},
				{"resume", "--choice", "discard", "--json"},
				{"resume", "--choice", "continue", "--json"},
			} {
				r := w.run(t, args...).noPanic(t)
				after := testkit.TreeHash(t, w.project, w.home)
				if after == before {
					continue
				}
				// CONTINUE is a write for a source that says so (kiln's
				// Step 7 records the resume in MEMORY.md): allowed when the
				// decision lists what it changed.
				if args[2] == "continue" && r.code == exitOK {
					if ch, _ := r.json(t)["changed"].([]any); len(ch) > 0 {
						t.Logf("%s: continue is a write by its spec: %v", f.name, ch)
						continue
					}
				}
				t.Fatalf("%v (exit %d) changed the project:\n%s\n%s", args, r.code, r.stdout, r.stderr)
			}
		})
	}
}

var (
	holderOnce sync.Once
	holderBin  string
	holderErr  error
)

// lockHolder starts testdata/lockholder on state: another process taking
// pickup's lock the way a writing pickup does.
func lockHolder(t *testing.T, state string) (*exec.Cmd, io.WriteCloser) {
	t.Helper()
	holderOnce.Do(func() {
		holderBin = filepath.Join(filepath.Dir(bin), "lockholder")
		out, err := exec.Command("go", "build", "-o", holderBin, "./testdata/lockholder").CombinedOutput()
		if err != nil {
			holderErr = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if holderErr != nil {
		t.Fatal(holderErr)
	}
	cmd := exec.Command(holderBin, state)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if strings.TrimSpace(line) != "holding" {
		t.Fatalf("lockholder: %q", line)
	}
	t.Cleanup(func() { stdin.Close(); _ = cmd.Wait() })
	return cmd, stdin
}

// TestSecondPickupOnlyLooks: while another process holds the session's
// lock, pickup can look (status, review) but a write is refused as a
// guard (exit 5) naming the holder's pid and start, with nothing written;
// once the holder lets go, the write goes through.
func TestSecondPickupOnlyLooks(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, state := project(t, 2*time.Hour, "GO", "development")
	orig := testkit.Read(t, state)
	holder, stdin := lockHolder(t, state)

	pickup(t, dir, "status").want(t, exitOK)
	pickup(t, dir, "resume", "--choice", "continue").want(t, exitOK)
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked)
	doc := r.json(t)
	want := "open in another pickup (pid " + strconv.Itoa(holder.Process.Pid) + ", since "
	if doc["veto"] != VetoLocked || !strings.Contains(fmt.Sprint(doc["reason"]), want) || !strings.Contains(fmt.Sprint(doc["reason"]), "nothing was written") {
		t.Fatalf("veto %v reason %v; want %s and %q", doc["veto"], doc["reason"], VetoLocked, want)
	}
	r = pickup(t, dir, "resume", "--choice", "discard", "--yes").want(t, exitBlocked)
	if !strings.Contains(r.stdout, want) {
		t.Fatalf("discard: %q lacks %q", r.stdout, want)
	}
	if testkit.Read(t, state) != orig {
		t.Fatal("the state file changed while another pickup held it")
	}
	stdin.Close()
	_ = holder.Wait()
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	if testkit.Read(t, state) == orig {
		t.Fatal("restart after the holder left did not write")
	}
	if _, err := os.Stat(fsx.LockPath(state)); !os.IsNotExist(err) {
		t.Fatalf("pickup left its lock behind: %v", err)
	}
}

// TestStaleLockTakenOver: the holder dies without letting go (SIGKILL);
// the next pickup takes the lock over, says so, and writes.
func TestStaleLockTakenOver(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, state := project(t, 2*time.Hour, "GO", "development")
	holder, _ := lockHolder(t, state)
	pid := holder.Process.Pid
	if err := holder.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = holder.Wait()
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	want := "note: took over the lock on " + state + " left by pid " + strconv.Itoa(pid)
	if !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "no longer running") {
		t.Fatalf("stderr %q lacks %q", r.stderr, want)
	}
	if s, _ := aios.New().Load(dir, state); s.CurrentPhase() != "" {
		t.Fatalf("not restarted: current phase %q", s.CurrentPhase())
	}
	// In pt-BR the note is Portuguese.
	holder, _ = lockHolder(t, state)
	pid = holder.Process.Pid
	if err := holder.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = holder.Wait()
	r = pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	want = "nota: assumiu a trava de " + state + " deixada pelo pid " + strconv.Itoa(pid)
	if !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "que não está mais rodando") {
		t.Fatalf("pt-BR: stderr %q lacks %q", r.stderr, want)
	}
}

// TestConcurrentRestarts: several pickups restart one session at once.
// Each either writes or is refused as a guard (lock held, or the file
// changed since it loaded it); the file ends up whole and restarted.
func TestConcurrentRestarts(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, state := project(t, 2*time.Hour, "GO", "development")
	const n = 5
	codes := make([]int, n)
	outs := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, "resume", "--choice", "restart", "--yes")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "NO_COLOR=1")
			out, err := cmd.CombinedOutput()
			outs[i] = string(out)
			if ee, ok := err.(*exec.ExitError); ok {
				codes[i] = ee.ExitCode()
			}
		}()
	}
	wg.Wait()
	wrote := 0
	for i, c := range codes {
		switch c {
		case exitOK:
			wrote++
		case exitBlocked:
		default:
			t.Fatalf("pickup %d: exit %d\n%s", i, c, outs[i])
		}
	}
	if wrote == 0 {
		t.Fatalf("no pickup wrote: %q", outs)
	}
	s, err := aios.New().Load(dir, state)
	if err != nil || s.Problem != nil || s.CurrentPhase() != "" {
		t.Fatalf("after %d concurrent restarts: %v %v, current phase %q", n, err, s.Problem, s.CurrentPhase())
	}
	t.Logf("exit codes %v", codes)
}

// TestStateOutsideProject: a state file that is a symbolic link out of
// the project, or that a linked folder puts outside it, can be looked at
// but not written: exit 5, nothing changed on either side.
func TestStateOutsideProject(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	outside := t.TempDir()
	data := testkit.Read(t, filepath.Join(hostileData, "aios", "core.yaml"))

	// The state file is a link to a file elsewhere.
	dir := t.TempDir()
	real := filepath.Join(outside, "state.yaml")
	testkit.Write(t, real, data)
	link := filepath.Join(dir, ".aios", ".session-state.yaml")
	testkit.Symlink(t, real, link)
	// The state file's folder is a link to a folder elsewhere.
	dir2 := t.TempDir()
	realDir := filepath.Join(outside, "aios-dir")
	testkit.Write(t, filepath.Join(realDir, ".session-state.yaml"), data)
	if err := os.Symlink(realDir, filepath.Join(dir2, ".aios")); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{dir, dir2} {
		before := testkit.TreeHash(t, d, outside)
		pickup(t, d, "status").want(t, exitOK)
		for _, c := range []string{"restart", "discard"} {
			r := pickup(t, d, "resume", "--choice", c, "--yes", "--json").want(t, exitBlocked)
			doc := r.json(t)
			if doc["veto"] != VetoOutside || !strings.Contains(fmt.Sprint(doc["reason"]), "nothing was written") {
				t.Fatalf("%s in %s: veto %v reason %v", c, d, doc["veto"], doc["reason"])
			}
			// In pt-BR the refusal is Portuguese to the end.
			pt := pickupEnv(t, d, []string{"PICKUP_LANG=pt-BR"}, "resume", "--choice", c, "--yes").want(t, exitBlocked)
			if !strings.Contains(pt.stdout, "nada foi gravado") {
				t.Errorf("%s in %s, pt-BR: %q", c, d, pt.stdout)
			}
			i18ntest.NoEnglish(t, c, pt.stdout+pt.stderr, d, outside, real, realDir)
		}
		if testkit.TreeHash(t, d, outside) != before {
			t.Fatalf("%s: a refused write changed something", d)
		}
	}
}

// TestInterruptedResume: `resume --choice restart --yes` stopped by
// SIGTERM or SIGINT at random moments leaves the state file as it was or
// fully restarted, never a part of either.
func TestInterruptedResume(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, state := project(t, 2*time.Hour, "GO", "development")
	orig := testkit.Read(t, state)
	rounds, changed := 30, 0
	if testing.Short() {
		rounds = 8
	}
	// Time one whole run, so the signals land anywhere from start-up to
	// after the write.
	start := time.Now()
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	whole := time.Since(start)
	for i := range rounds {
		testkit.Write(t, state, orig)
		cmd := exec.Command(bin, "resume", "--choice", "restart", "--yes")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rand.Int64N(int64(whole * 3 / 2))))
		sig := syscall.SIGTERM
		if i%2 == 1 {
			sig = syscall.SIGINT
		}
		_ = cmd.Process.Signal(sig)
		_ = cmd.Wait()
		got := testkit.Read(t, state)
		if got == orig {
			continue
		}
		changed++
		s, err := aios.New().Load(dir, state)
		if err != nil || s.Problem != nil || s.CurrentPhase() != "" {
			t.Fatalf("round %d (%v): the file is neither the old one nor restarted: %v %v\n%s", i, sig, err, s.Problem, got)
		}
	}
	if _, err := os.Stat(fsx.LockPath(state)); err == nil {
		// A killed pickup may leave its lock file; the next writer takes
		// it over (only a write takes the lock, so this must be one).
		pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	}
	t.Logf("%d of %d interrupted runs had written; none left a partial file", changed, rounds)
}

// TestHostileStateNamesFilesOutsideAsArtifacts: a state file that names
// files outside the project as its artifacts cannot use `artifacts
// --json` to learn whether they exist: a refused path that exists and
// one that does not are reported alike, with no exists, size, time,
// folder or integrity.
func TestHostileStateNamesFilesOutsideAsArtifacts(t *testing.T) {
	base := testkit.RealTempDir(t)
	project := filepath.Join(base, "shop")
	secret := filepath.Join(base, "secret.md")
	testkit.Write(t, secret, "secret\n")
	missing := filepath.Join(base, "no-such-file.md")
	session := `{"version": "1.0", "feature_name": "esc", "created_at": "2026-01-28T10:00:00Z", "updated_at": "2026-01-28T14:30:00Z",
  "current_stage": 3, "stage_status": {"0": "complete", "1": "complete", "2": "complete", "3": "in_progress", "4": "pending", "5": "pending", "6": "pending", "7": "pending"},
  "artifacts": {"rules": "` + secret + `", "analysis": "` + missing + `", "tdd": "../secret.md", "adrs": ["../no-such-file.md"]}}`
	testkit.Write(t, filepath.Join(project, ".claude", "design", "sessions", "esc.session.json"), session)
	m := pickup(t, project, "artifacts", "--json").want(t, exitOK).json(t)
	got := map[string]map[string]any{}
	for _, a := range m["sessions"].([]any)[0].(map[string]any)["artifacts"].([]any) {
		a := a.(map[string]any)
		got[a["path"].(string)] = a
	}
	for _, p := range []string{secret, missing, "../secret.md", "../no-such-file.md"} {
		a := got[p]
		if a == nil || a["refused"] != model.ArtifactOutside {
			t.Fatalf("%s: %v, want refused %s", p, a, model.ArtifactOutside)
		}
		for _, k := range []string{"exists", "size", "mod_time", "dir", "integrity"} {
			if v, ok := a[k]; ok {
				t.Errorf("%s: a refused path outside the project reports %s = %v", p, k, v)
			}
		}
	}
}

// TestHostileCrashAfterOutOfRange: --crash-after takes a positive
// duration of at most a year; anything else is a usage error.
func TestHostileCrashAfterOutOfRange(t *testing.T) {
	dir, _ := project(t, time.Hour, "GO", "development")
	for _, v := range []string{"-30m", "0", "-1ns", "8761h", "2562047h"} {
		for _, cmd := range []string{"status", "resume", "plan", "artifacts"} {
			args := []string{cmd, "--crash-after", v}
			if cmd == "resume" {
				args = append(args, "--choice", "continue")
			}
			r := pickup(t, dir, args...)
			if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "--crash-after") {
				t.Errorf("%v: exit %d stdout %q stderr %q", args, r.code, r.stdout, r.stderr)
			}
		}
	}
	pickup(t, dir, "status", "--crash-after", "8760h").want(t, exitOK)
	pickup(t, dir, "status", "--crash-after", "1s").want(t, exitOK)
}

// TestHostileStatusSessionNoMatch: `status --session X` names one
// session; no match is exit 3 as for resume, and only the match is
// listed.
func TestHostileStatusSessionNoMatch(t *testing.T) {
	dir := fixtureProject(t, "design", "spec_example")
	testkit.Write(t, filepath.Join(dir, ".aios", ".session-state.yaml"), testkit.Read(t, filepath.Join(hostileData, "aios", "core.yaml")))
	all := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)
	if len(all) < 2 {
		t.Fatalf("want two sessions, got %d", len(all))
	}
	for _, args := range [][]string{{"status", "--session", "zzzz"}, {"status", "--session", "zzzz", "--json"}} {
		r := pickup(t, dir, args...).want(t, exitNoSession)
		if !strings.Contains(r.stderr, `no session with id "zzzz"`) {
			t.Errorf("%v: stderr %q", args, r.stderr)
		}
	}
	id := all[1].(map[string]any)["id"].(string)
	got := pickup(t, dir, "status", "--json", "--session", id[:6]).want(t, exitOK).json(t)["sessions"].([]any)
	if len(got) != 1 || got[0].(map[string]any)["id"] != id {
		t.Fatalf("status --session %s listed %v", id[:6], got)
	}
	r := pickup(t, dir, "status", "--session", id).want(t, exitOK)
	if strings.Count(r.stdout, "\n[") != 0 || !strings.Contains(r.stdout, id) {
		t.Fatalf("text status --session lists more than the session:\n%s", r.stdout)
	}
}

// TestHostileArchiveFolderLinkedOutside: a project whose /design archive
// folder (.claude/design/sessions/archive) is a symbolic link to a
// folder elsewhere. DISCARD (which moves the session there) and RESTART
// (which keeps a copy of it there) are refused as a guard, exit 5,
// naming the link; nothing lands in the other folder and the session
// stays.
func TestHostileArchiveFolderLinkedOutside(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	for _, choice := range []string{"discard", "restart"} {
		t.Run(choice, func(t *testing.T) {
			dir := fixtureProject(t, "design", "spec_example")
			sessions := filepath.Join(dir, ".claude", "design", "sessions")
			outside := t.TempDir()
			testkit.Symlink(t, outside, filepath.Join(sessions, "archive"))
			before := testkit.TreeHash(t, dir, outside)
			r := pickup(t, dir, "resume", "--source", "design", "--choice", choice, "--yes", "--json").want(t, exitBlocked)
			doc := r.json(t)
			if doc["veto"] != VetoOutside || !strings.Contains(fmt.Sprint(doc["reason"]), filepath.Join(sessions, "archive")) ||
				!strings.Contains(fmt.Sprint(doc["reason"]), "symbolic link") {
				t.Fatalf("veto %v reason %v", doc["veto"], doc["reason"])
			}
			if testkit.TreeHash(t, dir, outside) != before {
				t.Fatal("a refused write changed the project or the folder the link points to")
			}
		})
	}
}

// TestDiscardNamesEveryFolderMoved: bookforge's DISCARD renames the
// book's whole ledger folder and its pause marker; without --yes the
// refusal names both (it used to say "the state file").
func TestDiscardNamesEveryFolderMoved(t *testing.T) {
	dir := fixtureProject(t, "bookforge", "reason_pause")
	ctx := filepath.Join(dir, "workspace", "books", "tide", "draft", "context")
	r := pickup(t, dir, "resume", "--choice", "discard", "--json").want(t, exitBlocked)
	reason := fmt.Sprint(r.json(t)["reason"])
	for _, p := range []string{filepath.Join(ctx, "phase_history") + "/", filepath.Join(ctx, "run_paused.json")} {
		if !strings.Contains(reason, p) {
			t.Errorf("the refusal does not name %s: %s", p, reason)
		}
	}
}

// termPayload is what a hostile state file puts in a text: a window
// title change (OSC), a screen clear (CSI), a bell, a C1 CSI, a
// right-to-left override, a zero-width space, an invisible tag character.
const termPayload = "Bob\x1b]0;PWNED\x07\x1b[2J\u009b31m\u202eRTL\u200bZW\U000E0041"

// termRaw are the pieces of termPayload a terminal would act on.
var termRaw = []string{"\x1b", "\x07", "\u009b", "\u202e", "\u200b", "\U000E0041"}

// noTermRaw fails when what pickup printed carries a piece of the
// payload as it is.
func noTermRaw(t *testing.T, what string, r result) {
	t.Helper()
	for _, raw := range termRaw {
		if strings.Contains(r.stdout+r.stderr, raw) {
			t.Errorf("%s: %q reaches the terminal raw:\nstdout %q\nstderr %q", what, raw, r.stdout, r.stderr)
		}
	}
}

// TestHostileStateTextReachesNoTerminalRaw: an AIOS state whose epic
// title holds escape sequences, C1 controls, a bidi override and
// invisible characters, and a crucible manifest whose summaries do.
// Every text output (status, the status printed without a terminal,
// artifacts, resume, its refusals, --emit prompt, plan) shows them
// visibly; every JSON output stays JSON, escapes them, and decodes to
// the very same title.
func TestHostileStateTextReachesNoTerminalRaw(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir := t.TempDir()
	yamlTitle := `"Bob\e]0;PWNED\a\e[2J\u009b31m\u202eRTL\u200bZW\U000E0041"`
	testkit.Write(t, filepath.Join(dir, ".aios", ".session-state.yaml"),
		strings.Replace(testkit.Read(t, filepath.Join(hostileData, "aios", "core.yaml")), "title: Projeto Bob", "title: "+yamlTitle, 1))
	for _, args := range [][]string{
		{"status"}, {}, {"artifacts"},
		{"resume", "--choice", "review"}, {"resume", "--choice", "continue"}, {"resume", "--choice", "continue", "--emit", "prompt"},
		{"resume", "--choice", "restart"}, {"resume", "--choice", "discard"}, {"resume", "--session", "nope", "--choice", "review"},
	} {
		r := pickup(t, dir, args...).noPanic(t)
		noTermRaw(t, fmt.Sprint(args), r)
		if len(args) < 2 && !strings.Contains(r.stdout, `Bob\x1b]0;PWNED\x07\x1b[2J⟨U+009B⟩31m⟨U+202E⟩RTL⟨U+200B⟩ZW⟨U+E0041⟩`) {
			t.Errorf("%v does not show the title visibly:\n%s", args, r.stdout)
		}
	}
	for _, args := range [][]string{{"status", "--json"}, {"artifacts", "--json"}, {"resume", "--choice", "review", "--json"}} {
		r := pickup(t, dir, args...).noPanic(t)
		noTermRaw(t, fmt.Sprint(args), r)
		r.json(t)
	}
	var doc struct {
		Sessions []struct{ Title string } `json:"sessions"`
	}
	r := pickup(t, dir, "status", "--json").want(t, exitOK)
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || len(doc.Sessions) != 1 || !strings.HasPrefix(doc.Sessions[0].Title, termPayload) {
		t.Fatalf("status --json does not decode to the same title: %v %+v", err, doc)
	}

	// crucible's plan, text and JSON, with the payload in the summaries.
	w := crucibleWorld(t, "main")
	esc, _ := json.Marshal(termPayload)
	testkit.Write(t, w.manifest(), strings.ReplaceAll(testkit.Read(t, w.manifest()), `"Design doc drafted: token auth with refresh"`, string(esc)))
	for _, args := range [][]string{{"plan"}, {"plan", "--json"}, {"status"}, {"status", "--json"}} {
		r := pickup(t, w.project, w.args(args...)...).noPanic(t)
		noTermRaw(t, "crucible "+fmt.Sprint(args), r)
		if args[len(args)-1] == "--json" && !json.Valid([]byte(r.stdout)) {
			t.Errorf("crucible %v: not JSON:\n%s", args, r.stdout)
		}
	}
}

// TestHostileNonUTF8FileName: a /design session file whose name is not
// UTF-8. Text shows each byte that is not UTF-8 as \xNN; JSON stays
// valid and carries the same \xNN, from which the name's bytes come back.
func TestHostileNonUTF8FileName(t *testing.T) {
	dir := fixtureProject(t, "design", "spec_example")
	sessions := filepath.Join(dir, ".claude", "design", "sessions")
	real := filepath.Join(sessions, "user-\xff\xfe.session.json")
	if err := os.Rename(filepath.Join(sessions, "user-export.session.json"), real); err != nil {
		t.Skipf("the file system refuses the name: %v", err)
	}
	shown := filepath.Join(sessions, `user-\xff\xfe.session.json`)
	r := pickup(t, dir, "status", "--long", "--source", "design").want(t, exitOK)
	if !strings.Contains(r.stdout, shown) || !utf8.ValidString(r.stdout) {
		t.Fatalf("text does not show %s:\n%q", shown, r.stdout)
	}
	r = pickup(t, dir, "status", "--source", "design", "--json").want(t, exitOK)
	var doc struct {
		Sessions []struct{ Path string } `json:"sessions"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || !utf8.ValidString(r.stdout) {
		t.Fatalf("not valid JSON: %v\n%q", err, r.stdout)
	}
	found := false
	for _, s := range doc.Sessions {
		if s.Path == shown && unescapeX(s.Path) == real {
			found = true
		}
	}
	if !found {
		t.Fatalf("no session path round-trips to %q: %+v", real, doc.Sessions)
	}
}

// unescapeX turns each \xNN back into its byte (docs/json.md).
func unescapeX(s string) string {
	return regexp.MustCompile(`\\x[0-9a-f]{2}`).ReplaceAllStringFunc(s, func(m string) string {
		n, _ := strconv.ParseUint(m[2:], 16, 8)
		return string([]byte{byte(n)})
	})
}

// TestHostileTerminalServerKilled: the whole terminal goes away under a
// running wizard (the tmux server is killed: every pty closes at once).
// pickup ends by itself within seconds, lock released, nothing written;
// it never lives on as an orphan spinning on a dead terminal.
func TestHostileTerminalServerKilled(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, state := project(t, 2*time.Hour, "PAUSE", "development")
	orig := testkit.Read(t, state)
	for _, screen := range []string{"options", "review"} {
		p := startPane(t, 100, 30, dir, nil, dir)
		p.waitFor("What do you want to do?", "2. REVIEW")
		if screen == "review" {
			p.keys("2")
			p.waitFor("Detailed progress")
		}
		pid := lockOwner(t, state)
		_ = exec.Command("tmux", "-L", p.sock, "kill-server").Run()
		gone(t, pid, 10*time.Second, screen+", the terminal gone")
		if testkit.Read(t, state) != orig {
			t.Fatalf("%s: the state file changed", screen)
		}
		noLeftovers(t, state, ".session-state.yaml")
	}
}

// stuckProgram is a wizard whose event loop never comes back (a layout
// that does not end): Send and Kill are noted, and change nothing.
type stuckProgram struct {
	mu          sync.Mutex
	sent, kills int
}

func (p *stuckProgram) Send(tea.Msg) { p.mu.Lock(); p.sent++; p.mu.Unlock() }
func (p *stuckProgram) Kill()        { p.mu.Lock(); p.kills++; p.mu.Unlock() }

// TestHostileSignalEndsAWizardThatWillNotStop: SIGTERM while the wizard
// is stuck (a state file that makes a layout take for ever): asked to
// stop, then killed, and when even that does not end it, pickup puts the
// terminal back itself and exits 143. It never keeps running.
func TestHostileSignalEndsAWizardThatWillNotStop(t *testing.T) {
	testkit.Swap(t, &stopGrace, 50*time.Millisecond)
	testkit.Swap(t, &killGrace, 50*time.Millisecond)
	codes := make(chan int, 1)
	c := &signalCatcher{ch: make(chan os.Signal, 4), done: make(chan struct{}), exit: func(code int) { codes <- code }}
	go c.loop()
	defer close(c.done)
	p := &stuckProgram{}
	restored := make(chan bool, 1)
	c.watch(p, func() { restored <- true })
	c.ch <- syscall.SIGTERM
	select {
	case code := <-codes:
		if code != 143 {
			t.Fatalf("exit %d, want 143", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a wizard that does not stop keeps pickup running after SIGTERM")
	}
	select {
	case <-restored:
	default:
		t.Fatal("the terminal was not put back")
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.sent != 1 || p.kills != 1 {
		t.Fatalf("Stop sent %d times, Kill %d times; want once each", p.sent, p.kills)
	}
	// Without a wizard (loading, or after it), a signal ends pickup at
	// once.
	c.end(false)
	c.ch <- syscall.SIGHUP
	select {
	case code := <-codes:
		if code != 129 {
			t.Fatalf("exit %d, want 129", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a signal with no wizard on screen did not end pickup")
	}
}

// slowTitle is an AIOS project whose epic title is 1 MB with no space:
// wrapping it used to take time growing with the square of its length.
func slowTitle(t *testing.T) (dir, state string) {
	t.Helper()
	dir, state = project(t, 2*time.Hour, "PAUSE", "development")
	testkit.Write(t, state, strings.Replace(testkit.Read(t, state), "title: Authentication System", "title: "+strings.Repeat("x", 1<<20), 1))
	return dir, state
}

// panePID is the pid of pickup in p (the pane's shell runs it).
func panePID(t *testing.T, p *pane) int {
	t.Helper()
	shell := strings.TrimSpace(p.tmux("list-panes", "-t", "main", "-F", "#{pane_pid}"))
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		out, _ := exec.Command("pgrep", "-P", shell, "-x", "pickup").Output()
		if pid, err := strconv.Atoi(strings.TrimSpace(string(out))); err == nil {
			return pid
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no pickup under the pane's shell %s", shell)
	return 0
}

// gone waits up to d for pid to end; on failure it kills it and fails.
func gone(t *testing.T, pid int, d time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(d)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			out, _ := exec.Command("ps", "-o", "pid,stat,pcpu,etime,args", "-p", strconv.Itoa(pid)).CombinedOutput()
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("%s: pickup still runs after %s:\n%s", what, d, out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestHostileLongTitleSignalAndHangup: a 1 MB title with no space. The
// wizard draws it at once; SIGTERM during its first layout ends it (143,
// terminal restored); killing the whole terminal (the tmux server)
// during that layout ends it too, never leaving it spinning.
func TestHostileLongTitleSignalAndHangup(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, _ := slowTitle(t)
	p := startPane(t, 100, 30, dir, nil, dir)
	pid := panePID(t, p)
	time.Sleep(300 * time.Millisecond) // inside its first layout
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	gone(t, pid, 10*time.Second, "SIGTERM during the first layout")
	if code := p.exit(); code != 143 {
		t.Fatalf("exit %d, want 143", code)
	}

	p = startPane(t, 100, 30, dir, nil, dir)
	pid = panePID(t, p)
	time.Sleep(300 * time.Millisecond)
	_ = exec.Command("tmux", "-L", p.sock, "kill-server").Run()
	gone(t, pid, 10*time.Second, "the terminal gone during the first layout")

	p = startPane(t, 100, 30, dir, nil, dir)
	p.waitFor("What do you want to do?")
	p.quit()
}
