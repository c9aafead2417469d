package kiln

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pickup-dev/pickup/model"
)

// Before an era F run writes STATE.md, its brainstorm (Da Vinci) keeps
// .kiln/brainstorm-ledger.jsonl: one JSON object per exchange, seq
// strictly increasing, events session_start … session_complete (the last
// line, written only when the sketch is done). A ledger whose last line
// is not session_complete, with no STATE.md beside it, is abandoned:
// kiln never resumes it; at the next spawn it renames it
// brainstorm-ledger.abandoned-<utc>.jsonl and begins fresh
// (Fredasterehub/kiln v3.1.8 agents/da-vinci.md, cards/brainstorm.md).

// ledgerEvent is one ledger line.
type ledgerEvent struct {
	Seq     int    `json:"seq"`
	E       string `json:"e"`
	Field   string `json:"field"`
	Entries int    `json:"entries"`
}

// loadLedger reads a brainstorm ledger found with no STATE.md.
func loadLedger(tx *Text, root, path string, data []byte) *model.Session {
	t := &tx.State
	s := stateSession(root, path, data, "F")
	var evs []ledgerEvent
	var bad []int
	intents := map[string]bool{}
	for i, l := range bytes.Split(bytes.TrimPrefix(data, []byte(utf8BOM)), []byte("\n")) {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var ev ledgerEvent
		if err := json.Unmarshal(l, &ev); err != nil || ev.E == "" {
			bad = append(bad, i+1)
			continue
		}
		if ev.E == "intent" && ev.Field != "" {
			intents[ev.Field] = true
		}
		evs = append(evs, ev)
	}
	rel := ".kiln/" + LedgerFile
	if len(evs) == 0 {
		s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: path, Line: firstOr(bad),
			Detail:  t.LedgerNoEvent,
			Message: t.LedgerNoEventMessage.F(rel)}
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: archiveFilePolicy(tx, path, t.TheLedger)}
		return s
	}
	last := evs[len(evs)-1]
	sealed := last.E == "session_complete"
	s.Stage = "brainstorm"
	if st, err := os.Stat(path); err == nil {
		s.LastUpdated, s.HasLastUpdated = st.ModTime(), true
	}
	s.Fields = []model.Field{{Key: "phase", Label: "Stage", Value: "brainstorm"},
		{Key: "ledger", Label: "Ledger", Value: t.LedgerSummary.N(len(evs), last.E, last.Seq)},
		{Key: "intents", Label: "Intents confirmed", Value: fmt.Sprintf("%d/5", len(intents))}}
	s.Progress = model.Progress{Done: len(intents), Total: 5}
	s.Phases = []model.Phase{{Name: "brainstorm", Status: model.PhaseInProgress}}
	for _, st := range SpineF {
		s.Phases = append(s.Phases, model.Phase{Name: st, Status: model.PhasePending})
	}
	warn := func(f string, a ...any) { s.Warnings = append(s.Warnings, fmt.Sprintf(f, a...)) }
	if len(bad) > 0 {
		warn("%s", t.LedgerBadLines.F(rel, lineList(tx, bad)))
	}
	for i := 1; i < len(evs); i++ {
		if evs[i].Seq <= evs[i-1].Seq {
			warn("%s", t.LedgerSeq.F(rel, evs[i].Seq, evs[i-1].Seq))
			break
		}
	}
	lines := []string{}
	if sealed {
		s.Status = "sealed"
		s.Phases[0].Status = model.PhaseCompleted
		s.ResumePoint = model.ResumePoint{Phase: t.AfterBrainstorm, Reason: t.SealedWhy.N(last.Entries)}
		s.LastAction = &model.LastAction{Type: "session_complete", Clean: true}
		cont := t.SealedContinue.F(rel, pickupFire(tx, root))
		s.Outcomes = map[model.Choice]string{model.Continue: cont}
		s.Policy = map[model.Choice]model.ChoicePolicy{
			model.Continue: {Recommended: true, Hint: t.SealedHint},
			model.Restart:  {Hint: t.NewBrainstormHint, Disabled: t.SealedNoRestart},
			model.Discard:  archiveFilePolicy(tx, path, t.TheLedger),
		}
		lines = append(lines, cont)
	} else {
		s.Status = "abandoned"
		s.ResumePoint = model.ResumePoint{Phase: t.Abandoned, Reason: t.AbandonedWhy.F(last.E, last.Seq)}
		// Abandoned is kiln's own verdict: never a crash to report.
		s.LastAction = &model.LastAction{Type: "abandoned brainstorm", Clean: true}
		cont := t.AbandonedContinue.F(pickupFire(tx, root), rel)
		s.Outcomes = map[model.Choice]string{model.Continue: cont,
			model.Restart: t.AbandonedRestart.F(pickupFire(tx, root))}
		s.Policy = map[model.Choice]model.ChoicePolicy{
			model.Continue: {Hint: t.AbandonedContinueHint},
			model.Restart:  {Recommended: true, Hint: t.AbandonedRestartHint, Confirm: t.AbandonedRestartQ.F(path)},
			model.Discard:  archiveFilePolicy(tx, path, t.TheLedger),
		}
		lines = append(lines, t.AbandonedLine.F(s.ResumePoint.Reason), cont)
	}
	s.Sections = []model.Section{{Title: t.BrainstormTitle.F(rel), Lines: append(lines, ledgerSummary(t, evs, intents)...)}}
	s.Artifacts = []model.Artifact{{Path: path, Kind: "brainstorm_ledger", Exists: true}}
	s.Context["ledger"] = path
	s.Context["sealed"] = sealed
	s.Context["resume_command"] = "/kiln-fire"
	s.Prompt = t.BrainstormPrompt.F(filepath.Base(root)) + "\n\n" + s.ResumePoint.Reason + ".\n\n" + s.Outcomes[model.Continue] + "\n"
	s.Plan = &model.Plan{Lines: append([]string{tx.Next.F(s.ResumePoint.Phase + ": " + s.ResumePoint.Reason)}, lines...),
		Data: map[string]any{"era": "F", "stage": "brainstorm", "sealed": sealed, "events": len(evs), "last_event": last.E, "continue_writes": []string{}}}
	return s
}

func ledgerSummary(t *StateText, evs []ledgerEvent, intents map[string]bool) []string {
	count := map[string]int{}
	var order []string
	for _, e := range evs {
		if count[e.E] == 0 {
			order = append(order, e.E)
		}
		count[e.E]++
	}
	var parts []string
	for _, e := range order {
		parts = append(parts, fmt.Sprintf("%s ×%d", e, count[e]))
	}
	var missing []string
	for _, f := range []string{"purpose", "users", "must_haves", "non_goals", "feel"} {
		if !intents[f] {
			missing = append(missing, f)
		}
	}
	out := []string{t.Events.F(strings.Join(parts, ", "))}
	if len(missing) > 0 {
		out = append(out, t.IntentsNotConfirmed.F(strings.Join(missing, ", ")))
	}
	return out
}

func firstOr(ns []int) int {
	if len(ns) > 0 {
		return ns[0]
	}
	return 0
}
