package taskmaster

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// input is one Load: the files read and what they say.
type input struct {
	root, path string
	data       []byte
	mtime      time.Time
	tx         *Text
	store      *store
	// current is task-master's current tag; currentFrom says where it
	// comes from (a file and its key, "" for task-master's default),
	// currentFile the file (relative), if any.
	current, currentFrom, currentFile string
	warnings                          []string
}

// rel is p relative to the project, with forward slashes.
func (in *input) rel(p string) string {
	r, err := filepath.Rel(in.root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// readCurrent is utils.js getCurrentTag: state.json's currentTag, else
// config.json's global.defaultTag, else master.
func (in *input) readCurrent() {
	in.current, in.currentFrom = defaultTag, ""
	for _, side := range []struct{ rel, key string }{
		{stateFile, "currentTag"},
		{configFile, "global.defaultTag"},
	} {
		p := filepath.Join(in.root, filepath.FromSlash(side.rel))
		if _, err := os.Stat(p); err != nil {
			continue
		}
		data, _, err := fsx.ReadHead(p, maxSideFile)
		if err != nil {
			in.warnings = append(in.warnings, in.tx.ConfigUnreadable.F(side.rel, err.Error()))
			continue
		}
		body := data[bomLen(data):]
		if !json.Valid(body) {
			in.warnings = append(in.warnings, in.tx.ConfigUnreadable.F(side.rel, jsonDetail(in.tx, data)))
			continue
		}
		if v := gjson.GetBytes(body, side.key); v.Type == gjson.String && v.Str != "" {
			in.current, in.currentFrom, in.currentFile = v.Str, side.rel+" "+side.key, side.rel
			return
		}
	}
}

// damaged is the session of a store pickup cannot read as task-master's.
func (in *input) damaged(detail string) *model.Session {
	s := in.base()
	s.Title = in.rel(in.path)
	s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: in.path, Detail: detail}
	s.Warnings = append(s.Warnings, in.warnings...)
	// pickup never rewrites or moves a store it cannot read:
	// task-master's own files are the person's to repair.
	s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: {Disabled: in.tx.Corrupted}}
	return s
}

// base is what every session of the store shares.
func (in *input) base() *model.Session {
	s := &model.Session{
		Source: SourceName, ID: loaders.SessionID(SourceName, in.root, in.path),
		Path: in.path, Project: in.root, Phases: []model.Phase{}, Warnings: []string{},
		Fingerprint: fsx.Fingerprint(in.data), NoCrash: true,
	}
	if !in.mtime.IsZero() {
		s.LastUpdated, s.HasLastUpdated = in.mtime, true
	}
	if in.currentFile != "" {
		s.StateFiles = []string{filepath.Join(in.root, filepath.FromSlash(in.currentFile))}
	}
	s.Artifacts = in.artifacts(nil)
	return s
}

// session is one tag as a session.
func (in *input) session(t *tag) *model.Session {
	s := in.base()
	s.ID = loaders.SessionID(SourceName, in.root, in.path+tagSeparator+t.name)
	s.Title = t.name
	if t.hasTime {
		s.LastUpdated, s.HasLastUpdated = t.updated, true
	}
	n := findNext(t.tasks)
	v := &view{in: in, t: t, n: n}
	s.Status = v.status()
	s.Phases = v.phases()
	s.Progress, s.Units = v.progress()
	if s.Units != nil {
		s.UnitsLabel = "subtasks"
	}
	s.Fields = v.fields()
	s.ResumePoint = v.resume()
	if n.found {
		s.Stage = v.nextItem().full
	}
	if v.finished() {
		s.Standing = model.StandingDone
	}
	if v.inProgress() {
		// task-master keeps writing tasks.json while its work goes on:
		// a change within the crash threshold is evidence of a run.
		s.Touched, s.TouchedWhat = in.mtime, filepath.Base(in.path)
	}
	s.Warnings = append(s.Warnings, in.warnings...)
	s.Warnings = append(s.Warnings, v.warnings()...)
	for _, a := range v.alerts() {
		s.Alert(model.AlertConflict, a)
	}
	s.Artifacts = in.artifacts(v)
	s.Grid, s.Sections = v.grid(), v.sections()
	s.Policy = v.policy()
	s.Prompt = v.prompt(s.Alerts)
	s.Outcomes = v.outcomes()
	s.Context = v.context()
	return s
}

// artifacts are task-master's files that exist beside the store (which
// the artifact list puts first by itself): the current tag, the
// configuration, the PRD and complexity report, and the task
// files of the next task and of the tasks in progress.
func (in *input) artifacts(v *view) []model.Artifact {
	cands := []struct{ rel, kind string }{
		{stateFile, "tag_state"},
		{configFile, "config"},
		{legacyConfig, "config"},
		{".taskmaster/docs/prd.txt", "prd"},
		{".taskmaster/docs/prd.md", "prd"},
		{"scripts/prd.txt", "prd"},
		{".taskmaster/reports/task-complexity-report.json", "report"},
		{"scripts/task-complexity-report.json", "report"},
	}
	if v != nil {
		dir := filepath.ToSlash(filepath.Dir(in.rel(in.path)))
		for _, i := range v.fileTasks() {
			if n, err := strconv.Atoi(v.t.tasks[i].id); err == nil && n >= 0 {
				cands = append(cands, struct{ rel, kind string }{fmt.Sprintf("%s/task_%03d.txt", dir, n), "task"})
			}
		}
	}
	var out []model.Artifact
	seen := map[string]bool{}
	for _, c := range cands {
		if seen[c.rel] {
			continue
		}
		seen[c.rel] = true
		if st, err := os.Stat(filepath.Join(in.root, filepath.FromSlash(c.rel))); err == nil && !st.IsDir() {
			out = append(out, model.Artifact{Path: c.rel, Kind: c.kind, Exists: true})
		}
	}
	return out
}

// jsonValid reports whether data (after a byte order mark) is one JSON
// document.
func jsonValid(data []byte) bool { return json.Valid(data[bomLen(data):]) }

// jsonDetail says where encoding/json finds data invalid: "line N: why".
func jsonDetail(tx *Text, data []byte) string {
	body := data[bomLen(data):]
	if len(bytes.TrimSpace(body)) == 0 {
		return tx.EmptyFile
	}
	err := json.Unmarshal(body, new(json.RawMessage))
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := min(int(se.Offset), len(body))
		line := 1 + bytes.Count(body[:off], []byte("\n"))
		return tx.JSONAt.F(line, textsafe.Line(se.Error(), 120))
	}
	if err != nil {
		return textsafe.Line(err.Error(), 120)
	}
	return tx.NotTaskmaster
}

// idList joins ids, at most max of them, then "and N more".
func (in *input) idList(ids []string, max int) string {
	if len(ids) <= max {
		return strings.Join(ids, ", ")
	}
	return strings.Join(ids[:max], ", ") + " " + in.tx.More.N(len(ids)-max)
}
