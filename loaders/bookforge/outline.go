package bookforge

import (
	"errors"
	"io/fs"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/tidwall/gjson"
)

// The outline and its pipeline, relative to the book, as bookforge
// writes them (zekenaulty/bookforge@30032f6 src/bookforge/outline.py).
const (
	OutlineFile         = "outline/outline.json"
	OutlinePauseFile    = "outline/pipeline_run_paused.json"
	OutlineLatest       = "outline/pipeline_latest.json"
	OutlineLatestAlias  = "outline/outline_pipeline_latest.json"
	OutlineReportLatest = "outline/outline_pipeline_report_latest.json"
	OutlineRuns         = "outline/pipeline_runs"
	// OutlineMaxAttempts is OUTLINE_PIPELINE_MAX_ATTEMPTS.
	OutlineMaxAttempts = 2
)

// OutlinePhases are OUTLINE_PHASE_ORDER.
var OutlinePhases = []string{
	"phase_01_chapter_spine",
	"phase_02_section_architecture",
	"phase_03_scene_draft",
	"phase_04_transition_causality_refinement",
	"phase_05_cast_function_refinement",
	"phase_06_thread_payoff_refinement",
}

// successStatuses are SUCCESSFUL_OUTLINE_STATUSES: the report statuses
// `bookforge run` writes after.
var successStatuses = map[string]bool{"SUCCESS": true, "SUCCESS_WITH_WARNINGS": true}

// Outline is what outline/outline.json says about the book's scenes,
// counted as bookforge counts them (pipeline/outline.py _outline_summary
// and _chapter_scene_count): the chapters in file order, each chapter's
// scenes inside chapters[].sections[].scenes[].
type Outline struct {
	File     string      `json:"file"`
	Chapters []int       `json:"chapters"`
	Counts   map[int]int `json:"-"`
	Total    int         `json:"scenes"`
}

// committedBefore is how many outline scenes come before (ch, sc): the
// runner moves the cursor through the outline (_advance_cursor), so every
// one of them is committed. ok is false when the outline does not have
// chapter ch.
func (o *Outline) committedBefore(ch, sc int) (int, bool) {
	n := 0
	for _, c := range o.Chapters {
		if c == ch {
			return min(n+max(sc-1, 0), o.Total), true
		}
		n += o.Counts[c]
	}
	return 0, false
}

// parseOutline reads outline.json's chapters and scene counts.
func parseOutline(data []byte) (*Outline, error) {
	root, _, err := parseJSON(data)
	if err != nil {
		return nil, err
	}
	o := &Outline{File: OutlineFile, Counts: map[int]int{}, Chapters: []int{}}
	chapters := field(root, "chapters")
	if !chapters.IsArray() {
		return o, nil
	}
	index := 0
	for _, ch := range chapters.Array() {
		index++ // enumerate(chapters, start=1) counts every item
		if !ch.IsObject() {
			continue
		}
		num := index
		if id := field(ch, "chapter_id"); id.Exists() {
			n, ok := pyInt(id)
			if !ok {
				continue
			}
			num = n
		}
		o.Chapters = append(o.Chapters, num)
		o.Counts[num] = chapterScenes(ch)
	}
	for _, n := range o.Counts {
		o.Total += n
	}
	return o, nil
}

// chapterScenes is _chapter_scene_count: the objects in every section's
// scenes list; a chapter without sections has none.
func chapterScenes(ch gjson.Result) int {
	n := 0
	for _, sec := range field(ch, "sections").Array() {
		if !sec.IsObject() {
			continue
		}
		for _, sc := range field(sec, "scenes").Array() {
			if sc.IsObject() {
				n++
			}
		}
	}
	return n
}

