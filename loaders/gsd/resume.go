package gsd

import (
	"path/filepath"
	"strings"
)

// stepKind is which step of GSD's resume rule chose the resume point
// (get-shit-done/workflows/resume-project.md, determine_next_action).
type stepKind int

const (
	stepNothing    stepKind = iota // no phases at all
	stepAgent                      // an interrupted agent
	stepHandoff                    // HANDOFF.json
	stepCheckpoint                 // a .continue-here file
	stepPlan                       // a PLAN without SUMMARY
	stepAdvance                    // the phase is done: the next one
	stepMilestone                  // every phase is done
)

// next is the resume point and GSD's command for it.
type next struct {
	kind  stepKind
	phase *phase // the phase it resumes (or advances to)
	plan  *plan
	done  *phase // for stepAdvance: the phase just finished
	cmd   string // GSD's primary command
	file  string // the checkpoint or plan file
}

// resume applies GSD's rule, in its order: interrupted agent (not a
// stale marker), handoff, checkpoint, PLAN without SUMMARY, then the
// phase position: advance past a finished phase, discuss or plan a
// phase with no plans, execute a planned one.
func (p *project) resume() next {
	resumeCmd := p.spell + "resume-work"
	switch {
	case p.agentID != "" && !p.agentStale:
		n := next{kind: stepAgent, cmd: resumeCmd, plan: p.agentPlan}
		if p.agentKnown {
			n.phase = p.phase(p.phaseNumOf(p.agent.Phase))
		}
		return n
	case p.handoffPath != "":
		return next{kind: stepHandoff, cmd: resumeCmd, phase: p.phase(p.phaseNumOf(p.handoff.Phase)), file: p.handoffPath}
	case len(p.continues) > 0:
		return next{kind: stepCheckpoint, cmd: resumeCmd, file: p.continues[0], phase: p.phaseOfFile(p.continues[0])}
	}
	if ph, pl := p.firstOpen(); pl != nil {
		return next{kind: stepPlan, phase: ph, plan: pl, file: pl.Path, cmd: p.spell + "execute-phase " + trimNum(ph.Num)}
	}
	cur := p.current()
	if cur == nil {
		if len(p.phases) == 0 {
			return next{kind: stepNothing, cmd: resumeCmd}
		}
		return next{kind: stepMilestone, cmd: p.spell + p.milestoneCmd()}
	}
	if cur.Complete() {
		nx := p.after(cur)
		if nx == nil {
			return next{kind: stepMilestone, done: cur, cmd: p.spell + p.milestoneCmd()}
		}
		n := p.phaseStep(nx)
		n.kind, n.done = stepAdvance, cur
		return n
	}
	return p.phaseStep(cur)
}

// phaseStep is the command for a phase that has no open plan: discuss
// it without CONTEXT.md, plan it with one, execute it when planned.
func (p *project) phaseStep(ph *phase) next {
	n := next{kind: stepAdvance, phase: ph}
	switch {
	case len(ph.Plans) > 0:
		n.cmd = p.spell + "execute-phase " + trimNum(ph.Num)
	case ph.Context:
		n.cmd = p.spell + "plan-phase " + trimNum(ph.Num)
	default:
		n.cmd = p.spell + "discuss-phase " + trimNum(ph.Num)
	}
	return n
}

// milestoneCmd is what GSD offers once every phase is done: a new
// milestone after one STATE.md calls complete, else completing it.
func (p *project) milestoneCmd() string {
	if p.state.complete() {
		return "new-milestone"
	}
	return "complete-milestone"
}

// current is the phase STATE.md names, else the first phase that is
// not complete on disk nor marked complete.
func (p *project) current() *phase {
	if p.state.PhaseNum != "" {
		if ph := p.phase(p.state.PhaseNum); ph != nil {
			return ph
		}
	}
	for _, ph := range p.phases {
		if !ph.Complete() && !ph.Marked {
			return ph
		}
	}
	return nil
}

// after is the first phase after ph, in run order, that is not done.
func (p *project) after(ph *phase) *phase {
	seen := false
	for _, x := range p.phases {
		if x == ph {
			seen = true
			continue
		}
		if seen && !x.Complete() && !(x.Marked && len(x.Plans) == 0) {
			return x
		}
	}
	return nil
}

// phaseNumOf reads a phase number from "14-animation-engine", "4" or
// "Phase 4".
func (p *project) phaseNumOf(s string) string {
	s = strings.TrimSpace(s)
	if m := phaseDir.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	if m := leadingNum.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

// phaseOfFile is the phase whose folder holds path, or nil.
func (p *project) phaseOfFile(path string) *phase {
	dir := filepath.Dir(path)
	for _, ph := range p.phases {
		if ph.Dir != "" && ph.Dir == dir {
			return ph
		}
	}
	return nil
}

// trimNum is a phase number as GSD's commands take it: 04 is 4, 02.1
// is 2.1.
func trimNum(num string) string { return numKey(num) }
