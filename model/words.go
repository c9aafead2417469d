package model

import (
	"embed"
	"sync"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Words are the sentences the core builds itself, in one language: the
// crash verdict's reason, the evidence of activity it finds in the
// session's own files, the context guard's alerts and CONTINUE's
// question after them, the warning a decision keeps when CONTINUE went
// ahead anyway, and why an option is off. Config.Words chooses them; nil
// is EnglishWords. English is here; every other language is in
// messages/<lang>.json (WordsIn). The core only fills them in, with
// values it computed.
type Words struct {
	// Units are the language's time units (Elapsed's words); WordsIn
	// sets them.
	Units i18n.Units `json:"-"`
	// Crash reasons (CrashInfo.Reason): since and threshold are
	// Units.Elapsed's words.
	NoTimestamp   string
	Recent        i18n.M
	CleanStop     i18n.M
	Stale         i18n.M
	StaleAction   i18n.M
	NoCrashNotion i18n.M
	OwnFiles      string
	FilesChanged  i18n.M
	// The context guard (ContextAlerts).
	RecordedIn, RecordedOn  i18n.M
	DetachedHead            string
	DetachedAt              i18n.M
	HeadIs                  i18n.M
	NoCommitYet             string
	NotInHistory, NotInRepo i18n.M
	// MismatchAsk ends CONTINUE's question on a context mismatch (the
	// screen adds its [y/N] prompt, the CLI its --yes).
	MismatchAsk     string
	ContinuedThough i18n.M
	// The evidence of activity cmd gathers (loaders/activity), said by
	// LockHeld, AgentRunning and ConversationLive.
	LockHeldBy, LockHeldSince       i18n.M
	AgentHere, AgentIn              i18n.M
	ConversationPID, ConversationLk i18n.M
	// Why an option is off (Option.Reason, the Reason* constants): the
	// same sentences in the run's language (Reason).
	NoReviewAfterCrash, CorruptedOnly, UnknownPhase, NothingToArchive, HashesChanged string
}

// EnglishWords are the core's sentences in English.
var EnglishWords = Words{
	NoTimestamp:     "the state records no last update time",
	Recent:          i18n.T("updated {since} ago, within the {threshold} threshold"),
	CleanStop:       i18n.T("last action {action} ended the run on purpose"),
	Stale:           i18n.T("no update for {since} (more than {threshold})"),
	StaleAction:     i18n.T("no update for {since} (more than {threshold}) and the last action, {action}, is not a pause"),
	NoCrashNotion:   i18n.T("no update for {since}; the tool records no crash, so the run was interrupted"),
	OwnFiles:        "the session's own files",
	FilesChanged:    i18n.T("{what} changed {since} ago, within the {threshold} crash threshold"),
	RecordedIn:      i18n.T("recorded in {recorded}, you are in {current}"),
	RecordedOn:      i18n.T("recorded on {recorded}, you are on {current}"),
	DetachedHead:    "a detached HEAD",
	DetachedAt:      i18n.T("a detached HEAD ({short})"),
	HeadIs:          i18n.T("HEAD is {short}"),
	NoCommitYet:     "the repository has no commit yet",
	NotInHistory:    i18n.T("recorded from {field} {short}, which is not in your checkout's history ({head})"),
	NotInRepo:       i18n.T("recorded from {field} {short}, which this repository does not have ({head})"),
	MismatchAsk:     "Continue here anyway?",
	ContinuedThough: i18n.T("continued though {alert}"),
	LockHeldBy:      i18n.T("another pickup (pid {pid}) has this session open"),
	LockHeldSince:   i18n.T("another pickup (pid {pid}) has this session open since {since}"),
	AgentHere:       i18n.T("{name} (pid {pid}) is running in this project"),
	AgentIn:         i18n.T("{name} (pid {pid}) is running in this project (in {sub})"),
	ConversationPID: i18n.T("{agent} conversation {id} is open in a living process (pid {pid})"),
	ConversationLk:  i18n.T("{agent} conversation {id} is open in a living process (its writer lock is held)"),

	NoReviewAfterCrash: ReasonCrashNoReview,
	CorruptedOnly:      ReasonCorruptedOnly,
	UnknownPhase:       ReasonPhaseNotFound,
	NothingToArchive:   ReasonNothingToClear,
	HashesChanged:      ReasonIntegrity,
}

//go:embed messages
var messages embed.FS

// WordBundle is the core's sentences in every language pickup speaks.
var WordBundle = i18n.NewBundle(&EnglishWords, messages, "messages")

var wordsIn struct {
	sync.Mutex
	m map[i18n.Lang]*Words
}

// WordsIn are the core's sentences in l (English's for a language
// pickup does not speak), with l's time units.
func WordsIn(l i18n.Lang) *Words {
	if l == i18n.English || l == "" {
		return &EnglishWords
	}
	wordsIn.Lock()
	defer wordsIn.Unlock()
	if w, ok := wordsIn.m[l]; ok {
		return w
	}
	w := *WordBundle.For(l)
	w.Units = i18n.UnitsIn(l)
	if wordsIn.m == nil {
		wordsIn.m = map[i18n.Lang]*Words{}
	}
	wordsIn.m[l] = &w
	return &w
}

// LockHeld: another pickup holds the session's lock (since is "15:04",
// or empty when the lock does not say).
func (w *Words) LockHeld(pid int, since string) string {
	if since != "" {
		return w.LockHeldSince.F(pid, since)
	}
	return w.LockHeldBy.F(pid)
}

// AgentRunning: an agent CLI whose folder is the project or a folder
// inside it (sub, empty for the project itself).
func (w *Words) AgentRunning(name string, pid int, sub string) string {
	if sub != "" {
		return w.AgentIn.F(name, pid, sub)
	}
	return w.AgentHere.F(name, pid)
}

// ConversationLive: the session's conversation (agent, id) is held by a
// living process of its agent (pid 0: a lock says so, no pid).
func (w *Words) ConversationLive(agent, id string, pid int) string {
	if pid > 0 {
		return w.ConversationPID.F(agent, id, pid)
	}
	return w.ConversationLk.F(agent, id)
}

// Reason is why an option is off in w's language: a core reason (the
// Reason* constants, which Option.Reason and JSON keep in English) in
// its sentence, or a loader's own reason as it is (already in the run's
// language).
func (w *Words) Reason(r string) string {
	switch r {
	case ReasonCrashNoReview:
		return w.NoReviewAfterCrash
	case ReasonCorruptedOnly:
		return w.CorruptedOnly
	case ReasonPhaseNotFound:
		return w.UnknownPhase
	case ReasonNothingToClear:
		return w.NothingToArchive
	case ReasonIntegrity:
		return w.HashesChanged
	}
	return r
}

// words is the config's language, English when none is set.
func (c Config) words() *Words {
	if c.Words != nil {
		return c.Words
	}
	return &EnglishWords
}
