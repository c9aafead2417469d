package design

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
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

	checkpoints *jnode // object or nil
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
func readSessionFile(tree *parsed) (*sessionFile, *shapeError) {
	root := tree.root
	if root.kind != jObject {
		return nil, &shapeError{root.line, fmt.Sprintf("the top level is %s, not an object", root.kind)}
	}
	f := &sessionFile{tree: tree, current: -1}
	warn := func(format string, args ...any) { f.warnings = append(f.warnings, fmt.Sprintf(format, args...)) }
	if tree.trailingCommas > 0 {
		warn("the file has %d trailing comma(s), which JSON does not allow: read anyway", tree.trailingCommas)
	}
	for _, d := range tree.duplicates {
		warn("key %s is repeated: the last one is used", d)
	}

	f.version = scalar(root.get("version"))
	if f.version != "" && f.version != "1.0" && f.version != "1" {
		warn("unknown session version %q: read as version 1.0", f.version)
	}
	f.feature = strings.TrimSpace(root.get("feature_name").str())
	f.prd = strings.TrimSpace(root.get("prd_source").str())
	if t, ok := parseTime(root.get("created_at").str()); ok {
		f.created = t
	}
	if t, ok := parseTime(root.get("updated_at").str()); ok {
		f.updated, f.hasUpdated = t, true
	} else if !f.created.IsZero() {
		f.updated, f.hasUpdated = f.created, true
		warn("no readable updated_at: created_at is used as the last update")
	} else {
		warn("no readable updated_at or created_at: the session's age is unknown")
	}

	if cs := root.get("current_stage"); !cs.isNull() {
		if n, sub, ok := stageNumber(cs); ok {
			f.current, f.currentSub = n, sub
		} else {
			warn("current_stage %s is not a stage 0-7: ignored", describe(cs))
		}
	}

	ss := root.get("stage_status")
	switch {
	case ss != nil && ss.kind == jObject:
		f.readStatusObject(ss)
	case ss != nil && ss.kind == jArray && len(ss.items) > 0:
		for i, it := range ss.items {
			if i > LastStage {
				warn("stage_status has more than 8 entries: the extra ones are ignored")
				break
			}
			f.setStatus(i, it, fmt.Sprintf("stage_status[%d]", i))
		}
	case f.current >= 0:
		where := "missing"
		if ss != nil {
			where = "not an object"
		}
		warn("stage_status is %s: stages before current_stage %d are read as complete", where, f.current)
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
	case ss == nil:
		return nil, &shapeError{root.line, "the file has neither stage_status nor current_stage: which stages are done cannot be known"}
	default:
		return nil, &shapeError{ss.line, fmt.Sprintf("stage_status is %s, not an object, and there is no current_stage", ss.kind)}
	}
	for i := range Stages {
		if !f.statusSet[i] {
			f.status[i], f.statusRaw[i] = stPending, ""
			warn("stage_status has no entry for stage %d: read as pending", i)
		}
	}

	if cp := root.get("checkpoints"); cp != nil {
		if cp.kind == jObject {
			f.checkpoints = cp
		} else if cp.kind != jNull {
			warn("checkpoints is %s, not an object: ignored", cp.kind)
		}
	}

	if arts := root.get("artifacts"); arts != nil && arts.kind == jObject {
		for _, m := range arts.members {
			e := artifactEntry{key: m.key}
			switch m.val.kind {
			case jNull:
				e.null = true
			case jString:
				if strings.TrimSpace(m.val.text) == "" {
					e.null = true
				} else {
					e.paths = []string{strings.TrimSpace(m.val.text)}
				}
			case jArray:
				for _, it := range m.val.items {
					if it.kind == jString && strings.TrimSpace(it.text) != "" {
						e.paths = append(e.paths, strings.TrimSpace(it.text))
					} else if it.kind != jNull {
						warn("artifacts.%s holds %s, not a path: ignored", m.key, it.kind)
					}
				}
				e.null = len(e.paths) == 0
			default:
				warn("artifacts.%s is %s, not a path, a list of paths or null: ignored", m.key, m.val.kind)
				continue
			}
			f.artifacts = append(f.artifacts, e)
		}
	} else if arts != nil && arts.kind != jNull {
		warn("artifacts is %s, not an object: ignored", arts.kind)
	}

	if tp := root.get("tickets_progress"); tp != nil && tp.kind == jObject {
		t := &ticketsProgress{}
		if n, ok := intOf(tp.get("total_planned")); ok {
			t.planned, t.hasPlanned = n, true
		}
		if n, ok := intOf(tp.get("created")); ok {
			t.created, t.hasCreated = n, true
		}
		if r := tp.get("remaining"); r != nil {
			switch r.kind {
			case jArray:
				for _, it := range r.items {
					if s := scalar(it); s != "" {
						t.remaining = append(t.remaining, s)
					}
				}
			case jNumber, jNull:
			default:
				warn("tickets_progress.remaining is %s, not a list: ignored", r.kind)
			}
		}
		f.tickets = t
	} else if tp != nil && tp.kind != jNull {
		warn("tickets_progress is %s, not an object: ignored", tp.kind)
	}
	return f, nil
}

