package crucible

// The shadow checkpoint repository. crucible keeps working-directory
// snapshots in a git repository of its own, outside the project:
// GIT_DIR=<claudeHome>/projects/<hash>/checkpoints/<dir-hash> with the
// project as GIT_WORK_TREE. Every git command here runs with both set
// explicitly, through loaders/git.Run (the other GIT_* variables that
// could redirect it removed, and nothing the repository names run), so
// the project's own .git is never touched.
//
// Commands used: rev-parse, log, cat-file, diff --name-only, ls-files,
// ls-tree (reads);
// add -A and commit (the pre-restore-safety checkpoint, which only adds a
// commit to the shadow repository); and `checkout <hash> -- .` (the
// restore itself, after the person confirmed). Never clean, reset, stash
// or a branch checkout: untracked files are never deleted.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/loaders/git"
	"github.com/pickup-dev/pickup/model"
)

// Checkpoint is one shadow checkpoint.
type Checkpoint struct {
	// Hash is the full commit hash when known, else the recorded prefix.
	Hash   string
	Reason string
	// Stamp is the timestamp as recorded (row or commit message).
	Stamp string
	// Time is when it was taken (commit time when the commit is found).
	Time    time.Time
	HasTime bool
	Source  string
	// Missing is true when a checkpoint-manifest.md row names a commit
	// the shadow repository no longer has (evicted, pruned, reinitialised).
	Missing bool
}

// Short is the 8-digit id crucible's table uses.
func (c Checkpoint) Short() string {
	if len(c.Hash) > 8 {
		return c.Hash[:8]
	}
	return c.Hash
}

// Shadow is a shadow repository bound to a project work tree.
type Shadow struct {
	Dir  string // GIT_DIR
	Work string // GIT_WORK_TREE
}

// env is what shadow git adds to its environment: GIT_DIR and
// GIT_WORK_TREE, explicitly (loaders/git.Run drops every other GIT_*
// variable that could point git elsewhere).
func (s Shadow) env() []string {
	return []string{"GIT_DIR=" + s.Dir, "GIT_WORK_TREE=" + s.Work}
}

// cleanEnv is what the project's own git adds to its environment:
// nothing (see env).
func cleanEnv() []string { return nil }

// git runs one git command against the shadow repository.
func (s Shadow) git(args ...string) ([]byte, error) {
	return runGit(s.Work, s.env(), args...)
}

// runGit runs git through loaders/git.Run, the one way pickup runs git:
// no program the repository names (hooks, fsmonitor, filters, gpg) runs.
func runGit(dir string, env []string, args ...string) ([]byte, error) {
	return git.Run(dir, env, args...)
}

// shadowFault is a fault or note pickup words about the shadow
// repository (the others are git's own words): Error is English, and
// Text.shadowNote says it in the run's language.
type shadowFault struct {
	code shadowCode
	arg  string // the path, or git's error
}

// shadowCode names a shadowFault.
type shadowCode int

const (
	shadowAbsent    shadowCode = iota + 1 // no repository at the path
	shadowNoProject                       // the project is not a directory
	shadowNoTable                         // checkpoint-manifest.md is absent: git log is read
	shadowLogUnread                       // git log could not be read (arg: why)
)

func (f *shadowFault) Error() string { return english.shadowSay(f) }

// Healthy checks that Dir is a git repository (crucible's health check).
func (s Shadow) Healthy() error {
	if !isDir(s.Dir) {
		return &shadowFault{shadowAbsent, s.Dir}
	}
	if !isDir(s.Work) {
		return &shadowFault{shadowNoProject, s.Work}
	}
	_, err := s.git("rev-parse", "--git-dir")
	return err
}

// subjectRe reads "<reason> | <timestamp> | <source-skill>".
var subjectRe = lazyre.New(`^\s*([^|]+?)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*$`)

