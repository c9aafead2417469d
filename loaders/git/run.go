package git

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// The one way pickup runs git. A project may come from anyone (an
// unpacked tarball, a shared folder), and its .git/config, hooks and
// .gitattributes are the author's: git would run the programs they name
// (core.fsmonitor on `git status`, gpg.program on `git log` with
// log.showSignature, a filter's clean command on `git add`, hooks on a
// commit or a checkout). Run turns every such setting off for each
// command it runs; docs/reliability.md lists them and why.

// Timeout bounds one git command that works through the files (status,
// ls-files, log, a commit, a checkout).
var Timeout = 2 * time.Minute

// QuickTimeout bounds the commands that only read git's configuration
// and refs (rev-parse, config, merge-base, symbolic-ref, branch): a
// repository can name a named pipe or a file on a slow disk as an
// included config file (include.path), and git would wait on it for
// good. Every question about a project starts with rev-parse, so such a
// configuration is given up on after this, whatever comes next.
var QuickTimeout = 5 * time.Second

// quickCommands are the commands bounded by QuickTimeout.
var quickCommands = map[string]bool{"rev-parse": true, "config": true, "merge-base": true, "symbolic-ref": true, "branch": true}

// ErrTimeout is matched by errors.Is when git did not finish in time.
var ErrTimeout = errors.New("git did not finish in time")

// timeoutFor is the bound of one command.
func timeoutFor(args []string) time.Duration {
	if i := subcommand(args); i < len(args) && quickCommands[args[i]] {
		return QuickTimeout
	}
	return Timeout
}

// neutral is the configuration given on the command line (it wins over
// every file git reads): nothing a repository says can make git run a
// program.
var neutral = []string{
	"core.fsmonitor=false",       // the fsmonitor hook, run by status and every index refresh
	"core.hooksPath=/dev/null",   // every hook: post-checkout, post-commit, reference-transaction…
	"core.pager=cat",             // a pager (only with a terminal; pickup never gives git one)
	"core.askPass=",              // a password prompt program
	"core.editor=true",           // never reached: pickup always gives commit a message
	"sequence.editor=true",       // never reached: pickup never rebases
	"credential.helper=",         // empty resets the helper list
	"log.showSignature=false",    // verifying a signed commit runs gpg.program
	"gpg.program=",               // never reached with the two lines above and below
	"gpg.openpgp.program=",       //
	"gpg.x509.program=",          //
	"gpg.ssh.program=",           //
	"gpg.ssh.defaultKeyCommand=", //
	"commit.gpgSign=false",       // signing runs gpg.program
	"tag.gpgSign=false",          //
	"diff.external=",             // plus --no-ext-diff on every diff and log
	"submodule.recurse=false",    // a checkout would go into submodules
	"gc.auto=0",                  // a commit may start `git gc --auto` in the background
	"maintenance.auto=false",     //
	"help.autoCorrect=0",         // never run a guessed command
}

// neutralEnv replaces what the environment could say about git: no system
// config, no attributes from the system, no prompt, no transport at all
// (GIT_ALLOW_PROTOCOL naming no real protocol: ssh, core.sshCommand,
// remote helpers and a partial clone's lazy fetch are all refused), no
// optional lock (status does not rewrite the index), and git's messages
// in English so they can be recognised.
var neutralEnv = []string{
	"GIT_CONFIG_NOSYSTEM=1", "GIT_ATTR_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0",
	"GIT_ALLOW_PROTOCOL=none", "GIT_PROTOCOL_FROM_USER=0", "GIT_ASKPASS=", "SSH_ASKPASS=", "GIT_PAGER=cat",
	"LC_ALL=C", "LANGUAGE=C",
}

// keptEnv are the GIT_* variables of pickup's own environment a git it
// runs still sees: where the person keeps their global configuration and
// git's own programs, and an identity. Every other GIT_* variable is
// dropped: GIT_DIR and its kin would point git at another repository,
// and GIT_EXTERNAL_DIFF, GIT_SSH, GIT_SSH_COMMAND, GIT_EDITOR,
// GIT_CONFIG_PARAMETERS and the like run or configure programs.
var keptEnv = map[string]bool{
	"GIT_CONFIG_GLOBAL": true, "GIT_EXEC_PATH": true,
	"GIT_AUTHOR_NAME": true, "GIT_AUTHOR_EMAIL": true, "GIT_AUTHOR_DATE": true,
	"GIT_COMMITTER_NAME": true, "GIT_COMMITTER_EMAIL": true, "GIT_COMMITTER_DATE": true,
	// git's own test switch: it can only make git refuse a repository.
	"GIT_TEST_ASSUME_DIFFERENT_OWNER": true,
}

