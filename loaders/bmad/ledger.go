package bmad

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/when"
)

// Kind is what a development_status key stands for.
type Kind int

const (
	KindStory Kind = iota
	KindEpic
	KindRetro
)

// Story statuses (bmad-sprint-status step 2; the template's definitions).
const (
	StBacklog    = "backlog"
	StReady      = "ready-for-dev"
	StInProgress = "in-progress"
	StReview     = "review"
	StDone       = "done"
	StOptional   = "optional"
)

// Entry is one key of development_status, in file order.
type Entry struct {
	Key string
	// Raw is the value as written; Status is it normalized (legacy
	// "drafted" is ready-for-dev, "contexted" in-progress, a
	// retrospective's "completed" done), "" when BMAD does not know it.
	Raw, Status string
	Kind        Kind
	// Epic is the epic's id as the keys write it ("4", "3-5"); Story is
	// the story's number within it (-1 when the key has none).
	Epic  string
	Story int
	// Line and Col place the value in the file (1-based), for the
	// byte-exact edit.
	Line, Col int
	// Order is the entry's place in the file.
	Order int
}

// Ledger is a sprint-status.yaml as read.
type Ledger struct {
	Project, StoryLocation, Tracking string
	Generated, LastUpdated           string
	// Entries are development_status's keys in file order.
	Entries []Entry
	// Unknown are entries whose status BMAD does not know.
	Unknown []Entry
	// ActionItems counts action_items still open (6.11+).
	OpenActions int
	// HasStatus is false when development_status is missing.
	HasStatus bool
}

var (
	epicKey  = lazyre.New(`^epic-([0-9]+(?:-[0-9]+)*)$`)
	retroKey = lazyre.New(`^epic-([0-9]+(?:-[0-9]+)*)-retrospective$`)
	numSeg   = lazyre.New(`^[0-9]+$`)
)

// parseLedger reads a ledger from its YAML tree. It never fails on
// content: what it cannot use it leaves out (warnings come from the
// session).
func parseLedger(doc *yaml.Node) *Ledger {
	l := &Ledger{}
	if doc == nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return l
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return l
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "project":
			l.Project = scalar(v)
		case "story_location":
			l.StoryLocation = scalar(v)
		case "tracking_system":
			l.Tracking = scalar(v)
		case "generated":
			l.Generated = scalar(v)
		case "last_updated", "updated":
			if l.LastUpdated == "" || k.Value == "last_updated" {
				l.LastUpdated = scalar(v)
			}
		case "development_status":
			l.HasStatus = true
			l.entries(v)
		case "action_items":
			l.OpenActions = openActions(v)
		}
	}
	classify(l)
	return l
}

func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

func (l *Ledger) entries(v *yaml.Node) {
	if v.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			continue
		}
		e := Entry{Key: k.Value, Raw: scalar(val), Line: val.Line, Col: val.Column, Order: len(l.Entries), Story: -1}
		if val.Kind != yaml.ScalarNode {
			e.Line, e.Col = 0, 0
		}
		l.Entries = append(l.Entries, e)
	}
}

func openActions(v *yaml.Node) int {
	n := 0
	if v.Kind != yaml.SequenceNode {
		return 0
	}
	for _, it := range v.Content {
		if it.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(it.Content); i += 2 {
			if it.Content[i].Value == "status" && it.Content[i+1].Value != StDone {
				n++
			}
		}
	}
	return n
}

// classify sets each entry's kind, epic, story number and normalized
// status. A story's epic is the longest epic id the ledger declares
// that prefixes its key ("3-5-0-cleanup" belongs to epic-3-5 when there
// is one), else its first number.
func classify(l *Ledger) {
	epics := map[string]bool{}
	for _, e := range l.Entries {
		if m := epicKey.FindStringSubmatch(e.Key); m != nil {
			epics[m[1]] = true
		}
	}
	for i := range l.Entries {
		e := &l.Entries[i]
		raw := strings.ToLower(strings.TrimSpace(e.Raw))
		switch {
		case retroKey.MatchString(e.Key):
			e.Kind, e.Epic = KindRetro, retroKey.FindStringSubmatch(e.Key)[1]
			e.Status = retroStatus(raw)
		case epicKey.MatchString(e.Key):
			e.Kind, e.Epic = KindEpic, epicKey.FindStringSubmatch(e.Key)[1]
			e.Status = epicStatus(raw)
		default:
			e.Kind = KindStory
			e.Epic, e.Story = storyEpic(e.Key, epics)
			e.Status = storyStatus(raw)
		}
		if e.Status == "" {
			l.Unknown = append(l.Unknown, *e)
		}
	}
}

func storyStatus(s string) string {
	switch s {
	case StBacklog, StReady, StInProgress, StReview, StDone:
		return s
	case "drafted":
		return StReady
	}
	return ""
}

