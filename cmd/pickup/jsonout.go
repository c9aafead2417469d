package main

import (
	"encoding/json"
	"io"
	"time"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
)

// formatVersion is the "format_version" of every JSON document; docs/json.md
// describes it. Bump it on any incompatible change.
const formatVersion = 1

type statusDoc struct {
	FormatVersion int             `json:"format_version"`
	Project       string          `json:"project"`
	Sessions      []sessionStatus `json:"sessions"`
	// Interrupted are pickup's operations cut short in the logs read
	// (the project's and its sessions'), whether or not a session shown
	// carries them (interrupted.go).
	Interrupted []interruptedJSON `json:"interrupted,omitempty"`
	// Worktrees (status --worktrees): every worktree of the repository.
	Worktrees []worktreeJSON `json:"worktrees,omitempty"`
}

type crashJSON struct {
	Detected bool   `json:"detected"`
	Reason   string `json:"reason"`
	// Running and Activity: the evidence that the workflow is still at
	// work (model.CrashInfo's fields, by the same names).
	Running  bool             `json:"running,omitempty"`
	Activity []model.Activity `json:"activity,omitempty"`
}

type phaseJSON struct {
	Name     string `json:"name"`
	Status   string `json:"status"`
	Label    string `json:"label,omitempty"`
	Executor string `json:"executor,omitempty"`
	Duration string `json:"duration,omitempty"`
	Result   string `json:"result,omitempty"`
}

type problemJSON struct {
	Kind    string `json:"kind"`
	Path    string `json:"path"`
	Line    int    `json:"line,omitempty"`
	Detail  string `json:"detail"`
	Message string `json:"message,omitempty"`
}

type sessionStatus struct {
	ID                 string            `json:"id"`
	Source             string            `json:"source"`
	Path               string            `json:"path"`
	Title              string            `json:"title"`
	Stage              string            `json:"stage"`
	Status             string            `json:"status"`
	LastUpdated        *string           `json:"last_updated"`
	MinutesSinceUpdate *int              `json:"minutes_since_update"`
	Crash              crashJSON         `json:"crash"`
	Progress           model.Progress    `json:"progress"`
	Units              *unitsJSON        `json:"units,omitempty"`
	Phases             []phaseJSON       `json:"phases"`
	ResumePoint        model.ResumePoint `json:"resume_point"`
	Branch             string            `json:"branch,omitempty"`
	Options            []model.Option    `json:"options"`
	Problem            *problemJSON      `json:"problem,omitempty"`
	Archived           bool              `json:"archived,omitempty"`
	Report             []string          `json:"report,omitempty"`
	Sections           []model.Section   `json:"sections,omitempty"`
	Warnings           []string          `json:"warnings"`
	// Alerts are the facts that bear on the choice (State.Alerts): the
	// running evidence, a context mismatch, the session's own.
	Alerts []model.Alert `json:"alerts,omitempty"`
	// Interrupted is pickup's own write on the session cut short.
	Interrupted *interruptedJSON `json:"interrupted,omitempty"`
	// Conversation is the agent conversation most probably behind the
	// session, with the command back into it (loaders/convo).
	Conversation *model.Conversation `json:"conversation,omitempty"`
	// Worktree (status --worktrees): the worktree the session was found in.
	Worktree *worktreeJSON `json:"worktree,omitempty"`
}

type unitsJSON struct {
	Label   string `json:"label"`
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Percent int    `json:"percent"`
}

