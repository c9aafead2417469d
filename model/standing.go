package model

import "time"

// Standing is the one word for where a session stands. The picker, the
// options screen's first line, `pickup status` and JSON all say it with
// these words, whatever the format.
type Standing string

const (
	// StandingRunning: there is evidence that the workflow is still at
	// work (Activity), so resuming could run the work twice.
	StandingRunning Standing = "running"
	// StandingCrashed: the crash rule says it crashed (DetectCrash).
	StandingCrashed Standing = "crashed"
	// StandingPaused: the run stopped on purpose (a pause, a clean stop).
	StandingPaused Standing = "paused"
	// StandingInterrupted: it stopped without a pause, and it is not (or
	// cannot be called) a crash: a source that never pauses, a stop
	// within the crash threshold, a state with no time.
	StandingInterrupted Standing = "interrupted"
	// StandingReady: the last run finished its step; the next step can
	// start (bookforge's normal run).
	StandingReady Standing = "ready"
	// StandingDone: the workflow finished.
	StandingDone Standing = "done"
	// StandingArchived: history, kept but not resumed.
	StandingArchived Standing = "archived"
	// StandingCorrupted: the state file cannot be read as a session.
	StandingCorrupted Standing = "corrupted"
)

// Standings lists every word, in the order a legend shows them.
var Standings = []Standing{
	StandingRunning, StandingCrashed, StandingPaused, StandingInterrupted,
	StandingReady, StandingDone, StandingArchived, StandingCorrupted,
}

// ActivityKind names the kind of evidence that a workflow is at work.
type ActivityKind string

const (
	// ActivityLock: another pickup holds the session's lock.
	ActivityLock ActivityKind = "lock"
	// ActivityProcess: an agent CLI runs with its working directory in
	// the project (read from /proc where there is one).
	ActivityProcess ActivityKind = "process"
	// ActivityFiles: the session's own files changed within the crash
	// threshold.
	ActivityFiles ActivityKind = "files"
)

// Activity is one piece of evidence that a session's workflow is still
// at work. cmd gathers it (I/O) and hands it to the core in Loaded.
type Activity struct {
	Kind ActivityKind `json:"kind"`
	// Detail says it for a person: "claude (pid 4242) is running in this
	// project".
	Detail string `json:"detail"`
	PID    int    `json:"pid,omitempty"`
	Name   string `json:"name,omitempty"`
}

// AlertKind names a fact that bears on the choice.
type AlertKind string

const (
	AlertRunning  AlertKind = "running"   // the workflow may still be at work
	AlertBranch   AlertKind = "branch"    // recorded on another branch/commit/folder
	AlertStale    AlertKind = "stale"     // a stale marker or record
	AlertConflict AlertKind = "conflict"  // the state disagrees with itself or the disk
	AlertReadOnly AlertKind = "read_only" // another pickup has the session open
	AlertCutShort AlertKind = "cut_short" // a write (the tool's or pickup's) was cut short
	AlertDecision AlertKind = "decision"  // a person must decide before the workflow can go on
	// AlertInterrupted: pickup's own write on the session was cut short
	// (its operation is still open in the log; `pickup undo` puts it
	// back, or finishes an undo cut short).
	AlertInterrupted AlertKind = "pickup_interrupted"
	AlertOther       AlertKind = "other"
)

// Alert is a fact that bears on the choice: the options screen shows
// every alert above its question, and JSON carries them. A loader's
// general remarks stay in Session.Warnings.
type Alert struct {
	Kind AlertKind `json:"kind"`
	Text string    `json:"text"`
}

// StandingOf is the session's one word, from the session and the crash
// verdict (which carries the activity evidence).
func StandingOf(s *Session, crash CrashInfo) Standing {
	switch {
	case s == nil:
		return ""
	case s.Problem != nil && s.Problem.Kind == ErrCorrupted:
		return StandingCorrupted
	case s.Archived:
		return StandingArchived
	case crash.Running:
		return StandingRunning
	case crash.Detected:
		return StandingCrashed
	case s.Standing != "":
		return s.Standing
	case crash.ReasonCode == CrashCleanStop:
		return StandingPaused
	case crash.ReasonCode == CrashNoNotion:
		return StandingInterrupted
	case crash.ReasonCode == CrashRecent && s.LastAction != nil && !s.LastAction.Clean:
		return StandingInterrupted
	case crash.ReasonCode == CrashNoTimestamp:
		return StandingInterrupted
	}
	return StandingPaused
}

// WithActivity is the crash verdict once the evidence of activity is in:
// any evidence makes the session running, never crashed.
func (c CrashInfo) WithActivity(act []Activity) CrashInfo {
	if len(act) == 0 {
		return c
	}
	c.Detected = false
	c.Running = true
	c.Activity = act
	c.ReasonCode = CrashRunning
	c.Reason = act[0].Detail
	return c
}

// Alerts are the facts that bear on the choice for the loaded session:
// the session's own, then the core's (running).
func (s State) Alerts() []Alert {
	var out []Alert
	if s.Crash.Running {
		for _, a := range s.Crash.Activity {
			out = append(out, Alert{Kind: AlertRunning, Text: a.Detail})
		}
	}
	out = append(out, s.Mismatch...)
	if s.Session != nil {
		out = append(out, s.Session.Alerts...)
	}
	return out
}

// FilesActivity is the evidence in the session's own files: the files
// its run keeps writing (Session.Touched) changed within the threshold
// of now, and not before a clean stop the state records (a pause, then
// nothing written since, is a pause). None without a time.
func FilesActivity(s *Session, now time.Time, threshold time.Duration) []Activity {
	return EnglishWords.FilesActivity(s, now, threshold)
}

// FilesActivity is the package's FilesActivity with its detail in w's
// language.
func (w *Words) FilesActivity(s *Session, now time.Time, threshold time.Duration) []Activity {
	if s == nil || s.Touched.IsZero() || now.IsZero() || s.Archived {
		return nil
	}
	since := now.Sub(s.Touched)
	if since < 0 || since > threshold {
		return nil
	}
	if s.LastAction != nil && s.LastAction.Clean && s.HasLastUpdated && !s.Touched.After(s.LastUpdated) {
		return nil
	}
	what := s.TouchedWhat
	if what == "" {
		what = w.OwnFiles
	}
	return []Activity{{Kind: ActivityFiles, Name: what,
		Detail: w.FilesChanged.F(what, w.Units.Elapsed(since), w.Units.Elapsed(threshold))}}
}

// Alert adds a fact that bears on the choice (see Alerts).
func (s *Session) Alert(kind AlertKind, text string) {
	s.Alerts = append(s.Alerts, Alert{Kind: kind, Text: text})
}
