package bmad

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// fileStory is a story's file as found beside the ledger.
type fileStory struct {
	rel    string // relative to the project
	exists bool
	fp     string
	story  Story
	mtime  time.Time
}

// reading is one ledger and what was read around it.
type reading struct {
	l          Loader
	t          *Text
	root, path string
	rel        string // the ledger, relative to the project
	data       []byte
	fp         string
	ledger     *Ledger
	problem    *model.LoadError
	from       location
	storyDir   string // relative to the project
	stories    map[string]*fileStory
	others     []string
	warnings   []string
	alerts     []model.Alert
	next       next
}

// next is the resume point by bmad-sprint-status's rule.
type next struct {
	entry    Entry
	has      bool   // a story or retrospective is next
	workflow string // dev-story, code-review, create-story, retrospective, sprint-planning, ""
	reason   string
}

func (l Loader) read(root, abs string, data []byte) *reading {
	r := &reading{l: l, t: l.t(), root: root, path: abs, data: data, fp: fsx.Fingerprint(data), stories: map[string]*fileStory{}}
	r.rel = rel(root, abs)
	r.from = location{path: abs, from: fromDefault, dir: filepath.ToSlash(filepath.Dir(r.rel))}
	for _, loc := range locations(root) {
		if loc.path == abs {
			r.from = loc
		} else if d, err := fsx.ReadFile(loc.path); err == nil && Claims(d) {
			r.others = append(r.others, rel(root, loc.path))
		}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		r.problem = &model.LoadError{Kind: model.ErrCorrupted, Path: abs, Line: yamlLine(err), Detail: r.t.BadYAML.F(firstLine(err.Error()))}
		return r
	}
	r.ledger = parseLedger(&doc)
	switch {
	case len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode:
		r.problem = &model.LoadError{Kind: model.ErrCorrupted, Path: abs, Detail: r.t.NotAMapping}
		return r
	case !r.ledger.HasStatus:
		r.problem = &model.LoadError{Kind: model.ErrCorrupted, Path: abs, Detail: r.t.NoStatusMap}
		return r
	}
	r.readStories()
	r.next = r.resume()
	r.check()
	return r
}

