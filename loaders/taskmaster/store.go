package taskmaster

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/when"
)

// A tasks.json is read with gjson: it walks an object's keys in file
// order and gives each value's byte offset (Index), so a status is
// changed by splicing its bytes in place and the rest of the file stays
// byte for byte. A key repeated in one object is read as JSON.parse
// reads it (task-master is JavaScript): the last one counts.

// item is one task or subtask as task-master's own code sees it.
type item struct {
	// id is the task's id as String(id) gives it in JavaScript, for a
	// subtask its local id; full is the id task-master prints ("2" or
	// "2.6").
	id, full string
	// num is id as a number, for sorting (a - b); hasNum is false when
	// it is not one (NaN: the comparison says equal).
	num    float64
	hasNum bool
	title  string
	desc   string
	// status is the raw value, "" when missing; statusAt is the string
	// value in the file (for a splice), statusSet whether it is a string.
	status string
	// statusAt and statusLen are where the status value's bytes are
	// in the document (after a byte order mark).
	statusAt, statusLen int
	statusSet           bool
	priority            string
	// deps are the dependencies as full ids (String(dep), or for a
	// subtask toFullSubId's "<parent>.<dep>").
	deps []string
	subs []item
	// subsAt is the subtasks array (or where it would go), for the
	// warnings; details for the prompt.
	details string
}

// tag is one tag's tasks (a session).
type tag struct {
	name    string
	tasks   []item
	updated time.Time
	hasTime bool
	desc    string
	// shapeWarnings are the ways this tag's data drifts from the shape.
	drift []drift
}

// drift is one way the file differs from task-master's shape: what
// (a driftKind) and the id or key it concerns.
type drift struct {
	kind driftKind
	arg  string
}

type driftKind int

const (
	driftTasksNotArray driftKind = iota // a tag's tasks is not an array
	driftTaskNotObject                  // a task entry is not an object
	driftSubsNotArray                   // a task's subtasks is not an array
	driftNoID                           // a task without an id
	driftStatusWord                     // a status task-master does not know
	driftCompleted                      // the legacy word completed
	driftPriority                       // a priority it does not know
	driftDepsNotArray                   // dependencies is not an array
)

// store is a whole tasks.json.
type store struct {
	tags []*tag
	// legacy: the untagged form {"tasks": [...]} at the root, which
	// task-master reads as the tag master (and rewrites on first read).
	legacy bool
	// bom is the length of a byte order mark before the document.
	bom int
}

// shapeOf says whether root (a parsed document) is task-master's: the
// tagged form (an object whose members are objects with a tasks array)
// or the legacy one (a tasks array at the root).
func shapeOf(root gjson.Result) (tagged, legacy bool) {
	if !root.IsObject() {
		return false, false
	}
	root.ForEach(func(k, v gjson.Result) bool {
		switch {
		case k.Str == "tasks" && v.IsArray():
			legacy = true
		case v.IsObject() && field(v, "tasks").IsArray():
			tagged = true
		}
		return true
	})
	return tagged, legacy
}

// bomLen is the length of a UTF-8 byte order mark at the start of data.
func bomLen(data []byte) int {
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		return 3
	}
	return 0
}

// tagNames are the tags of a tasks.json, without reading their tasks
// (Discover); ok as parseStore's.
func tagNames(data []byte) (names []string, ok bool) {
	body := data[bomLen(data):]
	if !json.Valid(body) {
		return nil, false
	}
	root := gjson.ParseBytes(body)
	tagged, legacy := shapeOf(root)
	switch {
	case !tagged && !legacy:
		return nil, false
	case !tagged:
		return []string{defaultTag}, true
	}
	seen := map[string]bool{}
	root.ForEach(func(k, v gjson.Result) bool {
		if v.IsObject() && field(v, "tasks").Exists() && !seen[k.Str] {
			seen[k.Str] = true
			names = append(names, k.Str)
		}
		return true
	})
	return names, true
}

// parseStore reads a tasks.json. ok is false when it is not valid JSON
// or not task-master's shape at all.
func parseStore(data []byte) (*store, bool) {
	st := &store{bom: bomLen(data)}
	body := data[st.bom:]
	if !json.Valid(body) {
		return nil, false
	}
	root := gjson.ParseBytes(body)
	tagged, legacy := shapeOf(root)
	if !tagged && !legacy {
		return nil, false
	}
	if legacy && !tagged {
		st.legacy = true
		st.tags = []*tag{readTag(defaultTag, root)}
		return st, true
	}
	seen := map[string]int{}
	root.ForEach(func(k, v gjson.Result) bool {
		if !v.IsObject() || !field(v, "tasks").Exists() {
			return true // "tasks" of a mixed file, or another key
		}
		t := readTag(k.Str, v)
		if i, ok := seen[k.Str]; ok {
			st.tags[i] = t // JSON.parse keeps the last
			return true
		}
		seen[k.Str] = len(st.tags)
		st.tags = append(st.tags, t)
		return true
	})
	return st, true
}

// defaultTag is the tag task-master reads a legacy file as.
const defaultTag = "master"

// find is the tag named name, or nil.
func (st *store) find(name string) *tag {
	for _, t := range st.tags {
		if t.name == name {
			return t
		}
	}
	return nil
}

