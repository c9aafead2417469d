package design

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/when"
	"github.com/tidwall/gjson"
)

// sessionFile is what pickup reads from a <feature>.session.json. Every
// key is optional except that the stages must be knowable: from
// stage_status, or failing that from current_stage.
type sessionFile struct {
	tree    *parsed
	version string
	feature string
	prd     string
	created time.Time
	updated time.Time
	// hasUpdated: updated_at (or, failing it, created_at) was read.
	hasUpdated bool

	current    int // current_stage; -1 when absent or unreadable
	currentSub string

	status    [8]string // normalized
	statusRaw [8]string // the file's own word
	statusSet [8]bool
	// fromCurrent: there is no stage_status; the stages were derived
	// from current_stage.
	fromCurrent bool

	checkpoints gjson.Result // an object, or does not exist
	artifacts   []artifactEntry
	tickets     *ticketsProgress

	warnings []string
}

// artifactEntry is one key of "artifacts": a path, a list or null.
type artifactEntry struct {
	key   string
	paths []string
	null  bool
}

// ticketsProgress is "tickets_progress".
type ticketsProgress struct {
	planned, created       int
	hasPlanned, hasCreated bool
	remaining              []string
}

// shapeError says the file is JSON but not a session pickup can read.
type shapeError struct {
	line int
	msg  string
}

func (e *shapeError) Error() string { return e.msg }

// readSessionFile maps a parsed file onto sessionFile. A shapeError
// means the stages cannot be known (the file is then treated as
// corrupted and rebuilt from the artifacts).
func readSessionFile(tree *parsed, t *Text) (*sessionFile, *shapeError) {
	root := tree.root
	kind := t.kind
	if !root.IsObject() {
		return nil, &shapeError{tree.line(root), t.TopLevelNotObject.F(kind(root))}
	}
	f := &sessionFile{tree: tree, current: -1}
	warn := func(w string) { f.warnings = append(f.warnings, w) }
	tree.leniencyWarnings(warn, t)
	for _, d := range tree.duplicates {
		warn(t.KeyRepeatedLastOne.F(d))
	}

	f.version = scalar(get(root, "version"))
	if f.version != "" && f.version != "1.0" && f.version != "1" {
		warn(t.UnknownSessionVersionRead.F(strconv.Quote(f.version)))
	}
	f.feature = strings.TrimSpace(str(get(root, "feature_name")))
	f.prd = strings.TrimSpace(str(get(root, "prd_source")))
	if t, ok := parseTime(str(get(root, "created_at"))); ok {
		f.created = t
	}
	if when, ok := parseTime(str(get(root, "updated_at"))); ok {
		f.updated, f.hasUpdated = when, true
	} else if !f.created.IsZero() {
		f.updated, f.hasUpdated = f.created, true
		warn(t.UpdatedFromCreated)
	} else {
		warn(t.NoReadableTime)
	}

	if cs := get(root, "current_stage"); !isNull(cs) {
		if n, sub, ok := stageNumber(cs); ok {
			f.current, f.currentSub = n, sub
		} else {
			warn(t.CurrentStageNotAStage.F(t.describe(cs)))
		}
	}

	ss := get(root, "stage_status")
	switch {
	case ss.IsObject():
		f.readStatusObject(ss, t)
	case len(items(ss)) > 0:
		for i, it := range items(ss) {
			if i > LastStage {
				warn(t.StatusTooLong)
				break
			}
			f.setStatus(i, it, fmt.Sprintf("stage_status[%d]", i), t)
		}
	case f.current >= 0:
		where := t.MissingKind
		if ss.Exists() {
			where = t.NotObjectKind
		}
		warn(t.StageStatusStagesBefore.F(where, f.current))
		f.fromCurrent = true
		for i := range Stages {
			switch {
			case i < f.current:
				f.status[i], f.statusRaw[i] = stComplete, "complete (from current_stage)"
			case i == f.current:
				f.status[i], f.statusRaw[i] = stInProgress, "in_progress (from current_stage)"
			default:
				f.status[i], f.statusRaw[i] = stPending, "pending"
			}
			f.statusSet[i] = true
		}
	case !ss.Exists():
		return nil, &shapeError{tree.line(root), t.FileHasNeitherStage}
	default:
		return nil, &shapeError{tree.line(ss), t.StageStatusNotObject.F(kind(ss))}
	}
	for i := range Stages {
		if !f.statusSet[i] {
			f.status[i], f.statusRaw[i] = stPending, ""
			warn(t.NoStatusForStage.F(i))
		}
	}

	if cp := get(root, "checkpoints"); cp.IsObject() {
		f.checkpoints = cp
	} else if !isNull(cp) {
		warn(t.CheckpointsNotObjectIgnored.F(kind(cp)))
	}

	f.readArtifacts(get(root, "artifacts"), t, warn)

	f.readTickets(get(root, "tickets_progress"), t, warn)
	return f, nil
}

