package design

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/model"
	"github.com/tidwall/gjson"
)

// mode is the situation a session is in; it decides the menu.
type mode int

const (
	modeNormal     mode = iota
	modeMissing         // a complete stage's artifact is missing (seed 003 "Missing Artifact Files")
	modeUnapproved      // a stage not complete has its artifact ("Conflicting State")
	modeCorrupted       // the file cannot be read: stages rebuilt from the artifacts
	modeMigration       // no session file, but design artifacts exist
	modeArchived        // a session under archive/: history only
)

// view is everything pickup works out about one design session. It is
// computed the same way at load and again at write time, so a write
// refuses when what it would do has changed since the person chose.
type view struct {
	project, path, rel string
	feature            string
	exists             bool
	raw                []byte
	fp                 string
	file               *sessionFile // nil when corrupted or migrating
	corruption         string       // why the file cannot be read
	corruptionLine     int

	mode   mode
	status [8]string
	word   [8]string // the source's own status word
	facts  [8]string

	resume       int
	sub          string // "3a" / "3b" when resume is stage 3
	resumeReason string
	forced       bool
	restartFrom  int

	// conflict (modeMissing, modeUnapproved)
	cStage int
	cPaths []string
	cWhat  string
	// tx is the language of every sentence the view builds (text.go); nil is
	// English.
	tx *Text
	// outputs found on disk when rebuilding (modeCorrupted, modeMigration)
	outputs map[int][]string

	// settled are the stages whose status comes from current_stage,
	// not stage_status (reconcile): a write records them.
	settled [8]bool

	artifacts  []model.Artifact
	unrecorded []string
	tickets    ticketCount
	warnings   []string
	// conflicts are the state disagreeing with itself (current_stage and
	// stage_status): alerts, since they bear on the choice.
	conflicts []string
	stageArg  *StageArg
}

// warn and conflict add a warning or a conflict (a sentence said in the
// view's language).
func (v *view) warn(w string) { v.warnings = append(v.warnings, w) }

func (v *view) conflict(c string) { v.conflicts = append(v.conflicts, c) }

// analyze works out the view of a session file (or of its absence).
// data is nil when the file does not exist.
func analyze(project, path string, data []byte, fileExists bool, stage *StageArg, t *Text) *view {
	rel, err := filepath.Rel(project, path)
	if err != nil {
		rel = path
	}
	v := &view{
		project: project, path: path, rel: filepath.ToSlash(rel), exists: fileExists,
		raw: data, feature: featureOf(path), stageArg: stage, cStage: -1, tx: t,
	}
	t = v.text()
	if fileExists {
		v.fp = fingerprint(data)
	}
	switch {
	case isArchivePath(path):
		v.mode = modeArchived
	case !fileExists:
		v.mode = modeMigration
	}
	if fileExists {
		tree, jerr := parseJSON(data)
		if jerr != nil {
			v.corruption, v.corruptionLine = t.NotValidJSON.F(jerr.in(t)), jerr.Line
		} else if f, serr := readSessionFile(tree, t); serr != nil {
			v.corruption, v.corruptionLine = serr.msg, serr.line
		} else {
			v.file = f
			v.warnings = append(v.warnings, f.warnings...)
		}
		if v.file == nil && v.mode != modeArchived {
			v.mode = modeCorrupted
		}
	}
	if v.file != nil && v.file.feature != "" && v.file.feature != v.feature {
		v.warn(v.text().FeatureNameButFile.F(strconv.Quote(v.file.feature), strconv.Quote(v.feature)))
	}

	v.tickets = countTickets(project, v.file, v.feature)
	if v.file != nil {
		v.fromFile()
	} else {
		v.rebuild()
	}
	v.artifacts, v.unrecorded = artifactList(project, v.file, v.feature, t)
	v.facts = v.stageFacts()
	if v.file != nil {
		v.tickets.check(v)
		v.laterOutputs()
	}
	return v
}