// Log lists the shadow repository's checkpoints from git log, newest
// first.
func (s Shadow) Log() ([]Checkpoint, error) {
	out, err := s.git("log", "--format=%H%x09%ct%x09%s")
	if err != nil {
		if strings.Contains(err.Error(), "does not have any commits") || strings.Contains(err.Error(), "bad default revision") {
			return nil, nil
		}
		return nil, err
	}
	var cps []Checkpoint
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), "\t", 3)
		if len(parts) != 3 {
			continue
		}
		c := Checkpoint{Hash: parts[0]}
		if n, err := strconv.ParseInt(parts[1], 10, 64); err == nil {
			c.Time, c.HasTime = time.Unix(n, 0).UTC(), true
		}
		if m := subjectRe.FindStringSubmatch(parts[2]); m != nil {
			c.Reason, c.Stamp, c.Source = m[1], m[2], m[3]
		} else {
			c.Reason = strings.TrimSpace(parts[2])
		}
		cps = append(cps, c)
	}
	return cps, nil
}

// tableRow reads "| a1b2c3d4 | 2026-03-24 12:45:30 | pre-wave-3 | build |".
var tableRow = lazyre.New(`^\s*\|\s*([0-9a-fA-F]{4,40})\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|?\s*$`)

// ParseCheckpointTable reads checkpoint-manifest.md rows; header and
// separator rows are skipped.
func ParseCheckpointTable(data []byte) []Checkpoint {
	var out []Checkpoint
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		m := tableRow.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		c := Checkpoint{Hash: strings.ToLower(m[1]), Stamp: m[2], Reason: m[3], Source: m[4]}
		c.Time, c.HasTime = parseTime(c.Stamp)
		out = append(out, c)
	}
	return out
}

// Checkpoints lists the project's checkpoints, newest first: the rows of
// checkpoint-manifest.md when that file exists (each resolved against the
// repository, Missing when its commit is gone), else the repository's git
// log. note explains a fallback or a problem; err is set when nothing
// could be read.
func (s Shadow) Checkpoints() (cps []Checkpoint, note *shadowFault, err error) {
	if err := s.Healthy(); err != nil {
		return nil, nil, err
	}
	logged, lerr := s.Log()
	table, terr := fsx.ReadFile(filepath.Join(s.Dir, CheckpointTable))
	if terr != nil {
		if lerr != nil {
			return nil, nil, lerr
		}
		sortCheckpoints(logged)
		return logged, &shadowFault{shadowNoTable, CheckpointTable}, nil
	}
	rows := ParseCheckpointTable(table)
	for i := range rows {
		rows[i].Missing = true
		for _, l := range logged {
			if strings.HasPrefix(l.Hash, rows[i].Hash) {
				rows[i].Hash, rows[i].Missing = l.Hash, false
				if l.HasTime {
					rows[i].Time, rows[i].HasTime = l.Time, true
				}
				break
			}
		}
	}
	sortCheckpoints(rows)
	if lerr != nil {
		note = &shadowFault{shadowLogUnread, lerr.Error()}
	}
	return rows, note, nil
}

func sortCheckpoints(cps []Checkpoint) {
	sort.SliceStable(cps, func(i, j int) bool { return cps[i].Time.After(cps[j].Time) })
}

// Exists reports whether hash names a commit in the shadow repository.
func (s Shadow) Exists(hash string) bool {
	_, err := s.git("cat-file", "-e", hash+"^{commit}")
	return err == nil
}

// Between lists the files that differ between two commits.
func (s Shadow) Between(a, b string) ([]string, error) {
	out, err := s.git("diff", "--name-only", "-z", "--no-renames", a, b, "--")
	if err != nil {
		return nil, err
	}
	return splitZ(out), nil
}

// Touched lists the files a restore of to writes over the state in
// from: those to has and from lacks or holds differently. Files only
// from has (new since the checkpoint) are left alone by an overlay
// checkout, so they are not listed.
func (s Shadow) Touched(from, to string) ([]string, error) {
	out, err := s.git("diff", "--name-only", "-z", "--no-renames", "--diff-filter=d", from, to, "--")
	if err != nil {
		return nil, err
	}
	return splitZ(out), nil
}

