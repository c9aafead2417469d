package quickline

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/textsafe"
)

func TestProjectsClimbToTheWorkTreeOrTheProjectVariable(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	cands, where := Projects(Input{Cwd: deep}, ClaudeProjectEnv)
	if want := []string{deep, filepath.Join(root, "a"), root}; !slices.Equal(cands, want) || where != deep {
		t.Errorf("cands %v where %q, want %v", cands, where, want)
	}
	t.Setenv("CLAUDE_PROJECT_DIR", filepath.Join(root, "a"))
	if cands, _ := Projects(Input{Cwd: deep}, ClaudeProjectEnv); !slices.Equal(cands, []string{deep, filepath.Join(root, "a")}) {
		t.Errorf("with the project variable: %v", cands)
	}
	// A relative or missing cwd is not used: the variable's folder is.
	if cands, _ := Projects(Input{Cwd: "a/b", Roots: []string{filepath.Join(root, "nope")}}, ClaudeProjectEnv); !slices.Equal(cands, []string{filepath.Join(root, "a")}) {
		t.Errorf("relative cwd: %v", cands)
	}
}

func TestWithinTakesWholeNames(t *testing.T) {
	for _, c := range []struct {
		root, p string
		want    bool
	}{{"/", "/x", true}, {"/a", "/a", true}, {"/a", "/a/b", true}, {"/a", "/ab", false}, {"/a/b", "/a", false}} {
		if got := within(c.root, c.p); got != c.want {
			t.Errorf("within(%q, %q) = %v", c.root, c.p, got)
		}
	}
}

// readInput uses the first JSON value at once, even when stdin stays
// open, and hands over every byte it read, then the rest of stdin; a
// value ScanInput leaves to encoding/json is handed over whole; a stdin
// that brings nothing within InputWait is given up, and an empty one
// handed over.
func TestReadInputHandsOverWhatItRead(t *testing.T) {
	pipe := func() (*os.File, *os.File) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close(); w.Close() })
		return r, w
	}
	r, w := pipe()
	const sent = `{"cwd":"/p","workspace":{"project_dir":"/q"},"cost":{"x":1}} trailing`
	if _, err := w.WriteString(sent); err != nil {
		t.Fatal(err)
	}
	taken = nil
	in, ok := readInput(r)
	if !ok || in.Cwd != "/p" || in.Project != "/q" {
		t.Fatalf("input %+v ok %v", in, ok)
	}
	if _, err := w.WriteString(" and more"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if got, _ := io.ReadAll(Stdin()); string(got) != sent+" and more" {
		t.Errorf("handed over %q, sent %q", got, sent+" and more")
	}

	// An escape in a field: left to encoding/json, with every byte.
	r, w = pipe()
	escaped := `{"cwd":"/p\u00e9","model":{"id":"x"}}`
	if _, err := w.WriteString(escaped); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if _, ok := readInput(r); ok {
		t.Fatal("an escaped cwd was read")
	}
	if got, _ := io.ReadAll(Stdin()); string(got) != escaped {
		t.Errorf("handed over %q, sent %q", got, escaped)
	}

	r, _ = pipe()
	start := time.Now()
	if _, ok := readInput(r); ok {
		t.Fatal("a stdin that brought nothing gave an input")
	}
	if waited := time.Since(start); waited < InputWait {
		t.Errorf("gave up after %v", waited)
	}
	if got, _ := io.ReadAll(Stdin()); len(got) != 0 {
		t.Errorf("handed over %q", got)
	}
}