// pyInt is Python's int() of a JSON value: a whole number or a float
// (truncated), a boolean (0 or 1), a string of digits; not null, a list,
// an object or "3.0".
func pyInt(v gjson.Result) (int, bool) {
	switch v.Type {
	case gjson.True:
		return 1, true
	case gjson.False:
		return 0, true
	case gjson.Number:
		if n, err := strconv.Atoi(v.Raw); err == nil {
			return n, true
		}
		if f, err := strconv.ParseFloat(v.Raw, 64); err == nil && math.Abs(f) < 1e15 {
			return int(f), true
		}
	case gjson.String:
		if n, err := strconv.Atoi(strings.TrimSpace(v.Str)); err == nil {
			return n, true
		}
	}
	return 0, false
}

// pyTruthy is Python's bool() of a JSON value.
func pyTruthy(v gjson.Result) bool {
	switch v.Type {
	case gjson.True:
		return true
	case gjson.String:
		return v.Str != ""
	case gjson.Number:
		f, err := strconv.ParseFloat(v.Raw, 64)
		return err != nil || f != 0
	case gjson.JSON:
		n := 0
		v.ForEach(func(_, _ gjson.Result) bool { n++; return false })
		return n > 0
	}
	return false
}

// OutlinePhase is one phase of the pipeline run's ledger
// (phase_history.json phases.<phase_id>).
type OutlinePhase struct {
	ID        string `json:"phase"`
	Status    string `json:"status,omitempty"` // success, failed, paused; "" when not recorded
	Attempts  int    `json:"attempts,omitempty"`
	Timestamp string `json:"timestamp,omitempty"`
	// Reusable is _phase_entry_reusable: status success and its handoff,
	// output and validation files all exist in the run folder.
	Reusable bool `json:"reusable"`
	// Missing names a recorded file of a success that is gone.
	Missing string `json:"missing,omitempty"`
	// Files are the recorded artifacts, relative to the run folder.
	Files map[string]string `json:"-"`
}

// OutlinePause is outline/pipeline_run_paused.json (_write_pause_marker).
type OutlinePause struct {
	BookID     string    `json:"book_id,omitempty"`
	RunID      string    `json:"run_id,omitempty"`
	Phase      string    `json:"phase,omitempty"`
	ReasonCode string    `json:"reason_code,omitempty"`
	Message    string    `json:"message,omitempty"`
	Created    string    `json:"created_at,omitempty"`
	CreatedAt  time.Time `json:"-"`
	Attempt    int       `json:"attempt,omitempty"`
	ResumeFrom string    `json:"resume_from_phase,omitempty"`
	Details    []string  `json:"details,omitempty"` // "key: value", in file order
}

// OutlineReport is the latest outline pipeline report, found as
// load_latest_outline_pipeline_report finds it.
type OutlineReport struct {
	File        string   `json:"file"`
	Status      string   `json:"overall_status"`
	Attention   bool     `json:"requires_user_attention"`
	Strict      bool     `json:"strict_blocking"`
	PhaseFailed string   `json:"phase_failed,omitempty"`
	ReasonCodes []string `json:"reason_codes,omitempty"`
	Items       []string `json:"attention_items,omitempty"` // "[severity] code: message"
}

// outlineState is everything read from the book's outline folder.
type outlineState struct {
	Outline    *Outline
	OutlineErr string // why outline.json cannot be read ("" when absent or read)
	HasOutline bool   // outline.json exists

	// The pipeline: the pause marker, the latest-run pointer and the run.
	PauseFile   string // absolute
	HasPause    bool
	PauseData   []byte
	Pause       *OutlinePause
	Pointers    []string // absolute, the latest-run pointers that exist
	PointerData map[string][]byte
	RunID       string
	RunDir      string // absolute; "" without a pointer
	HasRun      bool   // the run folder exists
	HistoryFile string // absolute
	HasHistory  bool
	Updated     string
	UpdatedAt   time.Time
	Phases      []OutlinePhase // always the six, in order
	Settings    gjson.Result
	UserPrompt  bool // the run was given --prompt-file
	HintsFile   bool // the run was given --transition-hints-file
	Report      *OutlineReport
	ReportErr   bool // a report was found but cannot be read
	// Warnings about the outline folder's files.
	Warnings []string
	manifest []string
	tx       *Text
}

