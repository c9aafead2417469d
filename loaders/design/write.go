package design

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/textin"
)

// stamp is the timestamp in archive names: UTC, to the millisecond, no
// colons (20260128T143000.000Z).
func stamp(now time.Time) string { return now.UTC().Format("20060102T150405.000Z") }

// archivePath is where RESTART and DISCARD put a session file:
// .claude/design/sessions/archive/<feature>.<stamp>.session.json.
func archivePath(path, feature string, now time.Time) string {
	return filepath.Join(filepath.Dir(path), "archive", feature+"."+stamp(now)+".session.json")
}

// corruptedPath is where a rebuild keeps the corrupted file, beside it.
func corruptedPath(path string, now time.Time) string {
	return path + ".corrupted." + stamp(now)
}

// timeText is now in the file's own timestamp style: RFC 3339 UTC, with
// milliseconds when like has a fractional part.
func timeText(now time.Time, like string) string {
	if strings.Contains(like, ".") {
		return now.UTC().Format("2006-01-02T15:04:05.000Z07:00")
	}
	return now.UTC().Format(time.RFC3339)
}

// ---- a new session file ----

// newFile is a session file as pickup creates it (RESTART from Stage 0,
// a rebuild, a migration): seed 003's schema in its key order.
type newFile struct {
	Version      string            `json:"version"`
	FeatureName  string            `json:"feature_name"`
	PRDSource    *string           `json:"prd_source"`
	CreatedAt    string            `json:"created_at"`
	UpdatedAt    string            `json:"updated_at"`
	CurrentStage int               `json:"current_stage"`
	StageStatus  map[string]string `json:"stage_status"`
	Checkpoints  map[string]any    `json:"checkpoints"`
	Artifacts    newArtifacts      `json:"artifacts"`
}

type newArtifacts struct {
	Rules     any `json:"rules"`
	Analysis  any `json:"analysis"`
	TDD       any `json:"tdd"`
	ADRs      any `json:"adrs"`
	BDD       any `json:"bdd"`
	Contracts any `json:"contracts"`
	Tickets   any `json:"tickets"`
}

func (a *newArtifacts) set(key string, paths []string) {
	var val any
	switch {
	case len(paths) == 0:
	case key == "adrs" || key == "tickets":
		val = paths
	default:
		val = paths[0]
	}
	switch key {
	case "rules":
		a.Rules = val
	case "analysis":
		a.Analysis = val
	case "tdd":
		a.TDD = val
	case "adrs":
		a.ADRs = val
	case "bdd":
		a.BDD = val
	case "contracts":
		a.Contracts = val
	case "tickets":
		a.Tickets = val
	}
}

// encodeNew writes a new session: two-space indentation, a final
// newline, no HTML escaping.
func encodeNew(f newFile) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		panic(err) // strings, ints and maps of strings only
	}
	return b.Bytes()
}

// freshFile is an all-pending session, as create_session starts one.
func (v *view) freshFile(now time.Time) []byte {
	f := newFile{
		Version: "1.0", FeatureName: v.feature, PRDSource: v.prdSource(),
		CreatedAt: timeText(now, ""), UpdatedAt: timeText(now, ""),
		StageStatus: map[string]string{}, Checkpoints: map[string]any{},
	}
	for n := range Stages {
		f.StageStatus[strconv.Itoa(n)] = stPending
	}
	return encodeNew(f)
}

// rebuiltFile is the session reconstructed from the artifacts.
func (v *view) rebuiltFile(now time.Time) []byte {
	created := timeText(now, "")
	if c := v.salvage("created_at"); c != "" {
		if _, ok := parseTime(c); ok {
			created = c
		}
	}
	f := newFile{
		Version: "1.0", FeatureName: v.feature, PRDSource: v.prdSource(),
		CreatedAt: created, UpdatedAt: timeText(now, ""),
		CurrentStage: v.resume, StageStatus: map[string]string{}, Checkpoints: map[string]any{},
	}
	for n := range Stages {
		f.StageStatus[strconv.Itoa(n)] = v.status[n]
	}
	for _, r := range roles {
		if r.convention == "" {
			continue
		}
		p := fmt.Sprintf(r.convention, v.feature)
		if exists(v.project, p) {
			f.Artifacts.set(r.key, []string{p})
		}
	}
	return encodeNew(f)
}