// fromFile takes the stages from the session file and looks for the
// spec's conflicts between the file and the artifacts.
func (v *view) fromFile() {
	f := v.file
	v.status, v.word = f.status, f.statusRaw
	v.resume, v.resumeReason = resumeStage(v.status, v.text())
	if f.current >= 0 && f.current != v.resume && !(v.resume == LastStage && f.current == LastStage) && !f.fromCurrent {
		v.reconcile(f.current)
	}
	if v.mode == modeArchived {
		v.sub = v.subStage()
		return
	}

	// Missing Artifact Files: a complete stage before the resume stage
	// (any stage, when all are complete) whose output is gone. The first
	// one decides the menu; others are warnings.
	for n := range Stages {
		if v.status[n] != stComplete {
			continue
		}
		paths, what := v.requiredMissing(n)
		if len(paths) == 0 {
			continue
		}
		before := n < v.resume || v.status[v.resume] == stComplete
		if before && v.cStage < 0 {
			v.mode, v.cStage, v.cPaths, v.cWhat = modeMissing, n, paths, what
		} else {
			v.warn(v.text().StageCompleteButMissing.F(n, strings.Join(paths, ", ")))
		}
	}
	// Conflicting State: the resume stage is not complete but its output
	// is on disk (a stage finished without the session being updated).
	if v.cStage < 0 && v.status[v.resume] != stComplete {
		if p, what, ok := v.unapprovedOutput(v.resume); ok {
			v.mode, v.cStage, v.cPaths, v.cWhat = modeUnapproved, v.resume, []string{p}, what
		}
	}
	v.restartFrom = 0
	switch v.mode {
	case modeMissing:
		v.restartFrom = v.cStage
		v.resume = v.cStage
		v.resumeReason = v.text().StageMarkedCompleteBut.F(v.cStage, strings.Join(v.cPaths, ", "))
	case modeUnapproved:
		v.restartFrom = v.cStage
	}
	if v.stageArg != nil {
		v.force()
	}
	v.sub = v.subStage()
}

// reconcile settles a disagreement between stage_status (whose first
// stage not complete is v.resume) and current_stage cur: the more
// advanced of the two is trusted when it is consistent, that is when
// every stage it says is done has its checkpoint or its output on disk;
// otherwise the other one. Either way a warning says which was trusted
// and why. Stages read as complete on current_stage's word are marked in
// v.settled, so a write records them in stage_status.
func (v *view) reconcile(cur int) {
	a := v.resume
	if cur < a {
		// stage_status is ahead. A stage it marks complete without its
		// output is the Missing Artifact case, found next.
		v.conflict(v.text().CurrentStageButStage.F(cur, stageRange(cur, a-1), a))
		return
	}
	for n := a; n < cur; n++ {
		if v.status[n] != stComplete && !v.evidence(n) {
			v.conflict(v.text().CurrentStageButStatus.F(cur, n, v.text().status(or(v.word[n], v.status[n])), a))
			return
		}
	}
	v.conflict(v.text().StageStatusSaysStage.F(a, v.text().status(or(v.word[a], v.status[a])), cur, stageRange(a, cur-1)))
	for n := a; n < cur; n++ {
		if v.status[n] != stComplete {
			v.status[n], v.word[n] = stComplete, stComplete+" (current_stage)"
			v.settled[n] = true
		}
	}
	if v.status[cur] == stPending {
		v.status[cur], v.word[cur] = stInProgress, stInProgress+" (current_stage)"
		v.settled[cur] = true
	}
	v.resume = cur
	v.resumeReason = v.text().CurrentStageStagesHave.F(cur, stageRange(a, cur-1))
}

// evidence reports whether stage n shows it was done: its checkpoint, or
// its output on disk (contracts are not needed after a "simple" Stage 2).
func (v *view) evidence(n int) bool {
	f := v.file
	have := func(key string) bool {
		_, ok := locate(f, v.feature, mustRole(key)).anyExists(v.project)
		return ok
	}
	switch n {
	case 0, 2:
		return f.checkpoint(Stages[n].Checkpoint).Exists()
	case 1:
		return f.checkpoint("stage_1").Exists() || have("rules")
	case 3:
		return f.checkpoint("stage_3b").Exists() || have("tdd")
	case 4:
		return f.checkpoint("stage_4").Exists() || have("contracts") || v.complexity() == "simple"
	case 5:
		return f.checkpoint("stage_5").Exists() || have("bdd")
	case 6:
		return f.checkpoint("stage_6").Exists() || v.tickets.counted() > 0
	}
	return false
}

// stageRange is "3" or "3-5".
func stageRange(a, b int) string {
	if a == b {
		return strconv.Itoa(a)
	}
	return fmt.Sprintf("%d-%d", a, b)
}

// force applies --stage: CONTINUE resumes there and RESTART restarts
// from there; a conflict then stays a warning.
func (v *view) force() {
	a := *v.stageArg
	if v.mode == modeMissing || v.mode == modeUnapproved {
		v.warn(v.text().StageFlagIgnored.F(v.conflictSentence(), a))
		v.mode, v.cStage, v.cPaths, v.cWhat = modeNormal, -1, nil, ""
	}
	v.forced = true
	v.resume, v.restartFrom = a.Num, a.Num
	v.resumeReason = v.text().ForcedWithStage.F(a)
}