func epicStatus(s string) string {
	switch s {
	case StBacklog, StInProgress, StDone, StReview:
		return s
	case "contexted":
		return StInProgress
	}
	return ""
}

func retroStatus(s string) string {
	switch s {
	case StOptional, StDone:
		return s
	case "completed":
		return StDone
	}
	return ""
}

func storyEpic(key string, epics map[string]bool) (string, int) {
	segs := strings.Split(key, "-")
	best := ""
	for n := 1; n < len(segs); n++ {
		id := strings.Join(segs[:n], "-")
		if !numSeg.MatchString(segs[n-1]) {
			break
		}
		if epics[id] && numSeg.MatchString(segs[n]) {
			best = id
		}
	}
	if best == "" {
		if len(segs) < 2 || !numSeg.MatchString(segs[0]) {
			return "", -1
		}
		best = segs[0]
	}
	rest := strings.Split(strings.TrimPrefix(key, best+"-"), "-")
	if n, err := strconv.Atoi(rest[0]); err == nil {
		return best, n
	}
	return best, -1
}

// epicLess orders epic ids by their numbers ("2" < "3" < "3-5" < "10").
func epicLess(a, b string) bool {
	as, bs := strings.Split(a, "-"), strings.Split(b, "-")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		if errx != nil || erry != nil {
			if as[i] != bs[i] {
				return as[i] < bs[i]
			}
			continue
		}
		if x != y {
			return x < y
		}
	}
	return len(as) < len(bs)
}

// sorted is the entries of a kind ordered as bmad-sprint-status's
// "first" means: by epic number, then story number, then file order.
// Keys with no epic come last, in file order.
func (l *Ledger) sorted(k Kind) []Entry {
	var out []Entry
	for _, e := range l.Entries {
		if e.Kind == k && e.Status != "" {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.Epic == "") != (b.Epic == "") {
			return b.Epic == ""
		}
		if a.Epic != b.Epic {
			return epicLess(a.Epic, b.Epic)
		}
		if a.Story != b.Story {
			return a.Story < b.Story
		}
		return a.Order < b.Order
	})
	return out
}

// firstWith is the first entry of kind k with status st, in order.
func firstWith(list []Entry, st string) (Entry, bool) {
	for _, e := range list {
		if e.Status == st {
			return e, true
		}
	}
	return Entry{}, false
}

// firstInFile is the first story with status st in file order (what
// dev-story and create-story take when given no story).
func (l *Ledger) firstInFile(st string) (Entry, bool) {
	for _, e := range l.Entries {
		if e.Kind == KindStory && e.Status == st {
			return e, true
		}
	}
	return Entry{}, false
}

// parseTime reads a ledger timestamp: what internal/when reads, plus
// the template's "MM-DD-YYYY HH:MM" and a zone without a colon
// ("+1000").
func parseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if m := usDate.FindStringSubmatch(s); m != nil {
		s = m[3] + "-" + m[1] + "-" + m[2] + m[4]
	}
	if m := bareZone.FindStringSubmatch(s); m != nil {
		s = m[1] + m[2] + ":" + m[3]
	}
	return when.Parse(s)
}

var (
	usDate   = lazyre.New(`^([0-9]{2})-([0-9]{2})-([0-9]{4})(.*)$`)
	bareZone = lazyre.New(`^(.*T[0-9:.]+)([+-][0-9]{2})([0-9]{2})$`)
)

// setValue is data with the scalar at line/col (1-based) replaced by
// value: only those bytes change, so comments, order and every other
// byte stay as they were. The old value must be a plain scalar (what
// BMAD writes); a quoted one keeps its quotes.
func setValue(data []byte, line, col int, old, value string) ([]byte, bool) {
	if line < 1 || col < 1 {
		return nil, false
	}
	start := 0
	for n := 1; n < line; n++ {
		i := bytes.IndexByte(data[start:], '\n')
		if i < 0 {
			return nil, false
		}
		start += i + 1
	}
	// Col counts characters (runes); keys may hold any script.
	off := start
	for c := 1; c < col; c++ {
		if off >= len(data) || data[off] == '\n' {
			return nil, false
		}
		_, size := utf8.DecodeRune(data[off:])
		off += size
	}
	q := byte(0)
	if off < len(data) && (data[off] == '"' || data[off] == '\'') {
		q = data[off]
		off++
	}
	if !bytes.HasPrefix(data[off:], []byte(old)) {
		return nil, false
	}
	end := off + len(old)
	if q != 0 && (end >= len(data) || data[end] != q) {
		return nil, false
	}
	out := make([]byte, 0, len(data)+len(value))
	out = append(out, data[:off]...)
	out = append(out, value...)
	return append(out, data[end:]...), true
}