// Env is the environment Run gives git: pickup's own without the GIT_*
// variables that are not kept, then extra (GIT_DIR=…, an identity), then
// the neutral settings, which win.
func Env(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(k, "GIT_") && !keptEnv[k], k == "SSH_ASKPASS", k == "LC_ALL", k == "LANGUAGE":
			continue
		}
		env = append(env, kv)
	}
	env = append(env, extra...)
	return append(env, neutralEnv...)
}

// ErrNotInstalled is returned when git is not on PATH.
var ErrNotInstalled = errors.New("git is not installed (not found on PATH)")

// ErrUnsafeRepository is matched by errors.Is when git refuses the
// repository because another user owns it (safe.directory).
var ErrUnsafeRepository = errors.New("git refuses the repository: it is owned by another user")

// Error is a git command that failed.
type Error struct {
	Args   []string
	Stderr string
	Err    error
}

func (e *Error) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), msg)
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches ErrUnsafeRepository for git's "dubious ownership" refusal.
func (e *Error) Is(target error) bool {
	return target == ErrUnsafeRepository && strings.Contains(e.Stderr, "detected dubious ownership")
}

// Run runs `git args...` in dir with extra added to its environment (see
// Env), every program-running setting of the repository turned off, and
// returns its standard output. On failure the output so far is returned
// with an *Error carrying git's standard error.
func Run(dir string, extra []string, args ...string) ([]byte, error) {
	env, full, err := prepare(dir, extra, args)
	if err != nil {
		return nil, err
	}
	var stdout bytes.Buffer
	stderr, err := runGit(dir, env, full, &stdout)
	if err != nil {
		return stdout.Bytes(), &Error{Args: args, Stderr: stderr, Err: err}
	}
	return stdout.Bytes(), nil
}

// Stream is Run for a command whose output may be long: each
// NUL-terminated record of git's standard output is handed to fn as it
// comes, and git is stopped as soon as fn returns false (no error then).
func Stream(dir string, extra []string, fn func([]byte) bool, args ...string) error {
	env, full, err := prepare(dir, extra, args)
	if err != nil {
		return err
	}
	w := &recordWriter{fn: fn}
	stderr, err := runGit(dir, env, full, w)
	if w.stopped {
		return nil
	}
	if err != nil {
		return &Error{Args: args, Stderr: stderr, Err: err}
	}
	return nil
}

// recordWriter splits a stream into NUL-terminated records; once fn
// says stop, every write fails, which ends git.
type recordWriter struct {
	fn      func([]byte) bool
	buf     []byte
	stopped bool
}

var errStopped = errors.New("stopped")

func (w *recordWriter) Write(p []byte) (int, error) {
	if w.stopped {
		return 0, errStopped
	}
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, 0)
		if i < 0 {
			break
		}
		rec := w.buf[:i]
		w.buf = w.buf[i+1:]
		if len(rec) > 0 && !w.fn(rec) {
			w.stopped = true
			return 0, errStopped
		}
	}
	return len(p), nil
}

// installed reports whether git is on PATH, looked up once per PATH
// (each session's checkout asks).
func installed() bool {
	path := os.Getenv("PATH")
	lookups.Lock()
	defer lookups.Unlock()
	ok, known := lookups.by[path]
	if !known {
		_, err := exec.LookPath("git")
		ok = err == nil
		lookups.by[path] = ok
	}
	return ok
}

var lookups = struct {
	sync.Mutex
	by map[string]bool
}{by: map[string]bool{}}

// prepare is the environment and the full command line of Run.
func prepare(dir string, extra, args []string) (env, full []string, err error) {
	if !installed() {
		return nil, nil, ErrNotInstalled
	}
	env = Env(extra...)
	full = []string{"--no-pager"}
	for _, c := range neutral {
		full = append(full, "-c", c)
	}
	if filters(args) && !knownUnfiltered(dir, extra, args) {
		// Filters are named by the repository: find each one it defines
		// and empty its commands (an empty command is no filter).
		names, err := filterNames(dir, env, full, args)
		if err != nil {
			return nil, nil, err
		}
		for _, n := range names {
			full = append(full, "-c", "filter."+n+".clean=", "-c", "filter."+n+".smudge=",
				"-c", "filter."+n+".process=", "-c", "filter."+n+".required=false")
		}
	}
	return env, append(full, withSafeFlags(args)...), nil
}