// resumeStage is seed 003's get_resume_stage: the first stage not
// complete, else 7.
func resumeStage(status [8]string, t *Text) (int, string) {
	for n := range Stages {
		if status[n] != stComplete {
			if n == 0 {
				return 0, t.StageZeroNotComplete
			}
			return n, t.FirstStageNotComplete.F(n)
		}
	}
	return LastStage, t.EveryStageComplete
}

// requiredMissing lists a complete stage's required outputs that are
// not on disk.
func (v *view) requiredMissing(n int) ([]string, string) {
	var missing []string
	var what []string
	check := func(key string, required bool) {
		l := locate(v.file, v.feature, mustRole(key))
		if len(l.paths) == 0 || (!required && l.from == "convention") {
			return
		}
		var gone []string
		if key == "adrs" || key == "tickets" {
			gone = l.missing(v.project)
		} else if _, ok := l.anyExists(v.project); !ok {
			gone = l.paths
		}
		if len(gone) > 0 {
			missing = append(missing, gone...)
			what = append(what, v.text().Roles[l.role.key])
		}
	}
	switch n {
	case 1:
		check("rules", true)
	case 3:
		check("analysis", true)
		check("tdd", true)
		check("adrs", false)
	case 4:
		// Contracts are a complex design's output: required when the
		// session records them or Stage 2 determined "complex".
		check("contracts", v.complexity() == "complex")
	case 5:
		check("bdd", true)
	case 6:
		check("tickets", false)
	}
	return missing, strings.Join(what, v.text().And)
}

// unapprovedOutput is the Conflicting State check for a stage not
// complete: Stage 3's TDD, Stage 4's contracts or Stage 5's BDD file
// already on disk. (Stage 1's rules and 3a's analysis exist before
// approval by design: that is their checkpoint, not a conflict.)
func (v *view) unapprovedOutput(n int) (string, string, bool) {
	key := map[int]string{3: "tdd", 4: "contracts", 5: "bdd"}[n]
	if key == "" {
		return "", "", false
	}
	l := locate(v.file, v.feature, mustRole(key))
	if p, ok := l.anyExists(v.project); ok && !v.rejected(n, p) {
		return p, v.text().Roles[l.role.key], true
	}
	return "", "", false
}

// rejectionCheckpoint is the checkpoint where "Re-run Stage N" records
// that the person did not approve the stage's output found on disk (the
// Conflicting State's "If no"): user_approved false, with rejected_at. The
// output is then no longer a conflict to ask about, until it changes.
var rejectionCheckpoint = map[int]string{3: "stage_3b_design", 4: "stage_4_contracts", 5: "stage_5_bdd"}

// rejectionPrefix is the checkpoint prefix rejected reads, per stage.
var rejectionPrefix = map[int]string{3: "stage_3b", 4: "stage_4", 5: "stage_5"}

// rejected reports whether stage n's output at path was rejected and has
// not changed since: the stage's checkpoint says user_approved false,
// and the file is no newer than rejected_at (when recorded).
func (v *view) rejected(n int, path string) bool {
	if v.file == nil || rejectionPrefix[n] == "" {
		return false
	}
	cp := v.file.checkpoint(rejectionPrefix[n])
	if ua := get(cp, "user_approved"); !ua.Exists() || !falsy(ua) {
		return false
	}
	at, ok := parseTime(str(get(cp, "rejected_at")))
	if !ok {
		return true
	}
	st, err := os.Stat(abs(v.project, path))
	return err != nil || !st.ModTime().After(at)
}

// conflictSentence describes the conflict in one line.
func (v *view) conflictSentence() string {
	switch v.mode {
	case modeMissing:
		return v.text().ConflictMissing.F(v.cStage, strings.Join(v.cPaths, ", "))
	case modeUnapproved:
		return v.text().ConflictUnapproved.F(v.cStage, strings.Join(v.cPaths, ", "))
	}
	return ""
}

// question is the Conflicting State question, in the spec's words for
// the TDD.
func (v *view) question() string {
	switch v.cStage {
	case 3:
		return v.text().QuestionTDD
	case 4:
		return v.text().QuestionContracts
	case 5:
		return v.text().QuestionBDD
	}
	return ""
}

// laterOutputs warns about outputs of pending stages past the resume
// stage (the agent will find them).
func (v *view) laterOutputs() {
	for n := v.resume + 1; n <= LastStage; n++ {
		if v.status[n] == stComplete || n == v.cStage {
			continue
		}
		if p, _, ok := v.unapprovedOutput(n); ok {
			v.warn(v.text().StageButAlreadyExists.F(n, v.text().StageNames[n], v.text().status(v.status[n]), p))
		}
	}
}

