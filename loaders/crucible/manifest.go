package crucible

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/loaders/fsx"

	"github.com/pickup-dev/pickup/internal/textin"
)

// Dispatch statuses crucible writes. The last entry for a seq is
// authoritative.
const (
	StatusDispatched = "dispatched"
	StatusCompleted  = "completed"
	StatusFailed     = "failed"
	StatusSkipped    = "skipped"
	StatusError      = "error"
	StatusReplayed   = "replayed" // rare; tolerated and read as finished
)

// knownStatus lists every status the manifest may hold.
var knownStatus = map[string]bool{
	StatusDispatched: true, StatusCompleted: true, StatusFailed: true,
	StatusSkipped: true, StatusError: true, StatusReplayed: true,
}

// Entry is one dispatch as its authoritative (last) manifest line records it.
//
// A manifest has an Entry per dispatch (100,000 and more), so the values
// that repeat or follow from others are not kept in it: the role,
// status and phase, and the template of a file named "<seq>-<template>"
// (as crucible names them), are a tag shared with other entries; a task
// written as a plain number and a known model tier are a few bits made
// again when asked for (File, Task, ModelTier); anything else is kept in
// the side record.
type Entry struct {
	Seq int
	// tag holds the role, status and phase (Role, Status, Phase) and the
	// template of a file named "<seq>-<template>": a pipeline has a few
	// dozen of each and a few hundred of them together, shared by the
	// entries that have them.
	tag *entryTag
	// Duration is in seconds; HasDuration (below) is false when absent.
	Duration float64
	// side holds the summary (Summary) and the values few entries have
	// (rare, see the methods below): nil for most entries of a lean
	// manifest (`plan --json`), which keeps no summary: the plan reads
	// them again from the lines (lineReader), as does verification the
	// few it matches commits on (evidence.summary).
	side *entrySide
	// Line is the 1-based line of the authoritative entry; Lines counts
	// the lines recorded for this seq (a manifest is at most 1 GiB).
	Line  int32
	Lines int32
	// off is where the authoritative line starts in the file.
	off uint32
	// taskN is the task's number plus one when the task is written as
	// a plain number (Task); 0 otherwise.
	taskN uint32
	// tier is the model tier's index in tiers; tierOther: in rare.
	tier uint8
	// fileHow says where File is: none, the usual name, or rare.
	fileHow uint8
	// sumAt and sumN say where the summary is in the line (trimmed, as
	// add reads it) for a lean manifest's rows (lineReader): sumN is its
	// length plus one, 0 when the line must be decoded again.
	sumAt, sumN uint16
	// The flags sit together: each padded flag among the fields would
	// cost 7 bytes.
	HasPhase    bool
	HasDuration bool
}

// entrySide is what an entry keeps beside its 56 bytes (Entry.side).
type entrySide struct {
	sum  string
	rare *entryRare
}

// Summary is the summary as written, "" for none (see Entry.side).
func (e *Entry) Summary() string {
	if e.side == nil {
		return ""
	}
	return e.side.sum
}

// r is the entry's side record, nil when it has none.
func (e *Entry) r() *entryRare {
	if e.side == nil {
		return nil
	}
	return e.side.rare
}

// ownRare is the entry's side record, made when it has none.
func (e *Entry) ownRare() *entryRare {
	if e.side == nil {
		e.side = &entrySide{}
	}
	if e.side.rare == nil {
		e.side.rare = &entryRare{}
	}
	return e.side.rare
}

// SupersededBy is the seq of a later replay entry (replay_of = Seq)
// whose status stands for this one; 0 when none. Kept in the side
// record: few entries are replayed.
func (e *Entry) SupersededBy() int {
	if e.r() == nil {
		return 0
	}
	return e.r().supersededBy
}

// entryTag is an entry's role, status and phase, and the template of
// its file when the file is named "<seq>-<template>" (see Entry.tag).
type entryTag struct{ role, status, phase, tmpl string }

// Role is the role as written, trimmed.
func (e *Entry) Role() string {
	if e.tag == nil {
		return ""
	}
	return e.tag.role
}

// Status is the status, trimmed and in lower case; a line without one
// is read as dispatched.
func (e *Entry) Status() string {
	if e.tag == nil {
		return ""
	}
	return e.tag.status
}