// readTag reads one tag's object: its tasks and metadata.
func readTag(name string, obj gjson.Result) *tag {
	t := &tag{name: name}
	var tasks, meta gjson.Result
	obj.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "tasks":
			tasks = v
		case "metadata":
			meta = v
		}
		return true
	})
	if meta.IsObject() {
		for _, key := range []string{"updated", "lastModified", "created"} {
			if tm, ok := when.Parse(text(field(meta, key))); ok {
				t.updated, t.hasTime = tm, true
				break
			}
		}
		t.desc = text(field(meta, "description"))
	}
	if !tasks.IsArray() {
		t.drift = append(t.drift, drift{driftTasksNotArray, name})
		return t
	}
	tasks.ForEach(func(_, v gjson.Result) bool {
		if !v.IsObject() {
			t.drift = append(t.drift, drift{driftTaskNotObject, strconv.Itoa(len(t.tasks) + 1)})
			return true
		}
		it := readItem(v, nil, &t.drift)
		t.tasks = append(t.tasks, it)
		return true
	})
	return t
}

// readItem reads a task (parent nil) or a subtask of parent.
func readItem(v gjson.Result, parent *item, d *[]drift) item {
	var it item
	var id, status, deps, subs gjson.Result
	v.ForEach(func(k, val gjson.Result) bool {
		switch k.Str {
		case "id":
			id = val
		case "title":
			it.title = text(val)
		case "description":
			it.desc = text(val)
		case "details":
			it.details = text(val)
		case "status":
			status = val
		case "priority":
			it.priority = text(val)
		case "dependencies":
			deps = val
		case "subtasks":
			subs = val
		}
		return true
	})
	it.id = jsString(id)
	it.num, it.hasNum = jsNumber(id)
	it.full = it.id
	if parent != nil {
		it.full = parent.id + "." + it.id
	}
	if !id.Exists() {
		*d = append(*d, drift{driftNoID, it.title})
	}
	if status.Type == gjson.String {
		it.status, it.statusAt, it.statusLen, it.statusSet = status.Str, status.Index, len(status.Raw), true
	} else if status.Exists() && status.Type != gjson.Null {
		it.status = jsString(status)
	}
	switch it.status {
	case "", stPending, stInProgress, stDone, stReview, stDeferred, stCancelled, stBlocked:
	case stCompleted:
		*d = append(*d, drift{driftCompleted, it.full})
	default:
		*d = append(*d, drift{driftStatusWord, it.full + ": " + it.status})
	}
	switch it.priority {
	case "", "low", "medium", "high", "critical":
	default:
		*d = append(*d, drift{driftPriority, it.full + ": " + it.priority})
	}
	switch {
	case deps.IsArray():
		deps.ForEach(func(_, dv gjson.Result) bool {
			it.deps = append(it.deps, depID(dv, parent, &it))
			return true
		})
	case deps.Exists() && deps.Type != gjson.Null:
		*d = append(*d, drift{driftDepsNotArray, it.full})
	}
	if parent == nil {
		switch {
		case subs.IsArray():
			subs.ForEach(func(_, sv gjson.Result) bool {
				if sv.IsObject() {
					it.subs = append(it.subs, readItem(sv, &it, d))
				} else {
					*d = append(*d, drift{driftTaskNotObject, it.full + "." + strconv.Itoa(len(it.subs)+1)})
				}
				return true
			})
		case subs.Exists() && subs.Type != gjson.Null:
			*d = append(*d, drift{driftSubsNotArray, it.full})
		}
	}
	return it
}

// depID is a dependency as a full id: String(dep) for a task; for a
// subtask (parent set), a string holding a dot as it is, anything else
// "<parent id>.<dep>" (find-next-task.js's toFullSubId).
func depID(dv gjson.Result, parent *item, it *item) string {
	s := jsString(dv)
	if parent == nil {
		return s
	}
	if dv.Type == gjson.String && strings.Contains(s, ".") {
		return s
	}
	return parent.id + "." + s
}

// jsString is String(v) in JavaScript for a JSON value: a string as it
// is, a number as JavaScript prints it, true/false/null, "undefined"
// for a missing value.
func jsString(v gjson.Result) string {
	switch v.Type {
	case gjson.String:
		return v.Str
	case gjson.Number:
		return jsNumberText(v.Num)
	case gjson.True:
		return "true"
	case gjson.False:
		return "false"
	case gjson.Null:
		return "null"
	case gjson.JSON:
		if v.IsArray() {
			return "" // String([]) is ""; a list of ids is rare enough
		}
		return "[object Object]"
	}
	return "undefined"
}

// jsNumberText prints a number as JavaScript's String does for the
// numbers ids are (integers, and the odd decimal).
func jsNumberText(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// jsNumber is Number(v) for an id, and whether it is a number (not NaN).
func jsNumber(v gjson.Result) (float64, bool) {
	switch v.Type {
	case gjson.Number:
		return v.Num, true
	case gjson.String:
		s := strings.TrimSpace(v.Str)
		if s == "" {
			return 0, true
		}
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil
	}
	return 0, false
}

// field is an object's value for key: the last one when the key is
// repeated (JSON.parse), a Result that does not exist when there is none.
func field(obj gjson.Result, key string) gjson.Result {
	var out gjson.Result
	if obj.IsObject() {
		obj.ForEach(func(k, v gjson.Result) bool {
			if k.Str == key {
				out = v
			}
			return true
		})
	}
	return out
}

// text is a scalar as a string: a string's value, a number's or a
// boolean's text; "" for null, objects, arrays and missing values.
func text(v gjson.Result) string {
	switch v.Type {
	case gjson.String:
		return v.Str
	case gjson.Number, gjson.True, gjson.False:
		return v.Raw
	}
	return ""
}
