package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// demoWorld unpacks the demo (one session of every format, archived
// history, a git repository) and returns its project and Claude home.
func demoWorld(t *testing.T) (project, home string) {
	t.Helper()
	r := pickup(t, t.TempDir(), "demo", "--keep").want(t, exitOK)
	m := regexp.MustCompile(`kept at (\S+)`).FindStringSubmatch(r.stderr)
	if m == nil {
		t.Fatalf("stderr %q", r.stderr)
	}
	project = m[1]
	t.Cleanup(func() { os.RemoveAll(filepath.Dir(project)) })
	return project, filepath.Join(filepath.Dir(project), "claude-home")
}

type statusSession struct {
	id, source, path, updated string
	archived                  bool
}

func sessionsOf(t *testing.T, r result) []statusSession {
	t.Helper()
	var out []statusSession
	for _, s := range r.json(t)["sessions"].([]any) {
		m := s.(map[string]any)
		ss := statusSession{id: m["id"].(string), source: m["source"].(string), path: m["path"].(string)}
		ss.archived, _ = m["archived"].(bool)
		ss.updated, _ = m["last_updated"].(string)
		out = append(out, ss)
	}
	return out
}

// One pass finds every session of every format, archived history
// included, newest first; --source narrows it.
func TestDiscoveryAllFormats(t *testing.T) {
	project, home := demoWorld(t)
	ss := sessionsOf(t, pickup(t, project, "status", "--json", "--claude-home", home).want(t, exitOK))
	sources := map[string]int{}
	archived := map[string]int{}
	for _, s := range ss {
		sources[s.source]++
		if s.archived {
			archived[s.source]++
		}
	}
	wantArchived := 0
	for _, f := range registeredFormats(t) {
		if sources[f.name] == 0 {
			t.Errorf("no %s session found: %v", f.name, sources)
		}
		if archived[f.name] != f.demoArchived {
			t.Errorf("%s: %d archived, want %d: %v", f.name, archived[f.name], f.demoArchived, archived)
		}
		wantArchived += f.demoArchived
	}
	if !sort.SliceIsSorted(ss, func(i, j int) bool { return ss[i].updated > ss[j].updated }) {
		t.Errorf("not newest first: %v", ss)
	}
	// The text status lists them all, archived ones marked.
	text := pickup(t, project, "status", "--long", "--claude-home", home).want(t, exitOK).stdout
	if n := strings.Count(text, "\n["); n+1 != len(ss) || strings.Count(text, "(archived)") != wantArchived {
		t.Fatalf("status text lists %d sessions, %d archived:\n%s", n+1, strings.Count(text, "(archived)"), text)
	}
	// --source narrows to the formats under the Claude home too.
	for _, spec := range sourceSpecs {
		if !spec.claudeHome {
			continue
		}
		src := spec.name
		only := sessionsOf(t, pickup(t, project, "status", "--json", "--source", src, "--claude-home", home).want(t, exitOK))
		if len(only) != sources[src] {
			t.Errorf("--source %s: %d sessions, want %d", src, len(only), sources[src])
		}
		for _, s := range only {
			if s.source != src {
				t.Errorf("--source %s gave %s", src, s.source)
			}
		}
	}
	// Without the Claude home, the sample's files there (a format's
	// files placed outside the project) are not there.
	for _, s := range sessionsOf(t, pickup(t, project, "status", "--json", "--claude-home", t.TempDir()).want(t, exitOK)) {
		for _, spec := range sourceSpecs {
			if spec.sample != nil && spec.sample.place != nil && s.source == spec.name {
				t.Fatalf("%s found without its Claude home", s.source)
			}
		}
	}
}

// The demo is the sample: several sessions, the AIOS one crashed two
// hours ago, and git with one uncommitted file for the veto.
func TestDemoWithoutTerminal(t *testing.T) {
	project, home := demoWorld(t)
	r := pickup(t, project, "status", "--long", "--claude-home", home).want(t, exitOK)
	wants := []string{"Authentication System", "The previous session crashed."}
	for _, s := range sourceSpecs {
		wants = append(wants, "["+s.name+" ")
	}
	for _, want := range wants {
		if !strings.Contains(r.stdout+strings.ReplaceAll(r.stdout, "! ", ""), want) {
			t.Errorf("status lacks %q:\n%s", want, r.stdout)
		}
	}
	// Without a terminal the demo prints the status, and says where the
	// Claude home is.
	d := pickup(t, t.TempDir(), "demo").want(t, exitOK)
	if !strings.Contains(d.stdout, "[aios ") || !strings.Contains(d.stdout, "[crucible ") {
		t.Fatalf("demo stdout %q", d.stdout)
	}
	var aios string
	for _, s := range sessionsOf(t, pickup(t, project, "status", "--json", "--claude-home", home)) {
		if s.source == "aios" {
			aios = s.id
		}
	}
	// Several sessions: a script must say which.
	r = pickup(t, project, "resume", "--choice", "continue", "--claude-home", home).want(t, exitUsage)
	if !strings.Contains(r.stderr, "choose one with --session ID") {
		t.Fatalf("stderr %q", r.stderr)
	}
	// The sample shows the veto: one uncommitted file.
	v := pickup(t, project, "resume", "--session", aios[:6], "--choice", "restart", "--yes", "--json", "--claude-home", home).want(t, exitBlocked).json(t)
	if files := v["files"].([]any); len(files) != 1 || files[0] != "src/auth/jwt-handler.js" {
		t.Fatalf("demo veto files %v", v["files"])
	}
}

