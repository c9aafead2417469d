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
func loadLedger(root, path string, data []byte) *model.Session {
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
			Detail:  "no line of the brainstorm ledger is a ledger event ({\"seq\": N, \"e\": …})",
			Message: "kiln's brainstorm ledger " + rel + " holds no event kiln wrote.\nDISCARD archives it beside itself."}
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: archiveFilePolicy(path, "the brainstorm ledger")}
		return s
	}
	last := evs[len(evs)-1]
	sealed := last.E == "session_complete"
	s.Stage = "brainstorm"
	if st, err := os.Stat(path); err == nil {
		s.LastUpdated, s.HasLastUpdated = st.ModTime(), true
	}
	s.Fields = []model.Field{{Key: "phase", Label: "Stage", Value: "brainstorm"},
		{Key: "ledger", Label: "Ledger", Value: fmt.Sprintf("%d events, last %s (seq %d)", len(evs), last.E, last.Seq)},
		{Key: "intents", Label: "Intents confirmed", Value: fmt.Sprintf("%d/5", len(intents))}}
	s.Progress = model.Progress{Done: len(intents), Total: 5}
	s.Phases = []model.Phase{{Name: "brainstorm", Status: model.PhaseInProgress}}
	for _, st := range SpineF {
		s.Phases = append(s.Phases, model.Phase{Name: st, Status: model.PhasePending})
	}
	warn := func(f string, a ...any) { s.Warnings = append(s.Warnings, fmt.Sprintf(f, a...)) }
	if len(bad) > 0 {
		warn("%s: %s: not a ledger event; skipped", rel, lineList(bad))
	}
	for i := 1; i < len(evs); i++ {
		if evs[i].Seq <= evs[i-1].Seq {
			warn("%s: seq %d follows seq %d; kiln's seq only increases", rel, evs[i].Seq, evs[i-1].Seq)
			break
		}
	}
	lines := []string{}
	if sealed {
		s.Status = "sealed"
		s.Phases[0].Status = model.PhaseCompleted
		s.ResumePoint = model.ResumePoint{Phase: "after the brainstorm",
			Reason: fmt.Sprintf("the brainstorm is sealed (session_complete, %d entries) and no run has written .kiln/STATE.md yet", last.Entries)}
		s.LastAction = &model.LastAction{Type: "session_complete", Clean: true}
		cont := "The brainstorm is sealed: relaunch kiln so its vision compiler reads " + rel + " (kiln never resumes a brainstorm), then the law stage runs; " + pickupFire(root) + "."
		s.Outcomes = map[model.Choice]string{model.Continue: cont}
		s.Policy = map[model.Choice]model.ChoicePolicy{
			model.Continue: {Recommended: true, Hint: "relaunch kiln on the sealed brainstorm"},
			model.Restart:  {Hint: "start a new brainstorm", Disabled: "the brainstorm is sealed: kiln renames only an abandoned ledger; DISCARD archives this one"},
			model.Discard:  archiveFilePolicy(path, "the brainstorm ledger"),
		}
		lines = append(lines, cont)
	} else {
		s.Status = "abandoned"
		s.ResumePoint = model.ResumePoint{Phase: "brainstorm (abandoned)",
			Reason: fmt.Sprintf("the ledger's last event is %s (seq %d), not session_complete, and there is no .kiln/STATE.md: kiln calls this an abandoned brainstorm and never resumes it", last.E, last.Seq)}
		// Abandoned is kiln's own verdict: never a crash to report.
		s.LastAction = &model.LastAction{Type: "abandoned brainstorm", Clean: true}
		cont := "kiln never resumes an abandoned brainstorm: " + pickupFire(root) + " and kiln renames " + rel +
			" to brainstorm-ledger.abandoned-<utc>.jsonl and starts a fresh one."
		s.Outcomes = map[model.Choice]string{model.Continue: cont,
			model.Restart: "The abandoned ledger is kept as brainstorm-ledger.abandoned-<utc>.jsonl: " + pickupFire(root) + " to start a fresh brainstorm."}
		s.Policy = map[model.Choice]model.ChoicePolicy{
			model.Continue: {Hint: "run /kiln-fire: kiln starts a fresh brainstorm"},
			model.Restart: {Recommended: true, Hint: "set the abandoned ledger aside, as kiln does",
				Confirm: "Set the abandoned brainstorm aside?\n" + path + "\nIt is renamed to brainstorm-ledger.abandoned-<utc>.jsonl beside itself, as kiln itself does at its next brainstorm; nothing is deleted."},
			model.Discard: archiveFilePolicy(path, "the brainstorm ledger"),
		}
		lines = append(lines, "Abandoned: "+s.ResumePoint.Reason+".", cont)
	}
	s.Sections = []model.Section{{Title: "Brainstorm (" + rel + ")", Lines: append(lines, ledgerSummary(evs, intents)...)}}
	s.Artifacts = []model.Artifact{{Path: path, Kind: "brainstorm_ledger", Exists: true}}
	s.Context["ledger"] = path
	s.Context["sealed"] = sealed
	s.Context["resume_command"] = "/kiln-fire"
	s.Prompt = "# kiln brainstorm: " + filepath.Base(root) + "\n\n" + s.ResumePoint.Reason + ".\n\n" + s.Outcomes[model.Continue] + "\n"
	s.Plan = &model.Plan{Lines: append([]string{"Next: " + s.ResumePoint.Phase + ": " + s.ResumePoint.Reason}, lines...),
		Data: map[string]any{"era": "F", "stage": "brainstorm", "sealed": sealed, "events": len(evs), "last_event": last.E, "continue_writes": []string{}}}
	return s
}

func ledgerSummary(evs []ledgerEvent, intents map[string]bool) []string {
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
	out := []string{"Events: " + strings.Join(parts, ", ")}
	if len(missing) > 0 {
		out = append(out, "Intents not yet confirmed: "+strings.Join(missing, ", "))
	}
	return out
}

func firstOr(ns []int) int {
	if len(ns) > 0 {
		return ns[0]
	}
	return 0
}