// check compares the counted tickets with tickets_progress.
func (tc ticketCount) check(v *view) {
	if tc.hasRec && tc.recorded != tc.counted() && (tc.counted() > 0 || len(tc.prefixes) > 0) {
		v.warnings = append(v.warnings, v.text().TicketsRecorded.N(tc.recorded, v.text().TicketsFound.N(tc.counted()), tc.pattern()))
	}
}

// rebuild reconstructs the stages from the artifacts on disk (a
// corrupted file, or none): the last stage with an output is in
// progress (its output may be partial or not approved), every stage
// before it complete, every stage after it pending. --stage N says
// instead that stages before N are complete and N is in progress.
func (v *view) rebuild() {
	v.outputs = stageOutputs(v.project, v.feature)
	last := -1
	for n := range Stages {
		if len(v.outputs[n]) > 0 {
			last = n
		}
	}
	if v.stageArg != nil {
		last = v.stageArg.Num
		v.forced = true
	}
	for n := range Stages {
		switch {
		case n < last:
			v.status[n] = stComplete
		case n == last:
			v.status[n] = stInProgress
		default:
			v.status[n] = stPending
		}
		v.word[n] = v.status[n]
	}
	v.resume = 0
	if last > 0 {
		v.resume = last
	}
	switch {
	case v.forced:
		v.resumeReason = v.text().ForcedWithStageStages.F(v.stageArg)
	case last < 0:
		v.resumeReason = v.text().NoDesignArtifactsWere
	default:
		v.resumeReason = v.text().StageHasLastOutput.F(last)
	}
	v.sub = v.subStage()
}

// hasOutputs reports whether a rebuild found anything on disk.
func (v *view) hasOutputs() bool { return len(v.outputs) > 0 }

// subStage is 3a (alternatives) or 3b (TDD and ADRs) when the resume
// stage is 3.
func (v *view) subStage() string {
	if v.resume != 3 {
		return ""
	}
	if v.stageArg != nil && v.stageArg.Num == 3 && v.stageArg.Sub != "" {
		return "3" + v.stageArg.Sub
	}
	f := v.file
	if f != nil {
		for key, val := range members(get(f.tree.root, "stage_status")) {
			if _, sub, _ := statusKeyStage(key); sub == "3a" {
				if st, _ := normStatus(scalar(val)); st == stComplete {
					return "3b"
				}
			}
		}
	}
	if _, ok := locate(f, v.feature, mustRole("tdd")).anyExists(v.project); ok {
		return "3b"
	}
	if f.checkpoint("stage_3b").Exists() {
		return "3b"
	}
	if cp := f.checkpoint("stage_3a"); cp.Exists() && !isNull(get(cp, "chosen_alternative")) {
		return "3b"
	}
	return "3a"
}

// complexity is Stage 2's verdict ("simple", "complex"), or "".
func (v *view) complexity() string {
	return strings.ToLower(scalar(get(v.file.checkpoint("stage_2"), "complexity")))
}

// ---- key facts (the listing's parentheses) ----

func (v *view) stageFacts() [8]string {
	var out [8]string
	if v.file == nil {
		for n := range Stages {
			out[n] = v.rebuiltFact(n)
		}
		return out
	}
	for n := range Stages {
		switch v.status[n] {
		case stComplete:
			out[n] = v.completeFact(n)
		case stInProgress:
			out[n] = v.progressFact(n)
		}
		if n == v.cStage && v.mode == modeMissing {
			out[n] = joinFacts(out[n], v.text().ArtifactMissing)
		}
	}
	return out
}

func (v *view) completeFact(n int) string {
	f, t := v.file, v.text()
	switch n {
	case 1:
		cp := f.checkpoint("stage_1")
		count, hasCount := intOf(get(cp, "rules_count"))
		approved := truthy(get(cp, "user_approved"))
		switch {
		case hasCount && approved:
			return t.RulesApproved.N(count)
		case hasCount:
			return t.RuleCount.N(count)
		case approved:
			return t.RulesApprovedFact
		}
	case 2:
		if c := scalar(get(f.checkpoint("stage_2"), "complexity")); c != "" {
			return t.Determined.F(c)
		}
	case 3:
		var parts []string
		if n, ok := intOf(get(f.checkpoint("stage_3a"), "chosen_alternative")); ok {
			parts = append(parts, t.AlternativeChosen.F(n))
		}
		adrs := locate(f, v.feature, mustRole("adrs"))
		if len(adrs.paths) > 0 {
			parts = append(parts, t.TDDAnd.F(t.ADRCount.N(len(adrs.paths))))
		}
		return strings.Join(parts, ", ")
	case 5:
		if n, ok := scenarioCount(f.checkpoint("stage_5")); ok {
			return t.ScenarioCount.N(n)
		}
	case 6:
		if v.tickets.relevant() {
			return v.tickets.summary(t)
		}
	}
	return ""
}