// --session takes an id or a unique prefix, in any case; an ambiguous
// prefix is exit 2 naming every candidate; an unknown one is exit 3.
func TestSessionPrefixResolution(t *testing.T) {
	project, home := demoWorld(t)
	ss := sessionsOf(t, pickup(t, project, "status", "--json", "--claude-home", home).want(t, exitOK))
	byFirst := map[byte][]statusSession{}
	for _, s := range ss {
		byFirst[s.id[0]] = append(byFirst[s.id[0]], s)
	}
	// Ten ids over 16 hex digits share a first digit in almost every run;
	// the prefix is the longest common start of two of them.
	var group []statusSession
	for _, g := range byFirst {
		if len(g) > len(group) {
			group = g
		}
	}
	if len(group) < 2 {
		t.Skipf("no two ids share a first digit this run: %v", ss)
	}
	prefix := commonPrefix(group[0].id, group[1].id)
	for _, s := range group[2:] {
		prefix = commonPrefix(prefix, s.id)
	}
	r := pickup(t, project, "artifacts", "--session", prefix, "--claude-home", home).want(t, exitUsage)
	if !strings.Contains(r.stderr, "ambiguous") {
		t.Fatalf("stderr %q", r.stderr)
	}
	for _, s := range group {
		if !strings.Contains(r.stderr, s.id) || !strings.Contains(r.stderr, s.path) {
			t.Errorf("candidate %s (%s) not named: %q", s.id, s.path, r.stderr)
		}
	}

	for _, s := range ss {
		// A unique prefix (the shortest one), the whole id, and upper case.
		short := s.id[:1]
		for _, o := range ss {
			if o.id != s.id {
				for len(short) < len(s.id) && strings.HasPrefix(o.id, short) {
					short = s.id[:len(short)+1]
				}
			}
		}
		for _, q := range []string{short, s.id, strings.ToUpper(s.id[:max(len(short), 4)])} {
			m := pickup(t, project, "artifacts", "--json", "--session", q, "--claude-home", home).want(t, exitOK).json(t)
			got := m["sessions"].([]any)
			if len(got) != 1 || got[0].(map[string]any)["id"] != s.id {
				t.Errorf("--session %s: %v", q, got)
			}
		}
	}
	r = pickup(t, project, "artifacts", "--session", "zzzz", "--claude-home", home).want(t, exitNoSession)
	if !strings.Contains(r.stderr, "no session with id") {
		t.Fatalf("unknown id: %q", r.stderr)
	}
}

func commonPrefix(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}