// Phase is the phase as written; HasPhase is false for null or absent.
func (e *Entry) Phase() string {
	if e.tag == nil {
		return ""
	}
	return e.tag.phase
}

// maxTags bounds the tags shared by a manifest's entries; past it each
// entry has its own.
const maxTags = 4096

// tagFor is the tag of role, status, phase and tmpl, shared. tmpl may
// be the scanner's (see lineScanner.own): a new tag keeps a copy.
func (m *Manifest) tagFor(role, status, phase, tmpl string) *entryTag {
	k := entryTag{role, status, phase, tmpl}
	if t := m.lastTag; t != nil && *t == k {
		return t
	}
	t, ok := m.tags[k]
	if !ok {
		t = new(entryTag)
		*t = k
		t.tmpl = strings.Clone(tmpl)
		if m.tags == nil {
			m.tags = map[entryTag]*entryTag{}
		}
		if len(m.tags) < maxTags {
			m.tags[*t] = t // its own copy of tmpl as the key
		}
	}
	m.lastTag = t
	return t
}

// Where an entry's file name is (Entry.fileHow).
const (
	fileNone  = iota // no file
	fileUsual        // "<seq>-<tag.tmpl>"
	fileRare         // rare.file
)

// tiers are the model tiers crucible writes, by Entry.tier; any other is
// kept in the side record.
var tiers = [...]string{"", "haiku", "sonnet", "opus"}

const tierOther = 255

// File is the dispatch file's name as the line records it, "" for none.
func (e *Entry) File() string {
	switch e.fileHow {
	case fileUsual:
		return strconv.Itoa(e.Seq) + "-" + e.tag.tmpl
	case fileRare:
		return e.r().file
	}
	return ""
}

// HasFile says whether the line records a file (File is not "").
func (e *Entry) HasFile() bool { return e.fileHow != fileNone }

// fileIs says whether File is name, without making File.
func (e *Entry) fileIs(name string) bool {
	if e.fileHow == fileUsual {
		t, ok := fileTemplate(e.Seq, name)
		return ok && t == e.tag.tmpl
	}
	return e.File() == name
}

// fileTemplate is what follows "<seq>-" in name; ok is false when name
// does not start with it.
func fileTemplate(seq int, name string) (string, bool) {
	var d [24]byte
	n := strconv.AppendInt(d[:0], int64(seq), 10)
	if len(name) <= len(n) || name[:len(n)] != string(n) || name[len(n)] != '-' {
		return "", false
	}
	return name[len(n)+1:], true
}

// Task is the task number as written, "" for null or absent.
func (e *Entry) Task() string {
	if e.taskN != 0 {
		return strconv.FormatUint(uint64(e.taskN-1), 10)
	}
	if e.r() == nil {
		return ""
	}
	return e.r().task
}

// plainNumber is s read as a number written plainly (digits, no leading
// zero, at most nine): the number plus one, 0 when s is not one.
func plainNumber(s string) uint32 {
	if s == "" || len(s) > 9 || (s[0] == '0' && len(s) > 1) {
		return 0
	}
	n := uint32(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + uint32(c-'0')
	}
	return n + 1
}

// ModelTier is the model tier as written, "" when absent.
func (e *Entry) ModelTier() string {
	if e.tier == tierOther {
		return e.r().tier
	}
	return tiers[e.tier]
}

// entryRare is what replay entries and some writers add to a line.
type entryRare struct {
	supersededBy  int // see SupersededBy
	replayOf      int
	hasReplayOf   bool
	replaySession string
	mutation      string
	output        string
	timestamp     string
	// file, task and tier are File, Task and ModelTier when their
	// entry cannot make them (see Entry).
	file string
	task string
	tier string
	// ephase is EPhase for an entry with no phase of its own.
	ephase string
	// hdrPhase is the **Phase:** of the dispatch file's audit header,
	// read for an entry whose lines record a null phase (see
	// Manifest.SetHeaderPhases).
	hdrPhase string
}

// EPhase is the phase the entry is grouped under: its own; for a null
// phase, its dispatch file header's, else the phase of the nearest
// earlier entry (see link).
func (e *Entry) EPhase() string {
	if e.HasPhase {
		return e.Phase()
	}
	if e.r() == nil {
		return ""
	}
	return e.r().ephase
}

