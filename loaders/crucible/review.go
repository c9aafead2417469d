package crucible

import (
	"fmt"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// sections are the REVIEW dashboard's crucible blocks.
func (l *Loader) sections(p *pipeline) []model.Section {
	var out []model.Section
	add := func(title string, lines []string) {
		if len(lines) > 0 {
			out = append(out, model.Section{Title: title, Lines: lines})
		}
	}
	if pl := p.plan; pl != nil {
		add(pl.text().SectionTitle, pl.Compact(10))
		add("Verification", verificationLines(pl))
	}
	if p.manifest != nil {
		add("Dispatch timeline", timeline(p.manifest, timelineLimit))
	}
	if p.status != nil {
		var lines []string
		for _, kv := range p.status.Header {
			lines = append(lines, kv[0]+": "+kv[1])
		}
		add("Pipeline status ("+StatusFileName+")", lines)
	}
	var hs []string
	for _, h := range p.handoffs {
		line := h.File
		if h.Title != "" {
			line += ": " + h.Title
		}
		var parts []string
		for _, k := range h.Order {
			if n := len(h.Sections[k]); n > 0 && k != "goal" {
				parts = append(parts, fmt.Sprintf("%s %d", k, n))
			}
		}
		if len(parts) > 0 {
			line += " (" + strings.Join(parts, ", ") + ")"
		}
		hs = append(hs, line)
	}
	add("Handoff manifests", hs)
	if !p.archived {
		add("Checkpoints", checkpointLines(p))
	}
	var src []string
	if p.markerPath != "" {
		src = append(src, "Marker: "+p.markerPath)
	}
	if p.manifestPath != "" {
		src = append(src, "Manifest: "+p.manifestPath)
	}
	if p.scratch != "" {
		src = append(src, "Scratch: "+p.scratch)
	}
	if p.shadow.Dir != "" {
		src = append(src, "Shadow repository: "+p.shadow.Dir)
	}
	add("Files", src)
	return out
}

func verificationLines(pl *ReplayPlan) []string {
	kinds := map[string]int{}
	var failed, unchecked []string
	checks := pl.allChecks()
	line := func(c Check) string {
		return fmt.Sprintf("seq %d %s (%s): %s", c.Seq, roleOr(c.Role), phaseTitle(c.Phase), c.Evidence)
	}
	for _, c := range checks {
		switch c.Verdict {
		case VerdictVerified:
			kinds[c.Kind]++
		case VerdictCannotCheck:
			unchecked = append(unchecked, line(c))
		default:
			failed = append(failed, line(c))
		}
	}
	var lines []string
	if n := len(checks) - len(failed) - len(unchecked); n > 0 {
		lines = append(lines, fmt.Sprintf("%s before the resume point verified: %d by commits, %d reviews on their completion line, %d quality-gate rounds (nothing to check), %d on their completion line only",
			i18n.Count(n, "dispatch", "dispatches"), kinds[KindCommit], kinds[KindReview], kinds[KindNone], kinds[KindTrusted]))
	}
	for _, f := range failed {
		lines = append(lines, "Failed: "+f)
	}
	for _, u := range unchecked {
		lines = append(lines, "Cannot check: "+u)
	}
	for _, f := range pl.Fallbacks {
		lines = append(lines, "Fell back: "+f.From+" -> "+f.To)
	}
	if len(lines) > 0 {
		lines = append(lines, "Phases are judged on the dispatches recorded: one that crashed before its first manifest line is invisible, so a phase can look complete when it is not.")
	}
	return lines
}

// timeline lists the last dispatches: seq, role, phase, status, duration,
// summary.
func timeline(m *Manifest, limit int) []string {
	seqs := m.Seqs
	var lines []string
	if len(seqs) > limit {
		lines = append(lines, fmt.Sprintf("… %s not shown (`pickup plan` lists them all)", i18n.Count(len(seqs)-limit, "earlier dispatch", "earlier dispatches")))
		seqs = seqs[len(seqs)-limit:]
	}
	for _, s := range seqs {
		e := m.BySeq(s)
		d := "-"
		if e.HasDuration {
			d = Dur(e.Duration)
		}
		l := fmt.Sprintf("#%d %s · %s · %s · %s", e.Seq, roleOr(e.Role), phaseTitle(e.EPhase()), statusWord(e.Status), d)
		if e.SupersededBy != 0 {
			l += fmt.Sprintf(" · replayed as #%d", e.SupersededBy)
		}
		if e.HasReplayOf() {
			l += fmt.Sprintf(" · replay of #%d", e.ReplayOf())
		}
		if e.Mutation() != "" {
			l += " · mutation " + e.Mutation()
		}
		if e.Summary != "" {
			l += " · " + oneLine(e.Summary)
		}
		lines = append(lines, l)
	}
	return lines
}

func checkpointLines(p *pipeline) []string {
	var lines []string
	if p.cpErr != nil {
		return []string{"No checkpoints: " + p.cpErr.Error()}
	}
	target := ""
	if p.plan != nil && p.plan.Resume.Restore != nil {
		target = p.plan.Resume.Restore.ID
	}
	for i, c := range p.cps {
		if i == 20 {
			lines = append(lines, fmt.Sprintf("… and %d older", len(p.cps)-i))
			break
		}
		l := fmt.Sprintf("%s  %s  %s", c.Short(), orWord(stampOf(c), "(no time)"), c.Reason)
		if c.Source != "" {
			l += "  " + c.Source
		}
		switch {
		case c.Missing:
			l += "  (commit gone)"
		case c.Hash == target:
			l += "  (restore target)"
		}
		lines = append(lines, l)
	}
	if len(p.cps) == 0 {
		lines = append(lines, "The shadow repository holds no checkpoint.")
	}
	if p.cpNote != "" {
		lines = append(lines, p.cpNote)
	}
	return lines
}
