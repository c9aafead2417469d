package design

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
	"github.com/tidwall/gjson"
)

// AtelierSource is the atelier scripts' state as a source of its own.
const AtelierSource = "atelier"

// AtelierPhases are atelier's workflow phases, in order
// (scripts/state_manager.sh VALID_PHASES).
var AtelierPhases = []string{"gather", "specify", "design", "plan", "build", "review", "deploy"}

// AtelierState and AtelierSessions are where the scripts write,
// relative to the project.
const (
	AtelierState    = ".atelier/state.json"
	AtelierSessions = ".atelier/sessions"
)

// Atelier reads .atelier/state.json ({version, phase, feature,
// locked_files, updated_at}, written by state_manager.sh) and
// .atelier/sessions/<id>.json ({session_id, saved_at, phase, feature,
// branch, last_commit, uncommitted_files, locked_files, workstream,
// notes}, written when /worklog saves a session). Both are facts about
// where a feature stands; neither has progress pickup could reset, so
// RESTART is off (with the script command that moves the phase) and
// DISCARD archives the file beside itself.
type Atelier struct {
	feature string
	t       *Text // the language of its sentences (text.go)
}

var (
	_ loaders.Loader            = (*Atelier)(nil)
	_ loaders.NotFoundExplainer = (*Atelier)(nil)
)

// NewAtelier returns the atelier loader for one invocation's options.
func NewAtelier(o loaders.Options) *Atelier {
	return &Atelier{feature: strings.TrimSpace(o.Flag(FlagFeature)), t: Catalogs.For(o.Lang)}
}

// Source returns "atelier".
func (*Atelier) Source() string { return AtelierSource }

// Discover returns .atelier/state.json and .atelier/sessions/*.json that
// exist and hold atelier's state (ClaimsAtelier: another tool's JSON there
// is left out), only those of --feature when set. It reads one folder.
func (a *Atelier) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("atelier: %s: %w", a.text().Project.F(project), err)
	}
	var found []string
	var dirErr error
	// keep returns p when it holds atelier's state, or cannot be read
	// (a folder, a named pipe, a symlink loop: Load says what it is,
	// rather than pickup reporting no session).
	keep := func(p string, state bool) {
		data, err := fsx.ReadFile(p)
		if err != nil {
			if a.feature == "" { // whose feature it is cannot be told
				found = append(found, p)
			}
			return
		}
		if !ClaimsAtelier(data, state) {
			return
		}
		if a.feature != "" {
			t, jerr := parseJSON(data)
			if jerr != nil || strings.TrimSpace(str(get(t.root, "feature"))) != a.feature {
				return
			}
		}
		found = append(found, p)
	}
	state := filepath.Join(root, filepath.FromSlash(AtelierState))
	if _, err := os.Lstat(state); err == nil {
		keep(state, true)
	}
	dir := filepath.Join(root, filepath.FromSlash(AtelierSessions))
	entries, err := os.ReadDir(dir)
	switch {
	case err == nil:
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".json") && e.Name() != ".json" {
				keep(filepath.Join(dir, e.Name()), false)
			}
		}
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, errNotDir):
	default:
		dirErr = fmt.Errorf("atelier: %s: %w", dir, err)
	}
	return found, dirErr
}

// Load reads one atelier file.
func (a *Atelier) Load(project, path string) (*model.Session, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("atelier: %s: %w", a.text().Project.F(project), err)
	}
	p, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("atelier: %s: %w", path, err)
	}
	data, err := fsx.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("atelier: %w", err)
	}
	return a.parse(root, p, data), nil
}

// text is the loader's language; a hand-built Atelier speaks English.
func (a *Atelier) text() *Text {
	if a.t != nil {
		return a.t
	}
	return &english
}