// pickup artifacts lists, per source, the files the session refers to.
func TestArtifactsPerSource(t *testing.T) {
	project, home := demoWorld(t)
	m := pickup(t, project, "artifacts", "--json", "--claude-home", home).want(t, exitOK).json(t)
	kinds := map[string]map[string]int{}
	for _, s := range m["sessions"].([]any) {
		s := s.(map[string]any)
		if s["archived"] == true {
			t.Errorf("archived session listed without --session: %v", s["id"])
		}
		src := s["source"].(string)
		if kinds[src] == nil {
			kinds[src] = map[string]int{}
		}
		arts := s["artifacts"].([]any)
		if first := arts[0].(map[string]any); first["kind"] != "state" || first["path"] != s["path"] {
			t.Errorf("%s: the state file is not first: %v", src, first)
		}
		for _, a := range arts {
			a := a.(map[string]any)
			kinds[src][a["kind"].(string)]++
			if a["exists"] == true && a["kind"] != "state" {
				if _, ok := a["size"]; !ok && a["dir"] != true {
					t.Errorf("%s %s: no size", src, a["path"])
				}
				if a["mod_time"] == nil {
					t.Errorf("%s %s: no mod_time", src, a["path"])
				}
			}
		}
	}
	for _, f := range registeredFormats(t) {
		for _, k := range f.demoArtifacts {
			if kinds[f.name][k] == 0 {
				t.Errorf("%s lists no %s artifact: %v", f.name, k, kinds[f.name])
			}
		}
	}
	// bookforge's paths are relative to the book: they are found there.
	aiosID := ""
	for _, s := range m["sessions"].([]any) {
		s := s.(map[string]any)
		for _, a := range s["artifacts"].([]any) {
			a := a.(map[string]any)
			if s["source"] == "bookforge" && a["kind"] == "scene_card" && a["exists"] != true {
				t.Errorf("bookforge scene card not found: %v", a)
			}
		}
		if s["source"] == "aios" {
			aiosID = s["id"].(string)
		}
	}
	// Text: a heading per session, a mark and the facts per file.
	r := pickup(t, project, "artifacts", "--session", aiosID, "--claude-home", home).want(t, exitOK)
	for _, want := range []string{"[aios " + aiosID + "] Authentication System / story 12.3", "+ .aios/.session-state.yaml",
		"+ docs/stories/12.3.story.md", "story · 575 B · modified 2 hours ago"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("text lacks %q:\n%s", want, r.stdout)
		}
	}
	// An archived session is listed when named.
	for _, s := range sessionsOf(t, pickup(t, project, "status", "--json", "--claude-home", home)) {
		if s.archived && s.source == "bookforge" {
			a := pickup(t, project, "artifacts", "--json", "--session", s.id, "--claude-home", home).want(t, exitOK).json(t)
			if got := a["sessions"].([]any)[0].(map[string]any); got["archived"] != true {
				t.Fatalf("archived session: %v", got)
			}
		}
	}
	pickup(t, t.TempDir(), "artifacts").want(t, exitNoSession)
}

// Paths that lead out of the project are listed, marked refused, and
// never read: .., an absolute path elsewhere, a symlink out, a loop.
func TestArtifactsPathEscapes(t *testing.T) {
	base := testkit.RealTempDir(t)
	project := filepath.Join(base, "shop")
	secret := filepath.Join(base, "secret.md")
	testkit.Write(t, secret, "secret\n")
	testkit.Write(t, filepath.Join(project, "docs", "design", "esc.md"), "# TDD\n")
	session := `{"version": "1.0", "feature_name": "esc", "created_at": "2026-01-28T10:00:00Z", "updated_at": "2026-01-28T14:30:00Z",
  "current_stage": 3, "stage_status": {"0": "complete", "1": "complete", "2": "complete", "3": "in_progress", "4": "pending", "5": "pending", "6": "pending", "7": "pending"},
  "artifacts": {"rules": "../secret.md", "analysis": "` + secret + `", "tdd": "docs/design/esc.md", "adrs": ["docs/link.md", "loop-a"], "contracts": "docs/contracts.md"}}`
	testkit.Write(t, filepath.Join(project, ".claude", "design", "sessions", "esc.session.json"), session)
	for _, l := range [][2]string{{secret, "docs/link.md"}, {"loop-b", "loop-a"}, {"loop-a", "loop-b"}} {
		testkit.Symlink(t, l[0], filepath.Join(project, l[1]))
	}
	m := pickup(t, project, "artifacts", "--json").want(t, exitOK).json(t)
	got := map[string]map[string]any{}
	for _, a := range m["sessions"].([]any)[0].(map[string]any)["artifacts"].([]any) {
		a := a.(map[string]any)
		got[a["path"].(string)] = a
	}
	for p, want := range map[string]string{
		"../secret.md": "outside_project", secret: "outside_project", "docs/link.md": "outside_project", "loop-a": "symlink_loop",
	} {
		a := got[p]
		if a == nil || a["refused"] != want || a["size"] != nil {
			t.Errorf("%s: %v, want refused %s and no size", p, a, want)
		}
	}
	if a := got["docs/design/esc.md"]; a["refused"] != nil || a["exists"] != true || a["size"].(float64) != 6 {
		t.Errorf("inside: %v", a)
	}
	if a := got["docs/contracts.md"]; a["exists"] != false || a["phase"] != "Stage 4: Contracts" {
		t.Errorf("missing: %v", a)
	}
	r := pickup(t, project, "artifacts").want(t, exitOK)
	for _, want := range []string{
		"! " + secret, "rules · outside the project: pickup never opens or previews it",
		"! loop-a", "a symlink loop", "x docs/contracts.md", "missing: Stage 4: Contracts should have produced it",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("text lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "secret\n") {
		t.Fatal("a refused file's content was printed")
	}
}

func TestArtifactsHelp(t *testing.T) {
	r := pickup(t, t.TempDir(), "artifacts", "--help").want(t, exitOK)
	for _, want := range []string{"--session", "--json", "outside the project"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("artifacts --help lacks %q", want)
		}
	}
	if r := pickup(t, t.TempDir(), "--help").want(t, exitOK); !strings.Contains(r.stdout, "artifacts") {
		t.Error("--help does not list artifacts")
	}
}