// readArtifacts reads the artifacts object: each stage's path, list of
// paths, or null.
func (f *sessionFile) readArtifacts(arts gjson.Result, t *Text, warn func(string)) {
	kind := t.kind
	if arts.IsObject() {
		for key, val := range members(arts) {
			e := artifactEntry{key: key}
			switch {
			case val.Type == gjson.Null:
				e.null = true
			case val.Type == gjson.String:
				if p := strings.TrimSpace(str(val)); p == "" {
					e.null = true
				} else {
					e.paths = []string{p}
				}
			case val.IsArray():
				for _, it := range items(val) {
					if p := strings.TrimSpace(str(it)); it.Type == gjson.String && p != "" {
						e.paths = append(e.paths, p)
					} else if it.Type != gjson.Null {
						warn(t.ArtifactsHoldsNotPath.F(key, kind(it)))
					}
				}
				e.null = len(e.paths) == 0
			default:
				warn(t.ArtifactsNotPathList.F(key, kind(val)))
				continue
			}
			f.artifacts = append(f.artifacts, e)
		}
	} else if !isNull(arts) {
		warn(t.ArtifactsNotObjectIgnored.F(kind(arts)))
	}
}

// readTickets reads tickets_progress: the tickets planned, created and
// remaining.
func (f *sessionFile) readTickets(tp gjson.Result, t *Text, warn func(string)) {
	kind := t.kind
	if tp.IsObject() {
		tk := &ticketsProgress{}
		if n, ok := intOf(get(tp, "total_planned")); ok {
			tk.planned, tk.hasPlanned = n, true
		}
		if n, ok := intOf(get(tp, "created")); ok {
			tk.created, tk.hasCreated = n, true
		}
		switch r := get(tp, "remaining"); {
		case r.IsArray():
			for _, it := range items(r) {
				if s := scalar(it); s != "" {
					tk.remaining = append(tk.remaining, s)
				}
			}
		case !r.Exists(), r.Type == gjson.Number, r.Type == gjson.Null:
		default:
			warn(t.TicketsProgressRemainingNot.F(kind(r)))
		}
		f.tickets = tk
	} else if !isNull(tp) {
		warn(t.TicketsProgressNotObject.F(kind(tp)))
	}
}

// readStatusObject reads stage_status's keys: "0"-"7", with drift
// ("stage_3", 3a/3b sub-stage keys).
func (f *sessionFile) readStatusObject(ss gjson.Result, t *Text) {
	sub := map[string]gjson.Result{}
	for key, val := range members(ss) {
		n, k, ok := statusKeyStage(key)
		switch {
		case !ok:
			f.warnings = append(f.warnings, t.StatusKeyNotStage.F(strconv.Quote(key)))
		case k != "":
			sub[k] = val
		default:
			f.setStatus(n, val, "stage_status."+key, t)
		}
	}
	// Sub-stage keys stand for stage 3 when "3" itself is missing.
	if !f.statusSet[3] && len(sub) > 0 {
		a, _ := normStatus(str(sub["3a"]))
		b, _ := normStatus(str(sub["3b"]))
		switch {
		case a == stComplete && b == stComplete:
			f.status[3] = stComplete
		case a != stPending || b != stPending:
			f.status[3] = stInProgress
		default:
			f.status[3] = stPending
		}
		f.statusRaw[3], f.statusSet[3] = "3a "+str(sub["3a"])+", 3b "+str(sub["3b"]), true
	}
}

// stageNames are the names agents key stage_status by instead of the
// numbers ("clarification": "complete"), normalized: the stages' own
// names and the words seed 003 uses for them.
var stageNames = map[string]int{
	"clarification": 0, "clarity": 0, "business_rules": 1, "rules": 1, "analysis": 2,
	"design": 3, "contracts": 4, "bdd": 5, "bdd_scenarios": 5, "scenarios": 5,
	"tickets": 6, "ticket_generation": 6, "review": 7,
}

// stageSubNames are stage 3's sub-stages by name.
var stageSubNames = map[string]string{"alternatives": "3a", "alternatives_analysis": "3a", "design_approval": "3b", "tdd": "3b"}

