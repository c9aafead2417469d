package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// filesOf is every file and folder under the roots, but .git and
// pickup's own log, with its mode and bytes: equal before a write and
// after its undo means the undo was byte for byte (modes included).
func filesOf(t *testing.T, roots ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == fsx.OwnDir) {
				return filepath.SkipDir
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			v := info.Mode().String()
			if info.Mode().IsRegular() {
				data, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				v += " " + string(data)
			}
			out[p] = v
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func sameFiles(t *testing.T, what string, want, got map[string]string) {
	t.Helper()
	if reflect.DeepEqual(want, got) {
		return
	}
	for k, v := range want {
		if g, ok := got[k]; !ok {
			t.Errorf("%s: %s is missing", what, k)
		} else if g != v {
			t.Errorf("%s: %s differs:\n got %.200q\nwant %.200q", what, k, g, v)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: %s should not be there", what, k)
		}
	}
}

// undoCase is one write of one format: run makes it (the project, the
// extra arguments and the folders it may change).
type undoCase struct {
	name  string
	setup func(t *testing.T) (dir string, args []string, roots []string)
	// args of the resume (after the setup's own)
	choice string
}

func undoCases() []undoCase {
	aios := func(t *testing.T) (string, []string, []string) {
		dir := t.TempDir()
		testkit.Write(t, filepath.Join(dir, ".aios", ".session-state.yaml"), testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml")))
		os.Chmod(filepath.Join(dir, ".aios", ".session-state.yaml"), 0o640)
		return dir, nil, []string{dir}
	}
	kiln := func(claude bool) func(t *testing.T) (string, []string, []string) {
		return func(t *testing.T) (string, []string, []string) {
			e := kilnFixture(t, "execution", claude)
			return e.project, []string{"--claude-home", e.home}, []string{e.project, e.home}
		}
	}
	bookforge := func(t *testing.T) (string, []string, []string) {
		dir := bookforgeProject(t, "real")
		return dir, nil, []string{dir}
	}
	design := func(t *testing.T) (string, []string, []string) {
		dir := designProject(t, "spec_example")
		return dir, nil, []string{dir}
	}
	atelier := func(t *testing.T) (string, []string, []string) {
		dir := designProject(t, "atelier")
		doc := pickup(t, dir, "status", "--source", "atelier", "--json").want(t, 0).json(t)
		for _, s := range doc["sessions"].([]any) {
			if m := s.(map[string]any); strings.HasSuffix(m["path"].(string), "state.json") {
				return dir, []string{"--session", m["id"].(string)}, []string{dir}
			}
		}
		t.Fatal("no atelier state.json session")
		return "", nil, nil
	}
	crucible := func(t *testing.T) (string, []string, []string) {
		w := crucibleWorld(t, "main")
		return w.project, []string{"--claude-home", w.home}, []string{w.project, w.home}
	}
	// The restore's safety checkpoint stays in crucible's shadow
	// repository (its history, as crucible keeps every checkpoint): the
	// undo is byte for byte in the project and the pipeline's files.
	crucibleHalfDone := func(t *testing.T) (string, []string, []string) {
		w := crucibleWorld(t, "main")
		testkit.Write(t, filepath.Join(w.project, "src", "auth.go"), "package src // half-done\n")
		return w.project, []string{"--claude-home", w.home}, []string{w.project, w.scratch}
	}
	return []undoCase{
		{"aios restart", aios, "restart"},
		{"aios discard", aios, "discard"},
		{"kiln restart", kiln(false), "restart"},
		{"kiln continue", kiln(false), "continue"},
		{"kiln discard", kiln(false), "discard"},
		{"kiln discard in the Claude home", kiln(true), "discard"},
		{"bookforge restart", bookforge, "restart"},
		{"bookforge discard", bookforge, "discard"},
		{"design restart", design, "restart"},
		{"design continue", design, "continue"},
		{"design discard", design, "discard"},
		{"atelier discard", atelier, "discard"},
		{"crucible restart", crucible, "restart"},
		{"crucible discard", crucible, "discard"},
		{"crucible checkpoint restore", crucibleHalfDone, "continue"},
	}
}

// Every write of every format is taken back byte for byte by pickup
// undo --yes, and a second undo redoes it, byte for byte too.
func TestUndoEveryFormat(t *testing.T) {
	for _, c := range undoCases() {
		t.Run(c.name, func(t *testing.T) {
			dir, args, roots := c.setup(t)
			before := filesOf(t, roots...)
			m := pickup(t, dir, append(args, "resume", "--choice", c.choice, "--yes", "--json")...).want(t, exitOK).json(t)
			if m["undo"] != "pickup undo "+dir {
				t.Fatalf("the decision does not name the undo: %v", m)
			}
			after := filesOf(t, roots...)
			if reflect.DeepEqual(before, after) {
				t.Fatal("the choice wrote nothing")
			}
			// Without --yes: what it would do, nothing written.
			r := pickup(t, dir, "undo").want(t, exitOK)
			if !strings.Contains(r.stdout, "Would undo operation 1") || !strings.Contains(r.stderr, "--yes") {
				t.Fatalf("undo without --yes:\n%s\n%s", r.stdout, r.stderr)
			}
			sameFiles(t, "undo without --yes", after, filesOf(t, roots...))

			u := pickup(t, dir, "undo", "--yes", "--json").want(t, exitOK).json(t)
			if u["done"] != true || u["operation"].(map[string]any)["id"] != 1.0 {
				t.Fatalf("undo: %v", u)
			}
			sameFiles(t, "after undo", before, filesOf(t, roots...))

			pickup(t, dir, "undo", "--yes").want(t, exitOK)
			sameFiles(t, "after the undo of the undo", after, filesOf(t, roots...))
		})
	}
}

// A file changed since the operation refuses the undo (exit 5, naming
// it), and nothing is written; so does an archive's old place taken.
func TestUndoRefusedAfterAnEdit(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, ".aios", ".session-state.yaml")
	testkit.Write(t, state, testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml")))
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	edited := testkit.Read(t, state) + "# my edit\n"
	testkit.Write(t, state, edited)
	m := pickup(t, dir, "undo", "--yes", "--json").want(t, exitBlocked).json(t)
	if m["blocked"] != true || m["path"] != state || !strings.Contains(m["reason"].(string), "changed since operation 1") {
		t.Fatalf("%v", m)
	}
	r := pickup(t, dir, "undo", "--yes").want(t, exitBlocked)
	if !strings.Contains(r.stderr, state+": changed since operation 1 wrote it; nothing was undone") {
		t.Fatalf("stderr %q", r.stderr)
	}
	if testkit.Read(t, state) != edited {
		t.Fatal("the edit was overwritten")
	}

	dir = t.TempDir()
	state = filepath.Join(dir, ".aios", ".session-state.yaml")
	testkit.Write(t, state, testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml")))
	m = pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	testkit.Write(t, state, "a new session\n")
	m = pickup(t, dir, "undo", "--yes", "--json").want(t, exitBlocked).json(t)
	if m["path"] != state || !strings.Contains(m["reason"].(string), "old place is taken") {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, state) != "a new session\n" {
		t.Fatal("the new file was overwritten")
	}
}

func TestUndoList(t *testing.T) {
	dir := t.TempDir()
	r := pickup(t, dir, "undo", "--list").want(t, exitNoSession)
	if !strings.Contains(r.stdout, "pickup has written nothing here") {
		t.Fatalf("empty log: %q", r.stdout)
	}
	pickup(t, dir, "undo", "--yes").want(t, exitNoSession)
	testkit.Write(t, filepath.Join(dir, ".aios", ".session-state.yaml"), testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml")))
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	pickup(t, dir, "undo", "--yes").want(t, exitOK)

	r = pickup(t, dir, "undo", "--list").want(t, exitOK)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "undo of operation 1") || !strings.Contains(lines[1], "RESTART · aios") {
		t.Fatalf("list:\n%s", r.stdout)
	}
	m := pickup(t, dir, "undo", "--list", "--json").want(t, exitOK).json(t)
	ops := m["operations"].([]any)
	if m["format_version"] != 1.0 || m["project"] != dir || len(ops) != 2 {
		t.Fatalf("%v", m)
	}
	first, second := ops[0].(map[string]any), ops[1].(map[string]any)
	if first["id"] != 2.0 || first["undoes"] != 1.0 || second["id"] != 1.0 || second["choice"] != "restart" || second["state"] != "done" {
		t.Fatalf("%v", ops)
	}
	step := second["steps"].([]any)[0].(map[string]any)
	if step["kind"] != "replace" || step["path"] != filepath.Join(dir, ".aios", ".session-state.yaml") || len(step["before"].(string)) != 64 {
		t.Fatalf("step %v", step)
	}
	// From a folder inside the project, the project's log is found.
	sub := filepath.Join(dir, ".aios")
	if m := pickup(t, sub, "undo", "--list", "--json").want(t, exitOK).json(t); m["project"] != dir {
		t.Fatalf("from a subfolder: %v", m["project"])
	}
}

// The log never vetoes a restart: .pickup holds a .gitignore of "*".
func TestUndoLogNeverVetoes(t *testing.T) {
	dir := t.TempDir()
	testkit.Write(t, filepath.Join(dir, ".aios", ".session-state.yaml"), testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml")))
	testkit.Write(t, filepath.Join(dir, ".gitignore"), "")
	testkit.Commit(t, dir, "init")
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	testkit.Git(t, dir, nil, "commit", "-qam", "restarted")
	if st := testkit.Git(t, dir, nil, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Fatalf("git sees the log: %q", st)
	}
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
}

// A hook install is one operation: undo takes the settings file back.
func TestUndoHookInstall(t *testing.T) {
	dir := t.TempDir()
	settings := filepath.Join(dir, ".claude", "settings.json")
	body := "{\n  \"model\": \"opus\"\n}\n"
	testkit.Write(t, settings, body)
	pickup(t, dir, "hook", "install", "--agent", "claude", "--scope", "project").want(t, exitOK)
	if testkit.Read(t, settings) == body {
		t.Fatal("install wrote nothing")
	}
	pickup(t, dir, "undo", "--yes").want(t, exitOK)
	if testkit.Read(t, settings) != body {
		t.Fatalf("settings after undo:\n%s", testkit.Read(t, settings))
	}
}

// A .pickup someone planted (a link to elsewhere) is refused: nothing is
// written, there or in the project.
func TestUndoPlantedLogRefused(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	state := filepath.Join(dir, ".aios", ".session-state.yaml")
	body := testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml"))
	testkit.Write(t, state, body)
	testkit.Symlink(t, elsewhere, filepath.Join(dir, fsx.OwnDir))
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes")
	if r.code == exitOK || !strings.Contains(r.stdout+r.stderr, "symbolic link") {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if testkit.Read(t, state) != body {
		t.Fatal("written with a planted log")
	}
	if names, _ := os.ReadDir(elsewhere); len(names) != 0 {
		t.Fatalf("wrote into the link's target: %v", names)
	}
	pickup(t, dir, "undo", "--list").want(t, exitError)
}