func (a *Atelier) parse(project, path string, data []byte) *model.Session {
	t := a.text()
	rel, err := filepath.Rel(project, path)
	if err != nil {
		rel = path
	}
	rel = filepath.ToSlash(rel)
	snapshot := rel != AtelierState
	s := &model.Session{
		Source: AtelierSource, ID: loaders.SessionID(AtelierSource, project, path),
		Path: path, Project: project, Title: "atelier " + rel,
		Fingerprint: fsx.Fingerprint(data), Warnings: []string{},
	}
	corrupted := func(line int, detail string) *model.Session {
		s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: path, Line: line, Detail: detail}
		return s
	}
	tree, jerr := parseJSON(data)
	if jerr != nil {
		return corrupted(jerr.Line, t.NotValidJSON.F(jerr.in(t)))
	}
	root := tree.root
	if !root.IsObject() {
		return corrupted(tree.line(root), t.TopLevelNotObject.F(t.kind(root)))
	}
	warn := func(w string) { s.Warnings = append(s.Warnings, w) }
	tree.leniencyWarnings(warn, t)

	feature := strings.TrimSpace(str(get(root, "feature")))
	phaseNode := get(root, "phase")
	phase := strings.ToLower(scalar(phaseNode))
	if !snapshot && phase == "" {
		line := tree.line(root)
		if phaseNode.Exists() {
			line = tree.line(phaseNode)
		}
		return corrupted(line, t.RequiredFieldPhaseMissing)
	}
	stampKey := "updated_at"
	if snapshot {
		stampKey = "saved_at"
	}
	if when, ok := parseTime(str(get(root, stampKey))); ok {
		s.LastUpdated, s.HasLastUpdated = when, true
	} else {
		warn(t.NoReadableStamp.F(stampKey))
	}
	s.LastAction = &model.LastAction{Type: "phase_recorded", Clean: true}
	if snapshot {
		s.LastAction.Type = "session_saved"
	}

	idx := -1
	for i, p := range AtelierPhases {
		if p == phase {
			idx = i
		}
	}
	if phase != "" && idx < 0 {
		s.Problem = &model.LoadError{Kind: model.ErrPhaseNotFound, Path: path, Line: tree.line(phaseNode),
			Detail: t.PhaseNotOneAtelier.F(strconv.Quote(phase), strings.Join(AtelierPhases, " -> "))}
	}
	if phase == "" {
		warn(t.SnapshotNoPhase)
	}
	s.Phases = atelierPhases(idx)
	s.Progress = model.Progress{Done: s.PhasesDone(), Total: len(AtelierPhases)}
	s.Stage, s.Status = phase, phase

	locked := strList(get(root, "locked_files"))
	s.Fields = []model.Field{
		{Key: "feature", Label: "Feature", Value: or(feature, t.NoneWord)},
		{Key: "phase", Label: "Phase", Value: or(phase, t.NoneWord)},
	}
	if feature != "" {
		// The script state and the /worklog snapshots of one feature sit
		// side by side in the picker: the title tells them apart.
		s.Title = "atelier: " + feature
		if snapshot {
			s.Title = t.AtelierSnapshot.F(feature)
		}
	}
	ctx := map[string]any{"phase": phase, "feature": feature, "state_file": rel, "locked_files": locked}
	if idx >= 0 {
		s.ResumePoint = model.ResumePoint{Phase: phase, Reason: t.RecordsPhase.F(baseName(rel), phase)}
		ctx["next_command"] = "/" + phase
	} else if phase != "" {
		s.ResumePoint = model.ResumePoint{Reason: s.Problem.Detail}
	}

	if snapshot {
		a.snapshot(s, root, ctx, rel, warn)
	}
	s.Fields = append(s.Fields, model.Field{Key: "locked", Label: "Locked files", Value: fmt.Sprint(len(locked))})
	if len(locked) > 0 {
		s.Warnings = append(s.Warnings, t.Locked.N(len(locked), strings.Join(locked, ", ")))
	}
	s.Context = ctx

	restart := t.AtelierMovesPhasesWith
	if snapshot {
		restart = t.SavedAtelierSessionSnapshot
	}
	cont := model.ChoicePolicy{Recommended: true}
	if idx >= 0 {
		cont.Label, cont.Hint = t.ResumePhase.F(phase), "/"+phase
		if feature != "" {
			cont.Hint = t.CommandFor.F(phase, feature)
		}
	}
	s.Policy = map[model.Choice]model.ChoicePolicy{
		model.Continue: cont,
		model.Restart:  {Label: t.GoBackGatherPhase, Disabled: restart},
	}
	return s
}

// atelierPhases are atelier's phases, done before idx, current at idx
// (all unknown when idx < 0).
func atelierPhases(idx int) []model.Phase {
	var out []model.Phase
	for i, p := range AtelierPhases {
		ph := model.Phase{Name: p}
		switch {
		case idx < 0:
			ph.Status, ph.Label = model.PhasePending, "unknown"
		case i < idx:
			ph.Status, ph.Label = model.PhaseCompleted, "done"
		case i == idx:
			ph.Status, ph.Label = model.PhaseInProgress, "current"
		default:
			ph.Status, ph.Label = model.PhasePending, "pending"
		}
		out = append(out, ph)
	}
	return out
}