func TestCacheLinesRoundTripAndDamagedLinesAreSkipped(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	answers := []Answer{{Key: "k1", Line: "one", Seen: []Seen{{Path: "/x", Size: -1}}}, {Key: "k2", Line: "two"}}
	data := CacheBytes(answers)
	dir := filepath.Join(os.Getenv("XDG_STATE_HOME"), "pickup")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	damaged := "k0 1 2 \"not closed\nk3 1 2 \"x\" 0 1 5\n"
	if err := os.WriteFile(filepath.Join(dir, CacheFile), []byte(damaged+string(data)), 0o600); err != nil {
		t.Fatal(err)
	}
	all := ReadCache()
	if len(all) != 2 || all[0].Key != "k1" || all[1].Line != "two" || len(all[0].Seen) != 1 {
		t.Fatalf("read %+v", all)
	}
	if _, ok := Lookup("k0"); ok {
		t.Error("a line that does not parse was given")
	}
	if ans, ok := Lookup("k2"); !ok || ans.Line != "two" {
		t.Errorf("k2: %+v %v", ans, ok)
	}
}

func TestHoldsOnlyWhileTheStampsAndTheTimeDo(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(f, []byte("a"), 0o600); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	ans := Answer{Made: now.Add(-time.Second).UnixNano(), Expires: now.Add(time.Minute).UnixNano(), Seen: []Seen{SeenOf(f), SeenOf(f + ".missing")}}
	if !ans.Holds(now) {
		t.Fatal("a fresh answer does not hold")
	}
	if ans.Holds(now.Add(time.Minute)) || ans.Holds(now.Add(-2*time.Second)) {
		t.Error("held when expired, or before it was made")
	}
	if err := os.WriteFile(f+".missing", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if ans.Holds(now) {
		t.Error("held after a file it saw missing appeared")
	}
}

// The key follows every argument and variable but the shell's "_", in
// any order.
func TestKeyFollowsTheQuestionButNotTheShellsUnderscore(t *testing.T) {
	q := Question{Args: []string{"statusline"}, Env: []string{"A=1", "_=/usr/bin/pickup", "B=2"}, Wd: "/w", Cands: []string{"/w"}}
	same := q
	same.Env = []string{"B=2", "A=1", "_=/home/u/bin/pickup"}
	if q.Key() != same.Key() {
		t.Error("the key moved with the order of the environment or with _")
	}
	for _, other := range []Question{
		{Args: []string{"statusline", "--lang", "pt-BR"}, Env: q.Env, Wd: q.Wd, Cands: q.Cands},
		{Args: q.Args, Env: []string{"A=1", "B=3"}, Wd: q.Wd, Cands: q.Cands},
		{Args: q.Args, Env: q.Env, Wd: "/v", Cands: q.Cands},
		{Args: q.Args, Env: q.Env, Wd: q.Wd, Cands: []string{"/w", "/"}},
		{Args: q.Args, Env: q.Env, Wd: q.Wd, Cands: q.Cands, Interactive: true},
		{Args: q.Args, Env: q.Env, Wd: q.Wd, Cands: q.Cands, Exe: Seen{Path: "/p", Size: 1}},
	} {
		if other.Key() == q.Key() {
			t.Errorf("%+v has the same key as %+v", other, q)
		}
	}
}

// A line the early answer prints as it is would be shown unchanged by
// internal/textsafe, which every other output goes through.
func TestInertLinesAreWhatTextsafeShowsAsTheyAre(t *testing.T) {
	cases := []string{"crucible · Phase 3 · Dispatches 9/10 · running 20m", "kiln · build · Fatias 2/4 · pausado 2h", "日本語 ✓ 🎉", "a\tb", "a\nb", "a\rb", "\x1b[2J", "a\x7f", "\u0085", "\u202e", "\u200b", "\ufeff", "\u2028", "\U000e0041", "\xff", "ok\xc3"}
	for r := rune(0); r < 0x3000; r++ {
		cases = append(cases, "x"+string(r)+"y")
	}
	for _, s := range cases {
		if inert(s) && !textsafe.Safe(s) {
			t.Errorf("%q is inert but textsafe would change it", s)
		}
	}
	for _, s := range cases[:3] {
		if !inert(s) {
			t.Errorf("%q is not inert", s)
		}
	}
}
