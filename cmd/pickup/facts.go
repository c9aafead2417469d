package main

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/pickup-dev/pickup/loaders/activity"
	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/git"
	"github.com/pickup-dev/pickup/model"
)

// facts are what the core's START node is told beside the session: the
// evidence that its workflow is still at work (another pickup holding
// its lock, an agent CLI running in its project) and the project's
// checkout for the context guard. The process table is read once per
// run, a checkout once per folder and recorded commit.
type facts struct {
	once  sync.Once
	procs []activity.Process

	mu        sync.Mutex
	checkouts map[[2]string]model.Checkout
	// convos are the agent conversations of each project folder, read
	// once per run (loaders/convo).
	convos map[string][]convo.Conversation
	// recorded are the conversations the hook recorded in each
	// project folder (recordedIn).
	recorded map[string]map[string]bool
}

// loaded is the START event for s with the facts gathered.
func (a *app) loaded(s *model.Session) model.Loaded {
	l := model.Loaded{Session: s, Now: a.now()}
	if s == nil || s.Archived || (s.Problem != nil && s.Problem.Kind == model.ErrCorrupted) {
		return l
	}
	l.Activity = append(activity.Lock(s.Path, &a.msg().Core), a.agentsIn(s.Project)...)
	l.Checkout = a.checkout(s)
	if c := a.conversation(s); c != nil {
		l.Conversation = c
		l.Activity = append(l.Activity, convo.Evidence(*c, &a.msg().Core)...)
	}
	return l
}

// convoSince is how far back the agents' dated stores are looked into.
const convoSince = 90 * 24 * time.Hour

// conversation is the agent conversation most probably behind s: one
// of its project's, whose span overlaps the session's last update, on
// its branch where both record one (nil: none, or --no-conversations).
func (a *app) conversation(s *model.Session) *model.Conversation {
	if a.noConversations || s.Project == "" || !s.HasLastUpdated {
		return nil
	}
	a.facts.mu.Lock()
	convs, ok := a.facts.convos[s.Project]
	if !ok {
		// (--no-conversations is checked above.)
		convs = a.conversationsIn(s.Project)
		if a.facts.convos == nil {
			a.facts.convos = map[string][]convo.Conversation{}
		}
		a.facts.convos[s.Project] = convs
	}
	a.facts.mu.Unlock()
	branch := s.Recorded.Branch
	if branch == "" {
		branch = s.Branch
	}
	rec := a.recordedIn(s.Project)
	c, ok := convo.Best(convs, convo.Window{End: s.LastUpdated, Branch: branch, Recorded: rec})
	if !ok {
		return nil
	}
	link := convo.Guessed
	if rec[convo.RecordKey(c.Agent, c.ID)] {
		link = convo.Recorded
	}
	m := c.Linked(link)
	return &m
}

// agentsIn is the evidence of agent CLIs at work in project.
func (a *app) agentsIn(project string) []model.Activity {
	a.facts.once.Do(func() { a.facts.procs = activity.Scan() })
	return activity.In(a.facts.procs, project, &a.msg().Core)
}

// checkout reads the project's checkout for a session that records
// where it ran (nil for one that records nothing: nothing to compare).
func (a *app) checkout(s *model.Session) *model.Checkout {
	if s.Recorded.Empty() || s.Project == "" {
		return nil
	}
	key := [2]string{s.Project, s.Recorded.Commit}
	a.facts.mu.Lock()
	defer a.facts.mu.Unlock()
	if a.facts.checkouts == nil {
		a.facts.checkouts = map[[2]string]model.Checkout{}
	}
	co, ok := a.facts.checkouts[key]
	if !ok {
		co = git.Checkout(s.Project, s.Recorded.Commit)
		a.facts.checkouts[key] = co
	}
	return &co
}

// headMoved refuses a write when the project's HEAD or branch moved
// since the session was loaded on the checkout at: the context guard's
// verdict (and what the person was shown) no longer holds.
func headMoved(at *model.Checkout) error {
	if at == nil || !at.Repo {
		return nil
	}
	git.Forget(at.Dir)
	now := git.Checkout(at.Dir, "")
	if !at.Moved(now) {
		return nil
	}
	was, is := describeCheckout(*at), describeCheckout(now)
	return &model.GuardError{Kind: model.GuardHeadMoved, Message: fmt.Sprintf(
		"HEAD moved since pickup read this session (%s then, %s now): nothing was written. Run pickup again to see the session against the current checkout.", was, is)}
}

func describeCheckout(c model.Checkout) string {
	switch {
	case !c.Repo:
		return "no repository"
	case c.Branch == "" && c.Head == "":
		return "no commit"
	case c.Branch == "":
		return "detached at " + short(c.Head)
	case c.Head == "":
		return c.Branch + " with no commit"
	}
	return c.Branch + " at " + short(c.Head)
}

func short(id string) string { return id[:min(len(id), 7)] }

// workingDir is the folder pickup runs in ("" when unknown), for the
// veto's commands: another folder than the project gets git -C.
func workingDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return wd
}

// factTable holds the facts of every session the wizard may open,
// gathered ahead: the wizard asks for them in Update, where no I/O may
// run (lookup). A session read again from disk gathers its facts anew
// (gather, in the command that reads it), so a pickup that has left
// since is no longer evidence.
type factTable struct {
	a  *app
	mu sync.Mutex
	by map[string]sessionFacts
}

type sessionFacts struct {
	act  []model.Activity
	co   *model.Checkout
	conv *model.Conversation
}

func (a *app) factsFor(ss []*model.Session) *factTable {
	t := &factTable{a: a, by: map[string]sessionFacts{}}
	for _, s := range ss {
		t.gather(s, false)
	}
	return t
}

func factKey(s *model.Session) string { return s.Source + "\x00" + s.ID }

// gather reads s's facts (I/O) and keeps them; again reads its
// checkout again too, rather than the one read at the start.
func (t *factTable) gather(s *model.Session, again bool) {
	if t == nil || s == nil {
		return
	}
	if again {
		t.a.facts.mu.Lock()
		delete(t.a.facts.checkouts, [2]string{s.Project, s.Recorded.Commit})
		t.a.facts.mu.Unlock()
		git.Forget(s.Project)
	}
	l := t.a.loaded(s)
	t.mu.Lock()
	t.by[factKey(s)] = sessionFacts{l.Activity, l.Checkout, l.Conversation}
	t.mu.Unlock()
}

// lookup is tui.Config.Facts: what was gathered, no I/O.
func (t *factTable) lookup(s *model.Session) ([]model.Activity, *model.Checkout) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := t.by[factKey(s)]
	return f.act, f.co
}

// conversation is tui.Config.Conversation: what was gathered, no I/O.
func (t *factTable) conversation(s *model.Session) *model.Conversation {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.by[factKey(s)].conv
}
