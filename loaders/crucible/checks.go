package crucible

// leanCheck is a Check kept by a lean plan: the rest of it is the
// entry's (seq, role, phase, and the role's kind).
type leanCheck struct {
	e        *Entry
	evidence string
	verdict  verdict
}

// check is the Check lc stands for; kind is its role's.
func (lc leanCheck) check(kind string) Check {
	return Check{Seq: lc.e.Seq, Role: lc.e.Role(), Phase: lc.e.EPhase(), Kind: kind,
		OK: lc.verdict == vVerified, Verdict: lc.verdict.String(), Evidence: lc.evidence}
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
	return lc.check(RoleKind(lc.e.Role()))
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
		return pl.leanChecks[i].evidence
	}
	return pl.Checks[i].Evidence
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