// setEPhase records the phase an entry with no phase of its own is
// grouped under.
func (e *Entry) setEPhase(ph string) {
	switch {
	case e.r() != nil || ph != "":
		e.ownRare().ephase = ph
	}
}

// ReplayOf is the seq a replay entry replays; HasReplayOf says whether
// the line records one. Replay provenance is absent on ordinary entries,
// as are ReplaySession and Mutation.
func (e *Entry) ReplayOf() int {
	if e.r() == nil {
		return 0
	}
	return e.r().replayOf
}

// HasReplayOf: see ReplayOf.
func (e *Entry) HasReplayOf() bool { return e.r() != nil && e.r().hasReplayOf }

// ReplaySession is the replay session that wrote the entry, "" for none.
func (e *Entry) ReplaySession() string {
	if e.r() == nil {
		return ""
	}
	return e.r().replaySession
}

// Mutation is the template mutation a replay entry ran with, "" for none.
func (e *Entry) Mutation() string {
	if e.r() == nil {
		return ""
	}
	return e.r().mutation
}

// Output names an output file when the entry records one.
func (e *Entry) Output() string {
	if e.r() == nil {
		return ""
	}
	return e.r().output
}

// Timestamp is a start time some writers add (timestamp, ts,
// started_at, dispatched_at); "" when absent.
func (e *Entry) Timestamp() string {
	if e.r() == nil {
		return ""
	}
	return e.r().timestamp
}

// Final is the status that decides the entry's phase: a replayed
// dispatch takes its replay's status.
func (e *Entry) Final(m *Manifest) string {
	if by := e.SupersededBy(); by != 0 {
		if r := m.BySeq(by); r != nil {
			return r.Final(m)
		}
	}
	return e.Status()
}

