package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// status prints every session found, as text or JSON. Exit 3 when there
// is none, 4 when any is corrupted, else 0.
func (a *app) status(project string) error {
	if a.worktrees {
		return a.statusWorktrees(project)
	}
	return a.statusOne(project)
}

// statusOne is status on the one folder project.
func (a *app) statusOne(project string) error {
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
	archived := 0
	for _, s := range sessions {
		st := a.load(s)
		if p := s.Problem; p != nil && p.Kind != model.ErrPhaseNotFound && code != exitCorrupted {
			code = problemCode(p)
		}
		js := statusJSON(st)
		js.Interrupted = a.interruptedOf(s)
		doc.Sessions = append(doc.Sessions, js)
		switch {
		case a.long:
			text = append(text, a.statusText(st))
		case s.Archived && a.sessionID == "":
			// History: counted, listed by --long.
			archived++
		default:
			text = append(text, statusBlock(st))
		}
	}
	doc.Interrupted = a.allInterrupted(project, sessions)
	if a.jsonOut {
		if err := writeJSON(a.io.out, doc); err != nil {
			return fail(exitError, &errs.WritingJSON, err)
		}
	} else if len(sessions) == 0 {
		fmt.Fprintf(a.io.err, "pickup: %v\n", a.notFound(project))
	} else if a.long {
		fmt.Fprint(a.io.out, strings.Join(text, "\n"))
	} else {
		if archived > 0 {
			text = append(text, words().Archived.N(archived)+"\n")
		}
		fmt.Fprint(a.io.out, strings.Join(text, ""))
	}
	return quiet(code)
}

// blockWidth is where the compact status cuts a long line ("…"): the
// full text is --long's.
const blockWidth = 100

// statusBlock is one session in two or three lines: what and where it
// stands; its progress and resume point (or its problem); the first fact
// that bears on the choice, else the recommended choice.
func statusBlock(st model.State) string {
	s, c, w := st.Session, msg.For(runLang), words()
	std := model.StandingOf(s, st.Crash)
	head := s.Source + " " + s.ID + "  " + standing(runLang, std)
	if s.HasLastUpdated && std != model.StandingCorrupted && std != model.StandingArchived {
		head += " " + c.Elapsed(st.Crash.MinutesSinceUpdate)
	}
	if s.Title != "" {
		title := s.Title
		if strings.ContainsAny(title, "\n\r\u2028\u2029") {
			// A title that would break its line (a /design feature is its
			// file's name): the escaped form names use, $'…\x0a…'.
			title = model.ShowName(title)
		}
		head += " · " + title
	}
	var second string
	if std == model.StandingCorrupted && s.Problem != nil {
		second = problemText(s.Problem)
		if rel, err := filepath.Rel(s.Project, s.Problem.Path); err == nil && filepath.IsLocal(rel) && s.Problem.Message == "" {
			second = strings.Replace(second, s.Problem.Path, rel, 1)
		}
	} else {
		parts := c.ProgressParts(s)
		if cur := s.CurrentPhase(); cur != "" && (s.ResumePoint.Phase == "" || s.ResumePoint.Phase != cur) {
			parts = append([]string{c.Phase(cur)}, parts...)
		}
		if s.ResumePoint.Phase != "" {
			parts = append(parts, w.ResumeAt.F(c.Phase(s.ResumePoint.Phase)))
		}
		second = strings.Join(parts, " · ")
	}
	lines := []string{head}
	if second != "" {
		lines = append(lines, "  "+firstLine(second))
	}
	al := st.Alerts()
	if len(al) > 0 {
		l := "  ! " + firstLine(c.AlertLine(al[0]))
		if len(al) > 1 {
			l += " " + w.AndMore.F(len(al)-1)
		}
		lines = append(lines, l)
	} else {
		for _, o := range st.Options {
			if o.Recommended && o.Enabled && o.Visible {
				lines = append(lines, "  "+w.Recommended.F(firstLine(c.ChoiceLine(s, o.Choice))))
				break
			}
		}
	}
	for i, l := range lines {
		if i == len(lines)-1 && len(al) > 0 && al[0].Kind == model.AlertInterrupted {
			break // pickup's own write cut short: the command that puts it back, whole
		}
		lines[i] = ansi.Truncate(l, blockWidth, "…")
	}
	return strings.Join(lines, "\n") + "\n"
}

// firstLine is text up to its first line break.
func firstLine(text string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	return l
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
	for _, l := range a.conversationLines(st.Conversation, "") {
		b.WriteString(l + "\n")
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
