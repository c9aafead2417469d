package crucible

import (
	"strconv"
	"strings"
	"unsafe"
)

// leanCheck is a Check as verify makes it, and as a lean plan keeps it:
// the rest of it is the entry's (seq, role, phase, and the role's kind).
type leanCheck struct {
	e *Entry
	// evidence is the check's evidence, or with a lead the name of the
	// output file it names after the lead's sentence, or the short hash
	// of the first commit found in the dispatch's window (see text).
	evidence string
	verdict  verdict
	lead     evLead
	// For leadWindow: how many commits the window holds, and its ends
	// (minutes of the day, UTC, as clock says them).
	n        uint16
	from, to uint16
}

// evLead is the sentence before an output file's name in a check's
// evidence kept as the name alone (leadNone: the evidence is whole).
type evLead uint8

const (
	leadNone       evLead = iota
	leadCompletion        // Text.CompletionLine: a reviewer's
	leadGate              // Text.GateRound: a quality-gate round's
	// leadWindow: an implementer's commits found in its window,
	// Text.OneCommit or Text.Commits; the sentence is made when it is
	// read, not held through verification (15,000 of them in a large
	// pipeline).
	leadWindow
)

// text is the check's evidence, in t's language (the verification's).
func (lc leanCheck) text(t *Text) string {
	switch lc.lead {
	case leadCompletion:
		return withOutput(t, t.CompletionLine, lc.evidence)
	case leadGate:
		return withOutput(t, t.GateRound, lc.evidence)
	case leadWindow:
		how := t.InWindow.F(clockOf(lc.from), clockOf(lc.to))
		if lc.n > 1 {
			return t.Commits.F(int(lc.n), how, lc.evidence)
		}
		return t.OneCommit.F(lc.evidence, how)
	}
	return lc.evidence
}

// parts is the check's evidence after before, as two pieces whose join
// it is: before+evidence = pre+s. For an output file's name kept with its
// lead, pre is made once per plan and lead (pl.leadPre) and s is the name
// itself, so a row or check written (WriteJSON) needs no new string.
func (pl *ReplayPlan) parts(lc leanCheck, before string) (pre, s string) {
	switch lc.lead {
	case leadNone:
		return before, lc.evidence
	case leadWindow:
		return before, pl.windowText(&lc)
	}
	t := pl.text()
	lead := t.CompletionLine
	if lc.lead == leadGate {
		lead = t.GateRound
	}
	p, post, ok := strings.Cut(t.OutputFile.Text(), "{name}")
	if !ok || post != "" || strings.IndexByte(p, '{') >= 0 {
		return before, lc.text(t)
	}
	k := leadKey{before, lc.lead}
	pre, ok = pl.leadPre[k]
	if !ok {
		pre = before + lead + "; " + p
		if pl.leadPre == nil {
			pl.leadPre = map[leadKey]string{}
		}
		pl.leadPre[k] = pre
	}
	return pre, lc.evidence
}

type leadKey struct {
	before string
	lead   evLead
}

// check is the Check lc stands for; kind is its role's, t the
// verification's language.
func (lc leanCheck) check(kind string, t *Text) Check {
	return Check{Seq: lc.e.Seq, Role: lc.e.Role(), Phase: lc.e.EPhase(), Kind: kind,
		OK: lc.verdict == vVerified, Verdict: lc.verdict.String(), Evidence: lc.text(t)}
}

// checkCount is the number of checks, kept whole or lean.
func (pl *ReplayPlan) checkCount() int {
	if pl.lean {
		return len(pl.leanChecks)
	}
	return len(pl.Checks)
}

// checkAt is check i, as verify made it.
func (pl *ReplayPlan) checkAt(i int) Check {
	if !pl.lean {
		return pl.Checks[i]
	}
	lc := pl.leanChecks[i]
	return lc.check(RoleKind(lc.e.Role()), pl.text())
}

// checkSeq and checkEvidence are check i's seq and evidence.
func (pl *ReplayPlan) checkSeq(i int) int {
	if pl.lean {
		return pl.leanChecks[i].e.Seq
	}
	return pl.Checks[i].Seq
}

func (pl *ReplayPlan) checkEvidence(i int) string {
	if pl.lean {
		return pl.leanChecks[i].text(pl.text())
	}
	return pl.Checks[i].Evidence
}

// checkWhy is before followed by check i's evidence, as two pieces (see
// parts).
func (pl *ReplayPlan) checkWhy(i int, before string) (pre, s string) {
	if pl.lean {
		return pl.parts(pl.leanChecks[i], before)
	}
	return before, pl.Checks[i].Evidence
}

// checkChecked says whether check i could look for its evidence (its
// verdict is not cannot_check).
func (pl *ReplayPlan) checkChecked(i int) bool {
	if pl.lean {
		return pl.leanChecks[i].verdict != vCannotCheck
	}
	return pl.Checks[i].Verdict != VerdictCannotCheck
}

// allChecks is every check, kept whole or lean.
func (pl *ReplayPlan) allChecks() []Check {
	if !pl.lean {
		return pl.Checks
	}
	out := make([]Check, len(pl.leanChecks))
	for i := range out {
		out[i] = pl.checkAt(i)
	}
	return out
}

// windowText is lc's window sentence (lc.text). While a lean plan is
// written (pl.wbuf set), it is made in pl.wbuf and is the buffer's only
// until the next one: the writer copies it at once, and 15,000
// sentences are not made as strings for each of the two places they
// are written (a row's reason and a check's evidence).
func (pl *ReplayPlan) windowText(lc *leanCheck) string {
	t := pl.text()
	if pl.wbuf == nil {
		return lc.text(t)
	}
	var f, u [5]byte
	b := t.InWindow.AppendF(pl.wbuf[:0], clockIn(&f, lc.from), clockIn(&u, lc.to))
	how := len(b)
	if lc.n > 1 {
		var n [8]byte
		d := strconv.AppendUint(n[:0], uint64(lc.n), 10)
		b = t.Commits.AppendF(b, unsafe.String(&d[0], len(d)), unsafe.String(&b[0], how), lc.evidence)
	} else {
		b = t.OneCommit.AppendF(b, lc.evidence, unsafe.String(&b[0], how))
	}
	pl.wbuf = b
	return unsafe.String(&b[how], len(b)-how)
}

// clockIn is clockOf written in c.
func clockIn(c *[5]byte, min uint16) string {
	h, m := min/60, min%60
	*c = [5]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)}
	return unsafe.String(&c[0], len(c))
}
