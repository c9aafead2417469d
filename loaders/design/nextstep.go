package design

import (
	"strconv"
	"strings"
)

// nextStep is what the agent does on CONTINUE: seed 003's stage-specific
// resume logic for the resume stage, or the way out of a conflict.
func (v *view) nextStep() string {
	t := v.text()
	switch v.mode {
	case modeMissing:
		return t.ReRunStageAlthough.F(v.cStage, t.StageNames[v.cStage], v.missingPaths(), v.stageStep(v.cStage, ""))
	case modeUnapproved:
		// CONTINUE is the person's yes to the spec's question: pickup
		// has marked the stage complete; the agent goes on from there.
		next := v.continueStage()
		return t.UserApprovedYesStage.F(v.cPaths[0], strconv.Quote(v.question()), v.cStage, v.stageStep(next, ""))
	}
	if v.resume == LastStage && v.status[LastStage] == stComplete {
		return t.EveryStageCompleteShow
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
		src := t.PRD
		if v.file != nil && v.file.prd != "" {
			src = v.file.prd
		}
		return t.StageClarificationCheckWhether.F(src)
	case 1:
		ask := t.AskTheseRulesWere
		if p, ok := have("rules"); ok {
			return t.ReadPresentRulesUser.F(p, ask)
		}
		return t.ExtractBusinessRulesInto.F(path("rules"), ask)
	case 2:
		return t.StageAnalysisDetermineComplexity
	case 3:
		if sub == "" {
			sub = "3a"
		}
		if sub == "3a" {
			ask := t.AskWhichAlternativeDo
			if p, ok := have("analysis"); ok {
				return t.ReadPresentAllAlternatives.F(p, ask)
			}
			return t.ResearchCodebaseWriteAlternatives.F(path("analysis"), ask)
		}
		alt := ""
		if a, ok := intOf(get(v.file.checkpoint("stage_3a"), "chosen_alternative")); ok {
			alt = t.ForAlternative.F(a)
		}
		if p, ok := have("tdd"); ok {
			if v.rejected(3, p) {
				return t.NotApprovedTDD.F(p, alt)
			}
			if v.file.checkpoint("stage_3b").Exists() {
				return t.ExistsCompleteReadAsk.F(p)
			}
			return t.PartialContinueWritingTDD.F(p, alt)
		}
		return t.WriteTDDADRsUnder.F(alt, path("tdd"))
	case 4:
		note := ""
		if v.file != nil && v.complexity() == "simple" {
			note = t.StageDeterminedSimpleSo
		}
		if p, ok := have("contracts"); ok && v.rejected(4, p) {
			return t.NotApprovedContracts.F(p)
		}
		return t.StageContractsWriteContracts.F(path("contracts"), note)
	case 5:
		if p, ok := have("bdd"); ok {
			if v.rejected(5, p) {
				return t.NotApprovedScenarios.F(p)
			}
			return t.ReadProceedStage.F(p)
		}
		return t.StageBDDGenerateGherkin.F(path("bdd"))
	case 6:
		tc := v.tickets
		switch {
		case tc.hasPlan && tc.planned > 0 && tc.counted() >= tc.planned:
			return t.AllPlannedTicketsExist.F(tc.planned, tc.pattern())
		case tc.hasPlan && tc.planned > 0:
			s := t.PlannedTicketsExistContinue.F(tc.counted(), tc.planned, tc.pattern())
			if len(tc.remaining) > 0 {
				s += ": " + strings.Join(tc.remaining, ", ")
			}
			return s + t.WhenAllExistProceed
		}
		return t.StageTicketsNoTotal.F(t.TicketsExist.N(tc.counted()), tc.pattern())
	}
	return t.StageReviewReviewDesign
}

// restartStep is what the agent does after RESTART.
func (v *view) restartStep() string {
	t := v.text()
	if v.mode == modeUnapproved {
		return t.NotApprovedRerun.F(v.cPaths[0], v.cStage, t.StageNames[v.cStage])
	}
	if v.restartFrom == 0 {
		return t.OldSessionWasArchived + v.stageStep(0, "")
	}
	return t.StagesWereSetPending.F(v.restartFrom, v.stageStep(v.restartFrom, ""))
}
