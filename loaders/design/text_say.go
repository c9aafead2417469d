package design

import "github.com/pickup-dev/pickup/internal/i18n"

// Says are the loaders' other sentences (warnings, next steps,
// confirmations, the REVIEW sections, the plan, the agent's prompt,
// results, problems, errors), each a message of its own: English here,
// every other language in messages/<lang>.json. A quoted value comes in
// quoted (strconv.Quote).
type Says struct {
	StageZeroNotComplete, EveryStageComplete, And, NoDesignArtifactsWere                          string
	ArtifactMissing, RulesApprovedFact, RulesExtractedAwaitingApproval, ExtractingRules           string
	AlternativesGeneratedAwaitingChoice, GeneratingAlternatives, TDDToRevise                      string
	TDDApprovedNotMarked, TDDWrittenAwaitingApproval, TDDExistsNotApproved, WritingTDD            string
	TakenAsCompleteStage, ImpliedByLaterOutputs, RequiredFieldPhaseMissing                        string
	SnapshotNoPhase, NoneWord, AtelierMovesPhasesWith, SavedAtelierSessionSnapshot                string
	GoBackGatherPhase, ArchivedSessionHistoryPickup, UpdatedFromCreated                           string
	NoReadableTime, StatusTooLong, MissingKind, NotObjectKind, FileHasNeitherStage                string
	EveryStageCompleteShow, PRD, AskTheseRulesWere, StageAnalysisDetermineComplexity              string
	AskWhichAlternativeDo, StageDeterminedSimpleSo, WhenAllExistProceed                           string
	StageReviewReviewDesign, OldSessionWasArchived, ExistsWord, MissingWord, ArtifactsHeading     string
	NextStepHeading, TicketsHeading, CheckpointsHeading, StagesLabel, ArtifactsLabel              string
	ProgressPrompt, ArtifactsPrompt, NoSessionFile, SessionArchivedNewOne, EveryStageCompleteHint string
	StageOutputMissing, DesignArtifactsDiskSay, EveryStagePendingArtifacts                        string
	NoSessionFileToArchive, SessionAlreadyArchived, CheckpointApproved                            string
	CheckpointApprovedNote, EveryStagePendingDesign, StageComplete, StagePending                  string
	FeatureNameEmpty, SessionFileUnreadable, ChangedSinceRead                                     string
	NotValidJSON, FeatureNameButFile, StageCompleteButMissing, StageMarkedCompleteBut             i18n.M
	CurrentStageButStage, CurrentStageButStatus, StageStatusSaysStage, CurrentStageStagesHave     i18n.M
	StageFlagIgnored, ForcedWithStage, FirstStageNotComplete, StageButAlreadyExists               i18n.M
	ForcedWithStageStages, StageHasLastOutput, Determined, AlternativeChosen, TDDAnd              i18n.M
	AlternativeChosenWritingTDD, FoundOutputs, FoundNotApproved, Project, TopLevelNotObject       i18n.M
	NoReadableStamp, PhaseNotOneAtelier, AtelierSnapshot, RecordsPhase, ResumePhase               i18n.M
	CommandFor, NewerSavedSessionExists, NotAvailableAtelierState, NoAtelierStateFeature          i18n.M
	NoAtelierStateFound, HoldsSessionFilesOnly, NoSessionNoArtifacts, StageIgnored                i18n.M
	NoDesignSessionSession, NoDesignSessionFound, KeyRepeatedLastOne                              i18n.M
	UnknownSessionVersionRead, CurrentStageNotAStage, StageStatusStagesBefore                     i18n.M
	StageStatusNotObject, NoStatusForStage, CheckpointsNotObjectIgnored, ArtifactsHoldsNotPath    i18n.M
	ArtifactsNotPathList, ArtifactsNotObjectIgnored, TicketsProgressRemainingNot                  i18n.M
	TicketsProgressNotObject, StatusKeyNotStage, UnknownStatusValue, ReRunStageAlthough           i18n.M
	UserApprovedYesStage, StageClarificationCheckWhether, ReadPresentRulesUser                    i18n.M
	ExtractBusinessRulesInto, ReadPresentAllAlternatives, ResearchCodebaseWriteAlternatives       i18n.M
	ForAlternative, NotApprovedTDD, ExistsCompleteReadAsk, PartialContinueWritingTDD              i18n.M
	WriteTDDADRsUnder, NotApprovedContracts, StageContractsWriteContracts, NotApprovedScenarios   i18n.M
	ReadProceedStage, StageBDDGenerateGherkin, AllPlannedTicketsExist                             i18n.M
	PlannedTicketsExistContinue, StageTicketsNoTotal, NotApprovedRerun, StagesWereSetPending      i18n.M
	FoundDiskNotRecorded, RecordedAsCreated, Remaining, SavedAt, DesignSession                    i18n.M
	CONTINUEResumes, NextStepLine, TicketsSummary, Conflict, RESTARTWouldStartAgain, ResumeDesign i18n.M
	ResumeDesignSession, Why, NextStepPrompt, SessionFileNote, DoesNotExistStages, SubStage       i18n.M
	SessionFileCorruptedLine, ResumingDesign, RestartedDesignFromStage                            i18n.M
	CONTINUEApprovesMarksStage, CorruptedStagesWereReconstructed, MovedNoNewSession               i18n.M
	MoveTimestampSessionJson, RestartHint, ApproveQuestion, NotApprovedHint                       i18n.M
	ThenResume, WriteReconstructedSessionCorrupted, NoArtifactsToRebuild                          i18n.M
	CreateFromDesignArtifacts, ThisArchivedSessionHistory, StagesComplete, StageProgress          i18n.M
	StagesPending, PathMissing, PathsMissing, NotAStage, NotAFeatureName                          i18n.M
	EditedSessionNotJSON, UnknownChoice, OldSessionKept                                           i18n.M
}