// prdSource keeps the PRD the session was started from: from the file,
// or salvaged from a corrupted one.
func (v *view) prdSource() *string {
	if v.file != nil && v.file.prd != "" {
		p := v.file.prd
		return &p
	}
	if p := v.salvage("prd_source"); p != "" {
		return &p
	}
	return nil
}

// salvage finds a top-level-looking "key": "value" string in a file that
// does not parse, so a rebuild keeps what can still be read.
func (v *view) salvage(key string) string {
	if v.file != nil || len(v.raw) == 0 {
		return ""
	}
	needle := []byte(strconv.Quote(key))
	i := bytes.Index(v.raw, needle)
	if i < 0 {
		return ""
	}
	rest := bytes.TrimLeft(v.raw[i+len(needle):], " \t\r\n")
	if !bytes.HasPrefix(rest, []byte(":")) {
		return ""
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	if !bytes.HasPrefix(rest, []byte(`"`)) {
		return ""
	}
	end := bytes.IndexAny(rest[1:], "\"\\\n")
	if end < 0 || rest[1+end] != '"' {
		return ""
	}
	return string(rest[1 : 1+end])
}

// ---- edits of an existing file ----

// restartedFrom is the file with stages n-7 set to pending and
// current_stage n (RESTART from a later stage: "mark Stage n incomplete
// and restart from there", or "re-run Stage n"). Re-running a stage
// whose output waited for approval also records that it was not
// approved (rejectionEdits), so the next look does not ask again.
func (v *view) restartedFrom(n int, now time.Time) ([]byte, error) {
	reject := -1
	if v.mode == modeUnapproved && v.cStage == n {
		reject = n
	}
	return v.edit(now, n, func(status map[int]string) {
		for i := n; i <= LastStage; i++ {
			status[i] = stPending
		}
	}, "", reject)
}

// rejectionEdits record that stage n's output was not approved: on its
// checkpoint (stage_3b_design...) user_approved false and rejected_at
// now, adding the checkpoint (and the checkpoints object) when missing.
func (v *view) rejectionEdits(data []byte, n int, now time.Time) []jedit {
	root := v.file.tree.root
	when := jsonText(timeText(now, "."))
	cps := get(root, "checkpoints")
	var cp gjson.Result
	for key, val := range members(cps) {
		if k := strings.ToLower(key); (k == rejectionPrefix[n] || strings.HasPrefix(k, rejectionPrefix[n]+"_")) && val.IsObject() {
			cp = val
		}
	}
	entry := `{"user_approved": false, "rejected_at": ` + when + `}`
	switch {
	case cp.Exists():
		return []jedit{setMember(data, cp, "user_approved", "false"), setMember(data, cp, "rejected_at", when)}
	case cps.IsObject():
		return []jedit{setMember(data, cps, rejectionCheckpoint[n], entry)}
	}
	return []jedit{setMember(data, root, "checkpoints", "{"+jsonText(rejectionCheckpoint[n])+": "+entry+"}")}
}

// approved is the file with stage n complete and current_stage n+1, as
// mark_stage_complete does, and the approved artifact recorded when the
// session had none for it (the spec's "If yes: Update session, proceed").
func (v *view) approved(now time.Time) ([]byte, error) {
	n := v.cStage
	next := n + 1
	if next > LastStage {
		next = LastStage
	}
	key := map[int]string{3: "tdd", 4: "contracts", 5: "bdd"}[n]
	return v.edit(now, next, func(status map[int]string) { status[n] = stComplete }, key, -1)
}

// edit changes stage statuses, current_stage and updated_at (and one
// artifact entry, and a rejection when reject is a stage) in place: only those values' bytes change; every
// other byte of the file stays as it was.
func (v *view) edit(now time.Time, current int, change func(map[int]string), artifactKey string, reject int) ([]byte, error) {
	if v.file == nil {
		return nil, errors.New(v.text().SessionFileUnreadable)
	}
	if err := (textin.Text{Encoding: v.file.tree.encoding}).Writable(v.path); err != nil {
		return nil, err // offsets are into the decoded text, not the file's bytes
	}
	root := v.file.tree.root
	data := v.raw
	var edits []jedit

	ss := get(root, "stage_status")
	want := map[int]string{}
	// Stages read from current_stage (reconcile) are recorded too.
	for n := range Stages {
		if v.settled[n] {
			want[n] = v.status[n]
		}
	}
	change(want)
	for _, n := range sortedInts(want) {
		val := jsonText(want[n])
		switch {
		case ss.IsObject():
			key := statusKey(ss, n)
			edits = append(edits, setMember(data, ss, key, val))
			if n == 3 {
				for key, sub := range members(ss) {
					if _, k, ok := statusKeyStage(key); ok && k != "" {
						edits = append(edits, replace(sub, val))
					}
				}
			}
		case n < len(items(ss)):
			edits = append(edits, replace(items(ss)[n], val))
		}
	}
	if !ss.IsObject() && !ss.IsArray() {
		// The stages came from current_stage alone: record them properly.
		full := map[string]string{}
		for n := range Stages {
			st := v.status[n]
			if w, ok := want[n]; ok {
				st = w
			}
			full[strconv.Itoa(n)] = st
		}
		if ss.Exists() {
			edits = append(edits, replace(ss, jsonText(full)))
		} else {
			edits = append(edits, setMember(data, root, "stage_status", jsonText(full)))
		}
	}

	cur := strconv.Itoa(current)
	if get(root, "current_stage").Type == gjson.String {
		cur = jsonText(cur)
	}
	edits = append(edits, setMember(data, root, "current_stage", cur))
	edits = append(edits, setMember(data, root, "updated_at", jsonText(timeText(now, str(get(root, "updated_at"))))))

	if artifactKey != "" && len(v.cPaths) > 0 {
		if e := v.file.artifact(artifactKey); e == nil || e.null {
			arts := get(root, "artifacts")
			switch {
			case arts.IsObject():
				edits = append(edits, setMember(data, arts, artifactKey, jsonText(v.cPaths[0])))
			case !arts.Exists():
				edits = append(edits, setMember(data, root, "artifacts", jsonText(map[string]string{artifactKey: v.cPaths[0]})))
			}
		}
	}
	if reject >= 0 {
		edits = append(edits, v.rejectionEdits(data, reject, now)...)
	}
	out := applyEdits(data, dedupe(edits))
	if _, jerr := parseJSON(out); jerr != nil {
		return nil, errors.New(v.text().EditedSessionNotJSON.F(jerr.in(v.text())))
	}
	return out, nil
}

// statusKey is the stage_status key the file uses for stage n ("3",
// "stage_3", "design"), or "n" when it has none.
func statusKey(ss gjson.Result, n int) string {
	for key := range members(ss) {
		if i, sub, ok := statusKeyStage(key); ok && sub == "" && i == n {
			return key
		}
	}
	return strconv.Itoa(n)
}

// jedit replaces data[start:end] with text.
type jedit struct {
	start, end int
	text       string
}

// replace is the edit that gives a value of the file new JSON text.
func replace(old gjson.Result, text string) jedit {
	return jedit{old.Index, old.Index + len(old.Raw), text}
}

// setMember is the edit that gives key the value text in object obj:
// the old value's bytes are replaced (the last one's, when the key is
// repeated), or a new member is added after the last one, on its own
// line and indented like it.
func setMember(data []byte, obj gjson.Result, key, text string) jedit {
	var found, lastKey, last gjson.Result
	obj.ForEach(func(k, v gjson.Result) bool {
		if decoded(k) == key {
			found = v
		}
		lastKey, last = k, v
		return true
	})
	if found.Exists() {
		return replace(found, text)
	}
	member := jsonText(key) + ": " + text
	if !last.Exists() {
		return replace(obj, "{"+member+"}")
	}
	end := last.Index + len(last.Raw)
	if bytes.IndexByte(data[obj.Index:lastKey.Index], '\n') < 0 {
		return jedit{end, end, ", " + member}
	}
	lineStart := bytes.LastIndexByte(data[:lastKey.Index], '\n') + 1
	indent := string(data[lineStart:lastKey.Index])
	if strings.TrimLeft(indent, " \t") != "" {
		indent = "  "
	}
	eol := "\n"
	if lineStart >= 2 && data[lineStart-2] == '\r' {
		eol = "\r\n"
	}
	return jedit{end, end, "," + eol + indent + member}
}

// jsonText is v as compact JSON text without HTML escaping.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only called with strings, numbers and maps of strings
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// applyEdits returns data with the edits made. Edits must not overlap;
// two insertions at the same place keep their order.
func applyEdits(data []byte, edits []jedit) []byte {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b jedit) int { return cmp.Compare(a.start, b.start) })
	var b bytes.Buffer
	at := 0
	for _, e := range sorted {
		b.Write(data[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.Write(data[at:])
	return b.Bytes()
}

// dedupe drops edits that replace the same span twice (the last wins)
// and merges insertions at one place into one, in order.
func dedupe(edits []jedit) []jedit {
	var out []jedit
	for _, e := range edits {
		merged := false
		for i := range out {
			if out[i].start == e.start && out[i].end == e.end {
				if e.start == e.end {
					out[i].text += e.text
				} else {
					out[i] = e
				}
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, e)
		}
	}
	return out
}

func sortedInts(m map[int]string) []int {
	out := make([]int, 0, len(m))
	for n := range Stages {
		if _, ok := m[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// ---- carrying out a choice ----

// changedSince refuses a write when the file or its artifacts no
// longer give the menu the person chose from.
func (v *view) changedSince() error {
	return &model.GuardError{Kind: "state_changed",
		Message: v.text().ChangedSinceRead}
}

// apply carries out choice c on the view, which was just recomputed from
// disk. Every write checks the loaded fingerprint first.
func (v *view) apply(c model.Choice, now time.Time) model.Applied {
	a := model.Applied{Choice: c}
	fail := func(err error) model.Applied { a.Err = err; return a }
	switch c {
	case model.Review:
		return a
	case model.Continue:
		switch v.mode {
		case modeUnapproved:
			out, err := v.approved(now)
			if err != nil {
				return fail(fmt.Errorf("%s: %w", v.path, err))
			}
			if err := fsx.ReplaceIfUnchanged(v.path, v.fp, out); err != nil {
				return fail(err)
			}
			a.Changed = []string{v.path}
		case modeCorrupted:
			keep := corruptedPath(v.path, now)
			if err := v.copyThenReplace(keep, v.rebuiltFile(now)); err != nil {
				return fail(err)
			}
			a.Changed = []string{keep, v.path}
		case modeMigration:
			if err := create(v.path, v.rebuiltFile(now)); err != nil {
				return fail(err)
			}
			a.Changed = []string{v.path}
		}
		return a
	case model.Restart:
		if v.mode == modeMigration {
			if err := create(v.path, v.freshFile(now)); err != nil {
				return fail(err)
			}
			a.Changed = []string{v.path}
			return a
		}
		var out []byte
		if v.restartFrom == 0 || v.file == nil {
			out = v.freshFile(now)
		} else {
			var err error
			if out, err = v.restartedFrom(v.restartFrom, now); err != nil {
				return fail(fmt.Errorf("%s: %w", v.path, err))
			}
		}
		keep := archivePath(v.path, v.feature, now)
		if err := v.copyThenReplace(keep, out); err != nil {
			return fail(err)
		}
		a.Changed = []string{keep, v.path}
		return a
	case model.Discard:
		if !v.exists {
			return fail(errors.New("design: " + v.text().NoSessionFileToArchive))
		}
		dst := archivePath(v.path, v.feature, now)
		if err := fsx.ArchiveTo(v.path, v.fp, dst); err != nil {
			return fail(err)
		}
		a.Changed, a.ArchivedTo = []string{v.path}, dst
		return a
	}
	return fail(errors.New("design: " + v.text().UnknownChoice.F(strconv.Quote(string(c)))))
}

// copyThenReplace keeps the loaded bytes under keep (a new file) and
// then replaces the session file with out, so the session path always
// holds a whole file and the old content is never lost. Both steps check
// that the file still holds what was loaded.
func (v *view) copyThenReplace(keep string, out []byte) error {
	if err := fsx.Verify(v.path, v.fp); err != nil {
		return err
	}
	if err := fsx.CreateNew(keep, v.raw, 0o644); err != nil {
		return err
	}
	if err := fsx.ReplaceIfUnchanged(v.path, v.fp, out); err != nil {
		return fmt.Errorf("%w%s", err, v.text().OldSessionKept.F(keep))
	}
	return nil
}

// create writes a session file that must not exist yet; one that
// appeared since pickup looked is reported as changed on disk.
func create(path string, data []byte) error {
	err := fsx.CreateNew(path, data, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return &fsx.ChangedError{Path: path}
	}
	return err
}