// snapshot reads what a /worklog snapshot adds: its session id, branch,
// last commit, uncommitted files, workstream and notes, and whether a
// newer snapshot makes it history.
func (a *Atelier) snapshot(s *model.Session, root gjson.Result, ctx map[string]any, rel string, warn func(string)) {
	t, path := a.text(), s.Path
	id := or(scalar(get(root, "session_id")), strings.TrimSuffix(baseName(rel), ".json"))
	ctx["session_id"] = id
	s.Branch = scalar(get(root, "branch"))
	commit := scalar(get(root, "last_commit"))
	s.Fields = append(s.Fields, model.Field{Key: "session", Label: "Session", Value: id})
	if commit != "" {
		s.Fields = append(s.Fields, model.Field{Key: "last_commit", Label: "Last commit", Value: commit})
		ctx["last_commit"] = commit
	}
	if un := get(root, "uncommitted_files"); un.Exists() {
		n, ok := intOf(un)
		if !ok && un.IsArray() {
			n, ok = len(items(un)), true
		}
		if ok {
			s.Fields = append(s.Fields, model.Field{Key: "uncommitted", Label: "Uncommitted files", Value: fmt.Sprint(n)})
			ctx["uncommitted_files"] = n
			if n > 0 {
				s.Warnings = append(s.Warnings, t.Uncommitted.N(n))
			}
		}
	}
	if ws := describeValue(get(root, "workstream")); ws != "" {
		s.Fields = append(s.Fields, model.Field{Key: "workstream", Label: "Workstream", Value: ws})
		ctx["workstream"] = ws
	}
	if notes := notesOf(get(root, "notes")); notes != "" {
		s.Handoff = model.Handoff{Note: notes}
		ctx["notes"] = notes
	}
	if s.Branch != "" {
		ctx["branch"] = s.Branch
	}
	// The context guard compares these with the checkout (the core,
	// with the checkout cmd reads): "a1b2c3d Add auth models" records
	// its commit first.
	s.Recorded = model.Recorded{Branch: s.Branch, CommitField: "last_commit"}
	if f := strings.Fields(commit); len(f) > 0 && isHexID(f[0]) {
		s.Recorded.Commit = f[0]
	}
	if newer := a.newerSnapshot(filepath.Dir(path), path, s.LastUpdated); newer != "" {
		s.Archived = true
		warn(t.NewerSavedSessionExists.F(newer))
	}
}

// newerSnapshot names another saved session in dir with a later saved_at
// than t, or "".
func (a *Atelier) newerSnapshot(dir, self string, t time.Time) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var newer []string
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if p == self || !strings.HasSuffix(e.Name(), ".json") || !e.Type().IsRegular() {
			continue
		}
		data, err := fsx.ReadFile(p)
		if err != nil || !ClaimsAtelier(data, false) {
			continue
		}
		tree, jerr := parseJSON(data)
		if jerr != nil {
			continue
		}
		if ot, ok := parseTime(str(get(tree.root, "saved_at"))); ok && ot.After(t) {
			newer = append(newer, e.Name())
		}
	}
	sort.Strings(newer)
	if len(newer) == 0 {
		return ""
	}
	return newer[len(newer)-1]
}

// Apply: CONTINUE and REVIEW write nothing; RESTART is off; DISCARD
// renames the file to "<name>.discarded.<unix-ms>" beside itself.
func (a *Atelier) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	ap := model.Applied{Choice: c}
	switch c {
	case model.Continue, model.Review:
	case model.Discard:
		dst, err := fsx.Archive(s.Path, s.Fingerprint, now)
		if err != nil {
			ap.Err = err
			return ap
		}
		ap.Changed, ap.ArchivedTo = []string{s.Path}, dst
	default:
		ap.Err = errors.New("atelier: " + a.text().NotAvailableAtelierState.F(c))
	}
	return ap
}

// NotFound is the atelier source's "nothing found".
func (a *Atelier) NotFound(project string) string {
	t := a.text()
	if a.feature != "" {
		return t.NoAtelierStateFeature.F(strconv.Quote(a.feature), project, AtelierState, AtelierSessions)
	}
	return t.NoAtelierStateFound.F(project, AtelierState, AtelierSessions)
}

// strList reads a list of strings (other items are skipped).
func strList(list gjson.Result) []string {
	out := []string{}
	for _, it := range items(list) {
		if s := scalar(it); s != "" && it.Type == gjson.String {
			out = append(out, s)
		}
	}
	return out
}

// describeValue is a scalar's text, an object's "name" (or its keys), a
// list's items joined.
func describeValue(v gjson.Result) string {
	switch {
	case v.IsObject():
		for _, k := range []string{"name", "id", "title"} {
			if s := scalar(get(v, k)); s != "" {
				return s
			}
		}
		var keys []string
		for key := range members(v) {
			keys = append(keys, key)
		}
		return strings.Join(keys, ", ")
	case v.IsArray():
		return strings.Join(strList(v), ", ")
	}
	return scalar(v)
}

func notesOf(v gjson.Result) string {
	if v.IsArray() {
		return strings.Join(strList(v), "\n")
	}
	return describeValue(v)
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// isHexID reports whether s reads as a commit id (4 to 40 hex digits).
func isHexID(s string) bool {
	if len(s) < 4 || len(s) > 40 {
		return false
	}
	return strings.Trim(s, "0123456789abcdefABCDEF") == ""
}
