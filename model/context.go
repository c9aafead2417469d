package model

import (
	"path/filepath"
	"strings"
	"time"
)

// The context guard: where a session's state records the branch, the
// commit or the folder its run worked in, the core compares it with the
// checkout the person is on now. A mismatch is an alert (AlertBranch)
// naming both sides, and CONTINUE then asks first (resume needs --yes),
// unless the source refuses by itself (Recorded.Strict: crucible).

// Recorded is where a session's run took place, as its state records it.
// A loader fills what its format records; empty fields are not compared.
type Recorded struct {
	// Branch is the branch the run worked on (AIOS
	// context_snapshot.branch, kiln's phase state branch:, atelier's
	// branch, crucible's marker).
	Branch string `json:"branch,omitempty"`
	// Commit is a commit the run started from or last saw (kiln's
	// phase_start_commit, crucible's baseline_sha, atelier's
	// last_commit): the checkout's history must hold it.
	Commit string `json:"commit,omitempty"`
	// CommitField is the format's name for Commit, for the alert
	// ("phase_start_commit").
	CommitField string `json:"-"`
	// Dir is the folder the run worked in, absolute, for a format whose
	// tool itself holds a run to its folder (none today: kiln's
	// ## Project Path is only a warning, kiln never compares it).
	Dir string `json:"dir,omitempty"`
	// Started is when the run started (AIOS workflow.started_at, kiln's
	// phase state started:, crucible's start_time, /design's
	// created_at): a file changed between it and the session's last
	// update is counted as the run's own work in VETO-2's list.
	Started time.Time `json:"started,omitzero"`
	// Strict says the source refuses CONTINUE itself on a branch
	// mismatch (crucible's branch guard, its spec's own words): the core
	// then asks nothing, the loader's Apply refuses.
	Strict bool `json:"-"`
}

// Empty reports whether nothing about the place is recorded (the start
// time is not a place).
func (r Recorded) Empty() bool { return r.Branch == "" && r.Commit == "" && r.Dir == "" }

// CommitCheck is whether the checkout's history holds a recorded commit.
type CommitCheck string

const (
	CommitUnchecked CommitCheck = ""        // not asked (nothing recorded, or git could not tell)
	CommitInHistory CommitCheck = "history" // HEAD is the commit or descends from it
	CommitNotInTree CommitCheck = "elsewhere"
	CommitUnknown   CommitCheck = "unknown" // the repository has no such commit
)

// Checkout is the project's git checkout as the caller read it when the
// session was loaded (loaders/git.Checkout). A nil *Checkout in Loaded
// means it was not read: nothing is compared.
type Checkout struct {
	// Dir is the project folder pickup works on, absolute.
	Dir string `json:"dir"`
	// Repo is false when Dir is not in a git repository (or git is
	// missing): branch and commit are then not compared.
	Repo bool `json:"repo"`
	// Branch is the current branch, "" on a detached HEAD.
	Branch string `json:"branch,omitempty"`
	// Head is HEAD's full commit id ("" before the first commit).
	Head string `json:"head,omitempty"`
	// Commit answers for the session's Recorded.Commit.
	Commit CommitCheck `json:"commit_check,omitempty"`
}

// Moved reports whether HEAD or the branch differs between two readings
// of one checkout (the guard against a write after HEAD moved).
func (c Checkout) Moved(now Checkout) bool {
	return c.Repo && (now.Repo != c.Repo || now.Head != c.Head || now.Branch != c.Branch)
}

// shortCommit is a commit id as people read it.
func shortCommit(id string) string {
	if len(id) > 7 {
		return id[:7]
	}
	return id
}

// where names the checkout's side of a branch comparison.
func (c Checkout) where(w *Words) string {
	if c.Branch != "" {
		return c.Branch
	}
	if c.Head != "" {
		return w.DetachedAt.F(shortCommit(c.Head))
	}
	return w.DetachedHead
}

// ContextAlerts compares what a session records with the checkout:
// one alert per difference, naming both sides. Nothing is compared
// without a checkout; branch and commit only in a repository.
func ContextAlerts(rec Recorded, co *Checkout) []Alert {
	return EnglishWords.ContextAlerts(rec, co)
}

// ContextAlerts is the package's ContextAlerts in w's language.
func (w *Words) ContextAlerts(rec Recorded, co *Checkout) []Alert {
	if co == nil {
		return nil
	}
	var out []Alert
	if rec.Dir != "" && co.Dir != "" && !sameDir(rec.Dir, co.Dir) {
		out = append(out, Alert{Kind: AlertBranch, Text: w.RecordedIn.F(rec.Dir, co.Dir)})
	}
	if !co.Repo {
		return out
	}
	if rec.Branch != "" && rec.Branch != co.Branch {
		out = append(out, Alert{Kind: AlertBranch, Text: w.RecordedOn.F(rec.Branch, co.where(w))})
	}
	if !NullCommit(rec.Commit) && !strings.HasPrefix(co.Head, strings.ToLower(rec.Commit)) {
		field := rec.CommitField
		if field == "" {
			field = "commit"
		}
		head := w.HeadIs.F(shortCommit(co.Head))
		if co.Head == "" {
			head = w.NoCommitYet
		}
		switch co.Commit {
		case CommitNotInTree:
			out = append(out, Alert{Kind: AlertBranch, Text: w.NotInHistory.F(field, shortCommit(rec.Commit), head)})
		case CommitUnknown:
			out = append(out, Alert{Kind: AlertBranch, Text: w.NotInRepo.F(field, shortCommit(rec.Commit), head)})
		}
	}
	return out
}

// NullCommit reports whether a recorded commit says nothing: empty, or
// git's null id (all zeros, as a tool writes before the first commit).
func NullCommit(id string) bool { return strings.Trim(id, "0") == "" }

// sameDir compares two absolute folders, cleaned.
func sameDir(a, b string) bool {
	return filepath.Clean(a) == filepath.Clean(b)
}

// MismatchQuestion is CONTINUE's question on a context mismatch: the
// alerts, one sentence each, then ask (Words.MismatchAsk, or the source's own
// question when it has one).
func MismatchQuestion(alerts []Alert, ask string) string {
	lines := make([]string, 0, len(alerts)+1)
	for _, a := range alerts {
		lines = append(lines, upperFirst(a.Text)+".")
	}
	return strings.Join(append(lines, ask), "\n")
}

func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// GuardHeadMoved is the guard kind of a write refused because HEAD or
// the branch moved since the session was loaded (the context guard's
// verdict no longer holds).
const GuardHeadMoved = "head_moved"
