package main

import (
	"regexp"

	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func TestUnknownCommandSuggests(t *testing.T) {
	dir := t.TempDir()
	r := pickup(t, dir, "stauts").want(t, exitUsage)
	if !strings.Contains(r.stderr, `pickup: unknown command "stauts" (did you mean "status"?)`) || r.stdout != "" {
		t.Fatalf("stdout %q stderr %q", r.stdout, r.stderr)
	}
	r = pickup(t, dir, "zzzzzz").want(t, exitUsage)
	if !strings.Contains(r.stderr, `unknown command "zzzzzz"`) || strings.Contains(r.stderr, "did you mean") {
		t.Fatalf("stderr %q", r.stderr)
	}
	// A word that is a folder is the project, not a command.
	if err := os.Mkdir(filepath.Join(dir, "stauts"), 0o755); err != nil {
		t.Fatal(err)
	}
	r = pickup(t, dir, "stauts")
	if r.code == exitUsage || strings.Contains(r.stderr, "unknown command") {
		t.Fatalf("a folder named like a command: exit %d stderr %q", r.code, r.stderr)
	}
	// The same for a subcommand, a flag and a count of arguments, each
	// in words, with the help of the command at hand.
	for args, want := range map[string]string{
		"hook instal":   `pickup: unknown command "instal" for hook (did you mean "install"?)` + "\nRun 'pickup hook --help' for usage.\n",
		"status --jsno": "pickup: unknown flag --jsno (did you mean --json?)\nRun 'pickup status --help' for usage.\n",
		"--sesion x":    "pickup: unknown flag --sesion (did you mean --session?)\nRun 'pickup --help' for usage.\n",
		"status a b":    "pickup: status takes at most 1 argument ([DIR]), not 2\nRun 'pickup status --help' for usage.\n",
		"design":        "pickup: design takes 1 or 2 arguments (FEATURE [DIR]), not 0\nRun 'pickup design --help' for usage.\n",
		"diff a":        "pickup: diff takes 2 arguments (ORIGINAL REPLAY), not 1\nRun 'pickup diff --help' for usage.\n",
	} {
		if r := pickup(t, dir, strings.Fields(args)...).want(t, exitUsage); r.stderr != want {
			t.Errorf("pickup %s:\n%s\nwant:\n%s", args, r.stderr, want)
		}
	}
	// A path that does not exist is still a missing folder.
	r = pickup(t, dir, "./nope").want(t, exitUsage)
	if strings.Contains(r.stderr, "unknown command") || !strings.Contains(r.stderr, "nope") {
		t.Fatalf("stderr %q", r.stderr)
	}
}

func TestVersionIsNeverUnknown(t *testing.T) {
	r := pickup(t, t.TempDir(), "--version").want(t, exitOK)
	if !strings.HasPrefix(r.stdout, "pickup ") || strings.Contains(strings.ToLower(r.stdout), "unknown") || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("--version %q", r.stdout)
	}
	// The test binary is built without VCS stamps (GOFLAGS may say
	// -buildvcs=false): it says so, with the Go version.
	if info, ok := debug.ReadBuildInfo(); ok && !strings.Contains(r.stdout, info.GoVersion) && !strings.Contains(r.stdout, "v") {
		t.Fatalf("--version %q names neither a version nor %s", r.stdout, info.GoVersion)
	}
}

