package crucible

import "github.com/pickup-dev/pickup/internal/i18n"

// DiffText is the words of seed 004's Replay Diff report (`pickup diff`):
// its headings, table heads and labels, and its warnings. The values of
// the structured signal (--json) stay as the seed writes them.
type DiffText struct {
	DiffTitle                                       i18n.M
	NoMutations, Outcome, MetricHead, MetricRule    string
	TotalDispatches, GateRounds, WallClock          string
	AcceptanceTests, AccChanged                     string
	PerDispatch, DispatchHead, DispatchRule         string
	NewSeq, NewDispatch                             i18n.M
	NotInOriginal, NotReplayed, SameSummary, NoText string
	ArtifactDiff, NoFinalSHAs, NoSHAsHint           string
	CannotDiff                                      i18n.M
	FilesChanged, DiffMoreBad                       i18n.P
	DiffBadLine                                     i18n.M
	NoReplayEntry                                   string
}

// ErrText is the reasons DISCARD leaves a folder alone, the problems of a
// marker that cannot be read, and the errors of a write. A quoted value
// comes in quoted (strconv.Quote).
type ErrText struct {
	// Why a folder is not moved (shown in DISCARD's "Not moved: … (why)").
	NotInScratch, IsProject, IsHome, DirNotFound, NotAFolder string
	NotNamed                                                 i18n.M

	// A marker that cannot be read. WrongTypeValue is WrongType for a
	// value no field names.
	NotJSONObject, WrongType i18n.M
	WrongTypeValue           string
	// SyntaxAt is Go's syntax error at a byte of the file.
	SyntaxAt     i18n.M
	NoPipelineID string
	NotASession  i18n.M

	// A manifest over the size limit.
	TooLarge i18n.M
	// A manifest changed between its load and `plan --json`'s rows.
	ChangedSince i18n.M

	// Writes.
	UnknownChoice, CPGoneApply, TakingCP, ListingCP, RestoringCP, ArchiveExists i18n.M
	NothingArchive                                                              string
	AlreadyDone, NotRegular, ProjectNotDir                                      i18n.M

	// --mutate.
	BadMutation i18n.M
}

var englishDiff = DiffText{
	DiffTitle:       i18n.T("# Replay Diff: {orig} vs {repl}"),
	NoMutations:     "- none (a faithful replay)",
	Outcome:         "## Outcome Comparison",
	MetricHead:      "| Metric | Original | Replayed | Delta |",
	MetricRule:      "|--------|----------|----------|-------|",
	TotalDispatches: "Total dispatches", GateRounds: "Quality gate rounds", WallClock: "Wall clock time",
	AcceptanceTests: "Acceptance tests", AccChanged: "changed",
	PerDispatch:   "## Per-Dispatch Comparison",
	DispatchHead:  "| Seq | Role | Original Status | Replayed Status | Summary Delta |",
	DispatchRule:  "|-----|------|----------------|-----------------|---------------|",
	NewSeq:        i18n.T("new {seq}"),
	NewDispatch:   i18n.T("new dispatch: {summary}"),
	NotInOriginal: "not in the original", NotReplayed: "not replayed", SameSummary: "same", NoText: "(none)",
	ArtifactDiff: "## Artifact Diff",
	NoFinalSHAs:  "- git diff <original-final-sha>..<replayed-final-sha>",
	NoSHAsHint:   "  the manifests do not record the final commits: pass --original-sha and --replay-sha",
	CannotDiff:   i18n.T("  cannot diff: {err}"),
	// English says "files" for one file too, as seed 004's report does.
	FilesChanged:  i18n.Plural("  {n} files changed, +{ins}/-{del} lines", "  {n} files changed, +{ins}/-{del} lines"),
	DiffMoreBad:   i18n.Plural("{path}: {n} more bad line skipped", "{path}: {n} more bad lines skipped"),
	DiffBadLine:   i18n.T("{path} line {line} skipped: {reason}"),
	NoReplayEntry: "no replay entry found (no entry has a replay_session)",
}

var englishErrs = ErrText{
	NotInScratch: "not in the scratch directory or the temp folder",
	IsProject:    "the project or an ancestor of it",
	IsHome:       "the home folder or an ancestor of it",
	DirNotFound:  "not found",
	NotAFolder:   "not a folder (a link or a file)",
	NotNamed:     i18n.T("not named {name}"),

	NotJSONObject:  i18n.T("not a JSON object: {reason}"),
	WrongType:      i18n.T("field {field} has the wrong type"),
	WrongTypeValue: "the value has the wrong type",
	SyntaxAt:       i18n.T("{error} at byte {offset}"),
	NoPipelineID:   "no pipeline_id: the dispatch directory cannot be found",
	NotASession:    i18n.T("pipeline_id {id} is not a session id"),

	TooLarge:     i18n.T("{path}: {size} bytes is over pickup's {limit} byte (1 GiB) limit for a manifest: not read"),
	ChangedSince: i18n.T("crucible: {path} changed while its plan was written; the plan's rows were not all written"),

	UnknownChoice:  i18n.T("crucible: unknown choice {choice}"),
	CPGoneApply:    i18n.T("checkpoint {short} ({reason}) is no longer in the shadow repository {dir}; nothing was restored"),
	TakingCP:       i18n.T("taking the {reason} checkpoint in {dir}: {err}; nothing was restored"),
	ListingCP:      i18n.T("listing the files checkpoint {short} restores: {err}; nothing was restored"),
	RestoringCP:    i18n.T("restoring checkpoint {short}: {err}. The working directory may be partly restored; pickup undo in {project} puts back the files as they were (or: {undo})"),
	ArchiveExists:  i18n.T("{dir}: archive name {name} already exists; nothing was moved"),
	NothingArchive: "crucible: there is nothing to archive for this pipeline",
	AlreadyDone:    i18n.T("{err} (already archived: {paths})"),
	NotRegular:     i18n.T("{path}: is not a regular file, so pickup could not undo the restore; nothing was restored"),
	ProjectNotDir:  i18n.T("project {path} is not a directory"),

	BadMutation: i18n.T("--mutate {v}: want original=replacement (for example quality-gate-prompt.md=alt-gate.md)"),
}

// wrapped is an error whose text is said in the run's language and that
// still unwraps to its cause (errors.Is and errors.As see through it).
type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// jsonWords is why JSON did not decode, in t's language: Go's own
// syntax error text stays, at a byte in t's words.
func (t *Text) jsonWords(f jsonFault) string {
	switch {
	case f.syntax != "":
		return t.SyntaxAt.F(f.syntax, f.offset)
	case !f.typed:
		return f.other
	case f.field == "" && t.Lang != string(i18n.English):
		return t.WrongTypeValue
	}
	// English has always said "field  has the wrong type" for a value
	// no field names; kept as written.
	return t.WrongType.F(f.field)
}