// failedPhase is _phase_failed: the first phase recorded failed or paused.
func (o *outlineState) failedPhase() string {
	for _, p := range o.Phases {
		if p.Status == "failed" || p.Status == "paused" {
			return p.ID
		}
	}
	return ""
}

// unfinished reports a pipeline run `outline generate --resume` picks up:
// a pause marker, a phase that failed or paused, or a latest report that
// is not a success.
func (o *outlineState) unfinished() bool {
	if o.HasPause {
		return true
	}
	if !o.HasRun {
		return false
	}
	if o.failedPhase() != "" {
		return true
	}
	return o.Report != nil && !successStatuses[o.Report.Status]
}

// setting is the run's recorded setting key as a value.
func (o *outlineState) setting(key string) gjson.Result { return field(o.Settings, key) }

// readOutline reads the book's outline folder: outline.json's scene
// counts, the pipeline's pause marker, latest-run pointer, run ledger and
// latest report. Nothing there is an error: what cannot be read is a
// warning.
func readOutline(dir string, tx *Text) *outlineState {
	o := &outlineState{PauseFile: filepath.Join(dir, filepath.FromSlash(OutlinePauseFile)), PointerData: map[string][]byte{}, tx: tx}
	abs := func(rel string) string { return filepath.Join(dir, filepath.FromSlash(rel)) }
	read := func(rel, p string) ([]byte, bool) {
		data, err := fsx.ReadFile(p)
		switch {
		case err == nil:
			o.manifest = append(o.manifest, "outline "+rel+" "+fsx.Fingerprint(data))
			return data, true
		case errors.Is(err, fs.ErrNotExist):
			o.manifest = append(o.manifest, "outline "+rel+" absent")
		default:
			o.manifest = append(o.manifest, "outline "+rel+" "+err.Error())
			o.Warnings = append(o.Warnings, tx.Outline.Unreadable.F(rel, err.Error()))
		}
		return nil, false
	}
	if data, ok := read(OutlineFile, abs(OutlineFile)); ok {
		o.HasOutline = true
		if ol, err := parseOutline(data); err != nil {
			o.OutlineErr = tx.jsonErr(err)
		} else {
			o.Outline = ol
		}
	}
	if data, ok := read(OutlinePauseFile, o.PauseFile); ok {
		o.HasPause, o.PauseData = true, data
		o.Pause = parseOutlinePause(data)
		if o.Pause == nil {
			o.Warnings = append(o.Warnings, tx.Outline.PauseBad.F(OutlinePauseFile))
		}
	}
	// _load_latest_run_metadata: pipeline_latest.json, else its alias; an
	// unreadable pointer names no run.
	pointer := ""
	for _, rel := range []string{OutlineLatest, OutlineLatestAlias} {
		if data, ok := read(rel, abs(rel)); ok {
			o.Pointers = append(o.Pointers, abs(rel))
			o.PointerData[abs(rel)] = data
			if pointer == "" {
				pointer = rel
				o.RunID = pointerRun(data)
				if root, _, err := parseJSON(data); err == nil {
					o.Updated = text(field(root, "updated_at"))
				}
			}
		}
	}
	if o.RunID == "" && o.Pause != nil && o.Pause.RunID != "" && pointer == "" {
		o.RunID = o.Pause.RunID // a marker without a pointer still names its run
	}
	if o.RunID != "" && !strings.ContainsAny(o.RunID, `/\`) && o.RunID != "." && o.RunID != ".." {
		o.RunDir = filepath.Join(abs(OutlineRuns), o.RunID)
		o.HasRun = dirExists(o.RunDir)
	}
	o.Phases = make([]OutlinePhase, len(OutlinePhases))
	for i, id := range OutlinePhases {
		o.Phases[i] = OutlinePhase{ID: id}
	}
	if o.HasRun {
		o.HistoryFile = filepath.Join(o.RunDir, "phase_history.json")
		rel := OutlineRuns + "/" + o.RunID + "/phase_history.json"
		if data, ok := read(rel, o.HistoryFile); ok {
			o.HasHistory = true
			o.readHistory(data, rel)
		}
		// The first phase's input records the prompt and hints given.
		if data, err := fsx.ReadFile(filepath.Join(o.RunDir, "phase_01_input.json")); err == nil {
			if root, _, err := parseJSON(data); err == nil {
				rv := field(root, "render_values")
				o.UserPrompt = text(field(rv, "user_prompt")) != ""
				o.HintsFile = text(field(rv, "transition_hints")) != ""
			}
		}
	}
	if t, ok := parseStamp(o.Updated); ok {
		o.UpdatedAt = t
	}
	o.Report, o.ReportErr = latestReport(dir, o, read)
	return o
}

// readHistory reads phase_history.json: each phase's status, attempts
// and artifacts, and whether the pipeline can reuse it.
func (o *outlineState) readHistory(data []byte, rel string) {
	root, _, err := parseJSON(data)
	if err != nil || !root.IsObject() {
		// _load_history reads it as no phase recorded.
		return
	}
	o.Settings = field(root, "settings")
	if u := text(field(root, "updated_at")); u != "" {
		o.Updated = u
	}
	phases := field(root, "phases")
	for i, id := range OutlinePhases {
		e := field(phases, id)
		if !e.IsObject() {
			continue
		}
		p := &o.Phases[i]
		p.Status = strings.TrimSpace(text(field(e, "status")))
		p.Attempts, _ = pyInt(field(e, "attempts"))
		p.Timestamp = text(field(e, "timestamp"))
		p.Files = map[string]string{}
		arts := field(e, "artifacts")
		for _, k := range []string{"input", "output", "validation", "handoff"} {
			if v := text(field(arts, k)); v != "" {
				p.Files[k] = v
			}
		}
		// _phase_entry_reusable: exactly "success", and handoff, output
		// and validation recorded and present.
		if field(e, "status").Str != "success" || !arts.IsObject() {
			continue
		}
		p.Reusable = true
		for _, k := range []string{"handoff", "output", "validation"} {
			f := p.Files[k]
			if f == "" {
				p.Reusable, p.Missing = false, k
				break
			}
			if _, err := fsx.ReadFile(filepath.Join(o.RunDir, filepath.FromSlash(f))); err != nil {
				p.Reusable, p.Missing = false, f
				o.manifest = append(o.manifest, "outline artifact "+f+" absent")
				break
			}
			o.manifest = append(o.manifest, "outline artifact "+f+" present")
		}
	}
}

// pointerRun is a latest-run pointer's run_id.
func pointerRun(data []byte) string {
	root, _, err := parseJSON(data)
	if err != nil || !root.IsObject() {
		return ""
	}
	return strings.TrimSpace(text(field(root, "run_id")))
}

// latestReport finds the latest report as load_latest_outline_pipeline_report
// does: the report pointer's path, else its run_id's report, else the
// latest run's report. A report found but unreadable, or empty, is
// "missing or unreadable" to the runner: nil with bad true.
func latestReport(dir string, o *outlineState, read func(rel, p string) ([]byte, bool)) (*OutlineReport, bool) {
	outlineRoot := filepath.Join(dir, "outline")
	try := func(p string) (*OutlineReport, bool, bool) {
		rel := relTo(dir, p)
		data, ok := read(rel, p)
		if !ok {
			return nil, false, false
		}
		root, _, err := parseJSON(data)
		if err != nil {
			return nil, true, true // a dict was expected; the runner reads {}: falsy
		}
		if !root.IsObject() {
			return nil, false, true
		}
		return parseReport2(rel, root), true, true
	}
	if data, ok := read(OutlineReportLatest, filepath.Join(dir, filepath.FromSlash(OutlineReportLatest))); ok {
		if root, _, err := parseJSON(data); err == nil && root.IsObject() {
			if rel := strings.TrimSpace(text(field(root, "path"))); rel != "" {
				p := rel
				if !filepath.IsAbs(p) {
					p = filepath.Join(outlineRoot, filepath.FromSlash(rel))
				}
				// bookforge reads wherever the pointer says; pickup reads
				// only inside the book (a crafted pointer names no file
				// elsewhere on the machine), and then goes on as bookforge
				// does when the path names no report.
				if strings.HasPrefix(relTo(dir, filepath.Clean(p)), "/") {
					o.Warnings = append(o.Warnings, textOr(o.tx).Outline.ReportOutside.F(OutlineReportLatest, rel))
				} else if r, done, found := try(filepath.Clean(p)); found && done {
					return r, r == nil
				}
			}
			if id := strings.TrimSpace(text(field(root, "run_id"))); id != "" && !strings.ContainsAny(id, `/\`) {
				if r, done, found := try(filepath.Join(outlineRoot, "pipeline_runs", id, "outline_pipeline_report.json")); found && done {
					return r, r == nil
				}
			}
		}
	}
	if o.RunDir == "" {
		return nil, false
	}
	r, done, found := try(filepath.Join(o.RunDir, "outline_pipeline_report.json"))
	if !found || !done {
		return nil, found
	}
	return r, r == nil
}

// parseReport2 reads a report object. An empty object is falsy to the
// runner: nil.
func parseReport2(rel string, root gjson.Result) *OutlineReport {
	if !pyTruthy(root) {
		return nil
	}
	r := &OutlineReport{File: rel}
	st := field(root, "overall_status")
	r.Status = "UNKNOWN"
	if pyTruthy(st) {
		r.Status = strings.ToUpper(strings.TrimSpace(text(st)))
		if st.Type != gjson.String {
			r.Status = strings.ToUpper(st.Raw)
		}
	}
	r.Attention = pyTruthy(field(root, "requires_user_attention"))
	r.Strict = pyTruthy(field(root, "strict_blocking"))
	r.PhaseFailed = strings.TrimSpace(text(field(root, "phase_failed")))
	for _, c := range field(root, "reason_codes").Array() {
		if s := text(c); s != "" {
			r.ReasonCodes = append(r.ReasonCodes, s)
		}
	}
	for _, it := range field(root, "attention_items").Array() {
		if !it.IsObject() {
			continue
		}
		code := or(strings.TrimSpace(text(field(it, "code"))), "attention")
		sev := or(strings.TrimSpace(text(field(it, "severity"))), "warning")
		r.Items = append(r.Items, "["+sev+"] "+code+": "+strings.TrimSpace(text(field(it, "message"))))
	}
	return r
}

// parseOutlinePause reads the pipeline's pause marker; nil when it is not
// an object.
func parseOutlinePause(data []byte) *OutlinePause {
	root, _, err := parseJSON(data)
	if err != nil || !root.IsObject() {
		return nil
	}
	get := func(k string) string { return strings.TrimSpace(text(field(root, k))) }
	p := &OutlinePause{BookID: get("book_id"), RunID: get("run_id"), Phase: get("phase"), ReasonCode: get("reason_code"),
		Message: get("message"), Created: get("created_at"), ResumeFrom: get("resume_from_phase")}
	p.Attempt, _ = pyInt(field(root, "attempt"))
	p.CreatedAt, _ = parseStamp(p.Created)
	if d := field(root, "details"); d.IsObject() {
		d.ForEach(func(k, v gjson.Result) bool {
			val := text(v)
			if val == "" && v.Raw != "" && v.Type != gjson.Null {
				val = v.Raw
			}
			if len(val) > 300 {
				val = val[:300] + "…"
			}
			p.Details = append(p.Details, k.Str+": "+val)
			return true
		})
	}
	return p
}

// parseStamp reads Python's isoformat() (microseconds, +00:00) and the
// runner's "Z" stamps, in UTC.
func parseStamp(s string) (time.Time, bool) { return parseTime(s) }

// relTo is p relative to dir, with forward slashes (p itself when it is
// not under dir).
func relTo(dir, p string) string {
	r, err := filepath.Rel(dir, p)
	if err != nil || strings.HasPrefix(r, "..") {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}
