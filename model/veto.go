package model

import (
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// VETO-2 that explains itself: every file git reports gets its status
// and a class, and only two classes block RESTART.

// GitStatus is a changed file's git status, in words.
type GitStatus string

const (
	GitModified   GitStatus = "modified"
	GitAdded      GitStatus = "added"
	GitDeleted    GitStatus = "deleted"
	GitRenamed    GitStatus = "renamed"
	GitUntracked  GitStatus = "untracked"
	GitConflicted GitStatus = "conflicted" // unmerged: a merge or rebase stopped on it
	// GitIgnored: git ignores the file, and it changed on disk since the
	// session's recorded start (letters "!!", from pickup's own scan).
	GitIgnored GitStatus = "ignored"
)

// StatusOf reads the two letters of `git status --porcelain=v1` (index,
// then work tree) as one word.
func StatusOf(xy string) GitStatus {
	if len(xy) != 2 {
		return GitModified
	}
	x, y := xy[0], xy[1]
	switch {
	case xy == "??":
		return GitUntracked
	case xy == "!!":
		return GitIgnored
	case x == 'U' || y == 'U' || xy == "AA" || xy == "DD":
		return GitConflicted
	case x == 'R' || y == 'R':
		return GitRenamed
	case x == 'D' || y == 'D':
		return GitDeleted
	case x == 'A' || x == 'C' || y == 'A' || y == 'C':
		return GitAdded
	}
	return GitModified
}

// Change is one file git reports as changed, as CheckGit answers it.
type Change struct {
	// Path is relative to the project, with forward slashes ("../" for a
	// file of the same repository outside it); a rename's new path.
	Path string
	// XY is git's two letters (porcelain v1), "" when not known.
	XY string
	// OrigPath is where a rename came from, relative like Path.
	OrigPath string
	// ModTime is when the file last changed on disk (zero when it is
	// gone or could not be looked at).
	ModTime time.Time
	// Own is true for pickup's own files (its archives and its folder:
	// fsx.IsOwn), which never block RESTART.
	Own bool
	// ArchiveOf, for a file in one of pickup's archives, is the path it
	// was moved from: git shows an archived tracked file as deleted
	// there, and that deletion is pickup's move too.
	ArchiveOf string
}

// FileClass is what a changed file is to the session.
type FileClass string

const (
	// ClassState: the session's own state (its state file and folders):
	// the source's writes change them. Never blocks.
	ClassState FileClass = "state"
	// ClassPickup: pickup's own archives and log. Never blocks.
	ClassPickup FileClass = "pickup"
	// ClassRun: written by the interrupted run itself: a file the
	// session records as an artifact, or one changed while the run was
	// at work (between its recorded start and its last update). Blocks:
	// a restart starts that work again, and the run writes the same
	// files, so what is uncommitted there would be lost.
	ClassRun FileClass = "run"
	// ClassOther: the person's other changes. Blocks.
	ClassOther FileClass = "other"
)

// Classes is the order the veto shows its groups in.
var Classes = []FileClass{ClassOther, ClassRun, ClassState, ClassPickup}

// Blocks reports whether a file of this class blocks RESTART.
func (c FileClass) Blocks() bool { return c == ClassRun || c == ClassOther }

// Why a file is the run's.
const (
	WhyArtifact  = "artifact"   // the session records it as an artifact
	WhyDuringRun = "during_run" // changed between the run's start and its last update
)

// VetoFile is one changed file in VETO-2's verdict.
type VetoFile struct {
	Path     string    `json:"path"`
	Status   GitStatus `json:"status"`
	OrigPath string    `json:"orig_path,omitempty"`
	Class    FileClass `json:"class"`
	// Why, for the run's files, says how pickup knows: artifact or
	// during_run.
	Why string `json:"why,omitempty"`
	// Staged is true when the change is only in the index (git add has
	// nothing more to add).
	Staged bool `json:"-"`
}

// Classify gives each change its status and class for session s. It is
// pure: the facts (git's answer, the times, what is pickup's own) come
// from the caller.
func Classify(s *Session, changes []Change) []VetoFile {
	own := ownPrefixes(s)
	arts := artifactPaths(s)
	moved := map[string]bool{}
	for _, c := range changes {
		if c.Own && c.ArchiveOf != "" {
			moved[c.ArchiveOf] = true
		}
	}
	out := make([]VetoFile, 0, len(changes))
	for _, c := range changes {
		if c.XY == "!!" && !changedSinceStart(s, c.ModTime) {
			continue // ignored and not touched since the run began: not at risk
		}
		p := strings.TrimSuffix(c.Path, "/")
		f := VetoFile{Path: c.Path, Status: StatusOf(c.XY), OrigPath: c.OrigPath, Class: ClassOther}
		if c.XY == "" {
			f.Status = ""
		}
		f.Staged = len(c.XY) == 2 && c.XY[1] == ' '
		switch {
		case c.Own, f.Status == GitDeleted && moved[p]:
			f.Class = ClassPickup
		case underAny(p, own):
			f.Class = ClassState
		case arts[p] || underAny(p, arts.folders()):
			f.Class, f.Why = ClassRun, WhyArtifact
		case duringRun(s, c.ModTime):
			f.Class, f.Why = ClassRun, WhyDuringRun
		}
		out = append(out, f)
	}
	return out
}

// duringRun: the file changed between the run's recorded start and the
// session's last update. After the last update nothing says whose it is,
// so it stays the person's.
func duringRun(s *Session, mod time.Time) bool {
	start := s.Recorded.Started
	if mod.IsZero() || start.IsZero() || !s.HasLastUpdated || s.LastUpdated.Before(start) {
		return false
	}
	return !mod.Before(start) && !mod.After(s.LastUpdated)
}

// changedSinceStart: the file changed at or after the session's
// recorded start (an ignored file is only at risk then).
func changedSinceStart(s *Session, mod time.Time) bool {
	start := s.Recorded.Started
	return !mod.IsZero() && !start.IsZero() && !mod.Before(start)
}

// ownPrefixes are the session's own state paths relative to the project.
func ownPrefixes(s *Session) []string {
	var own []string
	for _, p := range append([]string{s.Path}, s.StateFiles...) {
		if rel, ok := relToProject(s, p); ok {
			own = append(own, rel)
		}
	}
	return own
}

// relToProject is p relative to the session's project with forward
// slashes; a relative p is taken as relative already.
func relToProject(s *Session, p string) (string, bool) {
	if p == "" {
		return "", false
	}
	if !filepath.IsAbs(p) {
		return filepath.ToSlash(filepath.Clean(p)), true
	}
	rel, err := filepath.Rel(s.Project, p)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// pathSet is a set of relative paths; folders end with "/" in the keys
// folders lists.
type pathSet map[string]bool

func (ps pathSet) folders() []string {
	var out []string
	for p := range ps {
		if strings.HasSuffix(p, "/") {
			out = append(out, strings.TrimSuffix(p, "/"))
		}
	}
	return out
}

// artifactPaths are the session's recorded artifacts relative to the
// project (a folder artifact also as "dir/"). Only a list the session
// already holds is read: a list built on demand (ArtifactsFunc) is for
// sources whose artifacts live outside the project.
func artifactPaths(s *Session) pathSet {
	out := pathSet{}
	for _, a := range s.Artifacts {
		rel, ok := relToProject(s, a.Path)
		if !ok || rel == "." || strings.HasPrefix(rel, "../") {
			continue
		}
		out[rel] = true
		if a.Dir {
			out[rel+"/"] = true
		}
	}
	return out
}

func underAny(p string, prefixes []string) bool {
	for _, o := range prefixes {
		if p == o || strings.HasPrefix(p, o+"/") {
			return true
		}
	}
	return false
}

// vetoOf is VETO-2's verdict on git's answer for session s: nil when no
// file blocks RESTART.
func vetoOf(s *Session, g GitChecked) *Veto {
	changes := g.Changes
	if len(changes) == 0 {
		for _, f := range g.Files {
			changes = append(changes, Change{Path: f})
		}
	}
	files := Classify(s, changes)
	block := blocking(files)
	if len(block) == 0 {
		return nil
	}
	dir := ""
	if g.Cwd != "" && s.Project != "" && !sameDir(g.Cwd, s.Project) {
		dir = s.Project
	}
	return &Veto{Kind: VetoUncommitted, Files: block, Changes: files, Advice: vetoAdvice(files, dir), IgnoredCut: g.IgnoredCut}
}

// blocking is the paths of the files that block RESTART, in order.
func blocking(files []VetoFile) []string {
	var out []string
	for _, f := range files {
		if f.Class.Blocks() {
			out = append(out, f.Path)
		}
	}
	return out
}

// CountClass counts the veto's files of one class.
func (v *Veto) CountClass(c FileClass) int {
	n := 0
	for _, f := range v.Changes {
		if f.Class == c {
			n++
		}
	}
	return n
}

// OfClass is the veto's files of one class, in git's order.
func (v *Veto) OfClass(c FileClass) []VetoFile {
	var out []VetoFile
	for _, f := range v.Changes {
		if f.Class == c {
			out = append(out, f)
		}
	}
	return out
}

// StashMessage and CommitMessage are the messages VETO-2's advice puts on
// the person's stash or commit.
const (
	StashMessage  = "before pickup restart"
	CommitMessage = "work in progress before pickup restart"
)

// vetoAdvice is VETO-2's way out, as commands to paste: stash every
// change (pickup's and the session's own files left out by name when
// there are any), or commit the blocking files by name. dir, when not
// empty, is given to git with -C (the person is in another folder).
// Paths are quoted for a POSIX shell, and taken literally by git: a
// name with a wildcard or a leading colon is never read as a pattern.
func vetoAdvice(files []VetoFile, dir string) []string {
	git := "git"
	if dir != "" {
		git += " -C " + ShellQuote(dir)
	}
	stash := git + " stash push --include-untracked -m " + ShellQuote(StashMessage)
	var keep []string
	for _, f := range files {
		if !f.Class.Blocks() {
			magic := "exclude"
			if patternLike(f.Path) {
				magic += ",literal"
			}
			keep = append(keep, ShellQuote(":("+magic+")"+strings.TrimSuffix(f.Path, "/")))
		}
	}
	if len(keep) > 0 {
		// ":(top)" is the whole repository, as a bare stash takes it.
		stash += " -- " + ShellQuote(":(top)") + " " + strings.Join(keep, " ")
	}
	var add, force, commit []string
	seen := map[string]bool{}
	literal := false
	for _, f := range files {
		if !f.Class.Blocks() {
			continue
		}
		// git add takes what the work tree has; a change that is only
		// staged (a staged deletion above all) is left to the commit.
		switch {
		case f.Status == GitIgnored:
			// git add refuses an ignored file without -f.
			force = append(force, ShellQuote(f.Path))
		case !f.Staged:
			add = append(add, ShellQuote(f.Path))
		}
		for _, p := range []string{f.Path, f.OrigPath} {
			if p != "" && !seen[p] {
				seen[p] = true
				commit = append(commit, ShellQuote(p))
				literal = literal || patternLike(p)
			}
		}
	}
	if len(commit) == 0 {
		return []string{stash}
	}
	if literal {
		git += " --literal-pathspecs"
	}
	c := git + " commit -m " + ShellQuote(CommitMessage) + " -- " + strings.Join(commit, " ")
	if len(force) > 0 {
		c = git + " add -f -- " + strings.Join(force, " ") + " && " + c
	}
	if len(add) > 0 {
		c = git + " add -- " + strings.Join(add, " ") + " && " + c
	}
	return []string{stash, c}
}

// patternLike reports whether git would read p as a pattern or magic
// rather than a name.
func patternLike(p string) bool {
	return strings.ContainsAny(p, "*?[\\") || strings.HasPrefix(p, ":")
}

// ShellQuote makes s one word for a POSIX shell: as it is when it holds
// only safe characters, else in single quotes ('\” for a quote). A
// string with control or format characters, or bytes that are not UTF-8,
// is written as bash's $'…' with \xNN escapes for every byte outside
// printable ASCII, so nothing raw reaches a terminal and pasting it
// gives the very same bytes.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@%=,") == "" {
		return s
	}
	raw := !utf8.ValidString(s)
	for _, r := range s {
		raw = raw || unicode.IsControl(r) || unicode.In(r, unicode.Cf) || r == '\u2028' || r == '\u2029'
	}
	if !raw {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	const hex = "0123456789abcdef"
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			b.WriteString(`\x`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xf])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}