// runGit runs git with exactly args, its standard output to stdout,
// bounded by timeoutFor.
func runGit(dir string, env, args []string, stdout io.Writer) (string, error) {
	limit := timeoutFor(args)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.WaitDelay = time.Second
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("%w: stopped after %s (pickup waits at most %s for git to read its configuration and at most %s for a command that reads the files; an included configuration file may be a named pipe or on a slow disk): %w",
			ErrTimeout, limit, QuickTimeout, Timeout, ctx.Err())
	}
	return stderr.String(), err
}

// filterCommands are the git commands that may run a filter's clean or
// smudge command on the work tree's files.
var filterCommands = map[string]bool{"status": true, "add": true, "checkout": true, "commit": true, "restore": true, "reset": true, "stash": true}

func filters(args []string) bool {
	i := subcommand(args)
	return i < len(args) && filterCommands[args[i]]
}

// knownUnfiltered reports whether the configuration git reads for this
// command was read (headFromFiles, for dir's repository) and mentions no
// filter, so that asking git for filter drivers would find none. Only
// for a command on dir's own repository: no GIT_* variable in extra
// but an identity, and no option before the command but the work tree
// headOf gives.
func knownUnfiltered(dir string, extra, args []string) bool {
	for _, kv := range extra {
		k, _, _ := strings.Cut(kv, "=")
		if !identityEnv[k] {
			return false
		}
	}
	h := headOf(dir)
	for _, a := range args[:subcommand(args)] {
		if a != "--work-tree="+h.worktree {
			return false
		}
	}
	return h.err == nil && h.noFilter
}

var identityEnv = map[string]bool{
	"GIT_AUTHOR_NAME": true, "GIT_AUTHOR_EMAIL": true, "GIT_AUTHOR_DATE": true,
	"GIT_COMMITTER_NAME": true, "GIT_COMMITTER_EMAIL": true, "GIT_COMMITTER_DATE": true,
}

// filterNames lists the filter drivers the repository's configuration
// defines (filter.<name>.*).
func filterNames(dir string, env, global, cmdArgs []string) ([]string, error) {
	// The command's own -c settings (core.worktree) come first, as they
	// will for the command.
	args := append(append(append([]string{}, global...), cmdArgs[:subcommand(cmdArgs)]...), "config", "-z", "--get-regexp", `^filter\.`)
	var stdout bytes.Buffer
	stderr, err := runGit(dir, env, args, &stdout)
	out := stdout.Bytes()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 && strings.TrimSpace(stderr) == "" {
		return nil, nil // no filter at all
	}
	if err != nil {
		return nil, &Error{Args: args[len(global):], Stderr: stderr, Err: err}
	}
	seen := map[string]bool{}
	var names []string
	for _, rec := range bytes.Split(out, []byte{0}) {
		key, _, _ := bytes.Cut(rec, []byte{'\n'})
		k := strings.TrimPrefix(string(key), "filter.")
		if i := strings.LastIndexByte(k, '.'); i > 0 && !seen[k[:i]] {
			seen[k[:i]] = true
			names = append(names, k[:i])
		}
	}
	return names, nil
}

// safeFlags are added after the command name: no external diff program
// nor text conversion on any diff, no signature check on any log.
var safeFlags = map[string][]string{
	"diff": {"--no-ext-diff", "--no-textconv"},
	"log":  {"--no-ext-diff", "--no-textconv", "--no-show-signature"},
	"show": {"--no-ext-diff", "--no-textconv", "--no-show-signature"},
}

func withSafeFlags(args []string) []string {
	i := subcommand(args)
	if i >= len(args) || safeFlags[args[i]] == nil {
		return args
	}
	out := append(append([]string{}, args[:i+1]...), safeFlags[args[i]]...)
	return append(out, args[i+1:]...)
}

// subcommand is the index of the command name in args, after git's own
// options (-C dir, -c key=value, --no-pager…).
func subcommand(args []string) int {
	i := 0
	for i < len(args) {
		switch a := args[i]; {
		case a == "-C" || a == "-c":
			i += 2
		case strings.HasPrefix(a, "-"):
			i++
		default:
			return i
		}
	}
	return i
}