// readStatusObject reads stage_status's keys: "0"-"7", with drift
// ("stage_3", 3a/3b sub-stage keys).
func (f *sessionFile) readStatusObject(ss *jnode) {
	sub := map[string]*jnode{}
	for _, m := range ss.members {
		k := strings.ToLower(strings.TrimSpace(m.key))
		k = strings.TrimPrefix(strings.TrimPrefix(k, "stage"), "_")
		switch k {
		case "3a", "3b":
			sub[k] = m.val
			continue
		}
		n, err := strconv.Atoi(k)
		if err != nil || n < 0 || n > LastStage {
			f.warnings = append(f.warnings, fmt.Sprintf("stage_status key %q is not a stage 0-7: ignored", m.key))
			continue
		}
		f.setStatus(n, m.val, "stage_status."+m.key)
	}
	// Sub-stage keys stand for stage 3 when "3" itself is missing.
	if !f.statusSet[3] && len(sub) > 0 {
		a, _ := normStatus(sub["3a"].str())
		b, _ := normStatus(sub["3b"].str())
		switch {
		case a == stComplete && b == stComplete:
			f.status[3] = stComplete
		case a != stPending || b != stPending:
			f.status[3] = stInProgress
		default:
			f.status[3] = stPending
		}
		f.statusRaw[3], f.statusSet[3] = "3a "+sub["3a"].str()+", 3b "+sub["3b"].str(), true
	}
}

func (f *sessionFile) setStatus(n int, v *jnode, where string) {
	raw := scalar(v)
	if v != nil && v.kind == jBool {
		raw = map[string]string{"true": stComplete, "false": stPending}[v.text]
	}
	st, known := normStatus(raw)
	if !known {
		f.warnings = append(f.warnings, fmt.Sprintf("%s is %q, not complete, in_progress or pending: read as pending", where, raw))
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
func (f *sessionFile) checkpoint(prefix string) *jnode {
	if f == nil || f.checkpoints == nil {
		return nil
	}
	var found *jnode
	for _, m := range f.checkpoints.members {
		k := strings.ToLower(m.key)
		if (k == prefix || strings.HasPrefix(k, prefix+"_")) && m.val.kind == jObject {
			found = m.val
		}
	}
	return found
}

// checkpointKeys lists the checkpoint keys, in file order.
func (f *sessionFile) checkpointKeys() []string {
	if f == nil || f.checkpoints == nil {
		return nil
	}
	var out []string
	for _, m := range f.checkpoints.members {
		out = append(out, m.key)
	}
	return out
}

// ---- scalar helpers ----

// scalar is a string's, number's or boolean's text, trimmed.
func scalar(n *jnode) string {
	if n == nil {
		return ""
	}
	switch n.kind {
	case jString, jNumber, jBool:
		return strings.TrimSpace(n.text)
	}
	return ""
}

func describe(n *jnode) string {
	if n == nil {
		return "missing"
	}
	switch n.kind {
	case jString:
		return strconv.Quote(n.text)
	case jNumber, jBool:
		return n.text
	}
	return n.kind.String()
}

// intOf reads a whole number written as a number or a string.
func intOf(n *jnode) (int, bool) {
	s := scalar(n)
	if s == "" || (n.kind != jNumber && n.kind != jString) {
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
func truthy(n *jnode) bool {
	switch strings.ToLower(scalar(n)) {
	case "true", "yes", "1":
		return true
	}
	return false
}

// stageNumber reads current_stage: 3, "3", 3.0, "3a", "stage_3b".
func stageNumber(n *jnode) (int, string, bool) {
	if n.kind != jNumber && n.kind != jString {
		return 0, "", false
	}
	if v, ok := intOf(n); ok && v >= 0 && v <= LastStage {
		return v, "", true
	}
	a, err := ParseStage(n.text)
	if err != nil {
		return 0, "", false
	}
	return a.Num, a.Sub, true
}

var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02",
}

func parseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// sortedKeys is m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
