package kiln

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Era F (kiln v3.1.3 .. v3.1.8): .kiln/STATE.md is eight lines the
// kernel writes at every stop and after every seal, through .STATE.tmp
// and a rename:
//
//	# STATE
//	stage: build
//	active_slice: rate-freshness-gate
//	next_action: Rerun stage build after fixing the transport
//	density: broad
//	pointers: .kiln/STATE.md .kiln/LAW.md .kiln/gate-review.json …
//	seals: .kiln/seals.log
//	updated_at: 2026-07-27T02:59:21Z
//
// Beside it: seals.log ("<slice> <dual|single-family>" per sealed slice),
// audits.log ("<slice> accept" per audited milestone seam), slices.json
// (ids, or {id, surface, milestone}), the review files' verdicts, the
// degraded / degraded-ack / brownfield markers and report.md. Resuming is
// a bare /kiln-fire: kiln reads STATE.md once and writes nothing back.

// stateKeysF are era F's keys, in the kernel's order.
var stateKeysF = []string{"stage", "active_slice", "next_action", "density", "pointers", "seals", "updated_at"}

// docF is a parsed era F STATE.md.
type docF struct {
	values  map[string]string
	lines   []string // the file's lines, for REVIEW
	unknown []string // keys that are not era F's
	missing []string // era F keys that are absent
	dups    []string
}

func parseStateF(data []byte) *docF {
	d := &docF{values: map[string]string{}}
	text := strings.TrimPrefix(strings.ReplaceAll(string(data), "\r\n", "\n"), utf8BOM)
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		d.lines = append(d.lines, l)
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		k, v, ok := strings.Cut(t, ":")
		if !ok {
			continue
		}
		k = strings.TrimSpace(k)
		if _, seen := d.values[k]; seen {
			d.dups = append(d.dups, k)
			continue
		}
		d.values[k] = strings.TrimSpace(v)
		if !contains(stateKeysF, k) {
			d.unknown = append(d.unknown, k)
		}
	}
	for _, k := range stateKeysF {
		if _, ok := d.values[k]; !ok {
			d.missing = append(d.missing, k)
		}
	}
	return d
}

// sliceF is one slices.json entry.
type sliceF struct {
	ID, Surface, Milestone string
}

// readSlices reads slices.json: an array of ids, or of {id, surface,
// milestone}. ok is false when it is absent; err says why it is unusable.
func readSlices(tx *FText, path string) ([]sliceF, bool, error) {
	data, err := readOwn(tx, path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte(utf8BOM)), &raw); err != nil {
		return nil, true, errors.New(tx.NotSlices.F(path, err.Error()))
	}
	out := make([]sliceF, 0, len(raw))
	for i, r := range raw {
		var id string
		if json.Unmarshal(r, &id) == nil {
			out = append(out, sliceF{ID: strings.TrimSpace(id), Surface: "mixed"})
			continue
		}
		var o struct {
			ID        any `json:"id"`
			Surface   any `json:"surface"`
			Milestone any `json:"milestone"`
		}
		if err := json.Unmarshal(r, &o); err != nil {
			return out, true, errors.New(tx.NotSlice.F(path, i+1))
		}
		str := func(v any) string {
			if s, ok := v.(string); ok {
				return strings.TrimSpace(s)
			}
			return ""
		}
		out = append(out, sliceF{ID: str(o.ID), Surface: str(o.Surface), Milestone: str(o.Milestone)})
	}
	return out, true, nil
}

// readLog reads a "<slice> <word>" log (seals.log, audits.log): the first
// word after each slice id, the first line winning.
func readLog(tx *FText, path string) (map[string]string, []string, bool, error) {
	data, err := readOwn(tx, path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, false, nil
	}
	if err != nil {
		return nil, nil, true, err
	}
	got, order := map[string]string{}, []string{}
	for _, l := range strings.Split(strings.TrimPrefix(string(data), utf8BOM), "\n") {
		fields := strings.Fields(l)
		if len(fields) == 0 {
			continue
		}
		if _, seen := got[fields[0]]; seen {
			continue
		}
		word := ""
		if len(fields) > 1 {
			word = fields[1]
		}
		got[fields[0]] = word
		order = append(order, fields[0])
	}
	return got, order, true, nil
}

