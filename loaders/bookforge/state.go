package bookforge

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/tidwall/gjson"
)

// StateFile is the book's run state, relative to the book. bookforge's
// run loop starts at its cursor (runner.py run_loop), so pickup does too.
const StateFile = "state.json"

// LintModeEnv is the variable that turns bookforge's lint off
// (BOOKFORGE_LINT_MODE=strict|warn|off; anything else is warn).
const LintModeEnv = "BOOKFORGE_LINT_MODE"

// State is what pickup reads from state.json: the cursor (the scene the
// next run works on; every scene before it is committed), the status
// word, and plan.scene_card, which the runner reuses on --resume when
// the ledger has no plan entry.
type State struct {
	Rel     string `json:"file"`
	Chapter int    `json:"chapter"`
	Scene   int    `json:"scene"`
	Status  string `json:"status,omitempty"`
	// Defaulted says the cursor was missing or zero (a fresh book): the
	// runner then starts at the outline's first chapter, scene 1, which
	// pickup takes to be chapter 1.
	Defaulted bool `json:"defaulted,omitempty"`
	// PlanCard is plan.scene_card as recorded; PlanCardScene the scene
	// the card itself names ("" when it cannot be read).
	PlanCard      string `json:"plan_scene_card,omitempty"`
	PlanCardScene string `json:"-"`
}

// SceneID is the cursor scene.
func (s *State) SceneID() string { return sceneID(s.Chapter, s.Scene) }

// Complete reports the status bookforge writes when the last chapter's
// last scene is committed.
func (s *State) Complete() bool { return strings.EqualFold(s.Status, "COMPLETE") }

// intOf reads a JSON number or numeric string as Python's int() does for
// the values bookforge writes (3, 3.0, "3").
func intOf(v gjson.Result) (int, bool) {
	t := strings.TrimSpace(text(v))
	if n, err := strconv.Atoi(t); err == nil {
		return n, true
	}
	if f, err := strconv.ParseFloat(t, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) && math.Abs(f) < 1e9 {
		return int(f), true
	}
	return 0, false
}

// parseState reads state.json's bytes. nil and a warning naming the file
// when it cannot be read as an object: pickup then falls back to the
// ledgers, and bookforge itself stops on it.
func parseState(data []byte, tx *Text) (*State, []string) {
	tx = textOr(tx)
	root, _, err := parseJSON(data)
	if err != nil {
		return nil, []string{tx.StateBad.F(StateFile, tx.jsonErr(err))}
	}
	if !root.IsObject() {
		return nil, []string{tx.StateNotObject.F(StateFile, tx.kind(root))}
	}
	s := &State{Rel: StateFile, Status: text(field(root, "status"))}
	cur := field(root, "cursor")
	if cur.IsObject() {
		s.Chapter, _ = intOf(field(cur, "chapter"))
		s.Scene, _ = intOf(field(cur, "scene"))
	}
	if s.Chapter <= 0 {
		s.Chapter, s.Defaulted = 1, true
	}
	if s.Scene <= 0 {
		s.Scene, s.Defaulted = 1, true
	}
	if pl := field(root, "plan"); pl.IsObject() {
		s.PlanCard = text(field(pl, "scene_card"))
	}
	return s, nil
}

// cardScene is the scene a scene card names ({"chapter", "scene"}), or "".
func cardScene(data []byte) string {
	root, _, err := parseJSON(data)
	if err != nil || !root.IsObject() {
		return ""
	}
	ch, ok1 := intOf(field(root, "chapter"))
	sc, ok2 := intOf(field(root, "scene"))
	if !ok1 || !ok2 || ch <= 0 || sc <= 0 {
		return ""
	}
	return sceneID(ch, sc)
}

// Report is what a recorded lint report says: its status word (the
// runner repairs when it is "fail"), or why it cannot be read.
type Report struct {
	Status string `json:"status,omitempty"`
	Err    string `json:"error,omitempty"`
}

// parseReport reads a lint report as the runner does: a JSON object
// whose "status" decides (anything but "fail" passes).
func parseReport(data []byte, tx *Text) Report {
	tx = textOr(tx)
	root, _, err := parseJSON(data)
	if err != nil {
		return Report{Err: tx.jsonErr(err)}
	}
	if !root.IsObject() {
		return Report{Err: tx.ReportNotObject.F(tx.kind(root))}
	}
	return Report{Status: text(field(root, "status"))}
}

// LintMode is whether bookforge lints, and how pickup knows.
type LintMode struct {
	Off bool `json:"off"`
	// Explicit: BOOKFORGE_LINT_MODE says so in pickup's environment.
	Explicit bool   `json:"explicit,omitempty"`
	Why      string `json:"why"`
}

