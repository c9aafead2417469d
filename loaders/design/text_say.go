package design

// sayKeys are the sentences the loaders say through Text.Say, in
// English: each is its own key (a printf format where it takes values),
// and each other language gives its translation in messages/<lang>.json
// ("Say": {"English": "translation"}) with the same verbs in the same
// order. Field names (stage_status, current_stage...), status values,
// slash commands, paths and the four verbs stay as they are.
var sayKeys = []string{
	// Kinds of JSON values, inside other sentences.
	"a boolean", "a number", "a string", "a list", "an object", "null", "missing", "not an object",
	"object", "list", "end of the file", " and ",

	// What each stage writes (roles) and what re-running it does (redo).
	"business rules", "alternatives analysis", "TDD", "ADR", "ADRs", "contracts", "BDD scenarios", "tickets",
	"re-extract rules", "rewrite the design", "rewrite the contracts", "regenerate the scenarios",
	"recreate the missing tickets",

	// The situations of `pickup plan`.
	"resume", "missing artifact", "unapproved artifact", "corrupted rebuild", "migration", "archived",

	// The stages' key facts.
	"artifact missing", "rule", "rules", "rules approved", "determined: %s", "alternative %d chosen",
	"TDD and %s", "scenario", "scenarios", "extracting rules", "rules extracted, awaiting approval",
	"generating alternatives", "alternatives generated, awaiting choice",
	"TDD not approved, to be revised", "TDD approved, stage not marked complete",
	"TDD written, awaiting approval", "TDD exists, not approved",
	"alternative %d chosen, writing the TDD", "writing the TDD", "found %s",
	"taken as complete (--stage)", "implied by later outputs", "found %s, not approved", "sub-stage %s",

	// Where it resumes, and why.
	"Stage 0 is not complete: the design starts at the beginning",
	"Stage %d is the first stage not complete", "every stage is complete: Stage 7 shows the review",
	"Stage %d is marked complete but %s is missing: the stage is re-run",
	"current_stage is %d and Stages %s have their checkpoints or outputs (stage_status lags behind)",
	"forced with --stage %s", "forced with --stage %s: stages before it are taken as complete",
	"no design artifacts were found: the design starts at Stage 0",
	"Stage %d has the last output on disk",
	"CONTINUE approves %s and marks Stage %d complete: Stage %d is next",

	// Warnings and conflicts.
	"feature_name is %q but the file is named for %q: %q is used",
	"Stage %d is complete but %s is missing",
	"current_stage is %d but stage_status marks Stages %s complete: pickup resumes at Stage %d, the first stage not complete",
	"current_stage is %d but stage_status says Stage %d is %s and it has no checkpoint or output: pickup resumes at Stage %d (get_resume_stage)",
	"stage_status says Stage %d is %s but current_stage is %d, and Stages %s have their checkpoints or outputs: pickup trusts current_stage and resumes at Stage %d",
	"%s (--stage %s given: not acted on)", "Stage %d (%s) is %s but %s already exists",
	"%s does not exist: the stages were reconstructed from the design artifacts on disk",
	"%s is corrupted (%s): the stages were reconstructed from the design artifacts on disk",
	"--stage: %v: ignored",

	// The session file's own warnings.
	"key %s is repeated: the last one is used", "unknown session version %q: read as version 1.0",
	"no readable updated_at: created_at is used as the last update",
	"no readable updated_at or created_at: the session's age is unknown",
	"current_stage %s is not a stage 0-7: ignored",
	"stage_status has more than 8 entries: the extra ones are ignored",
	"stage_status is %s: stages before current_stage %d are read as complete",
	"stage_status has no entry for stage %d: read as pending",
	"checkpoints is %s, not an object: ignored", "artifacts.%s holds %s, not a path: ignored",
	"artifacts.%s is %s, not a path, a list of paths or null: ignored",
	"artifacts is %s, not an object: ignored", "tickets_progress.remaining is %s, not a list: ignored",
	"tickets_progress is %s, not an object: ignored", "stage_status key %q is not a stage 0-7: ignored",
	"%s is %q, not complete, in_progress or pending: read as pending",
	"the file starts with a byte order mark (U+FEFF), which JSON does not allow: read anyway",
	"the file has %s, which JSON does not allow: read anyway", "trailing comma", "trailing commas",

	// A file that cannot be read (the problem's detail).
	"not valid JSON: %s", "line %d, column %d: %s", "the top level is %s, not an object",
	"the file has neither stage_status nor current_stage: which stages are done cannot be known",
	"stage_status is %s, not an object, and there is no current_stage",
	"values are nested more than %d deep", "unexpected %s: a value was expected",
	"unexpected %s: a quoted key was expected", "unexpected %s: a comma or } was expected",
	"unexpected %s: a comma or ] was expected", "unexpected %s: a colon was expected after the key %q",
	"unexpected text after the end of the JSON value", "invalid string: %s",
	"a string cannot hold a raw control character (a line break inside quotes?)", "invalid number",
	"unexpected end of the file: the string is not closed", "the file is empty",
	"unexpected end of the file: a value is missing", "unexpected end of the file",
	"unexpected end of the file: a colon was expected after the key %q",
	"unexpected end of the file: the %s opened on line %d is not closed",
	"the session file is corrupted (line %d); the stages were rebuilt from the artifacts on disk",
	"there is no session file; the stages were rebuilt from the artifacts on disk",

	// The menu: hints, why a choice is off, confirmations.
	"the session is archived; a new one starts with every stage pending", "moved to %s; no new session",
	"Move %s to %s%s.<timestamp>.session.json?\nNothing is deleted: move it back to resume the session. No new session is created.",
	"every stage is complete: show the review", "the stage's output is missing",
	"stages %d-7 set to pending; the old session is archived first",
	"%s\n%s exists but Stage %d is not marked complete%s.\nYes marks Stage %d complete in %s and resumes at Stage %d. No goes back to the menu (Re-run Stage %d is there).",
	"not approved: stages %d-7 set to pending; the old session is archived first",
	"the design artifacts on disk say where it stands",
	"Write the reconstructed session to %s?\n%s\nThe corrupted file is kept beside it as %s.corrupted.<timestamp>.",
	"no design artifacts for %q were found: nothing to rebuild from (RESTART starts a new session)",
	"then resume at %s",
	"Create %s from the design artifacts on disk?\n%s\nRun with --stage N to say instead that the stages before N are complete.",
	"every stage pending; the artifacts stay on disk", "there is no session file to archive",
	"this is an archived session (history): move it back to .claude/design/sessions/%s.session.json to resume it",
	"the session is already archived", "its checkpoint records that you approved it",
	" (its stage_3b_design checkpoint records user_approved: true)", "%s is missing", "%s are missing",
	"Every stage pending: the design starts at Stage 0.", "Stage 0 complete", "Stages 0-%d complete",
	"Stage %d in progress", "Stage 7 pending", "Stages %d-7 pending",

	// What the agent does next (CONTINUE, RESTART).
	"Re-run Stage %d (%s): %s although the stage is marked complete. %s",
	"The user approved %s (%q yes) and Stage %d was marked complete. %s",
	"Every stage is complete: show the review (Stage 7).", "the PRD",
	"Stage 0 (Clarification): check whether the requirements in %s are clear; ask the open questions and record the answers, then proceed to Stage 1.",
	"Ask: \"These rules were extracted. Do you approve?\" On approval mark Stage 1 complete and proceed to Stage 2.",
	"Read %s and present the rules to the user. %s",
	"Extract the business rules into %s and present them to the user. %s",
	"Stage 2 (Analysis): determine the complexity (simple or complex) and the reason, then proceed to Stage 3.",
	"Ask: \"Which alternative do you want to proceed with?\" On choice save it and proceed to Stage 3b (TDD).",
	"Read %s and present all alternatives. %s",
	"Research the codebase and write the alternatives with their pros and cons to %s, then present them. %s",
	" for alternative %d",
	"The user did not approve %s (Re-run Stage 3): revise or rewrite the TDD%s and its ADRs, then ask the user for approval again. On approval proceed to Stage 4.",
	"%s exists and is complete: read it and ask the user for approval. On approval proceed to Stage 4.",
	"%s is partial: continue writing the TDD%s, then ask the user for approval. On approval proceed to Stage 4.",
	"Write the TDD%s at %s and its ADRs under docs/adr/, then ask the user for approval. On approval proceed to Stage 4.",
	" (Stage 2 determined: simple, so contracts may not be needed)",
	"The user did not approve %s (Re-run Stage 4): revise the contracts, then ask for approval again and proceed to Stage 5.",
	"Stage 4 (Contracts): write the contracts to %s%s, then proceed to Stage 5.",
	"The user did not approve %s (Re-run Stage 5): revise the scenarios, then ask for approval again and proceed to Stage 6.",
	"Read %s and proceed to Stage 6.",
	"Stage 5 (BDD): generate the Gherkin scenarios in %s, then proceed to Stage 6.",
	"All %d planned tickets exist (%s): proceed to Stage 7 (Review).",
	"%d of %d planned tickets exist (%s): continue creating the remaining tickets",
	". When all exist, proceed to Stage 7 (Review).",
	"Stage 6 (Tickets): %s in %s and no total_planned is recorded: slice the remaining endpoints into tickets, then proceed to Stage 7 (Review).",
	"ticket exists", "tickets exist", "Stage 7 (Review): review the design artifacts with the user.",
	"The user did not approve %s: re-run Stage %d (%s), revising or rewriting it, then ask for approval again. Stages %d-7 were set to pending (the old session was archived).",
	"The old session was archived; a new session starts at Stage 0. ",
	"Stages %d-7 were set to pending (the old session was archived). %s",

	// Apply's results.
	"Resuming /design %s at %s%s: %s", "Restarted /design %s from Stage %d: %s",

	// REVIEW's sections.
	"exists", "MISSING", "found on disk, not recorded in the session: %s", "Artifacts", "Next step",
	"Tickets", "Checkpoints", "recorded as created: %d", "remaining: %s", "%s: saved %s",

	// The plan.
	"Design session %q (%s): %s", "CONTINUE resumes at %s%s: %s", "Next step: %s", "Stages:",
	"Artifacts:", "Tickets: %s (%s)", "Conflict: %s", "RESTART would start again at %s: %s",

	// The agent's prompt (--emit prompt).
	"# Resume /design: %s\n\n", "Resume the design session for **%s** at **%s**%s.\n", "Why: %s.\n\n",
	"## Next step\n\n%s\n\n", "## Progress\n\n", "\n## Artifacts\n\n",
	"\nSession file: `%s`. After each stage save a checkpoint: mark the stage complete, set current_stage to the next stage and record its artifacts.\n",

	// Errors.
	"%s: no session file and no design artifacts for %q",
	"an archived session is history; pickup does not change it",
	"no design session for %q in %s: %s/%s.session.json does not exist and .claude/design/ has no %s-* artifacts (archived sessions under %s/archive/ are not opened)",
	"no design session found in %s: looked for %s/*.session.json and for design artifacts in .claude/design/ (archived sessions under %s/archive/ are not opened)",
	"the session file cannot be read, so it cannot be edited",
	"the edited session does not read back as JSON (%s); nothing was written",
	"the design session or its artifacts changed since pickup read them; nothing was written (run pickup again)",
	" (a copy of the old session was kept at %s)",

	// atelier.
	"required field phase is missing or empty (state_manager.sh always writes it)",
	"no readable %s: the session's age is unknown", "phase %q is not one of atelier's phases (%s)",
	"the saved session records no phase", "none", "atelier snapshot: %s", "%s records phase %s",
	"a newer saved session exists (%s): this one is history",
	"atelier moves phases with its own script: run scripts/state_manager.sh transition gather to go back (pickup does not rewrite atelier's state)",
	"a saved atelier session is a snapshot written by /worklog: it has no progress to reset (scripts/state_manager.sh moves the phase)",
	"Resume the %s phase", "/%s for %s", "Go back to the gather phase",
	"%s is not available for atelier state",
	"no atelier state for feature %q in %s: looked in %s and %s/*.json",
	"no atelier state found in %s: looked for %s and %s/*.json",

	// The --stage and --feature values (cmd's flags), errors around the
	// system's own.
	"%q is not a stage: want 0-7, 3a or 3b", "the feature name is empty",
	"%q is not a feature name (no path separators)", "project %s", "unknown choice %q",
	"%s holds %d session files: only the %d changed most recently are read (%d left out; --feature NAME opens any one)",
}