func TestVersionOf(t *testing.T) {
	vcs := func(v string, kv ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{GoVersion: "go1.26.8"}
		info.Main.Version = v
		for i := 0; i+1 < len(kv); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return info
	}
	for _, c := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{vcs("v1.4.0"), "v1.4.0"},
		{vcs("(devel)", "vcs.revision", "3bbabd4fe97414785fa9e47099e17e29a65f8571", "vcs.time", "2026-11-24T19:15:02Z", "vcs.modified", "false"),
			"(devel) 3bbabd4fe974 from 2026-11-24 19:15 UTC"},
		{vcs("v0.0.0-20261124191502-3bbabd4fe974+dirty", "vcs.revision", "3bbabd4fe97414785fa9e47099e17e29a65f8571", "vcs.time", "2026-11-24T19:15:02Z", "vcs.modified", "true"),
			"(devel) 3bbabd4fe974 from 2026-11-24 19:15 UTC, with uncommitted changes"},
		// Pseudo-versions name the commit and date, never themselves:
		// go install …@3bbabd4 after the tag v1.2.3 (no VCS stamps), and a
		// clone after the tag v1.2.0-rc.1 built with changes.
		{vcs("v1.2.4-0.20261124191502-3bbabd4fe974"), "(devel) 3bbabd4fe974 from 2026-11-24 19:15 UTC"},
		{vcs("v1.2.0-rc.1.0.20261124191502-3bbabd4fe974+dirty"), "(devel) 3bbabd4fe974 from 2026-11-24 19:15 UTC, with uncommitted changes"},
		{vcs("v0.0.0-20261124191502-3bbabd4fe974", "vcs.revision", "3bbabd4fe97414785fa9e47099e17e29a65f8571", "vcs.time", "2026-11-24T19:15:02Z"),
			"(devel) 3bbabd4fe974 from 2026-11-24 19:15 UTC"},
		// A version that only looks like one is kept as it is.
		{vcs("v1.3.0-beta-0000"), "v1.3.0-beta-0000"},
		{vcs("(devel)"), "(devel), built with go1.26.8 without version control information (not from a checkout, or -buildvcs=false)"},
		{nil, "(devel), built without module or version control information"},
	} {
		if got := versionOf(c.info, c.info != nil); got != c.want {
			t.Errorf("versionOf(%v) = %q, want %q", c.info, got, c.want)
		}
	}
}

// Every command's --help fits 80 columns, ends no line in spaces, gives
// short usage lines and puts the examples before the prose.
func TestHelpFits80Columns(t *testing.T) {
	dir := t.TempDir()
	commands := [][]string{{}, {"status"}, {"resume"}, {"demo"}, {"plan"}, {"artifacts"}, {"hook"}, {"hook", "install"},
		{"hook", "uninstall"}, {"design"}, {"diff"}, {"man"}, {"completion"}, {"completion", "bash"}}
	for _, c := range commands {
		r := pickup(t, dir, append(c, "--help")...).want(t, exitOK)
		for i, line := range strings.Split(r.stdout, "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%v --help line %d is %d columns: %q", c, i+1, n, line)
			}
			if strings.TrimRight(line, " \t") != line {
				t.Errorf("%v --help line %d ends in spaces: %q", c, i+1, line)
			}
		}
		if strings.Contains(r.stdout, "\x1b[") {
			t.Errorf("%v --help: escape sequences when piped", c)
		}
	}
	r := pickup(t, dir, "--help").want(t, exitOK)
	ex, prose, usage := strings.Index(r.stdout, "Examples\n"), strings.Index(r.stdout, "pickup opens the project"), strings.Index(r.stdout, "Usage\n")
	if usage < 0 || ex < usage || prose < ex {
		t.Fatalf("usage at %d, examples at %d, prose at %d:\n%s", usage, ex, prose, r.stdout)
	}
	for _, want := range []string{"  resume [DIR]  ", "  status [DIR]  ", "  design FEATURE [DIR]  ", "  completion  ", "  diff ORIGINAL REPLAY  ", "  man  "} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--help lacks the usage %q", want)
		}
	}
	r = pickup(t, dir, "resume", "--help").want(t, exitOK)
	if !strings.Contains(r.stdout, "Usage\n  pickup resume [DIR] [flags]\n") {
		t.Fatalf("resume --help:\n%s", r.stdout)
	}
}

func TestManPageHasExitCodesAndEnvironment(t *testing.T) {
	r := pickup(t, t.TempDir(), "man").want(t, exitOK)
	for _, want := range []string{".TH PICKUP 1", ".SH EXIT STATUS", ".SH ENVIRONMENT", "no session found", "NO_COLOR", "CLAUDE_HOME", "XDG_RUNTIME_DIR", "resume", "--session", "walks you through CONTINUE"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("man page lacks %q", want)
		}
	}
}

// complete asks the binary for the completions of args, as a shell's
// completion script does, and returns the values (descriptions dropped).
func complete(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	r := pickup(t, dir, append([]string{"__complete"}, args...)...).want(t, exitOK)
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if strings.HasPrefix(line, ":") {
			continue
		}
		v, _, _ := strings.Cut(line, "\t")
		out = append(out, v)
	}
	return out
}

