package crucible

import (
	"fmt"
	"strings"

	"github.com/pickup-dev/pickup/model"
)

// sections are the REVIEW dashboard's crucible blocks.
func (l *Loader) sections(p *pipeline) []model.Section {
	var out []model.Section
	t := p.t()
	add := func(title string, lines []string) {
		if len(lines) > 0 {
			out = append(out, model.Section{Title: title, Lines: lines})
		}
	}
	if pl := p.plan; pl != nil {
		add(pl.text().SectionTitle, pl.Compact(10))
		add(t.Verification, verificationLines(pl))
	}
	if p.manifest != nil {
		add(t.Timeline, timeline(t, p.manifest, timelineLimit))
	}
	if p.status != nil {
		var lines []string
		for _, kv := range p.status.Header {
			lines = append(lines, kv[0]+": "+kv[1])
		}
		add(t.StatusSection.F(StatusFileName), lines)
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
	add(t.Handoffs, hs)
	if !p.archived {
		add(t.Checkpoints, checkpointLines(p))
	}
	var src []string
	if p.markerPath != "" {
		src = append(src, t.Marker+": "+p.markerPath)
	}
	if p.manifestPath != "" {
		src = append(src, t.Manifest+": "+p.manifestPath)
	}
	if p.scratch != "" {
		src = append(src, t.Scratch+": "+p.scratch)
	}
	if p.shadow.Dir != "" {
		src = append(src, t.ShadowRepo+": "+p.shadow.Dir)
	}
	add(t.Files, src)
	return out
}

func verificationLines(pl *ReplayPlan) []string {
	kinds := map[string]int{}
	var failed, unchecked []string
	checks, t := pl.allChecks(), pl.text()
	line := func(c Check) string {
		return fmt.Sprintf("seq %d %s (%s): %s", c.Seq, t.roleOr(c.Role), t.phase(c.Phase), c.Evidence)
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
		lines = append(lines, t.VerifiedCounts.N(n, kinds[KindCommit], kinds[KindReview], kinds[KindNone], kinds[KindTrusted]))
	}
	for _, f := range failed {
		lines = append(lines, t.Failed+": "+f)
	}
	for _, u := range unchecked {
		lines = append(lines, t.CannotCheck+": "+u)
	}
	for _, f := range pl.Fallbacks {
		lines = append(lines, t.FellBack+": "+f.From+" -> "+f.To)
	}
	if len(lines) > 0 {
		lines = append(lines, t.Invisible)
	}
	return lines
}

// timeline lists the last dispatches: seq, role, phase, status, duration,
// summary.
func timeline(t *Text, m *Manifest, limit int) []string {
	seqs := m.Seqs
	var lines []string
	if len(seqs) > limit {
		lines = append(lines, t.Earlier.N(len(seqs)-limit))
		seqs = seqs[len(seqs)-limit:]
	}
	for _, s := range seqs {
		e := m.BySeq(s)
		d := "-"
		if e.HasDuration {
			d = Dur(e.Duration)
		}
		l := fmt.Sprintf("#%d %s · %s · %s · %s", e.Seq, t.roleOr(e.Role()), t.phase(e.EPhase()), t.statusWord(e.Status()), d)
		if e.SupersededBy() != 0 {
			l += " · " + t.ReplayedAs.F(e.SupersededBy())
		}
		if e.HasReplayOf() {
			l += " · " + t.ReplayOf.F(e.ReplayOf())
		}
		if e.Mutation() != "" {
			l += " · " + t.MutationWord + " " + e.Mutation()
		}
		if e.Summary() != "" {
			l += " · " + oneLine(e.Summary())
		}
		lines = append(lines, l)
	}
	return lines
}

func checkpointLines(p *pipeline) []string {
	var lines []string
	t := p.t()
	if p.cpErr != nil {
		return []string{t.NoCheckpoints.F(t.shadowNote(p.cpErr))}
	}
	target := ""
	if p.plan != nil && p.plan.Resume.Restore != nil {
		target = p.plan.Resume.Restore.ID
	}
	for i, c := range p.cps {
		if i == 20 {
			lines = append(lines, t.OlderCPs.F(len(p.cps)-i))
			break
		}
		l := fmt.Sprintf("%s  %s  %s", c.Short(), orWord(stampOf(c), t.NoTime), c.Reason)
		if c.Source != "" {
			l += "  " + c.Source
		}
		switch {
		case c.Missing:
			l += "  " + t.CommitGone
		case c.Hash == target:
			l += "  " + t.RestoreTarget
		}
		lines = append(lines, l)
	}
	if len(p.cps) == 0 {
		lines = append(lines, t.NoCheckpoint)
	}
	if p.cpNote != nil {
		lines = append(lines, t.shadowSay(p.cpNote))
	}
	return lines
}