// Template is the dispatch template the entry's file was written from:
// the file name without its "<seq>-" prefix.
func (e *Entry) Template() string {
	if e.fileHow == fileUsual && e.Seq >= 0 {
		return e.tag.tmpl // what follows "<seq>-"
	}
	f := e.File()
	if i := strings.IndexByte(f, '-'); i > 0 && allDigits(f[:i]) {
		f = f[i+1:]
	}
	return f
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// Finished reports whether a status ends a dispatch for good: completed,
// skipped (the pipeline chose not to run it) or replayed.
func Finished(status string) bool {
	return status == StatusCompleted || status == StatusSkipped || status == StatusReplayed
}

// BadLine is a manifest line that was skipped.
type BadLine struct {
	Line   int
	Reason string // in English
	// Why names the reason, for a catalog that says it in its own words;
	// Arg is its value (the seq as written), json Go's JSON error.
	Why  BadWhy
	Arg  string
	json jsonFault
}

// BadWhy is why a manifest line was skipped.
type BadWhy int

// The reasons a line is skipped.
const (
	BadTooLong   BadWhy = iota + 1 // longer than 1 MiB
	BadNotObject                   // not a JSON object
	BadTruncated                   // the last line, cut short
	BadJSON                        // not valid JSON (BadLine.json: why)
	BadNoSeq                       // no seq
	BadSeq                         // a seq that is not a whole number (Arg: as written)
	BadNoStatus                    // no status: read as dispatched
)

// Manifest is a parsed manifest.jsonl.
type Manifest struct {
	Path string
	// Seqs lists the seqs in ascending order; BySeq gives each one's
	// authoritative entry.
	Seqs []int
	// Lines counts the lines read (blank ones included); Valid counts
	// those that parsed.
	Lines, Valid int
	Bad          []BadLine
	// Truncated is true when the last line had no newline and did not
	// parse: the writer stopped in the middle of it.
	Truncated bool
	// UnknownStatus counts statuses outside the known set, by value.
	UnknownStatus map[string]int
	// NullPhases counts the dispatches whose lines record no phase.
	NullPhases int
	// Fingerprint is sha256 of the bytes read; Size their count.
	Fingerprint string
	Size        int64

	// lean: read for `plan --json` alone (see Entry.side). info is the
	// file read (lineReader reads it again).
	lean bool
	info fs.FileInfo
	// tags are the entries' shared tags (tagFor), lastTag the last one
	// given.
	tags    map[entryTag]*entryTag
	lastTag *entryTag

	// block is where the next entries are taken from: entries are
	// allocated a block at a time, not one by one.
	block []Entry
	// sides is where the next entries' sides are taken from (setSide).
	sides []entrySide
	// The entries by seq. While the seqs are small numbers from 0
	// (crucible counts from 1), each entry is in the slot of its seq in
	// dense, entryBlock slots to a chunk (chunk seq/entryBlock, nil when
	// no seq falls in it): nothing per seq beside the entry (a list of
	// pointers by seq cost 8 bytes a seq, more while it doubled), where
	// a map costs about 24 per entry and a hash per lookup. Else they
	// are in sparse (the entries already in chunks stay there).
	dense  [][]Entry
	sparse map[int]*Entry
}

// denseSlack and the quarter below bound the unused slots of the dense
// chunks: the highest seq they hold stays under the number of seqs, a
// quarter more, plus this.
const denseSlack = 4096

// BySeq is the authoritative entry for seq, nil when the manifest has
// none.
func (m *Manifest) BySeq(seq int) *Entry {
	if m.sparse != nil {
		return m.sparse[seq]
	}
	if c := seq / entryBlock; seq >= 0 && c < len(m.dense) && m.dense[c] != nil {
		if e := &m.dense[c][seq%entryBlock]; e.Lines > 0 { // a slot in use
			return e
		}
	}
	return nil
}

// put keeps e as seq's entry (seq has none yet) and returns where it is
// kept.
func (m *Manifest) put(seq int, e *Entry) *Entry {
	if m.sparse == nil && seq >= 0 && seq < len(m.Seqs)+len(m.Seqs)/4+denseSlack {
		c := seq / entryBlock
		if c >= len(m.dense) {
			m.dense = slices.Grow(m.dense, c+1-len(m.dense))[:c+1]
		}
		if m.dense[c] == nil {
			m.dense[c] = make([]Entry, entryBlock)
		}
		p := &m.dense[c][seq%entryBlock]
		*p = *e
		return p
	}
	if m.sparse == nil {
		m.sparse = make(map[int]*Entry, len(m.Seqs))
		for c, chunk := range m.dense {
			for i := range chunk {
				if chunk[i].Lines > 0 {
					m.sparse[c*entryBlock+i] = &chunk[i]
				}
			}
		}
		m.dense = nil
	}
	ne := m.newEntry()
	*ne = *e
	m.sparse[seq] = ne
	return ne
}

// entryBlock is how many entries are allocated at once (a dense chunk,
// a block of newEntry).
const entryBlock = 256

// newEntry is a zero Entry from the current block.
func (m *Manifest) newEntry() *Entry {
	if len(m.block) == 0 {
		m.block = make([]Entry, entryBlock)
	}
	e := &m.block[0]
	m.block = m.block[1:]
	return e
}

// Entries returns the authoritative entries in seq order.
func (m *Manifest) Entries() []*Entry {
	out := make([]*Entry, 0, len(m.Seqs))
	for _, s := range m.Seqs {
		out = append(out, m.BySeq(s))
	}
	return out
}

// NextSeq is the seq the next dispatch takes: the highest seq + 1.
func (m *Manifest) NextSeq() int {
	if len(m.Seqs) == 0 {
		return 1
	}
	return m.Seqs[len(m.Seqs)-1] + 1
}

// maxLine caps one manifest line. crucible keeps lines under 4096 bytes;
// anything far longer is not a manifest entry.
const maxLine = 1 << 20

// ReadManifest parses the manifest at path line by line. A file over
// fsx.MaxStreamFile (1 GiB) is refused before anything is read.
func ReadManifest(path string) (*Manifest, error) { return readManifest(path, false, nil, &english) }

// readManifest is ReadManifest; lean, the manifest's Fingerprint is left
// empty (a load that will never write) and no summary is kept (see
// Entry.side). saw, when
// not nil, is given each line's entry as it stands once the line is
// read (it must not keep it). t says the size limit's error.
func readManifest(path string, lean bool, saw func(*Entry), t *Text) (*Manifest, error) {
	f, err := fsx.Open(path, fsx.MaxStreamFile+1)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st := f.Info; st.Size() > fsx.MaxStreamFile {
		return nil, errors.New(t.TooLarge.F(path, st.Size(), int64(fsx.MaxStreamFile)))
	}
	m, err := parseManifest(f, lean, saw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m.Path, m.info = path, f.Info
	return m, nil
}

// ParseManifest reads a manifest from r with a streaming line reader: a
// line that is not a JSON object with a whole-number seq is skipped and
// recorded in Bad; the last valid line per seq wins.
func ParseManifest(r io.Reader) (*Manifest, error) { return parseManifest(r, false, nil) }

func parseManifest(r io.Reader, lean bool, saw func(*Entry)) (*Manifest, error) {
	hash := !lean
	h := sha256.New()
	if hash {
		r = io.TeeReader(r, h)
	}
	cr := &countingReader{r: r}
	br := bufio.NewReaderSize(cr, 64<<10)
	m := &Manifest{UnknownStatus: map[string]int{}, lean: lean}
	var long []byte
	var sc lineScanner
	line := 0
	var at, next int64 // where the line starts; where the next one does
	for {
		chunk, err := br.ReadSlice('\n')
		if long == nil {
			at = next
		}
		next += int64(len(chunk))
		if errors.Is(err, bufio.ErrBufferFull) {
			// A line longer than the buffer: gather it, up to maxLine.
			if len(long) <= maxLine {
				long = append(long, chunk...)
			}
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		if long != nil {
			if len(long) <= maxLine {
				long = append(long, chunk...)
			}
			chunk, long = long, nil
		}
		if len(chunk) > 0 {
			line++
			m.Lines = line
			newline := chunk[len(chunk)-1] == '\n'
			if e := m.add(&sc, line, at, chunk, newline, errors.Is(err, io.EOF)); e != nil && saw != nil {
				saw(e)
			}
		}
		if err != nil {
			break
		}
	}
	sort.Ints(m.Seqs)
	m.link()
	if hash {
		m.Fingerprint = hex.EncodeToString(h.Sum(nil))
	}
	m.Size = cr.n
	return m, nil
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// rawEntry is a manifest line before its loose values are normalised:
// agents write numbers as strings and strings as numbers.
type rawEntry struct {
	Seq           flex `json:"seq"`
	File          flex `json:"file"`
	Role          flex `json:"role"`
	Phase         flex `json:"phase"`
	Task          flex `json:"task"`
	Status        flex `json:"status"`
	Duration      flex `json:"duration_s"`
	Summary       flex `json:"summary"`
	ModelTier     flex `json:"model_tier"`
	ReplayOf      flex `json:"replay_of"`
	ReplaySession flex `json:"replay_session"`
	Mutation      flex `json:"mutation"`
	Output        flex `json:"output"`
	OutputFile    flex `json:"output_file"`
	Timestamp     flex `json:"timestamp"`
	TS            flex `json:"ts"`
	StartedAt     flex `json:"started_at"`
	DispatchedAt  flex `json:"dispatched_at"`
}

// flex is a JSON value read as text: a string's contents, a number's or
// boolean's literal; set is false for null or absent.
type flex struct {
	s   string
	set bool
}

func (f *flex) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	if b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		f.s, f.set = s, true
		return nil
	}
	f.s, f.set = string(b), true
	return nil
}

func (f flex) int() (int, bool) {
	if !f.set {
		return 0, false
	}
	s := strings.TrimSpace(f.s)
	if n, err := strconv.Atoi(s); err == nil {
		return n, true
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil && v == float64(int(v)) {
		return int(v), true
	}
	return 0, false
}

func (f flex) float() (float64, bool) {
	if !f.set {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(f.s), 64)
	return v, err == nil && v >= 0
}

func (m *Manifest) bad(line int, why BadWhy, arg, reason string) {
	m.Bad = append(m.Bad, BadLine{Line: line, Reason: reason, Why: why, Arg: arg})
}

// add reads one line; it returns the seq's entry as the line leaves it,
// nil for a line that gives none.
// at is where the line starts in the file.
func (m *Manifest) add(sc *lineScanner, line int, at int64, b []byte, newline, last bool) *Entry {
	if line == 1 {
		b = textin.TrimBOM(b) // a UTF-8 byte order mark
	}
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil // blank lines are not entries and not errors
	}
	if len(b) > maxLine {
		m.bad(line, BadTooLong, "", "longer than 1 MiB")
		return nil
	}
	if b[0] != '{' {
		m.bad(line, BadNotObject, "", "not a JSON object")
		if last && !newline {
			m.Truncated = true
		}
		return nil
	}
	raw := sc.entry()
	if err := sc.decode(b, raw); err != nil {
		if last && !newline {
			m.Truncated = true
			m.bad(line, BadTruncated, "", "truncated (the writer stopped in the middle of it)")
			return nil
		}
		why := jsonFaultOf(err)
		m.Bad = append(m.Bad, BadLine{Line: line, Reason: "not valid JSON: " + why.String(), Why: BadJSON, json: why})
		return nil
	}
	seq, ok := raw.Seq.int()
	if !ok {
		if !raw.Seq.set {
			m.bad(line, BadNoSeq, "", "no seq")
		} else {
			arg := sc.own(raw.Seq.s)
			m.bad(line, BadSeq, arg, fmt.Sprintf("seq %q is not a whole number", arg))
		}
		return nil
	}
	// e is built on the stack: a seq's later line overwrites its entry
	// in place, so each dispatch costs one allocation, not one per line.
	// The line's values are the scanner's until the next line: what is
	// kept is copied (sc.own).
	e := Entry{Seq: seq, Line: int32(line), Lines: 1, off: uint32(min(at, math.MaxUint32))}
	role, phase := sc.own(strings.TrimSpace(raw.Role.s)), sc.own(strings.TrimSpace(raw.Phase.s))
	e.HasPhase = raw.Phase.set && phase != ""
	status := sc.own(strings.ToLower(strings.TrimSpace(raw.Status.s)))
	e.Duration, e.HasDuration = raw.Duration.float()
	rare := entryRare{replaySession: sc.own(raw.ReplaySession.s), mutation: sc.own(raw.Mutation.s), output: sc.own(firstSet(raw.Output, raw.OutputFile)),
		timestamp: sc.own(firstSet(raw.Timestamp, raw.StartedAt, raw.DispatchedAt, raw.TS))}
	rare.replayOf, rare.hasReplayOf = raw.ReplayOf.int()
	if status == "" {
		status = StatusDispatched
		m.bad(line, BadNoStatus, "", "no status (read as dispatched)")
	} else if !knownStatus[status] {
		m.UnknownStatus[status]++
	}
	m.Valid++
	file, task, tier, tmpl := raw.File.s, raw.Task.s, raw.ModelTier.s, ""
	prev := m.BySeq(seq)
	if prev != nil {
		e.Lines = prev.Lines + 1
		// A completion line that leaves out context fields keeps the
		// dispatched line's.
		if role == "" {
			role = prev.Role()
		}
		if file == "" {
			if prev.fileHow == fileUsual {
				e.fileHow, tmpl = fileUsual, prev.tag.tmpl
			} else {
				file = prev.File()
			}
		}
		if !e.HasPhase && !raw.Phase.set {
			phase, e.HasPhase = prev.Phase(), prev.HasPhase
		}
		if task == "" && !raw.Task.set {
			e.taskN = prev.taskN
			if prev.taskN == 0 {
				task = prev.Task()
			}
		}
		if rare.timestamp == "" {
			rare.timestamp = prev.Timestamp()
		}
		if tier == "" {
			tier = prev.ModelTier()
		}
	}
	if file != "" {
		if t, ok := fileTemplate(seq, file); ok {
			e.fileHow, tmpl = fileUsual, t
		} else {
			e.fileHow, rare.file = fileRare, sc.own(file)
		}
	}
	e.tag = m.tagFor(role, status, phase, tmpl)
	if e.taskN == 0 && task != "" {
		if e.taskN = plainNumber(task); e.taskN == 0 {
			rare.task = sc.own(task)
		}
	}
	if tier != "" {
		e.tier = tierOther
		for i, t := range tiers {
			if t == tier {
				e.tier = uint8(i)
			}
		}
		if e.tier == tierOther {
			rare.tier = sc.own(tier)
		}
	}
	switch {
	case sc.sumAt == -2:
		e.sumN = 1 // none
	case sc.sumAt >= 0 && sc.sumAt <= math.MaxUint16 && sc.sumN < math.MaxUint16:
		e.sumAt, e.sumN = uint16(sc.sumAt), uint16(sc.sumN+1)
	}
	// The summary: a lean manifest keeps none (see Entry.side).
	sum := ""
	if raw.Summary.s != "" && !m.lean {
		sum = sc.own(raw.Summary.s)
	}
	m.setSide(&e, sum, rare)
	if prev != nil {
		*prev = e
		return prev
	}
	if len(m.Seqs) == cap(m.Seqs) {
		// Doubling: append grows a long slice by a quarter at a time,
		// and copies it each time.
		m.Seqs = slices.Grow(m.Seqs, max(len(m.Seqs), 256))
	}
	m.Seqs = append(m.Seqs, seq)
	return m.put(seq, &e)
}

// setSide keeps sum and r in e when either holds anything: the side
// from the manifest's current block of sides, the record copied to the
// heap.
func (m *Manifest) setSide(e *Entry, sum string, r entryRare) {
	e.side = nil
	if sum == "" && r == (entryRare{}) {
		return
	}
	if len(m.sides) == 0 {
		m.sides = make([]entrySide, entryBlock)
	}
	e.side = &m.sides[0]
	m.sides = m.sides[1:]
	e.side.sum = sum
	if r != (entryRare{}) {
		kept := r
		e.side.rare = &kept
	}
}

func firstSet(fs ...flex) string {
	for _, f := range fs {
		if f.set && f.s != "" {
			return f.s
		}
	}
	return ""
}

// jsonFault is why crucible's JSON did not decode: Go's syntax error
// (Go's own words) at a byte, a field of the wrong type, or another
// error as Go words it. Text.jsonWords says it; String is English.
type jsonFault struct {
	syntax string // Go's syntax error
	offset int64
	typed  bool   // a value of the wrong type
	field  string // its field ("" at the top level)
	other  string // any other error
}

func jsonFaultOf(err error) jsonFault {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return jsonFault{syntax: se.Error(), offset: se.Offset}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return jsonFault{typed: true, field: te.Field}
	}
	return jsonFault{other: err.Error()}
}

func (f jsonFault) String() string { return english.jsonWords(f) }

// link fills EPhase (a null phase takes the dispatch file header's
// phase when one was read, else the nearest earlier phase, or the nearest
// later one at the start) and SupersededBy (replay entries stand for the
// seq they replay).
func (m *Manifest) link() {
	last := ""
	var pending []*Entry
	m.NullPhases = 0
	for _, s := range m.Seqs {
		e := m.BySeq(s)
		own, ph := e.HasPhase, e.Phase()
		if !own {
			m.NullPhases++
			if e.r() != nil && e.r().hdrPhase != "" {
				own, ph = true, e.r().hdrPhase
				e.setEPhase(ph)
			}
		}
		if own {
			last = ph
			for _, p := range pending {
				p.setEPhase(last)
			}
			pending = nil
			continue
		}
		if last == "" {
			pending = append(pending, e)
			continue
		}
		e.setEPhase(last)
	}
	for _, p := range pending {
		p.setEPhase("") // no entry has a phase
	}
	for _, s := range m.Seqs {
		e := m.BySeq(s)
		if !e.HasReplayOf() || e.ReplayOf() == e.Seq {
			continue
		}
		if orig := m.BySeq(e.ReplayOf()); orig != nil && orig.Seq < e.Seq {
			if by := orig.SupersededBy(); by == 0 || by < e.Seq {
				orig.ownRare().supersededBy = e.Seq
			}
		}
	}
}

// SetHeaderPhases gives each dispatch whose lines record a null phase
// the phase phase(e) returns (its dispatch file header's **Phase:**; ""
// when none), and groups the entries again. crucible's sub-skills
// (quality-gate, red-team) may dispatch without a phase; their dispatch
// file headers still carry the one they ran in.
func (m *Manifest) SetHeaderPhases(phase func(*Entry) string) {
	if m.NullPhases == 0 {
		return
	}
	changed := false
	for _, s := range m.Seqs {
		e := m.BySeq(s)
		if e.HasPhase {
			continue
		}
		if ph := strings.TrimSpace(phase(e)); ph != "" {
			e.ownRare().hdrPhase = ph
			changed = true
		}
	}
	if changed {
		m.link()
	}
}

// HeaderPhase says whether the entry's phase came from its dispatch file
// header (its lines record none).
func (e *Entry) HeaderPhase() bool { return !e.HasPhase && e.r() != nil && e.r().hdrPhase != "" }