func (v *view) progressFact(n int) string {
	f, t := v.file, v.text()
	switch n {
	case 0:
		cp := f.checkpoint("stage_0")
		if q := items(get(cp, "questions_asked")); len(q) > 0 {
			if a := get(cp, "user_answers"); !a.Exists() || !hasMembers(a) {
				return t.QuestionsAsked.N(len(q))
			}
		}
	case 1:
		if _, ok := locate(f, v.feature, mustRole("rules")).anyExists(v.project); ok {
			return t.RulesExtractedAwaitingApproval
		}
		return t.ExtractingRules
	case 3:
		return v.designFact()
	case 6:
		if v.tickets.relevant() {
			return v.tickets.summary(t)
		}
	}
	return ""
}

// designFact says where Stage 3 stands, from its two checkpoints and
// the files.
func (v *view) designFact() string {
	f, t := v.file, v.text()
	sub := v.sub
	if sub == "" {
		saved := v.resume
		v.resume = 3
		sub = v.subStage()
		v.resume = saved
	}
	if sub == "3a" {
		if f.checkpoint("stage_3a").Exists() {
			return t.AlternativesGeneratedAwaitingChoice
		}
		if _, ok := locate(f, v.feature, mustRole("analysis")).anyExists(v.project); ok {
			return t.AlternativesGeneratedAwaitingChoice
		}
		return t.GeneratingAlternatives
	}
	tddPath, tdd := locate(f, v.feature, mustRole("tdd")).anyExists(v.project)
	cp := f.checkpoint("stage_3b")
	switch {
	case tdd && v.rejected(3, tddPath):
		return t.TDDToRevise
	case tdd && cp.Exists() && truthy(get(cp, "user_approved")):
		return t.TDDApprovedNotMarked
	case tdd && cp.Exists():
		return t.TDDWrittenAwaitingApproval
	case tdd:
		return t.TDDExistsNotApproved
	}
	if n, ok := intOf(get(f.checkpoint("stage_3a"), "chosen_alternative")); ok {
		return t.AlternativeChosenWritingTDD.F(n)
	}
	return t.WritingTDD
}

func (v *view) rebuiltFact(n int) string {
	outs, t := v.outputs[n], v.text()
	switch v.status[n] {
	case stComplete:
		if len(outs) > 0 {
			return t.FoundOutputs.F(strings.Join(outs, ", "))
		}
		if v.forced {
			return t.TakenAsCompleteStage
		}
		return t.ImpliedByLaterOutputs
	case stInProgress:
		switch {
		case n == 1 && len(outs) > 0:
			return t.RulesExtractedAwaitingApproval
		case n == 3 && hasTDD(outs):
			return t.TDDExistsNotApproved
		case n == 3 && len(outs) > 0:
			return t.AlternativesGeneratedAwaitingChoice
		case len(outs) > 0:
			return t.FoundNotApproved.F(strings.Join(outs, ", "))
		}
	}
	return ""
}

func hasTDD(paths []string) bool {
	for _, p := range paths {
		if strings.HasPrefix(p, "docs/design/") {
			return true
		}
	}
	return false
}

func scenarioCount(cp gjson.Result) (int, bool) {
	for _, k := range []string{"scenario_count", "scenarios_count", "scenarios"} {
		n := get(cp, k)
		if !n.Exists() {
			continue
		}
		if n.IsArray() {
			return len(items(n)), true
		}
		if c, ok := intOf(n); ok {
			return c, true
		}
	}
	return 0, false
}

func joinFacts(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// ---- names ----

var archiveName = lazyre.New(`^(.+)\.[0-9]{8}T[0-9]{6}(\.[0-9]{3})?Z\.session\.json$`)

// featureOf is the feature a session file is named for.
func featureOf(path string) string {
	base := filepath.Base(path)
	if m := archiveName.FindStringSubmatch(base); m != nil && isArchivePath(path) {
		return m[1]
	}
	return strings.TrimSuffix(base, ".session.json")
}

func isArchivePath(path string) bool {
	return filepath.Base(filepath.Dir(path)) == "archive"
}
