package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/git"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// worktreeText is what status --worktrees says of a worktree.
type worktreeText struct {
	// Head heads a worktree's sessions: its branch (or Detached) and
	// folder; HeadMain the main worktree's.
	Head, HeadMain i18n.M
	// Gone: its folder no longer exists.
	Gone i18n.M
	// Orphan: a conversation of an agent that ran in a gone worktree
	// (OrphanTitled: with its title).
	Orphan, OrphanTitled i18n.M
	None                 string
	Detached             string
}

var englishWorktree = worktreeText{
	Head:         i18n.T("worktree {branch} · {path}"),
	HeadMain:     i18n.T("worktree {branch} (main) · {path}"),
	Gone:         i18n.T("worktree {branch} · {path} · orphaned: its folder is gone (git worktree prune forgets it)"),
	Orphan:       i18n.T("{agent} conversation {id}, last active {ago}"),
	OrphanTitled: i18n.T("{agent} conversation {id}, last active {ago}: {title}"),
	None:         "no saved session",
	Detached:     "detached",
}

// worktreeJSON is one worktree in status --worktrees --json.
type worktreeJSON struct {
	Path   string `json:"path"`
	Branch string `json:"branch,omitempty"`
	Main   bool   `json:"main,omitempty"`
	// Gone: the folder no longer exists; Conversations are the agent
	// conversations that ran there (its sessions cannot be read any more).
	Gone          bool                 `json:"gone,omitempty"`
	Conversations []model.Conversation `json:"conversations,omitempty"`
}

// statusWorktrees is status over every worktree of the repository
// holding project: each worktree's sessions under its name and branch,
// a gone worktree as orphaned with the agent conversations that ran in
// it. Outside a repository it is plain status.
func (a *app) statusWorktrees(project string) error {
	wts := git.Worktrees(project)
	if len(wts) == 0 {
		return a.statusOne(project)
	}
	wt := &Catalogs.For(runLang).Worktree
	c := msg.For(runLang)
	doc := statusDoc{FormatVersion: formatVersion, Project: project, Sessions: []sessionStatus{}}
	var text []string
	code, found := exitOK, 0
	for _, w := range wts {
		if w.Bare {
			continue
		}
		branch := w.Branch
		if branch == "" {
			branch = wt.Detached
		}
		wj := worktreeJSON{Path: w.Path, Branch: w.Branch, Main: w.Main, Gone: w.Gone}
		if w.Gone {
			text = append(text, wt.Gone.F(branch, w.Path)+"\n")
			for _, cv := range a.conversationsIn(w.Path) {
				m := cv.Linked(convo.Guessed)
				wj.Conversations = append(wj.Conversations, m)
				ago := c.ElapsedShort(int(a.now().Sub(cv.Last).Minutes()))
				line := wt.Orphan.F(cv.Agent, cv.ID, ago)
				if cv.Title != "" {
					line = wt.OrphanTitled.F(cv.Agent, cv.ID, ago, textsafe.Quote(cv.Title, convo.TitleMax*4))
				}
				text = append(text, "  "+line+"\n")
			}
			doc.Worktrees = append(doc.Worktrees, wj)
			continue
		}
		doc.Worktrees = append(doc.Worktrees, wj)
		head := wt.Head
		if w.Main {
			head = wt.HeadMain
		}
		text = append(text, head.F(branch, w.Path)+"\n")
		sessions, err := a.find(w.Path)
		if err != nil || len(liveOnly(sessions)) == 0 {
			text = append(text, "  "+wt.None+"\n")
			continue
		}
		for _, s := range liveOnly(sessions) {
			found++
			st := a.load(s)
			if p := s.Problem; p != nil && p.Kind != model.ErrPhaseNotFound && code != exitCorrupted {
				code = problemCode(p)
			}
			sj := statusJSON(st)
			sj.Worktree = &worktreeJSON{Path: w.Path, Branch: w.Branch, Main: w.Main}
			doc.Sessions = append(doc.Sessions, sj)
			text = append(text, indent(statusBlock(st)))
		}
	}
	if found == 0 {
		code = exitNoSession
	}
	if a.jsonOut {
		if err := writeJSON(a.io.out, doc); err != nil {
			return fail(exitError, &errs.WritingJSON, err)
		}
	} else {
		fmt.Fprint(a.io.out, strings.Join(text, ""))
	}
	return quiet(code)
}

// conversationsIn are the agent conversations that ran in dir (nil
// with --no-conversations).
func (a *app) conversationsIn(dir string) []convo.Conversation {
	if a.noConversations {
		return nil
	}
	return convo.Find(a.convoStores(), []string{dir}, a.now().Add(-convoSince))
}

// indent puts two spaces before every line of block.
func indent(block string) string {
	lines := strings.SplitAfter(block, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "")
}

// convoStores are the agents' stores pickup reads conversations from:
// --claude-home's Claude home, the demo's Codex home where it set one.
func (a *app) convoStores() convo.Stores {
	home, _ := os.UserHomeDir()
	s := convo.StoresFor(os.Getenv, home, a.claudeHome)
	if a.codexHome != "" {
		s.Codex = a.codexHome
	}
	return s
}

// hookWorktrees bounds the other worktrees the hook looks into.
const hookWorktrees = 8

// otherWorktrees is the hook's line on the other worktrees of project's
// repository that hold live sessions ("" when none), read from the
// repository's files (no git process).
func (a *app) otherWorktrees(project string) string {
	var parts []string
	for _, tr := range a.otherTrees(project) {
		live := tr.sessions
		if len(live) == 0 {
			continue
		}
		var names []string
		for _, s := range live[:min(len(live), 3)] {
			names = append(names, clip(s.Source, 20)+" "+s.ID)
		}
		if len(live) > 3 {
			names = append(names, "…")
		}
		parts = append(parts, quoteName(tr.dir, 2*hookFieldMax)+": "+strings.Join(names, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return Catalogs.For(runLang).Convo.OtherWorktrees.N(len(parts), strings.Join(parts, "; "))
}

// worktreeSessions are the live sessions of the other worktrees of
// project's repository (at most hookWorktrees looked into), for the
// picker's w.
func (a *app) worktreeSessions(project string) []*model.Session {
	var out []*model.Session
	for _, tr := range a.otherTrees(project) {
		out = append(out, tr.sessions...)
	}
	return out
}

// tree is one other worktree and its live sessions.
type tree struct {
	dir      string
	sessions []*model.Session
}

// otherTrees are the other worktrees of project's repository (read from
// the repository's files, no git process; at most hookWorktrees) with
// their live sessions.
func (a *app) otherTrees(project string) []tree {
	var out []tree
	for _, dir := range git.WorktreeDirs(project) {
		if dir == project || within(project, dir) || len(out) >= hookWorktrees {
			continue
		}
		found, _ := a.registry().FindWith(dir, a.source, nil)
		out = append(out, tree{dir, liveOnly(found)})
	}
	return out
}