func rel(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil {
		return filepath.ToSlash(r)
	}
	return p
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// yamlLine is the line a yaml error names ("yaml: line 7: …"), or 0.
func yamlLine(err error) int {
	s := err.Error()
	i := strings.Index(s, "line ")
	if i < 0 {
		return 0
	}
	n := 0
	for _, c := range s[i+5:] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// readStories reads <story dir>/<key>.md for every story of the ledger.
// The folder is story_location when it is inside the project, else the
// ledger's own folder.
func (r *reading) readStories() {
	r.storyDir = filepath.ToSlash(filepath.Dir(r.rel))
	if loc := r.ledger.StoryLocation; loc != "" {
		if d := inProject(r.root, loc); d != "" {
			r.storyDir = d
		} else {
			r.warnings = append(r.warnings, r.t.StoryOutside.F(shownPath(loc), shownPath(r.storyDir)))
		}
	}
	dir := filepath.Join(r.root, filepath.FromSlash(r.storyDir))
	for _, e := range r.ledger.Entries {
		if e.Kind != KindStory || strings.ContainsAny(e.Key, `/\`) || e.Key == ".." {
			continue
		}
		f := &fileStory{rel: r.storyDir + "/" + e.Key + ".md"}
		p := filepath.Join(dir, e.Key+".md")
		data, err := fsx.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			// Real projects also keep stories in per-epic folders
			// (stories/epic-4/, stories/epic-3.5/ for epic-3-5).
			for _, sub := range []string{"epic-" + e.Epic, "epic-" + strings.ReplaceAll(e.Epic, "-", ".")} {
				q := filepath.Join(dir, sub, e.Key+".md")
				if d, qerr := fsx.ReadFile(q); !errors.Is(qerr, fs.ErrNotExist) {
					p, data, err = q, d, qerr
					f.rel = r.storyDir + "/" + sub + "/" + e.Key + ".md"
					break
				}
			}
		}
		switch {
		case err == nil:
			f.exists, f.fp, f.story = true, fsx.Fingerprint(data), parseStory(data)
			if st, serr := os.Stat(p); serr == nil {
				f.mtime = st.ModTime()
			}
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		default:
			f.exists = true
			r.warnings = append(r.warnings, r.t.StoryUnread.F(shownPath(f.rel), err.Error()))
		}
		r.stories[e.Key] = f
	}
}

// resume is bmad-sprint-status step 3.
func (r *reading) resume() next {
	t, stories := r.t, r.ledger.sorted(KindStory)
	if e, ok := firstWith(stories, StInProgress); ok {
		return next{entry: e, has: true, workflow: "dev-story", reason: t.ReasonInProgress.F(shownKey(e.Key))}
	}
	if e, ok := firstWith(stories, StReview); ok {
		return next{entry: e, has: true, workflow: "code-review", reason: t.ReasonReview.F(shownKey(e.Key))}
	}
	if e, ok := firstWith(stories, StReady); ok {
		return next{entry: e, has: true, workflow: "dev-story", reason: t.ReasonReady.F(shownKey(e.Key))}
	}
	if e, ok := firstWith(stories, StBacklog); ok {
		return next{entry: e, has: true, workflow: "create-story", reason: t.ReasonBacklog.F(shownKey(e.Key))}
	}
	if e, ok := firstWith(r.ledger.sorted(KindRetro), StOptional); ok {
		return next{entry: e, has: true, workflow: "retrospective", reason: t.ReasonRetro.F("epic-" + e.Epic)}
	}
	if len(r.ledger.Entries) == 0 {
		return next{workflow: "sprint-planning", reason: t.ReasonEmpty.F(shownPath(r.rel))}
	}
	return next{reason: t.ReasonDone}
}

// command is BMAD's own command for the next step: the v6 skill, with
// the story key it is for.
func (n next) command() string {
	switch n.workflow {
	case "":
		return ""
	case "retrospective":
		return "/bmad-retrospective epic-" + n.entry.Epic
	case "sprint-planning":
		return "/bmad-sprint-planning"
	}
	return "/bmad-" + n.workflow + " " + n.entry.Key
}

// shownCommand is command as a sentence says it: the story key in it
// as shownKey says it.
func (n next) shownCommand() string {
	switch n.workflow {
	case "", "retrospective", "sprint-planning":
		return n.command()
	}
	return "/bmad-" + n.workflow + " " + shownKey(n.entry.Key)
}

// shownKey is a story key read from the ledger as the sentences say
// it: as it is when plain, else quoted as data, so a key cannot pass for
// pickup's words in a reason, an alert or a hint. A key is the name of
// its story file (<key>.md), and real ones are long slugs
// ("32-3-fix-cli-wiring-subcommand-dry-run-and-discovery"): it is shown
// as a file's name is (textsafe.Path: plain characters, up to 80).
func shownKey(s string) string { return textsafe.Path(s, 120) }

// shownWord is a status read from the ledger as the sentences say it:
// BMAD's own words as they are, any other value quoted (textsafe.Name).
func shownWord(s string) string { return textsafe.Name(s, 60) }

// shownPath is a path relative to the project (the ledger, a story
// file, a folder the config names) as the sentences say it: as it is
// when every part is plain, else quoted (textsafe.Path).
func shownPath(s string) string { return textsafe.Path(s, 160) }

// session maps the reading onto model.Session.
func (r *reading) session() *model.Session {
	s := &model.Session{
		Source:      SourceName,
		ID:          loaders.SessionID(SourceName, r.root, r.path),
		Path:        r.path,
		Project:     r.root,
		Title:       "BMAD " + r.rel,
		Fingerprint: r.fp,
		Warnings:    []string{},
		Phases:      []model.Phase{},
		NoCrash:     true,
	}
	if len(r.others) > 0 {
		others := make([]string, len(r.others))
		for i, o := range r.others {
			others[i] = shownPath(o)
		}
		r.warnings = append(r.warnings, r.t.OtherLedgers.F(strings.Join(others, ", ")))
	}
	if r.problem != nil {
		s.Problem = r.problem
		s.Status = "corrupted"
		s.Warnings = append(s.Warnings, r.warnings...)
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: {Hint: r.t.Corrupted.F(shownPath(r.rel))}}
		return s
	}
	lg := r.ledger
	if lg.Project != "" {
		s.Title = "BMAD " + lg.Project
	}
	r.times(s)
	s.Warnings = append(s.Warnings, r.warnings...)
	s.Alerts = r.alerts
	r.phases(s)
	s.ResumePoint = model.ResumePoint{Reason: r.next.reason}
	if r.next.has {
		s.ResumePoint.Phase = "epic-" + r.next.entry.Epic
		s.Stage, s.Status = r.next.entry.Key, r.next.entry.Status
		if r.next.entry.Status != StInProgress {
			// The last step finished (a story reviewed, created or
			// done): the next can start. An in-progress story is an
			// interrupted dev-story (BMAD has no crash notion).
			s.Standing = model.StandingReady
		}
	} else {
		s.Status = r.next.workflow
		if s.Status == "" {
			s.Status, s.Standing = StDone, model.StandingDone
		}
	}
	r.fields(s)
	s.Fingerprint = r.fp + "|" + r.storyFP()
	s.Policy, s.Moves = r.policy()
	s.Context = r.context()
	s.Prompt = r.prompt(s.Alerts)
	s.Sections = r.sections()
	s.Grid = r.grid()
	s.Artifacts = r.artifacts()
	s.StateFiles = nil
	if f := r.nextFile(); f != nil && f.exists {
		s.StateFiles = []string{filepath.Join(r.root, filepath.FromSlash(f.rel))}
	}
	return s
}

// times sets the session's time from last_updated (or updated, or
// generated), warns when it is over 7 days old (bmad-sprint-status's
// risk), and sets Touched from the ledger's and the next story's files.
func (r *reading) times(s *model.Session) {
	lg := r.ledger
	raw := lg.LastUpdated
	if raw == "" {
		raw = lg.Generated
	}
	if tm, ok := parseTime(raw); ok {
		s.LastUpdated, s.HasLastUpdated = tm, true
		if !r.l.Now.IsZero() && r.l.Now.Sub(tm) > 7*24*time.Hour {
			r.warnings = append(r.warnings, r.t.Stale.F(shownPath(r.rel), raw))
		}
	} else {
		r.warnings = append(r.warnings, r.t.NoTime.F(shownPath(r.rel)))
	}
	if st, err := os.Stat(r.path); err == nil {
		s.Touched, s.TouchedWhat = st.ModTime(), filepath.Base(r.path)
	}
	if f := r.nextFile(); f != nil && f.exists && f.mtime.After(s.Touched) {
		s.Touched, s.TouchedWhat = f.mtime, filepath.Base(f.rel)
	}
}

// nextFile is the next story's file, when the next step is a story.
func (r *reading) nextFile() *fileStory {
	if !r.next.has || r.next.entry.Kind != KindStory {
		return nil
	}
	return r.stories[r.next.entry.Key]
}

func (r *reading) storyFP() string {
	if f := r.nextFile(); f != nil && f.exists {
		return f.fp
	}
	return ""
}

// phases are the epics, in file order, each with its stories counted.
func (r *reading) phases(s *model.Session) {
	lg := r.ledger
	type tally struct{ done, total int }
	per := map[string]*tally{}
	done, total := 0, 0
	for _, e := range lg.Entries {
		if e.Kind != KindStory || e.Status == "" {
			continue
		}
		tl := per[e.Epic]
		if tl == nil {
			tl = &tally{}
			per[e.Epic] = tl
		}
		tl.total++
		total++
		if e.Status == StDone {
			tl.done++
			done++
		}
	}
	epicsDone := 0
	for _, e := range lg.Entries {
		if e.Kind != KindEpic {
			continue
		}
		ph := model.Phase{Name: e.Key, Label: e.Raw, Status: model.PhasePending}
		switch e.Status {
		case StDone:
			ph.Status = model.PhaseCompleted
			epicsDone++
		case StInProgress, StReview:
			ph.Status = model.PhaseInProgress
		}
		tl := per[e.Epic]
		if tl == nil {
			tl = &tally{}
			if e.Status == StInProgress {
				r.warnings = append(r.warnings, r.t.EmptyEpic.F(e.Key))
			}
		}
		ph.Detail = r.t.StoriesDone.F(tl.done, tl.total)
		s.Phases = append(s.Phases, ph)
	}
	s.Progress = model.Progress{Done: epicsDone, Total: len(s.Phases)}
	s.Units, s.UnitsLabel = &model.Progress{Done: done, Total: total}, "stories"
}

func (r *reading) fields(s *model.Session) {
	t, lg := r.t, r.ledger
	add := func(key, label, value string) {
		if value != "" {
			s.Fields = append(s.Fields, model.Field{Key: key, Label: label, Value: value})
		}
	}
	add("project", "Project", lg.Project)
	if r.next.has {
		add("epic", "Epic", "epic-"+r.next.entry.Epic)
		if r.next.entry.Kind == KindStory {
			add("story", "Story", r.next.entry.Key)
		}
		add("status", "Status", r.next.entry.Raw)
		if f := r.nextFile(); f != nil && f.exists && f.story.Tasks > 0 {
			add("tasks", "Tasks", t.TasksValue.F(f.story.Done, f.story.Tasks))
		}
	} else {
		add("story", "Story", t.NoStory)
	}
	add("next", "Next", r.next.command())
	add("ledger", "Ledger", r.rel)
	switch r.from.from {
	case fromConfig:
		add("from", "From", t.FromConfig.F(r.from.config, configKey(r.from.config)))
	case fromLegacy:
		add("from", "From", t.FromLegacy.F(r.from.dir))
	default:
		add("from", "From", t.FromDefault.F(r.from.dir))
	}
}

// context is what CONTINUE hands the agent.
func (r *reading) context() map[string]any {
	c := map[string]any{"ledger": r.rel, "next_command": r.next.command(), "reason": r.next.reason}
	if r.next.has {
		c["key"] = r.next.entry.Key
		c["status"] = r.next.entry.Raw
	}
	if f := r.nextFile(); f != nil {
		c["story_file"] = f.rel
	}
	return c
}

// artifacts are the ledger, the config and every story file that
// exists, in ledger order.
func (r *reading) artifacts() []model.Artifact {
	// The ledger is the session's own state file, which the artifact
	// list puts first by itself (loaders/artifacts.List).
	var out []model.Artifact
	if _, err := os.Stat(filepath.Join(r.root, filepath.FromSlash(ConfigPath))); err == nil {
		out = append(out, model.Artifact{Path: ConfigPath, Kind: "config", Exists: true})
	}
	for _, e := range r.ledger.Entries {
		if f := r.stories[e.Key]; f != nil && f.exists {
			out = append(out, model.Artifact{Path: f.rel, Kind: "story", Phase: "epic-" + e.Epic, Exists: true})
		}
	}
	return out
}