// WorkFiles lists the project's files as the shadow repository sees
// them: those its index tracks and those it would add (untracked, not
// ignored), relative and slash-separated.
func (s Shadow) WorkFiles() ([]string, error) {
	out, err := s.git("ls-files", "-z", "--cached", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	return splitZ(out), nil
}

// Staying lists the files a restore of commit leaves in place although
// the checkpoint does not have them: files of the work tree (work, as
// WorkFiles listed them; workErr its error) that exist and are not in
// commit's tree. `git checkout <commit> -- .` writes the checkpoint's
// files and deletes nothing, so files created after the checkpoint stay.
func (s Shadow) Staying(commit string, work []string, workErr error) ([]string, error) {
	if workErr != nil {
		return nil, workErr
	}
	out, err := s.git("ls-tree", "-r", "-z", "--name-only", commit)
	if err != nil {
		return nil, err
	}
	in := map[string]bool{}
	for _, f := range splitZ(out) {
		in[f] = true
	}
	staying := []string{}
	for _, f := range work {
		if in[f] {
			continue
		}
		if _, err := os.Lstat(filepath.Join(s.Work, filepath.FromSlash(f))); err == nil {
			staying = append(staying, f)
			in[f] = true // listed once
		}
	}
	sort.Strings(staying)
	return staying, nil
}

// Added lists the files to has and from lacks (created between them).
func (s Shadow) Added(from, to string) ([]string, error) {
	out, err := s.git("diff", "--name-only", "-z", "--no-renames", "--diff-filter=A", from, to, "--")
	if err != nil {
		return nil, err
	}
	return splitZ(out), nil
}

func splitZ(out []byte) []string {
	var files []string
	for _, f := range bytes.Split(out, []byte{0}) {
		if len(f) > 0 {
			files = append(files, string(f))
		}
	}
	return files
}

// Snapshot takes a checkpoint of the whole work tree: add -A, then a
// commit (allowed to be empty, so the checkpoint always exists) with
// crucible's message shape. It returns the new commit's hash.
func (s Shadow) Snapshot(reason string, now time.Time) (hash, stamp string, err error) {
	if err := s.Healthy(); err != nil {
		return "", "", err
	}
	if _, err := s.git("add", "-A"); err != nil {
		return "", "", err
	}
	stamp = now.UTC().Format("2006-01-02 15:04:05")
	msg := reason + " | " + stamp + " | " + checkpointSource
	env := append(s.env(),
		"GIT_AUTHOR_NAME=pickup", "GIT_AUTHOR_EMAIL=pickup@localhost",
		"GIT_COMMITTER_NAME=pickup", "GIT_COMMITTER_EMAIL=pickup@localhost")
	if _, err := runGit(s.Work, env, "-c", "commit.gpgsign=false", "commit", "--no-verify", "--allow-empty", "-q", "-m", msg); err != nil {
		return "", "", err
	}
	out, err := s.git("rev-parse", "HEAD")
	if err != nil {
		return "", "", err
	}
	return strings.TrimSpace(string(out)), stamp, nil
}

// Restore writes commit's files into the work tree:
// `git checkout <commit> -- .` (overlay mode: files the checkpoint does
// not have are left alone, untracked files survive).
func (s Shadow) Restore(commit string) error {
	_, err := s.git("checkout", commit, "--", ".")
	return err
}

// AppendRow adds a row to checkpoint-manifest.md when that file exists
// (crucible's own table; pickup does not create it). The write is atomic
// and refused if the file changed since it was read.
func (s Shadow) AppendRow(short, stamp, reason string) error {
	p := filepath.Join(s.Dir, CheckpointTable)
	data, err := fsx.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	row := fmt.Sprintf("| %s | %s | %s | %s |\n", short, stamp, reason, checkpointSource)
	out := append([]byte{}, data...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, row...)
	return fsx.ReplaceIfUnchanged(p, fsx.Fingerprint(data), out)
}

// UndoCommand is the shell command that undoes a restore by restoring
// the safety checkpoint.
func (s Shadow) UndoCommand(safety string) string {
	return fmt.Sprintf("GIT_DIR=%s GIT_WORK_TREE=%s git -C %s checkout %s -- .",
		shellQuote(s.Dir), shellQuote(s.Work), shellQuote(s.Work), safety)
}

// shellQuote is model.ShellQuote: a path with control characters in
// bash's $'…' form, on one line.
func shellQuote(s string) string { return model.ShellQuote(s) }