func TestCompletionValues(t *testing.T) {
	dir, _ := project(t, time.Hour, "GO", "development")
	want := []string{"continue", "review", "restart", "discard"}
	for _, args := range [][]string{{"resume", "--choice", ""}, {"--choice", ""}} {
		if got := complete(t, dir, args...); !slices.Equal(got, want) {
			t.Errorf("%v: %v, want %v", args, got, want)
		}
	}
	if got := complete(t, dir, "status", "--source", ""); !slices.Equal(got, sourceNames()) {
		t.Errorf("--source: %v, want %v", got, sourceNames())
	}
	id := pickup(t, dir, "status", "--json").json(t)["sessions"].([]any)[0].(map[string]any)["id"].(string)
	for _, args := range [][]string{{"status", "--session", ""}, {"resume", "--session", ""}, {"artifacts", "--session", ""}, {"--session", ""}} {
		if got := complete(t, dir, args...); !slices.Equal(got, []string{id}) {
			t.Errorf("%v: %v, want [%s]", args, got, id)
		}
	}
	// A project named on the command line is where the ids come from.
	if got := complete(t, t.TempDir(), "status", dir, "--session", ""); !slices.Equal(got, []string{id}) {
		t.Errorf("status DIR --session: %v, want [%s]", got, id)
	}
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		if r := pickup(t, dir, "completion", sh).want(t, exitOK); !strings.Contains(r.stdout, "pickup") {
			t.Errorf("completion %s: %q", sh, r.stdout[:min(len(r.stdout), 80)])
		}
	}
}

// pickup status is compact: a block of two or three lines per session,
// archived history in one line.
// --long is every session in full.
func TestStatusCompactOnTheDemo(t *testing.T) {
	project, home := demoWorld(t)
	ss := sessionsOf(t, pickup(t, project, "status", "--json", "--claude-home", home).want(t, exitOK))
	live, archived := 0, ""
	for _, s := range ss {
		if s.archived {
			archived = s.id
		} else {
			live++
		}
	}
	r := pickup(t, project, "status", "--claude-home", home).want(t, exitOK)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) > 3*live+1 {
		t.Errorf("%d lines for %d sessions, more than three each:\n%s", len(lines), live, r.stdout)
	}
	if last := lines[len(lines)-1]; last != "+ 3 archived sessions: pickup status --long lists them" {
		t.Errorf("last line %q", last)
	}
	var blocks []int
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "  ") {
			blocks = append(blocks, 0)
		}
		blocks[len(blocks)-1]++
		if utf8.RuneCountInString(l) > 100 {
			t.Errorf("line of %d columns: %q", utf8.RuneCountInString(l), l)
		}
	}
	if len(blocks) != live {
		t.Errorf("%d blocks for %d live sessions:\n%s", len(blocks), live, r.stdout)
	}
	for i, n := range blocks {
		if n < 2 || n > 3 {
			t.Errorf("block %d has %d lines:\n%s", i+1, n, r.stdout)
		}
	}
	if !strings.Contains(r.stdout, "aios 5939d98f8774  crashed 2 hours ago · Authentication System / story 12.3\n") {
		t.Errorf("the AIOS block:\n%s", r.stdout)
	}
	long := pickup(t, project, "status", "--long", "--claude-home", home).want(t, exitOK).stdout
	if n := strings.Count(long, "\n[") + 1; n != len(ss) || strings.Count(long, "(archived)") != 3 {
		t.Errorf("--long lists %d sessions of %d:\n%s", n, len(ss), long)
	}
	// An archived session asked for by id is shown, not counted.
	one := pickup(t, project, "status", "--session", archived, "--claude-home", home).want(t, exitOK).stdout
	if !strings.Contains(one, archived+"  archived") || strings.Contains(one, "archived sessions") || strings.Count(one, "\n") > 3 {
		t.Errorf("--session %s:\n%s", archived, one)
	}
}