var englishSays = Says{
	NotValidJSON:                        i18n.T("not valid JSON: {error}"),
	FeatureNameButFile:                  i18n.T("feature_name is {feature} but the file is named for {feature2}: {feature2} is used"),
	StageCompleteButMissing:             i18n.T("Stage {stage} is complete but {paths} is missing"),
	StageMarkedCompleteBut:              i18n.T("Stage {stage} is marked complete but {paths} is missing: the stage is re-run"),
	CurrentStageButStage:                i18n.T("current_stage is {current} but stage_status marks Stages {stages} complete: pickup resumes at Stage {stage}, the first stage not complete"),
	CurrentStageButStatus:               i18n.T("current_stage is {current} but stage_status says Stage {stage} is {status} and it has no checkpoint or output: pickup resumes at Stage {stage2} (get_resume_stage)"),
	StageStatusSaysStage:                i18n.T("stage_status says Stage {stage} is {status} but current_stage is {current}, and Stages {stages} have their checkpoints or outputs: pickup trusts current_stage and resumes at Stage {current}"),
	CurrentStageStagesHave:              i18n.T("current_stage is {current} and Stages {stages} have their checkpoints or outputs (stage_status lags behind)"),
	StageFlagIgnored:                    i18n.T("{conflict} (--stage {stage} given: not acted on)"),
	ForcedWithStage:                     i18n.T("forced with --stage {stage}"),
	StageZeroNotComplete:                "Stage 0 is not complete: the design starts at the beginning",
	FirstStageNotComplete:               i18n.T("Stage {stage} is the first stage not complete"),
	EveryStageComplete:                  "every stage is complete: Stage 7 shows the review",
	And:                                 " and ",
	StageButAlreadyExists:               i18n.T("Stage {stage} ({name}) is {status} but {path} already exists"),
	ForcedWithStageStages:               i18n.T("forced with --stage {stageArg}: stages before it are taken as complete"),
	NoDesignArtifactsWere:               "no design artifacts were found: the design starts at Stage 0",
	StageHasLastOutput:                  i18n.T("Stage {stage} has the last output on disk"),
	ArtifactMissing:                     "artifact missing",
	RulesApprovedFact:                   "rules approved",
	Determined:                          i18n.T("determined: {complexity}"),
	AlternativeChosen:                   i18n.T("alternative {n} chosen"),
	TDDAnd:                              i18n.T("TDD and {count}"),
	RulesExtractedAwaitingApproval:      "rules extracted, awaiting approval",
	ExtractingRules:                     "extracting rules",
	AlternativesGeneratedAwaitingChoice: "alternatives generated, awaiting choice",
	GeneratingAlternatives:              "generating alternatives",
	TDDToRevise:                         "TDD not approved, to be revised",
	TDDApprovedNotMarked:                "TDD approved, stage not marked complete",
	TDDWrittenAwaitingApproval:          "TDD written, awaiting approval",
	TDDExistsNotApproved:                "TDD exists, not approved",
	AlternativeChosenWritingTDD:         i18n.T("alternative {n} chosen, writing the TDD"),
	WritingTDD:                          "writing the TDD",
	FoundOutputs:                        i18n.T("found {files}"),
	TakenAsCompleteStage:                "taken as complete (--stage)",
	ImpliedByLaterOutputs:               "implied by later outputs",
	FoundNotApproved:                    i18n.T("found {files}, not approved"),
	Project:                             i18n.T("project {project}"),
	TopLevelNotObject:                   i18n.T("the top level is {kind}, not an object"),
	RequiredFieldPhaseMissing:           "required field phase is missing or empty (state_manager.sh always writes it)",
	NoReadableStamp:                     i18n.T("no readable {stampKey}: the session's age is unknown"),
	PhaseNotOneAtelier:                  i18n.T("phase {phase} is not one of atelier's phases ({atelierPhases})"),
	SnapshotNoPhase:                     "the saved session records no phase",
	NoneWord:                            "none",
	AtelierSnapshot:                     i18n.T("atelier snapshot: {feature}"),
	RecordsPhase:                        i18n.T("{file} records phase {phase}"),
	AtelierMovesPhasesWith:              "atelier moves phases with its own script: run scripts/state_manager.sh transition gather to go back (pickup does not rewrite atelier's state)",
	SavedAtelierSessionSnapshot:         "a saved atelier session is a snapshot written by /worklog: it has no progress to reset (scripts/state_manager.sh moves the phase)",
	ResumePhase:                         i18n.T("Resume the {phase} phase"),
	CommandFor:                          i18n.T("/{phase} for {feature}"),
	GoBackGatherPhase:                   "Go back to the gather phase",
	NewerSavedSessionExists:             i18n.T("a newer saved session exists ({newer}): this one is history"),
	NotAvailableAtelierState:            i18n.T("{choice} is not available for atelier state"),
	NoAtelierStateFeature:               i18n.T("no atelier state for feature {feature} in {project}: looked in {atelierState} and {atelierSessions}/*.json"),
	NoAtelierStateFound:                 i18n.T("no atelier state found in {project}: looked for {atelierState} and {atelierSessions}/*.json"),
	HoldsSessionFilesOnly:               i18n.T("{dir} holds {found} session files: only the {kept} changed most recently are read ({kept2} left out; --feature NAME opens any one)"),
	NoSessionNoArtifacts:                i18n.T("{path}: no session file and no design artifacts for {feature}"),
	StageIgnored:                        i18n.T("--stage: {stageErr}: ignored"),
	ArchivedSessionHistoryPickup:        "an archived session is history; pickup does not change it",
	NoDesignSessionSession:              i18n.T("no design session for {feature} in {project}: {sessionsDir}/{name}.session.json does not exist and .claude/design/ has no {name}-* artifacts (archived sessions under {sessionsDir}/archive/ are not opened)"),
	NoDesignSessionFound:                i18n.T("no design session found in {project}: looked for {sessionsDir}/*.session.json and for design artifacts in .claude/design/ (archived sessions under {sessionsDir}/archive/ are not opened)"),
	KeyRepeatedLastOne:                  i18n.T("key {key} is repeated: the last one is used"),
	UnknownSessionVersionRead:           i18n.T("unknown session version {version}: read as version 1.0"),
	UpdatedFromCreated:                  "no readable updated_at: created_at is used as the last update",
	NoReadableTime:                      "no readable updated_at or created_at: the session's age is unknown",
	CurrentStageNotAStage:               i18n.T("current_stage {kind} is not a stage 0-7: ignored"),
	StatusTooLong:                       "stage_status has more than 8 entries: the extra ones are ignored",
	MissingKind:                         "missing",
	NotObjectKind:                       "not an object",
	StageStatusStagesBefore:             i18n.T("stage_status is {where}: stages before current_stage {current} are read as complete"),
	FileHasNeitherStage:                 "the file has neither stage_status nor current_stage: which stages are done cannot be known",
	StageStatusNotObject:                i18n.T("stage_status is {kind}, not an object, and there is no current_stage"),
	NoStatusForStage:                    i18n.T("stage_status has no entry for stage {stage}: read as pending"),
	CheckpointsNotObjectIgnored:         i18n.T("checkpoints is {kind}, not an object: ignored"),
	ArtifactsHoldsNotPath:               i18n.T("artifacts.{key} holds {kind}, not a path: ignored"),
	ArtifactsNotPathList:                i18n.T("artifacts.{key} is {kind}, not a path, a list of paths or null: ignored"),
	ArtifactsNotObjectIgnored:           i18n.T("artifacts is {kind}, not an object: ignored"),
	TicketsProgressRemainingNot:         i18n.T("tickets_progress.remaining is {kind}, not a list: ignored"),
	TicketsProgressNotObject:            i18n.T("tickets_progress is {kind}, not an object: ignored"),
	StatusKeyNotStage:                   i18n.T("stage_status key {key} is not a stage 0-7: ignored"),
	UnknownStatusValue:                  i18n.T("{where} is {raw}, not complete, in_progress or pending: read as pending"),
	ReRunStageAlthough:                  i18n.T("Re-run Stage {stage} ({name}): {paths} although the stage is marked complete. {step}"),
	UserApprovedYesStage:                i18n.T("The user approved {paths} ({question} yes) and Stage {stage} was marked complete. {step}"),
	EveryStageCompleteShow:              "Every stage is complete: show the review (Stage 7).",
	PRD:                                 "the PRD",
	StageClarificationCheckWhether:      i18n.T("Stage 0 (Clarification): check whether the requirements in {prd} are clear; ask the open questions and record the answers, then proceed to Stage 1."),
	AskTheseRulesWere:                   "Ask: \"These rules were extracted. Do you approve?\" On approval mark Stage 1 complete and proceed to Stage 2.",
	ReadPresentRulesUser:                i18n.T("Read {path} and present the rules to the user. {ask}"),
	ExtractBusinessRulesInto:            i18n.T("Extract the business rules into {path} and present them to the user. {ask}"),
	StageAnalysisDetermineComplexity:    "Stage 2 (Analysis): determine the complexity (simple or complex) and the reason, then proceed to Stage 3.",
	AskWhichAlternativeDo:               "Ask: \"Which alternative do you want to proceed with?\" On choice save it and proceed to Stage 3b (TDD).",
	ReadPresentAllAlternatives:          i18n.T("Read {path} and present all alternatives. {ask}"),
	ResearchCodebaseWriteAlternatives:   i18n.T("Research the codebase and write the alternatives with their pros and cons to {path}, then present them. {ask}"),
	ForAlternative:                      i18n.T(" for alternative {n}"),
	NotApprovedTDD:                      i18n.T("The user did not approve {path} (Re-run Stage 3): revise or rewrite the TDD{alt} and its ADRs, then ask the user for approval again. On approval proceed to Stage 4."),
	ExistsCompleteReadAsk:               i18n.T("{path} exists and is complete: read it and ask the user for approval. On approval proceed to Stage 4."),
	PartialContinueWritingTDD:           i18n.T("{path} is partial: continue writing the TDD{alt}, then ask the user for approval. On approval proceed to Stage 4."),
	WriteTDDADRsUnder:                   i18n.T("Write the TDD{alt} at {path} and its ADRs under docs/adr/, then ask the user for approval. On approval proceed to Stage 4."),
	StageDeterminedSimpleSo:             " (Stage 2 determined: simple, so contracts may not be needed)",
	NotApprovedContracts:                i18n.T("The user did not approve {path} (Re-run Stage 4): revise the contracts, then ask for approval again and proceed to Stage 5."),
	StageContractsWriteContracts:        i18n.T("Stage 4 (Contracts): write the contracts to {path}{note}, then proceed to Stage 5."),
	NotApprovedScenarios:                i18n.T("The user did not approve {path} (Re-run Stage 5): revise the scenarios, then ask for approval again and proceed to Stage 6."),
	ReadProceedStage:                    i18n.T("Read {path} and proceed to Stage 6."),
	StageBDDGenerateGherkin:             i18n.T("Stage 5 (BDD): generate the Gherkin scenarios in {path}, then proceed to Stage 6."),
	AllPlannedTicketsExist:              i18n.T("All {planned} planned tickets exist ({pattern}): proceed to Stage 7 (Review)."),
	PlannedTicketsExistContinue:         i18n.T("{count} of {planned} planned tickets exist ({pattern}): continue creating the remaining tickets"),
	WhenAllExistProceed:                 ". When all exist, proceed to Stage 7 (Review).",
	StageTicketsNoTotal:                 i18n.T("Stage 6 (Tickets): {count} in {pattern} and no total_planned is recorded: slice the remaining endpoints into tickets, then proceed to Stage 7 (Review)."),
	StageReviewReviewDesign:             "Stage 7 (Review): review the design artifacts with the user.",
	NotApprovedRerun:                    i18n.T("The user did not approve {paths}: re-run Stage {stage} ({name}), revising or rewriting it, then ask for approval again. Stages {stage}-7 were set to pending (the old session was archived)."),
	OldSessionWasArchived:               "The old session was archived; a new session starts at Stage 0. ",
	StagesWereSetPending:                i18n.T("Stages {restartFrom}-7 were set to pending (the old session was archived). {step}"),
	ExistsWord:                          "exists",
	MissingWord:                         "MISSING",
	FoundDiskNotRecorded:                i18n.T("found on disk, not recorded in the session: {path}"),
	ArtifactsHeading:                    "Artifacts",
	NextStepHeading:                     "Next step",
	RecordedAsCreated:                   i18n.T("recorded as created: {recorded}"),
	Remaining:                           i18n.T("remaining: {remaining}"),
	TicketsHeading:                      "Tickets",
	SavedAt:                             i18n.T("{checkpoint}: saved {at}"),
	CheckpointsHeading:                  "Checkpoints",
	DesignSession:                       i18n.T("Design session {feature} ({rel}): {situation}"),
	CONTINUEResumes:                     i18n.T("CONTINUE resumes at {stage}{sub}: {reason}"),
	NextStepLine:                        i18n.T("Next step: {next}"),
	StagesLabel:                         "Stages:",
	ArtifactsLabel:                      "Artifacts:",
	TicketsSummary:                      i18n.T("Tickets: {summary} ({pattern})"),
	Conflict:                            i18n.T("Conflict: {conflict}"),
	RESTARTWouldStartAgain:              i18n.T("RESTART would start again at {stage}: {step}"),
	ResumeDesign:                        i18n.T("# Resume /design: {feature}"),
	ResumeDesignSession:                 i18n.T("Resume the design session for **{feature}** at **{stage}**{sub}."),
	Why:                                 i18n.T("Why: {reason}."),
	NextStepPrompt:                      i18n.T("## Next step\n\n{next}"),
	ProgressPrompt:                      "## Progress",
	ArtifactsPrompt:                     "## Artifacts",
	SessionFileNote:                     i18n.T("Session file: `{file}`. After each stage save a checkpoint: mark the stage complete, set current_stage to the next stage and record its artifacts."),
	DoesNotExistStages:                  i18n.T("{rel} does not exist: the stages were reconstructed from the design artifacts on disk"),
	SubStage:                            i18n.T("sub-stage {sub}"),
	SessionFileCorruptedLine:            i18n.T("the session file is corrupted (line {corruptionLine}); the stages were rebuilt from the artifacts on disk"),
	NoSessionFile:                       "there is no session file; the stages were rebuilt from the artifacts on disk",
	ResumingDesign:                      i18n.T("Resuming /design {feature} at {stage}{sub}: {next}"),
	RestartedDesignFromStage:            i18n.T("Restarted /design {feature} from Stage {restartFrom}: {step}"),
	CONTINUEApprovesMarksStage:          i18n.T("CONTINUE approves {paths} and marks Stage {stage} complete: Stage {next} is next"),
	CorruptedStagesWereReconstructed:    i18n.T("{rel} is corrupted ({corruption}): the stages were reconstructed from the design artifacts on disk"),
	SessionArchivedNewOne:               "the session is archived; a new one starts with every stage pending",
	MovedNoNewSession:                   i18n.T("moved to {archiveDir}; no new session"),
	MoveTimestampSessionJson:            i18n.T("Move {rel} to {archiveDir}{feature}.<timestamp>.session.json?\nNothing is deleted: move it back to resume the session. No new session is created."),
	EveryStageCompleteHint:              "every stage is complete: show the review",
	RestartHint:                         i18n.T("stages {restartFrom}-7 set to pending; the old session is archived first"),
	StageOutputMissing:                  "the stage's output is missing",
	ApproveQuestion:                     i18n.T("{question}\n{paths} exists but Stage {stage} is not marked complete{note}.\nYes marks Stage {stage} complete in {rel} and resumes at Stage {next}. No goes back to the menu (Re-run Stage {stage} is there)."),
	NotApprovedHint:                     i18n.T("not approved: stages {stage}-7 set to pending; the old session is archived first"),
	ThenResume:                          i18n.T("then resume at {stage}"),
	DesignArtifactsDiskSay:              "the design artifacts on disk say where it stands",
	WriteReconstructedSessionCorrupted:  i18n.T("Write the reconstructed session to {rel}?\n{rebuilt}\nThe corrupted file is kept beside it as {file}.corrupted.<timestamp>."),
	NoArtifactsToRebuild:                i18n.T("no design artifacts for {feature} were found: nothing to rebuild from (RESTART starts a new session)"),
	CreateFromDesignArtifacts:           i18n.T("Create {rel} from the design artifacts on disk?\n{summary}\nRun with --stage N to say instead that the stages before N are complete."),
	EveryStagePendingArtifacts:          "every stage pending; the artifacts stay on disk",
	NoSessionFileToArchive:              "there is no session file to archive",
	ThisArchivedSessionHistory:          i18n.T("this is an archived session (history): move it back to .claude/design/sessions/{feature}.session.json to resume it"),
	SessionAlreadyArchived:              "the session is already archived",
	CheckpointApproved:                  "its checkpoint records that you approved it",
	CheckpointApprovedNote:              " (its stage_3b_design checkpoint records user_approved: true)",
	EveryStagePendingDesign:             "Every stage pending: the design starts at Stage 0.",
	StageComplete:                       "Stage 0 complete",
	StagesComplete:                      i18n.T("Stages 0-{resume} complete"),
	StageProgress:                       i18n.T("Stage {resume} in progress"),
	StagePending:                        "Stage 7 pending",
	StagesPending:                       i18n.T("Stages {resume}-7 pending"),
	PathMissing:                         i18n.T("{paths} is missing"),
	PathsMissing:                        i18n.T("{paths} are missing"),
	NotAStage:                           i18n.T("{value} is not a stage: want 0-7, 3a or 3b"),
	FeatureNameEmpty:                    "the feature name is empty",
	NotAFeatureName:                     i18n.T("{name} is not a feature name (no path separators)"),
	SessionFileUnreadable:               "the session file cannot be read, so it cannot be edited",
	EditedSessionNotJSON:                i18n.T("the edited session does not read back as JSON ({error}); nothing was written"),
	ChangedSinceRead:                    "the design session or its artifacts changed since pickup read them; nothing was written (run pickup again)",
	UnknownChoice:                       i18n.T("unknown choice {choice}"),
	OldSessionKept:                      i18n.T(" (a copy of the old session was kept at {keep})"),
}