// statusKeyStage reads a stage_status key: "3", "stage_3", "3a", a
// stage's name ("clarification", "Business Rules") or a checkpoint-style
// key ("stage_1_rules", "3b_design"). sub is "3a" or "3b" for a sub-stage
// of stage 3; ok is false for a key that names no stage.
func statusKeyStage(key string) (n int, sub string, ok bool) {
	k := strings.ToLower(strings.TrimSpace(key))
	if strings.HasPrefix(k, "-") {
		return 0, "", false // a negative number
	}
	k = strings.NewReplacer("-", "_", " ", "_").Replace(k)
	k = strings.TrimPrefix(strings.TrimPrefix(k, "stage"), "_")
	if s, named := stageSubNames[k]; named {
		return 3, s, true
	}
	if i, named := stageNames[k]; named {
		return i, "", true
	}
	num, rest, _ := strings.Cut(k, "_")
	switch num {
	case "3a", "3b":
		return 3, num, true
	}
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 || i > LastStage {
		return 0, "", false
	}
	if rest != "" {
		// "1_rules": the name, when known, must be the stage's.
		if j, named := stageNames[rest]; named && j != i {
			return 0, "", false
		}
	}
	return i, "", true
}

func (f *sessionFile) setStatus(n int, v gjson.Result, where string, t *Text) {
	raw := scalar(v)
	if v.IsBool() {
		raw = map[bool]string{true: stComplete, false: stPending}[v.Bool()]
	}
	st, known := normStatus(raw)
	if !known {
		f.warnings = append(f.warnings, t.UnknownStatusValue.F(where, strconv.Quote(raw)))
	}
	f.status[n], f.statusRaw[n], f.statusSet[n] = st, raw, true
}

// artifact returns the entry for key, or nil.
func (f *sessionFile) artifact(key string) *artifactEntry {
	if f == nil {
		return nil
	}
	for i := len(f.artifacts) - 1; i >= 0; i-- {
		if f.artifacts[i].key == key {
			return &f.artifacts[i]
		}
	}
	return nil
}

// checkpoint returns the checkpoint object whose key starts with prefix
// (stage_1 finds stage_1_rules), the last one in the file when several
// do, or nil.
func (f *sessionFile) checkpoint(prefix string) gjson.Result {
	var found gjson.Result
	if f == nil {
		return found
	}
	for key, val := range members(f.checkpoints) {
		k := strings.ToLower(key)
		if (k == prefix || strings.HasPrefix(k, prefix+"_")) && val.IsObject() {
			found = val
		}
	}
	return found
}

// checkpointKeys lists the checkpoint keys, in file order.
func (f *sessionFile) checkpointKeys() []string {
	if f == nil {
		return nil
	}
	var out []string
	for key := range members(f.checkpoints) {
		out = append(out, key)
	}
	return out
}

// ---- scalar helpers ----

// scalar is a string's, number's or boolean's text, trimmed.
func scalar(v gjson.Result) string {
	switch v.Type {
	case gjson.String:
		return strings.TrimSpace(decoded(v))
	case gjson.Number, gjson.True, gjson.False:
		return strings.TrimSpace(v.Raw)
	}
	return ""
}

// intOf reads a whole number written as a number or a string.
func intOf(v gjson.Result) (int, bool) {
	s := scalar(v)
	if s == "" || (v.Type != gjson.Number && v.Type != gjson.String) {
		return 0, false
	}
	if v, err := strconv.Atoi(s); err == nil {
		return v, true
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil && v == math.Trunc(v) && math.Abs(v) < 1e9 {
		return int(v), true
	}
	return 0, false
}

// truthy reads a boolean written as true/false or "true"/"yes".
func truthy(v gjson.Result) bool {
	switch strings.ToLower(scalar(v)) {
	case "true", "yes", "1":
		return true
	}
	return false
}

// falsy reads a boolean written as false/"false"/"no".
func falsy(v gjson.Result) bool {
	switch strings.ToLower(scalar(v)) {
	case "false", "no", "0":
		return true
	}
	return false
}

// stageNumber reads current_stage: 3, "3", 3.0, "3a", "stage_3b".
func stageNumber(v gjson.Result) (int, string, bool) {
	if v.Type != gjson.Number && v.Type != gjson.String {
		return 0, "", false
	}
	if n, ok := intOf(v); ok && n >= 0 && n <= LastStage {
		return n, "", true
	}
	a, err := ParseStage(i18n.English, str(v))
	if err != nil {
		return 0, "", false
	}
	return a.Num, a.Sub, true
}

func parseTime(s string) (time.Time, bool) { return when.Parse(s) }

// sortedKeys is m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
