package bookforge

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"
)

// The flags that get a `bookforge run` past its outline write gate
// (runner.py run_loop at zekenaulty/bookforge@30032f6). They are
// bookforge's own: pickup takes them and passes them on in the command.
const (
	FlagAckOutline    = "ack-outline-attention-items"
	FlagBypassOutline = "force-outline-gate-bypass"
)

// Gate is whether `bookforge run` writes, or stops before writing: it
// needs outline/outline.json, and then the latest outline pipeline
// report with overall_status SUCCESS or SUCCESS_WITH_WARNINGS; a report
// that requires attention needs --ack-outline-attention-items, a strict
// one (or any other refusal) --force-outline-gate-bypass.
type Gate struct {
	Open bool `json:"open"`
	// Refusal is bookforge's own error when the gate is closed.
	Refusal string `json:"refusal,omitempty"`
	Report  string `json:"report,omitempty"`
	Status  string `json:"status,omitempty"`
	// Attention lists the report's attention items.
	Attention []string `json:"attention_items,omitempty"`
	Acked     bool     `json:"acknowledged,omitempty"`
	Bypassed  bool     `json:"bypassed,omitempty"`
	// Ways are what gets past it, in bookforge's order of preference.
	Ways []string `json:"ways,omitempty"`
	// First is the outline command that opens the gate, when there is
	// one to run (an unfinished outline pipeline run, or no outline).
	First string `json:"first_command,omitempty"`
}

// gateFlags are the gate flags pickup was given, as bookforge takes them.
type gateFlags struct{ Ack, Bypass bool }

func (g gateFlags) args() string {
	out := ""
	if g.Ack {
		out += " --" + FlagAckOutline
	}
	if g.Bypass {
		out += " --" + FlagBypassOutline
	}
	return out
}

// gate decides the write gate as run_loop does, in its order.
func gate(b *book, fl gateFlags, tx *Text) *Gate {
	o := b.Outline
	if o == nil || !dirExists(filepath.Join(b.Dir, "outline")) {
		// bookforge writes outline/ before any scene: a book without it
		// was not made by the tool that has the gate.
		return nil
	}
	ot := &tx.Outline
	g := &Gate{}
	bypass := ot.WayBypass.F("--" + FlagBypassOutline)
	resume := ""
	if o.unfinished() && resumeRefusal(b) == "" {
		resume = outlineResumeCommand(b)
	}
	switch {
	case !o.HasOutline:
		// "Missing outline.json" comes before the gate, and no flag
		// gets past it.
		g.Refusal = "Missing outline.json: " + b.relProject(b.Dir) + "/" + OutlineFile
		if resume != "" {
			g.First = resume
			g.Ways = []string{ot.WayFinish.F(resume)}
		} else {
			g.First = bookforgeCommand(b, "outline", "generate")
			g.Ways = []string{ot.WayGenerate.F(g.First)}
		}
		return g
	case o.Outline == nil:
		g.Refusal = ot.OutlineBad.F(OutlineFile, o.OutlineErr)
		g.Ways = []string{ot.WayFixFile.F(OutlineFile)}
		return g
	}
	r := o.Report
	if r != nil {
		g.Report, g.Status, g.Attention = r.File, r.Status, r.Items
	}
	if fl.Bypass {
		g.Open, g.Bypassed = true, true
		return g
	}
	again := bookforgeCommand(b, "outline", "generate") + " --rerun"
	if hasDrafts(b) {
		again += " --force-rerun-with-draft"
	}
	switch {
	case r == nil:
		g.Refusal = "WRITE GATED: outline pipeline report is missing or unreadable. Run outline generation first, or use --force-outline-gate-bypass for testing."
		if resume != "" {
			g.First, g.Ways = resume, []string{ot.WayFinish.F(resume), bypass}
		} else {
			g.Ways = []string{ot.WayPipeline.F(again), bypass}
		}
	case !successStatuses[r.Status]:
		g.Refusal = "WRITE GATED: latest outline pipeline status is " + r.Status + ". Resolve outline pipeline issues before writing. Report: " + b.relProject(b.Dir) + "/" + r.File
		if resume != "" {
			g.First, g.Ways = resume, []string{ot.WayFinish.F(resume), bypass}
		} else {
			g.Ways = []string{ot.WayPipeline.F(again), bypass}
		}
	case r.Attention && r.Strict:
		g.Refusal = "WRITE GATED: outline report requires strict attention handling; resolve outline issues before writing."
		g.Ways = []string{ot.WayPipeline.F(again), bypass}
	case r.Attention && !fl.Ack:
		g.Refusal = "WRITE GATED: outline report requires attention. Re-run with --ack-outline-attention-items only after review."
		g.Ways = []string{ot.WayAck.F(len(r.Items), "--"+FlagAckOutline), bypass}
	default:
		g.Open, g.Acked = true, r.Attention && fl.Ack
	}
	return g
}

// hasDrafts is _has_drafted_scene_outputs, as far as the loader knows
// it: a ledger or a pause marker in draft/context (bookforge then needs
// --force-rerun-with-draft to rerun the outline).
func hasDrafts(b *book) bool { return len(b.Ledgers) > 0 || b.HasPause }

// outlineResumeCommand is `bookforge outline generate --book <id>
// --resume` with the flags the paused run was started with: resuming
// compares the inputs' fingerprint, settings included, so a flag left
// out refuses with "Resume fingerprint mismatch".
func outlineResumeCommand(b *book) string {
	c := bookforgeCommand(b, "outline", "generate") + " --resume"
	return c + outlineFlags(b.Outline)
}

// outlineFlags are the generate flags that give the recorded settings
// (phase_history.json "settings"; cli.py's defaults left out).
func outlineFlags(o *outlineState) string {
	if o == nil || !o.Settings.IsObject() {
		return ""
	}
	var out []string
	str := func(k string) string { return strings.TrimSpace(text(o.setting(k))) }
	on := func(k string) bool { return o.setting(k).Type == gjson.True }
	off := func(k string) bool { return o.setting(k).Type == gjson.False }
	if f := str("from_phase"); f != "" && f != OutlinePhases[0] {
		out = append(out, "--from-phase", shellQuote(f))
	}
	if t := str("to_phase"); t != "" && t != OutlinePhases[len(OutlinePhases)-1] {
		out = append(out, "--to-phase", shellQuote(t))
	}
	if on("strict_transition_hints") {
		out = append(out, "--strict-transition-hints")
	}
	if on("strict_transition_bridges") {
		out = append(out, "--strict-transition-bridges")
	}
	if off("strict_location_identity") {
		out = append(out, "--relaxed-location-identity")
	}
	if n, ok := pyInt(o.setting("transition_insert_budget_per_chapter")); ok && n != 2 {
		out = append(out, "--transition-insert-budget-per-chapter", fmt.Sprint(n))
	}
	if off("allow_transition_scene_insertions") {
		out = append(out, "--disallow-transition-scene-insertions")
	}
	if on("exact_scene_count") {
		out = append(out, "--exact-scene-count")
	}
	if r := str("scene_count_range"); r != "" {
		out = append(out, "--scene-count-range", shellQuote(r))
	}
	if on("force_rerun_with_draft") {
		out = append(out, "--force-rerun-with-draft")
	}
	if len(out) == 0 {
		return ""
	}
	return " " + strings.Join(out, " ")
}

// lines say the gate for the plan, the prompt and the options screen.
func (g *Gate) sentence(tx *Text) string {
	return tx.Outline.GateAlert.F(g.Refusal, strings.Join(g.Ways, "; "))
}