// --session means the same in every command that opens a session: an
// id or a unique prefix picks that one session (archived included), no
// match is exit 3, an ambiguous prefix exit 2; the hook, which always
// exits 0, narrows its summary the same way; commands that open no
// session refuse it.
func TestSessionFlagEverywhere(t *testing.T) {
	project, home := demoWorld(t)
	run := func(args ...string) result {
		return pickup(t, project, append(args, "--claude-home", home)...)
	}
	const aios, book = "5939d98f8774", "efdbbd9cab06"
	idOf := func(r result, path ...string) string {
		var v any = r.json(t)
		for _, k := range path {
			switch m := v.(type) {
			case map[string]any:
				v = m[k]
			case []any:
				if len(m) != 1 {
					t.Fatalf("%d sessions at %s, want 1: %s", len(m), k, r.stdout)
				}
				v = m[0].(map[string]any)[k]
			}
		}
		s, _ := v.(string)
		return s
	}
	for _, c := range []struct {
		args []string
		id   string
		path []string
	}{
		{[]string{"status", "--json"}, aios, []string{"sessions", "id"}},
		{[]string{"resume", "--choice", "continue", "--json"}, aios, []string{"session", "id"}},
		{[]string{"artifacts", "--json"}, aios, []string{"sessions", "id"}},
		{[]string{"plan", "--json"}, book, []string{"session", "id"}},
		{[]string{"--choice", "continue", "--json"}, aios, []string{"session", "id"}},
	} {
		if got := idOf(run(append(c.args, "--session", strings.ToUpper(c.id[:4]))...).want(t, exitOK), c.path...); got != c.id {
			t.Errorf("%v --session %s: session %q", c.args, c.id[:4], got)
		}
		if r := run(append(c.args, "--session", "zzzz")...).want(t, exitNoSession); !strings.Contains(r.stderr, `no session with id "zzzz"`) {
			t.Errorf("%v --session zzzz: stderr %q", c.args, r.stderr)
		}
		// 547c750a9893 (atelier) and 5939d98f8774 (aios) both start "5".
		if r := run(append(c.args, "--session", "5")...).want(t, exitUsage); !strings.Contains(r.stderr, `session id "5" is ambiguous`) {
			t.Errorf("%v --session 5: stderr %q", c.args, r.stderr)
		}
	}
	// Without a terminal the wizard prints that session alone, in full.
	if r := run("--session", aios[:6]).want(t, exitOK); strings.Count(r.stdout, "\n[") != 0 || !strings.HasPrefix(r.stdout, "[aios "+aios+"]") {
		t.Errorf("wizard --session: %q", r.stdout)
	}
	// The hook narrows its summary to the session, and still exits 0.
	h := run("hook", "--session", aios[:6]).want(t, exitOK)
	if !strings.Contains(h.stdout, "1 interrupted workflow") || !strings.Contains(h.stdout, aios) || strings.Contains(h.stdout, book) {
		t.Errorf("hook --session: %q", h.stdout)
	}
	if h := run("hook", "--session", "zzzz").want(t, exitOK); h.stdout != "" {
		t.Errorf("hook --session zzzz: %q", h.stdout)
	}
	for _, args := range [][]string{{"demo"}, {"man"}, {"hook", "install", "--agent", "claude"}, {"completion", "bash"}} {
		if r := run(append(args, "--session", aios)...).want(t, exitUsage); !strings.Contains(r.stderr, "--session does not apply") {
			t.Errorf("%v --session: stderr %q", args, r.stderr)
		}
	}
}

// The README names every command and every flag the program has, and
// every variable the man page's environment section lists; and it
// runs no command the program lacks.
func TestREADMEMatchesTheCommandLine(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	root := newApp(t.Context(), stdio{}).commands()
	root.InitDefaultCompletionCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		if !c.Runnable() && !c.HasSubCommands() {
			// A help topic: pickup help NAME.
			if !strings.Contains(text, "pickup help "+c.Name()) {
				t.Errorf("README does not name pickup help %s", c.Name())
			}
			return
		}
		name := c.CommandPath()
		if c.HasParent() && c.Parent().Name() == "completion" {
			name = c.Name() // the shells, listed once
		}
		if c.HasParent() && !strings.Contains(text, name) {
			t.Errorf("README does not name %q", name)
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden || f.Name == "help" || c.HasParent() && c.Parent().Name() == "completion" {
				return
			}
			if !regexp.MustCompile(`[^\w-]--` + regexp.QuoteMeta(f.Name) + `\b`).MatchString(text) {
				t.Errorf("README does not name %s's flag --%s", c.CommandPath(), f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, line := range strings.Split(environmentText, "\n") {
		if !strings.HasPrefix(line, "  ") || strings.HasPrefix(line, "   ") {
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(line), "  ")
		for _, v := range strings.Split(first, ", ") {
			v, _, _ = strings.Cut(v, "=")
			if !strings.Contains(text, "`"+v) {
				t.Errorf("README's environment lacks %s", v)
			}
		}
	}
	// Every command the README's shell blocks run is one.
	for _, block := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(text, -1) {
		for _, m := range regexp.MustCompile(`(?m)(?:^|\$\(|\| )pickup ([a-z][a-z-]*)`).FindAllStringSubmatch(block[1], -1) {
			if c, _, err := root.Find([]string{m[1]}); m[1] != "help" && (err != nil || c == root) {
				t.Errorf("README runs pickup %s: no such command", m[1])
			}
		}
	}
}