// verdictF is a review file's verdict.
type verdictF struct {
	Verdict  string
	Blockers []string
	Findings []string // "F-1 at path:line: failure mode"
}

func readVerdict(tx *FText, path string) (verdictF, bool, error) {
	data, err := readOwn(tx, path)
	if errors.Is(err, fs.ErrNotExist) {
		return verdictF{}, false, nil
	}
	if err != nil {
		return verdictF{}, true, err
	}
	var g struct {
		Verdict  string   `json:"verdict"`
		Blockers []string `json:"blockers"`
		Findings []struct {
			ID, Location, FailureMode string
			Failure                   string `json:"failure_mode"`
		} `json:"findings"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte(utf8BOM)), &g); err != nil {
		return verdictF{}, true, errors.New(tx.NotVerdict.F(path, err.Error()))
	}
	v := verdictF{Verdict: g.Verdict, Blockers: g.Blockers}
	for _, f := range g.Findings {
		v.Findings = append(v.Findings, strings.TrimSpace(tx.FindingAt.F(f.ID, f.Location, f.Failure)))
	}
	return v, true, nil
}

// reviewFilesF are the published verdicts kiln keeps.
var reviewFilesF = []string{"gate-review.json", "audit-review.json", "screen-review.json"}

// activityFilesF are the kernel's own files whose modification times
// say it was working: besides STATE.md's updated_at, the newest of them
// is the run's last sign of life (era F has no event log).
var activityFilesF = []string{"seals.log", "audits.log", StateTmp, "gate-review.json", "audit-review.json",
	"screen-review.json", "check-receipt.txt", "review-request.json", "repair-delta.md", ".gate-review.reviewer.tmp"}

// runF is everything read for one era F session.
type runF struct {
	root, path, kilnDir string
	data                []byte
	doc                 *docF
	stage, slice, next  string
	updated             time.Time
	hasUpdated          bool
	slices              []sliceF
	hasSlices           bool
	seals, audits       map[string]string
	sealOrder           []string
	verdicts            map[string]verdictF
	markers             []string
	report              string
	tmp                 *docF // a .STATE.tmp left behind
	tmpMod              time.Time
	activity            time.Time
	activityFrom        string
	ledgerSealed        bool
	all                 *Text
	tx                  *FText
	route               RouteF
	warnings            []string
	alerts              []model.Alert
}

func (r *runF) warn(format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
}

// alert notes a fact that bears on the choice.
func (r *runF) alert(kind model.AlertKind, format string, args ...any) {
	r.alerts = append(r.alerts, model.Alert{Kind: kind, Text: fmt.Sprintf(format, args...)})
}

func (r *runF) rel(p string) string {
	if rel, err := filepath.Rel(r.root, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}

// loadF reads an era F STATE.md (or, when tmp is true, a .STATE.tmp left
// without a STATE.md) and the files beside it.
func loadF(tx *Text, root, path string, data []byte, tmp bool) *model.Session {
	r := &runF{all: tx, tx: &tx.F, root: root, path: path, kilnDir: filepath.Join(root, ".kiln"), data: data, doc: parseStateF(data),
		verdicts: map[string]verdictF{}}
	s := stateSession(root, path, data, "F")
	d := r.doc
	stage, exact, ok := lenient(d.values["stage"], SpineF)
	var bad []string
	switch {
	case d.values["stage"] == "":
		bad = append(bad, r.tx.StageMissing)
	case !ok:
		bad = append(bad, r.tx.BadStage.F(strconv.Quote(d.values["stage"]), strings.Join(SpineF, ", ")))
	case !exact:
		r.warn("%s", r.tx.StageWritten.F(strconv.Quote(d.values["stage"]), strconv.Quote(stage)))
	}
	if d.values["next_action"] == "" {
		bad = append(bad, r.tx.NextMissing)
	}
	if tmp {
		bad = append(bad, r.tx.NeverWritten.F(r.rel(path)))
	}
	if len(bad) > 0 {
		s.Stage = stage
		s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: path, Detail: strings.Join(bad, "; "),
			Message: r.tx.CannotResume.F(strings.Join(bad, "; "))}
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: discardKilnPolicy(tx, root)}
		return s
	}
	r.stage, r.slice, r.next = stage, d.values["active_slice"], d.values["next_action"]
	r.read()
	r.route = routeF(r.tx, r.next, FactsF{Stage: r.stage, Slice: r.slice, Sealed: r.sealedCount(), Planned: len(r.slices),
		ReportWritten: strings.TrimSpace(r.report) != "", Ledger: r.ledgerSealed, Project: root, Blockers: r.rulingBlockers()})
	r.fill(s)
	return s
}

// read gathers the files beside STATE.md and the warnings about them.
func (r *runF) read() {
	d := r.doc
	for _, k := range d.missing {
		if k != "stage" && k != "next_action" {
			r.warn("%s", r.tx.NoLine.F(k))
		}
	}
	for _, k := range d.unknown {
		r.warn("%s", r.tx.UnknownKey.F(k))
	}
	for _, k := range dedupe(d.dups) {
		r.warn("%s", r.tx.SetTwice.F(k))
	}
	switch v := d.values["updated_at"]; {
	case v == "":
	case v == "{updated_at}":
		r.warn("%s", r.tx.UpdatedPlaceholder)
	default:
		if t, ok := parseTime(v); ok {
			r.updated, r.hasUpdated = t, true
		} else {
			r.warn("%s", r.tx.UpdatedNotISO.F(strconv.Quote(v)))
		}
	}
	if v := d.values["density"]; v != "" && v != "broad" && v != "engineer" {
		r.warn("%s", r.tx.Density.F(strconv.Quote(v)))
	}
	var err error
	r.slices, r.hasSlices, err = readSlices(r.tx, filepath.Join(r.kilnDir, "slices.json"))
	if err != nil {
		r.warn("%v", err)
	}
	sealsPath := filepath.Join(r.kilnDir, "seals.log")
	if v := d.values["seals"]; v != "" && v != ".kiln/seals.log" {
		r.warn("%s", r.tx.SealsElsewhere.F(v))
	}
	if r.seals, r.sealOrder, _, err = readLog(r.tx, sealsPath); err != nil {
		r.warn("%s", r.tx.CannotRead.F(r.rel(sealsPath), err.Error()))
	}
	auditsPath := filepath.Join(r.kilnDir, "audits.log")
	if r.audits, _, _, err = readLog(r.tx, auditsPath); err != nil {
		r.warn("%s", r.tx.CannotRead.F(r.rel(auditsPath), err.Error()))
	}
	planned := map[string]bool{}
	for _, sl := range r.slices {
		planned[sl.ID] = true
	}
	for _, id := range r.sealOrder {
		if r.hasSlices && !planned[id] {
			r.warn("%s", r.tx.SealsUnplanned.F(id))
		}
		if w := r.seals[id]; w != "dual" && w != "single-family" {
			r.warn("%s", r.tx.SealsAs.F(id, strconv.Quote(w)))
		}
	}
	for _, name := range reviewFilesF {
		v, ok, err := readVerdict(r.tx, filepath.Join(r.kilnDir, name))
		if err != nil {
			r.warn("%v", err)
		}
		if ok && err == nil {
			r.verdicts[name] = v
		}
	}
	for _, m := range []string{"degraded", "degraded-ack", "brownfield", "perceptual-partial"} {
		if _, err := os.Lstat(filepath.Join(r.kilnDir, m)); err == nil {
			r.markers = append(r.markers, m)
		}
	}
	if data, err := readOwn(r.tx, filepath.Join(r.kilnDir, "report.md")); err == nil {
		r.report = string(data)
	}
	if data, err := readOwn(r.tx, filepath.Join(r.kilnDir, LedgerFile)); err == nil {
		r.ledgerSealed = ledgerSealed(data)
	}
	r.readActivity()
}

// readActivity finds the run's last sign of life and a STATE.md write
// cut short.
func (r *runF) readActivity() {
	r.activity, r.activityFrom = r.updated, "STATE.md's updated_at"
	if !r.hasUpdated {
		r.activityFrom = ""
	}
	for _, name := range activityFilesF {
		p := filepath.Join(r.kilnDir, name)
		st, err := os.Lstat(p)
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		if name == StateTmp && filepath.Base(r.path) != StateTmp {
			r.tmpMod = st.ModTime()
			if data, err := readOwn(r.tx, p); err == nil {
				r.tmp = parseStateF(data)
			}
		}
		if st.ModTime().After(r.activity) {
			r.activity, r.activityFrom = st.ModTime(), r.rel(p)+"'s modification time"
		}
	}
	if r.tmp != nil {
		what := ""
		if n := r.tmp.values["next_action"]; n != "" && n != r.next {
			what = r.tx.WouldHaveSaid.F(n)
		}
		r.alert(model.AlertCutShort, "%s", r.tx.CutShort.F(StateTmp, r.tmpMod.UTC().Format("2006-01-02 15:04"), what))
	}
}

// rulingBlockers are the blockers of the verdict an "Operator ruling"
// is about: the milestone audit's, the perceptual screen's, else the
// slice gate's.
func (r *runF) rulingBlockers() []string {
	name := "gate-review.json"
	switch n := strings.ToLower(r.next); {
	case strings.Contains(n, "milestone audit"):
		name = "audit-review.json"
	case strings.Contains(n, "perceptual") || strings.Contains(n, "screen"):
		name = "screen-review.json"
	}
	return r.verdicts[name].Blockers
}

// sealedCount is how many planned slices seals.log seals (every sealed
// slice when slices.json is missing).
func (r *runF) sealedCount() int {
	if !r.hasSlices {
		return len(r.sealOrder)
	}
	n := 0
	for _, sl := range r.slices {
		if _, ok := r.seals[sl.ID]; ok {
			n++
		}
	}
	return n
}

// fill maps the run onto the session.
func (r *runF) fill(s *model.Session) {
	rt := r.route
	s.Stage = r.stage
	s.Status = statusF(rt)
	s.LastUpdated, s.HasLastUpdated = r.activity, !r.activity.IsZero()
	clean := !rt.Running && r.tmp == nil
	s.LastAction = &model.LastAction{Type: "next_action " + rt.Action.Kind, Clean: clean}
	if r.tmp != nil {
		s.LastAction.Type = r.tx.LastActionCut
	}
	s.Fields = []model.Field{{Key: "phase", Label: "Stage", Value: r.stage}}
	if r.slice != "" && r.slice != "none" {
		s.Fields = append(s.Fields, model.Field{Key: "slice", Label: "Active slice", Value: r.slice})
	}
	s.Fields = append(s.Fields, model.Field{Key: "next_action", Label: "Next action", Value: r.next})
	if rt.Question != "" {
		// A person must decide (or do something) first: it bears on the
		// choice, so it is an alert, said above the menu.
		s.Alert(model.AlertDecision, r.tx.DecideFirst.F(rt.Question))
	}
	if contains(r.markers, "degraded") {
		s.Fields = append(s.Fields, model.Field{Key: "family", Label: "Review", Value: r.tx.Degraded})
	}
	s.Fields = append(s.Fields, model.Field{Key: "resume", Label: "Resume with", Value: "/kiln-fire"})
	current := indexOf(SpineF, r.stage)
	for i, st := range SpineF {
		p := model.Phase{Name: st, Status: model.PhasePending}
		switch {
		case rt.Action.Kind == ActComplete || i < current:
			p.Status = model.PhaseCompleted
		case i == current:
			p.Status = model.PhaseInProgress
			if rt.Action.Kind == ActRelaunch && !rt.Running {
				p.Status = model.PhaseCompleted
			}
			if rt.Action.Person || rt.Action.Hold != "" {
				p.Result = "held"
			}
		}
		s.Phases = append(s.Phases, p)
	}
	sealed := r.sealedCount()
	s.Progress = model.Progress{Done: sealed, Total: len(r.slices)}
	if len(r.slices) > 0 {
		s.Units, s.UnitsLabel = &model.Progress{Done: sealed, Total: len(r.slices)}, "slices sealed"
	}
	s.ResumePoint = model.ResumePoint{Phase: rt.Where, Reason: rt.Why}
	s.Artifacts = r.artifacts()
	s.Sections = r.sections()
	s.Context = r.context()
	s.Prompt = r.prompt()
	s.Plan = r.plan()
	s.Policy = r.policy()
	s.Outcomes = map[model.Choice]string{model.Continue: rt.Continue}
	s.Fingerprint = fsx.Fingerprint(r.data)
	s.Warnings = append(s.Warnings, r.warnings...)
	s.Alerts = append(s.Alerts, r.alerts...)
	if rt.Action.Kind == ActComplete {
		s.Standing = model.StandingDone
	}
}

// statusF is the session's status word, from the next action.
func statusF(r RouteF) string {
	switch r.Action.Kind {
	case ActRelaunch:
		if r.Running {
			return "in_progress"
		}
		return "stage_done"
	case ActComplete:
		return "complete"
	case ActRuling:
		return "blocked"
	case ActAcknowledge:
		return "degraded"
	case ActCodex, ActGateTool:
		return "held"
	case ActReopen:
		return "law_red"
	case ActOnboarding:
		return "needs_onboarding"
	case ActRerun, ActTransport:
		return "needs_rerun"
	}
	return "unknown"
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// sliceLines are the slices with what seals.log and audits.log say.
func (r *runF) sliceLines() []string {
	var out []string
	for i, sl := range r.slices {
		what := r.tx.Planned
		if w, ok := r.seals[sl.ID]; ok {
			what = r.tx.Sealed.F(w)
		}
		if sl.ID == r.slice && r.slice != "" {
			what += r.tx.Active
		}
		if r.route.Action.Kind == ActReopen && r.route.Action.Slice == sl.ID {
			what += r.tx.Reopened.F(r.route.Action.At)
		}
		if _, ok := r.audits[sl.ID]; ok {
			what += r.tx.AuditAccepted
		}
		kind := sl.Surface
		if sl.Milestone != "" {
			kind += ", " + sl.Milestone
		}
		out = append(out, fmt.Sprintf("%d. %s (%s): %s", i+1, sl.ID, kind, what))
	}
	return out
}

func (r *runF) sections() []model.Section {
	rt := r.route
	out := []model.Section{{Title: r.tx.Routing, Lines: r.routing()}}
	if r.hasSlices {
		lines := r.sliceLines()
		if len(lines) == 0 {
			lines = []string{r.tx.NoSlicePlanned}
		}
		out = append(out, model.Section{Title: r.tx.SlicesTitle.F(r.sealedCount(), len(r.slices)), Lines: lines})
	} else {
		out = append(out, model.Section{Title: r.tx.SlicesNone, Lines: []string{r.tx.NoSlicesYet}})
	}
	for _, name := range reviewFilesF {
		v, ok := r.verdicts[name]
		if !ok {
			continue
		}
		verdict := v.Verdict
		if verdict == "" {
			verdict = r.all.None
		}
		lines := []string{r.tx.Verdict.F(verdict)}
		for _, b := range v.Blockers {
			lines = append(lines, r.tx.Blocker.F(b))
		}
		for _, f := range v.Findings {
			lines = append(lines, r.tx.Finding.F(f))
		}
		out = append(out, model.Section{Title: r.tx.VerdictTitle.F(name), Lines: lines})
	}
	if len(r.markers) > 0 {
		out = append(out, model.Section{Title: r.tx.Markers, Lines: r.markers})
	}
	if rt.Action.Kind == ActComplete {
		out = append(out, model.Section{Title: r.tx.Report, Lines: capped(r.all, orText(r.report, r.tx.ReportEmpty), ".kiln/report.md")})
	}
	out = append(out, model.Section{Title: "STATE.md (" + r.rel(r.path) + ")", Lines: r.doc.lines})
	if r.tmp != nil {
		out = append(out, model.Section{Title: r.tx.CutShortTitle, Lines: r.tmp.lines})
	}
	return append(out, model.Section{Title: r.tx.Pointers, Lines: r.pointerLines()})
}

// routing is the resume point, the question and the CONTINUE line (the
// REVIEW's Routing section, the plan's first lines).
func (r *runF) routing() []string {
	rt := r.route
	lines := []string{r.all.Next.F(rt.Where + ": " + rt.Why)}
	if rt.Question != "" {
		lines = append(lines, r.tx.DecideFirst.F(rt.Question))
	}
	return append(lines, rt.Continue)
}

func orText(s, empty string) string {
	if strings.TrimSpace(s) == "" {
		return empty
	}
	return s
}

// pointers are the paths STATE.md's pointers line lists.
func (r *runF) pointers() []string { return strings.Fields(r.doc.values["pointers"]) }

func (r *runF) pointerLines() []string {
	var out []string
	for _, p := range r.pointers() {
		where := r.tx.PointerAbsent
		switch ap := r.abs(p); {
		case !r.inProject(ap):
			where = r.tx.PointerOutside
		case exists(ap):
			where = r.tx.PointerPresent
		}
		out = append(out, p+": "+where)
	}
	if len(out) == 0 {
		out = []string{r.tx.NoPointers}
	}
	return out
}

// abs is a pointer's path in the project, cleaned.
func (r *runF) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(r.root, filepath.FromSlash(p))
}

// inProject reports whether a cleaned path is inside the project: a
// pointer elsewhere is never looked at (no existence oracle for a
// path a state file names).
func (r *runF) inProject(p string) bool {
	return strings.HasPrefix(p, r.root+string(filepath.Separator))
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// readKilnFile reads one of kiln's own files for the prompt: a regular
// file inside .kiln, never through a symbolic link (a link could lead a
// prompt to any file on the machine).
func (r *runF) readKilnFile(p string) ([]byte, bool) {
	if !strings.HasPrefix(p, r.kilnDir+string(filepath.Separator)) {
		return nil, false
	}
	data, err := readOwn(r.tx, p)
	return data, err == nil
}

func (r *runF) artifacts() []model.Artifact {
	out := []model.Artifact{}
	// STATE.md itself is the session's file, listed first by whoever
	// shows the artifacts.
	seen := map[string]bool{r.path: true}
	add := func(p, kind string) {
		if seen[p] {
			return
		}
		seen[p] = true
		_, err := os.Lstat(p)
		out = append(out, model.Artifact{Path: p, Kind: kind, Exists: err == nil})
	}
	for _, p := range r.pointers() {
		if ap := r.abs(p); r.inProject(ap) {
			add(ap, "pointer")
		}
	}
	for _, name := range append([]string{"seals.log", "audits.log", "slices.json", "LAW.md", "decisions.md", "posture.json", "report.md"}, reviewFilesF...) {
		if _, err := os.Lstat(filepath.Join(r.kilnDir, name)); err == nil {
			add(filepath.Join(r.kilnDir, name), "kiln")
		}
	}
	return out
}

// context is what a CONTINUE hands on: the command and the files its
// pointers line names.
func (r *runF) context() map[string]any {
	rt := r.route
	ctx := map[string]any{
		"PROJECT_PATH": r.root, "KILN_DIR": r.kilnDir, "era": "F", "stage": r.stage,
		"active_slice": r.slice, "next_action": r.next, "action": rt.Action,
		"resume_command": "/kiln-fire", "state_md": string(r.data), "pointers": r.pointers(),
		"slices_sealed": r.sealedCount(), "slices_planned": len(r.slices),
	}
	if rt.Question != "" {
		ctx["question"] = rt.Question
	}
	return ctx
}

// prompt is `--emit prompt`: the command, the state, the question, and
// the kiln files the pointers line names.
func (r *runF) prompt() string {
	rt, tx := r.route, r.tx
	p := model.Prompt{Title: tx.PromptTitle.F(filepath.Base(r.root)), EndBlank: true}
	add := func(s model.PromptSection) { p.Sections = append(p.Sections, s) }
	line := func(l string) { add(model.PromptSection{Lines: []string{l}}) }
	line(tx.PromptRun.F(r.root))
	line(tx.PromptResumePoint.F(rt.Where, rt.Why))
	if rt.Question != "" {
		line(tx.PromptDecide.F(rt.Question))
	}
	line(rt.Continue)
	add(model.PromptSection{Heading: "## .kiln/STATE.md", Raw: fence(string(r.data))})
	if len(r.slices) > 0 {
		add(model.PromptSection{Heading: tx.PromptSlices.F(r.sealedCount(), len(r.slices)), Lines: []string{strings.Join(r.sliceLines(), "\n")}})
	}
	line(tx.PromptPointers)
	for _, ptr := range r.pointers() {
		ap := r.abs(ptr)
		switch data, ok := r.readKilnFile(ap); {
		case ap == r.path:
			line(tx.PromptAbove.F(ptr))
		case !r.inProject(ap):
			line(tx.PromptOutside.F(ptr))
		case ok:
			add(model.PromptSection{Heading: "### " + ptr, Raw: fence(strings.Join(capped(r.all, string(data), ptr), "\n"))})
		case exists(ap) && !strings.HasPrefix(ap, r.kilnDir+string(filepath.Separator)):
			line(tx.PromptProjectFile.F(ptr))
		default:
			add(model.PromptSection{Heading: "### " + ptr, Lines: []string{tx.PromptAbsent.F(ptr)}})
		}
	}
	return promptdoc.Render(p, r.all.Lang)
}

// PlanF is `pickup plan --json` for era F.
type PlanF struct {
	Era            string   `json:"era"`
	Stage          string   `json:"stage"`
	ActiveSlice    string   `json:"active_slice"`
	Route          RouteF   `json:"route"`
	SlicesSealed   int      `json:"slices_sealed"`
	SlicesPlanned  int      `json:"slices_planned"`
	Slices         []string `json:"slices"`
	ResumeCommand  string   `json:"resume_command"`
	ContinueWrites []string `json:"continue_writes"`
}

func (r *runF) plan() *model.Plan {
	rt := r.route
	lines := r.routing()
	if sl := r.sliceLines(); len(sl) > 0 {
		lines = append(lines, "", r.tx.PlanSlices.F(r.sealedCount(), len(r.slices)))
		for _, l := range sl {
			lines = append(lines, "  "+l)
		}
	}
	lines = append(lines, "", r.tx.ContinueWritesNothing)
	return &model.Plan{Lines: lines, Data: PlanF{Era: "F", Stage: r.stage, ActiveSlice: r.slice, Route: rt,
		SlicesSealed: r.sealedCount(), SlicesPlanned: len(r.slices), Slices: r.sliceLines(),
		ResumeCommand: "/kiln-fire", ContinueWrites: []string{}}}
}

// policy is era F's menu: CONTINUE writes nothing (an "answer and
// relaunch" when a person must decide first), RESTART is not kiln 3.1's
// (it has no reset), DISCARD archives .kiln.
func (r *runF) policy() map[model.Choice]model.ChoicePolicy {
	rt := r.route
	pol := map[model.Choice]model.ChoicePolicy{
		model.Discard: discardKilnPolicy(r.all, r.root),
		model.Restart: {Hint: r.tx.RestartHint, Disabled: r.tx.RestartDisabled},
	}
	c := model.ChoicePolicy{Recommended: true, Hint: r.tx.RunHint.F(rt.Where)}
	switch {
	case rt.Action.Kind == ActComplete:
		c = model.ChoicePolicy{Hint: r.tx.CompleteHint, Disabled: r.tx.CompleteDisabled}
		rev := pol[model.Review]
		rev.Recommended, rev.Why = true, r.tx.CompleteReview
		pol[model.Review] = rev
	case rt.Action.Person:
		// The question itself is an alert, just above the menu.
		c.Label, c.Hint = r.tx.AnswerLabel, r.tx.AnswerHint
		c.Why = r.tx.AnswerWhy
	case rt.Action.Hold != "":
		c.Label, c.Hint = r.tx.RestoreLabel.F(holdF(r.tx, rt.Action)), r.tx.RestoreHint
	}
	pol[model.Continue] = c
	return pol
}

// ledgerSealed reports whether a brainstorm ledger's last line is
// session_complete.
func ledgerSealed(data []byte) bool {
	last := lastLine(data)
	var ev struct {
		E string `json:"e"`
	}
	return json.Unmarshal(last, &ev) == nil && ev.E == "session_complete"
}

// lastLine is the last non-blank line of data.
func lastLine(data []byte) []byte {
	data = bytes.TrimRight(data, " \t\r\n")
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
		return bytes.TrimSpace(data[i+1:])
	}
	return bytes.TrimSpace(data)
}