// lintMode decides whether the run lints: BOOKFORGE_LINT_MODE in
// pickup's environment when it is set (bookforge also reads the .env
// file beside its code, which pickup does not open: it holds API keys);
// else the committed scenes' history (ledgers that record state_repair
// but never lint were written with lint off); else lint is on, as by
// default.
func lintMode(env string, committed []*Ledger, tx *Text) LintMode {
	tx = textOr(tx)
	if v := strings.ToLower(strings.TrimSpace(env)); v != "" {
		if v == "off" {
			return LintMode{Off: true, Explicit: true, Why: tx.LintOffEnv.F(LintModeEnv)}
		}
		if v != "strict" && v != "warn" {
			v = tx.LintUnknownMode.F(LintModeEnv, strings.TrimSpace(env))
		}
		return LintMode{Explicit: true, Why: tx.LintEnvIs.F(LintModeEnv, v)}
	}
	noLint, withLint := 0, 0
	for _, l := range committed {
		switch {
		case l.Entries["lint"] != nil:
			withLint++
		case l.Entries["state_repair"] != nil:
			noLint++
		}
	}
	if noLint > 0 && withLint == 0 {
		return LintMode{Off: true, Why: tx.LintOffHistory.N(noLint, LintModeEnv)}
	}
	return LintMode{Why: tx.LintDefault}
}

// staleWhy says why a pause marker no longer describes the last stop, or
// "" when it does: it names a scene behind state.json's cursor (that
// scene was committed since), the book is complete, or ledger entries
// were recorded after it. bookforge removes the marker only in `book
// reset`, so a later successful run leaves it behind.
func staleWhy(pz *Pause, ledgers []*Ledger, st *State, tx *Text) string {
	if pz == nil {
		return ""
	}
	tx = textOr(tx)
	if st != nil && st.Complete() {
		return tx.StaleComplete
	}
	if st != nil && pz.HasScene && (pz.Chapter < st.Chapter || (pz.Chapter == st.Chapter && pz.Scene < st.Scene)) {
		return tx.StaleBehind.F(pz.SceneID(), st.SceneID())
	}
	if !pz.HasCreated {
		return ""
	}
	var newest *Entry
	var where string
	for _, l := range ledgers {
		for _, e := range l.Entries {
			if e.HasTime && e.Timestamp.After(pz.CreatedAt) && (newest == nil || e.Timestamp.After(newest.Timestamp)) {
				newest, where = e, l.ID+" "+phaseLabel(e.Phase)
			}
		}
	}
	if newest != nil {
		return tx.StaleLater.F(where, newest.RawTime, pz.RawCreated)
	}
	return ""
}

// cutShort is a two-step write of pickup's (RESTART: the resume scene's
// ledger, then the pause marker; DISCARD: the ledger folder, then the
// marker) that a kill stopped between its steps: the first move is
// done, the marker is still in place.
type cutShort struct {
	Choice string // "RESTART" or "DISCARD"
	Stamp  string // the <unix-ms> of the archive names
	At     time.Time
	Moved  string // the archive the first step made, relative to the book
	From   string // where it was
}

// restartArchive matches a ledger RESTART moved aside.
var restartArchive = lazyre.New(`^(ch\d{3,}_sc\d{3,}\.json)\.restart\.(\d[0-9TZ.-]*)$`)

// findCutShort looks for a RESTART or DISCARD cut short in the book: an
// archive of pickup's whose marker counterpart (same <unix-ms>) is
// missing while a marker from before it is still in place. markerTime is
// the marker's created_at, else its file time. It lists two folders
// (never walks) and returns nil when the marker is absent or newer.
func findCutShort(b *book, markerTime time.Time) *cutShort {
	if !b.HasPause || markerTime.IsZero() {
		return nil
	}
	ctx := filepath.Dir(b.PauseFile)
	var found []*cutShort
	consider := func(choice, stamp, moved, from string) {
		at, ok := fsx.ParseStamp(stamp)
		if !ok {
			return
		}
		if markerTime.After(at) {
			return // a pause after that write: not what it left behind
		}
		if _, err := os.Lstat(b.PauseFile + "." + strings.ToLower(map[string]string{"RESTART": "restart", "DISCARD": "discarded"}[choice]) + "." + stamp); err == nil {
			return // the marker moved too: the write finished
		}
		found = append(found, &cutShort{Choice: choice, Stamp: stamp, At: at, Moved: moved, From: from})
	}
	if ents, err := os.ReadDir(b.History); err == nil {
		for _, e := range ents {
			if m := restartArchive.FindStringSubmatch(e.Name()); m != nil {
				consider("RESTART", m[2], HistoryDir+"/"+e.Name(), HistoryDir+"/"+m[1])
			}
		}
	}
	if ents, err := os.ReadDir(ctx); err == nil {
		for _, e := range ents {
			if stamp, ok := strings.CutPrefix(e.Name(), "phase_history.discarded."); ok && e.IsDir() {
				consider("DISCARD", stamp, "draft/context/"+e.Name(), HistoryDir)
			}
		}
	}
	if len(found) == 0 {
		return nil
	}
	sort.Slice(found, func(i, j int) bool { return found[i].At.After(found[j].At) })
	return found[0]
}

// warning says what a cut-short write left, and exactly what to do.
func (c *cutShort) warning(tx *Text) string {
	return textOr(tx).CutShort.F(c.Choice, clock(c.At), c.From, c.Moved, PauseFile)
}
