package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// evilScript is a program a hostile repository names everywhere git
// could run one: it only records that it ran, in marker.
func evilScript(t *testing.T, path, marker string) {
	t.Helper()
	testkit.Write(t, path, "#!/bin/sh\necho \"ran: $0 $*\" >>"+shellQuote(marker)+"\nexit 0\n")
	if err := os.Chmod(path, 0o755); err != nil {
		t.Fatal(err)
	}
}

// hostileRepo is a crucible pipeline (project repository, shadow
// repository, scratch files) plus an AIOS session, in a project whose
// author set every git feature that can run a program to a script
// recording that it ran: core.fsmonitor, hooks (core.hooksPath and
// .git/hooks), log.showSignature with gpg.program and a signed HEAD,
// filter and diff drivers on every file (.gitattributes), an external
// diff, pagers, editors, askpass, credential helpers and ssh commands.
type hostileRepo struct {
	cw
	state, marker string
}

func newHostileRepo(t *testing.T) hostileRepo {
	t.Helper()
	w := hostileRepo{cw: crucibleWorld(t, "main")}
	w.marker = filepath.Join(t.TempDir(), "MARKER")
	evil := filepath.Join(w.project, ".tools", "evil.sh")
	evilScript(t, evil, w.marker)
	hooks := filepath.Join(w.project, ".tools", "hooks")
	hookNames := []string{"pre-commit", "post-commit", "commit-msg", "post-checkout", "reference-transaction", "post-index-change", "fsmonitor-watchman", "pre-auto-gc"}
	for _, h := range hookNames {
		evilScript(t, filepath.Join(hooks, h), w.marker)
	}
	w.state = filepath.Join(w.project, ".aios", ".session-state.yaml")
	testkit.Write(t, w.state, testkit.Read(t, filepath.Join(hostileData, "aios", "core.yaml")))
	testkit.Write(t, filepath.Join(w.project, ".gitattributes"), "* filter=evil diff=evil merge=evil\n")
	testkit.GitAt(t, w.project, nil, time.Time{}, "add", "-A")
	testkit.GitAt(t, w.project, nil, crucibleAt("12:27:00"), "commit", "-q", "-m", "tools")
	// Sign HEAD: a gpgsig header makes `git log` with log.showSignature
	// run gpg.program to verify it.
	raw := testkit.GitAt(t, w.project, nil, time.Time{}, "cat-file", "commit", "HEAD")
	head, body, _ := strings.Cut(raw, "\n\n")
	sig := "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEEpickuphostiletestsignature\n -----END PGP SIGNATURE-----"
	obj := filepath.Join(t.TempDir(), "commit")
	testkit.Write(t, obj, head+"\n"+sig+"\n\n"+body+"\n")
	signed := testkit.GitAt(t, w.project, nil, time.Time{}, "hash-object", "-t", "commit", "-w", obj)
	testkit.GitAt(t, w.project, nil, time.Time{}, "update-ref", "HEAD", signed)
	// The author's hooks and configuration, planted after the commits
	// (git would otherwise run them while the test sets the repository
	// up).
	for _, h := range hookNames {
		evilScript(t, filepath.Join(w.project, ".git", "hooks", h), w.marker)
	}
	q := func(s string) string { return `"` + s + `"` }
	f, err := os.OpenFile(filepath.Join(w.project, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, `[core]
	fsmonitor = %[1]s
	hooksPath = %[2]s
	pager = %[1]s
	editor = %[1]s
	askPass = %[1]s
	sshCommand = %[1]s
	gitProxy = %[1]s
[log]
	showSignature = true
[gpg]
	program = %[1]s
[gpg "ssh"]
	program = %[1]s
	defaultKeyCommand = %[1]s
[gpg "x509"]
	program = %[1]s
[commit]
	gpgSign = true
[diff]
	external = %[1]s
[diff "evil"]
	textconv = %[1]s
	command = %[1]s
[filter "evil"]
	clean = %[1]s
	smudge = %[1]s
	process = %[1]s
	required = true
[merge "evil"]
	driver = %[1]s
[credential]
	helper = %[1]s
[pager]
	status = %[1]s
	log = %[1]s
	branch = %[1]s
	diff = %[1]s
[sequence]
	editor = %[1]s
[submodule]
	recurse = true
[protocol]
	allow = always
`, q(evil), q(hooks))
	f.Close()
	// Every tracked file looks changed to git (a new time, the same
	// bytes): status reads them again, through the clean filter.
	later := time.Now().Add(time.Minute)
	for _, p := range []string{"README.md", ".gitattributes", filepath.Join(".aios", ".session-state.yaml")} {
		if err := os.Chtimes(filepath.Join(w.project, p), later, later); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// ran fails the test when the marker exists: a program the repository
// named was run.
func (w hostileRepo) ran(t *testing.T, what string) {
	t.Helper()
	if data, err := os.ReadFile(w.marker); err == nil {
		t.Errorf("%s ran a program the repository named:\n%s", what, data)
		_ = os.Remove(w.marker)
	}
}

// TestHostileRepoRunsNoProgram: status, the crucible plan, RESTART
// vetoed and not vetoed, and the wizard (opening crucible's session, and
// an AIOS RESTART) on a repository whose config, hooks and attributes
// name a program everywhere git could run one: none runs.
func TestHostileRepoRunsNoProgram(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	w := newHostileRepo(t)
	pickup(t, w.project, w.args("status")...).noPanic(t)
	w.ran(t, "status")
	pickup(t, w.project, w.args("status", "--json")...).noPanic(t)
	w.ran(t, "status --json")
	pickup(t, w.project, w.args("plan", "--source", "crucible")...).noPanic(t)
	w.ran(t, "plan")
	pickup(t, w.project, w.args("plan", "--source", "crucible", "--json")...).noPanic(t)
	w.ran(t, "plan --json")

	wip := filepath.Join(w.project, "wip.txt")
	testkit.Write(t, wip, "uncommitted\n")
	r := pickup(t, w.project, w.args("resume", "--source", "aios", "--choice", "restart", "--yes", "--json")...).noPanic(t)
	if doc := r.json(t); r.code != exitBlocked || doc["veto"] != model.VetoUncommitted || !strings.Contains(fmt.Sprint(doc["files"]), "wip.txt") {
		t.Errorf("RESTART with wip.txt uncommitted: exit %d, veto %v, files %v, warnings %v", r.code, doc["veto"], doc["files"], doc["warnings"])
	}
	w.ran(t, "a vetoed RESTART")
	if err := os.Remove(wip); err != nil {
		t.Fatal(err)
	}
	testkit.Write(t, w.state, testkit.Read(t, filepath.Join(hostileData, "aios", "core.yaml")))
	r = pickup(t, w.project, w.args("resume", "--source", "aios", "--choice", "restart", "--yes", "--json")...).noPanic(t)
	if doc := r.json(t); r.code != exitOK || len(doc["warnings"].([]any)) != 0 {
		t.Errorf("RESTART on a clean tree: exit %d, warnings %v", r.code, doc["warnings"])
	}
	w.ran(t, "a RESTART that went through")

	// The wizard: crucible's session opened, then left.
	p := startPane(t, 100, 30, w.project, nil, w.args("--source", "crucible")...)
	p.waitFor("Phase 4")
	p.quit()
	w.ran(t, "the wizard on crucible's session")
	// The wizard: AIOS RESTART (the state file was restarted above;
	// write it back as it was).
	testkit.Write(t, w.state, testkit.Read(t, filepath.Join(hostileData, "aios", "core.yaml")))
	p = startPane(t, 100, 30, w.project, nil, w.args("--source", "aios")...)
	screen := p.waitFor("RESTART")
	n := regexp.MustCompile(`(\d)\. RESTART`).FindStringSubmatch(screen)
	if n == nil {
		t.Fatalf("no RESTART option:\n%s", screen)
	}
	p.keys(n[1])
	p.waitFor("EXIT=")
	w.ran(t, "the wizard's RESTART")
}

// TestHostileRepoOwnedByAnotherUser: git refuses a repository another
// user owns (dubious ownership). VETO-2 then fails closed: RESTART is
// blocked (exit 5, veto git_refused, saying why and naming the flag);
// --allow-unchecked-restart lets it through with a warning.
func TestHostileRepoOwnedByAnotherUser(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, state := project(t, 2*time.Hour, "GO", "development")
	testkit.Commit(t, dir, "init")
	orig := testkit.Read(t, state)
	other := []string{"GIT_TEST_ASSUME_DIFFERENT_OWNER=1"}
	r := pickupEnv(t, dir, other, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked)
	doc := r.json(t)
	if doc["veto"] != model.VetoGitRefused || doc["resume_action"] != string(model.ActionRestartBlocked) ||
		!strings.Contains(fmt.Sprint(doc["reason"]), "owned by another user") || !strings.Contains(fmt.Sprint(doc["suggestion"]), "--allow-unchecked-restart") {
		t.Fatalf("veto %v action %v reason %v suggestion %v", doc["veto"], doc["resume_action"], doc["reason"], doc["suggestion"])
	}
	if testkit.Read(t, state) != orig {
		t.Fatal("a blocked RESTART wrote the state file")
	}
	r = pickupEnv(t, dir, other, "resume", "--choice", "restart", "--yes").want(t, exitBlocked)
	if !strings.Contains(r.stdout, "owned by another user") || !strings.Contains(r.stderr, "--allow-unchecked-restart") {
		t.Fatalf("text: stdout %q stderr %q", r.stdout, r.stderr)
	}
	r = pickupEnv(t, dir, other, "resume", "--choice", "restart", "--yes", "--allow-unchecked-restart", "--json").want(t, exitOK)
	if ws := fmt.Sprint(r.json(t)["warnings"]); !strings.Contains(ws, "owned by another user") || !strings.Contains(ws, "--allow-unchecked-restart") {
		t.Fatalf("warnings %s", ws)
	}
	if testkit.Read(t, state) == orig {
		t.Fatal("RESTART with --allow-unchecked-restart did not write")
	}
	for _, args := range [][]string{{"--help"}, {"resume", "--help"}} {
		if r := pickup(t, dir, args...).want(t, exitOK); !strings.Contains(r.stdout, "--allow-unchecked-restart") {
			t.Errorf("%v does not list --allow-unchecked-restart", args)
		}
	}
}
