package main

import (
	"fmt"
	"strings"

	"github.com/pickup-dev/pickup/model"
)

// status prints every session found, as text or JSON. Exit 3 when there
// is none, 4 when any is corrupted, else 0.
func (a *app) status(project string) error {
	sessions, err := a.find(project)
	if err != nil {
		return err
	}
	if a.sessionID != "" && len(sessions) > 0 {
		// One session, by id or unique prefix: no match is exit 3 and an
		// ambiguous prefix exit 2, as for resume.
		s, err := a.byID(project, sessions)
		if err != nil {
			return err
		}
		sessions = []*model.Session{s}
	}
	code := exitOK
	if len(sessions) == 0 {
		code = exitNoSession
	}
	doc := statusDoc{FormatVersion: formatVersion, Project: project, Sessions: []sessionStatus{}}
	var text []string
	for _, s := range sessions {
		st := a.load(s)
		if p := s.Problem; p != nil && p.Kind != model.ErrPhaseNotFound && code != exitCorrupted {
			code = problemCode(p)
		}
		doc.Sessions = append(doc.Sessions, statusJSON(st))
		text = append(text, a.statusText(st))
	}
	if a.jsonOut {
		if err := writeJSON(a.io.out, doc); err != nil {
			return fail(exitError, "writing JSON: %v", err)
		}
	} else if len(sessions) == 0 {
		fmt.Fprintf(a.io.err, "pickup: %v\n", a.notFound(project))
	} else {
		fmt.Fprint(a.io.out, strings.Join(text, "\n"))
	}
	return quiet(code)
}

func (a *app) statusText(st model.State) string {
	s := st.Session
	var b strings.Builder
	archived := ""
	if s.Archived {
		archived = a.cli().Archived
	}
	fmt.Fprintf(&b, "[%s %s] %s%s\n", s.Source, s.ID, s.Path, archived)
	switch {
	case len(s.Report) > 0:
		b.WriteString(strings.Join(s.Report, "\n"))
	case s.Problem != nil && s.Problem.Message != "":
		b.WriteString(s.Problem.Message)
	default:
		b.WriteString(a.msg().StatusText(s, st.Crash, st.Options))
	}
	if !strings.HasSuffix(b.String(), "\n") {
		b.WriteString("\n")
	}
	// What bears on the choice: the evidence that the workflow is still
	// at work, a context mismatch.
	for _, al := range st.Alerts() {
		fmt.Fprintf(&b, "! %s\n", a.msg().AlertLine(al))
	}
	return b.String()
}

// reviewText is REVIEW without a UI: the status text, then the source's
// dashboard sections.
func (a *app) reviewText(st model.State) string {
	var b strings.Builder
	b.WriteString(a.statusText(st))
	for _, sec := range st.Session.Sections {
		fmt.Fprintf(&b, "\n%s\n", sec.Title)
		for _, l := range sec.Lines {
			fmt.Fprintf(&b, "  %s\n", l)
		}
	}
	return b.String()
}