func statusJSON(st model.State) sessionStatus {
	s := st.Session
	out := sessionStatus{
		ID: s.ID, Source: s.Source, Path: s.Path, Title: s.Title, Stage: s.Stage, Status: s.Status,
		Crash:       crashJSON{Detected: st.Crash.Detected, Reason: st.Crash.Reason, Running: st.Crash.Running, Activity: st.Crash.Activity},
		Progress:    s.Progress,
		Phases:      []phaseJSON{},
		ResumePoint: s.ResumePoint,
		Branch:      s.Branch,
		Warnings:    append([]string{}, s.Warnings...),
		Archived:    s.Archived,
		Report:      s.Report,
		Sections:    s.Sections,
	}
	if s.HasLastUpdated {
		ts := s.LastUpdated.UTC().Format(time.RFC3339)
		m := st.Crash.MinutesSinceUpdate
		out.LastUpdated, out.MinutesSinceUpdate = &ts, &m
	}
	if s.Units != nil {
		out.Units = &unitsJSON{Label: s.UnitsLabel, Done: s.Units.Done, Total: s.Units.Total, Percent: s.Units.Percent()}
	}
	for _, p := range s.Phases {
		out.Phases = append(out.Phases, phaseJSON{Name: p.Name, Status: string(p.Status), Label: p.Label, Executor: p.Executor, Duration: p.Duration, Result: p.Result})
	}
	out.Options = st.Options
	out.Alerts = st.Alerts()
	out.Conversation = st.Conversation
	if p := s.Problem; p != nil {
		out.Problem = &problemJSON{Kind: string(p.Kind), Path: p.Path, Line: p.Line, Detail: p.Detail, Message: p.Message}
	}
	return out
}

type sessionRef struct {
	ID     string `json:"id"`
	Source string `json:"source"`
	Path   string `json:"path"`
}

// resumeDoc is the outcome of a choice: seed 001's outputs, or a block.
type resumeDoc struct {
	FormatVersion   int                `json:"format_version"`
	Session         sessionRef         `json:"session"`
	Choice          string             `json:"choice"`
	ResumeAction    string             `json:"resume_action"`
	ResumePoint     *model.ResumePoint `json:"resume_point,omitempty"`
	RestoredContext map[string]any     `json:"restored_context"`
	NextStep        string             `json:"next_step"`
	Changed         []string           `json:"changed"`
	ArchivedTo      *string            `json:"archived_to"`
	// Undo is the command that takes the choice's writes back (pickup
	// undo DIR); absent when the choice wrote nothing.
	Undo     string          `json:"undo,omitempty"`
	Phases   []phaseJSON     `json:"phases,omitempty"`
	Sections []model.Section `json:"sections,omitempty"`
	Warnings []string        `json:"warnings"`
	Blocked  bool            `json:"blocked"`
	Veto     string          `json:"veto,omitempty"`
	Files    []string        `json:"files,omitempty"`
	// Changes are VETO-2's files with their git status and class, Advice
	// its way out as commands (format_version 1: files stays the list of
	// paths that block).
	Changes []model.VetoFile `json:"changes,omitempty"`
	Advice  []string         `json:"advice,omitempty"`
	// Alerts and Activity are what bore on the choice: State.Alerts, and
	// the evidence that the workflow is still at work.
	Alerts   []model.Alert    `json:"alerts,omitempty"`
	Activity []model.Activity `json:"activity,omitempty"`
	// Interrupted is pickup's own earlier write on the session, cut
	// short, as it stood when the choice was made.
	Interrupted *interruptedJSON `json:"interrupted,omitempty"`
	Reason      string           `json:"reason,omitempty"`
	Suggestion  string           `json:"suggestion,omitempty"`
	// Conversation and Handoff are CONTINUE's two ways back: the agent
	// conversation behind the session (its command goes back into it),
	// and the command printing pickup's handoff prompt for a fresh agent.
	Conversation *model.Conversation `json:"conversation,omitempty"`
	Handoff      string              `json:"handoff,omitempty"`
}

// Block kinds beside VETO-2's uncommitted_changes.
const (
	blockConfirm     = "confirmation_required"
	blockChanged     = "file_changed"
	blockUnavailable = "choice_unavailable"
)

// writeJSON writes v as an indented JSON document. A string that is not
// UTF-8 (a file name) keeps its bytes as \xNN (textsafe.Strings), and
// control and format characters are written as \uXXXX escapes, so the
// document is valid JSON with the same values and nothing in it acts on
// a terminal.
func writeJSON(w io.Writer, v any) error {
	jw := jsonWriter(w)
	enc := json.NewEncoder(jw)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(textsafe.Strings(v)); err != nil {
		return err
	}
	return jw.Flush()
}

// jsonWriter makes w's JSON safe (textsafe.NewJSONWriter), writing past
// the text filter when w is one: JSON it makes safe needs no more.
func jsonWriter(w io.Writer) *textsafe.Writer {
	if tw, ok := w.(*textsafe.Writer); ok {
		_ = tw.Flush()
		w = tw.Unwrap()
	}
	return textsafe.NewJSONWriter(w)
}
