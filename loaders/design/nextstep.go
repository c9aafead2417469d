package design

import "strings"

// nextStep is what the agent does on CONTINUE: seed 003's stage-specific
// resume logic for the resume stage, or the way out of a conflict.
func (v *view) nextStep() string {
	t := v.text()
	switch v.mode {
	case modeMissing:
		return t.f("Re-run Stage %d (%s): %s although the stage is marked complete. %s",
			v.cStage, t.StageNames[v.cStage], v.missingPaths(), v.stageStep(v.cStage, ""))
	case modeUnapproved:
		// CONTINUE is the person's yes to the spec's question: pickup
		// has marked the stage complete; the agent goes on from there.
		next := v.continueStage()
		return t.f("The user approved %s (%q yes) and Stage %d was marked complete. %s",
			v.cPaths[0], v.question(), v.cStage, v.stageStep(next, ""))
	}
	if v.resume == LastStage && v.status[LastStage] == stComplete {
		return t.w("Every stage is complete: show the review (Stage 7).")
	}
	return v.stageStep(v.resume, v.sub)
}

// stageStep is the instruction for running stage n from where it stands.
func (v *view) stageStep(n int, sub string) string {
	t := v.text()
	path := func(key string) string {
		l := locate(v.file, v.feature, mustRole(key))
		if len(l.paths) == 0 {
			return ""
		}
		return l.paths[0]
	}
	have := func(key string) (string, bool) {
		return locate(v.file, v.feature, mustRole(key)).anyExists(v.project)
	}
	switch n {
	case 0:
		src := t.w("the PRD")
		if v.file != nil && v.file.prd != "" {
			src = v.file.prd
		}
		return t.f("Stage 0 (Clarification): check whether the requirements in %s are clear; ask the open questions and record the answers, then proceed to Stage 1.", src)
	case 1:
		ask := t.w(`Ask: "These rules were extracted. Do you approve?" On approval mark Stage 1 complete and proceed to Stage 2.`)
		if p, ok := have("rules"); ok {
			return t.f("Read %s and present the rules to the user. %s", p, ask)
		}
		return t.f("Extract the business rules into %s and present them to the user. %s", path("rules"), ask)
	case 2:
		return t.w("Stage 2 (Analysis): determine the complexity (simple or complex) and the reason, then proceed to Stage 3.")
	case 3:
		if sub == "" {
			sub = "3a"
		}
		if sub == "3a" {
			ask := t.w(`Ask: "Which alternative do you want to proceed with?" On choice save it and proceed to Stage 3b (TDD).`)
			if p, ok := have("analysis"); ok {
				return t.f("Read %s and present all alternatives. %s", p, ask)
			}
			return t.f("Research the codebase and write the alternatives with their pros and cons to %s, then present them. %s", path("analysis"), ask)
		}
		alt := ""
		if a, ok := intOf(get(v.file.checkpoint("stage_3a"), "chosen_alternative")); ok {
			alt = t.f(" for alternative %d", a)
		}
		if p, ok := have("tdd"); ok {
			if v.rejected(3, p) {
				return t.f("The user did not approve %s (Re-run Stage 3): revise or rewrite the TDD%s and its ADRs, then ask the user for approval again. On approval proceed to Stage 4.", p, alt)
			}
			if v.file.checkpoint("stage_3b").Exists() {
				return t.f("%s exists and is complete: read it and ask the user for approval. On approval proceed to Stage 4.", p)
			}
			return t.f("%s is partial: continue writing the TDD%s, then ask the user for approval. On approval proceed to Stage 4.", p, alt)
		}
		return t.f("Write the TDD%s at %s and its ADRs under docs/adr/, then ask the user for approval. On approval proceed to Stage 4.", alt, path("tdd"))
	case 4:
		note := ""
		if v.file != nil && v.complexity() == "simple" {
			note = t.w(" (Stage 2 determined: simple, so contracts may not be needed)")
		}
		if p, ok := have("contracts"); ok && v.rejected(4, p) {
			return t.f("The user did not approve %s (Re-run Stage 4): revise the contracts, then ask for approval again and proceed to Stage 5.", p)
		}
		return t.f("Stage 4 (Contracts): write the contracts to %s%s, then proceed to Stage 5.", path("contracts"), note)
	case 5:
		if p, ok := have("bdd"); ok {
			if v.rejected(5, p) {
				return t.f("The user did not approve %s (Re-run Stage 5): revise the scenarios, then ask for approval again and proceed to Stage 6.", p)
			}
			return t.f("Read %s and proceed to Stage 6.", p)
		}
		return t.f("Stage 5 (BDD): generate the Gherkin scenarios in %s, then proceed to Stage 6.", path("bdd"))
	case 6:
		tc := v.tickets
		switch {
		case tc.hasPlan && tc.planned > 0 && tc.counted() >= tc.planned:
			return t.f("All %d planned tickets exist (%s): proceed to Stage 7 (Review).", tc.planned, tc.pattern())
		case tc.hasPlan && tc.planned > 0:
			s := t.f("%d of %d planned tickets exist (%s): continue creating the remaining tickets", tc.counted(), tc.planned, tc.pattern())
			if len(tc.remaining) > 0 {
				s += ": " + strings.Join(tc.remaining, ", ")
			}
			return s + t.w(". When all exist, proceed to Stage 7 (Review).")
		}
		return t.f("Stage 6 (Tickets): %s in %s and no total_planned is recorded: slice the remaining endpoints into tickets, then proceed to Stage 7 (Review).",
			t.count(tc.counted(), "ticket exists", "tickets exist"), tc.pattern())
	}
	return t.w("Stage 7 (Review): review the design artifacts with the user.")
}

// restartStep is what the agent does after RESTART.
func (v *view) restartStep() string {
	t := v.text()
	if v.mode == modeUnapproved {
		return t.f("The user did not approve %s: re-run Stage %d (%s), revising or rewriting it, then ask for approval again. Stages %d-7 were set to pending (the old session was archived).",
			v.cPaths[0], v.cStage, t.StageNames[v.cStage], v.cStage)
	}
	if v.restartFrom == 0 {
		return t.w("The old session was archived; a new session starts at Stage 0. ") + v.stageStep(0, "")
	}
	return t.f("Stages %d-7 were set to pending (the old session was archived). %s", v.restartFrom, v.stageStep(v.restartFrom, ""))
}
