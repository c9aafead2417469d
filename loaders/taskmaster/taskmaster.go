// Package taskmaster reads and writes task-master's (claude-task-master)
// task store, .taskmaster/tasks/tasks.json, in both of its forms:
//
//   - tagged (task-master 0.17 and later): {"master": {"tasks": [...],
//     "metadata": {...}}, "<tag>": {...}}; every tag is a session, and
//     .taskmaster/state.json's currentTag (else config.json's
//     global.defaultTag, else master) says which one task-master works
//     on;
//   - legacy, untagged: {"tasks": [...]} at the root of
//     .taskmaster/tasks/tasks.json or of the older tasks/tasks.json
//     (with .taskmasterconfig), read as the tag master, as task-master
//     reads it.
//
// The resume point is task-master's own findNextTask (next.go). CONTINUE
// writes nothing; RESTART and DISCARD are task-master's own set-status
// pending and cancelled, carried out as byte-exact edits of the status
// values in tasks.json (apply.go), never on done or review work.
package taskmaster

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in the registry and in JSON.
const SourceName = "taskmaster"

// Locations are the task stores Discover probes, relative to the
// project root: task-master's (eyaltoledano/claude-task-master@c0c98d3:
// src/constants/paths.js, TASKMASTER_TASKS_FILE) and the legacy one
// (LEGACY_TASKS_FILE).
var Locations = []string{
	".taskmaster/tasks/tasks.json",
	"tasks/tasks.json",
}

// Side files: the current tag, the configuration, and the legacy
// configuration that marks a legacy project.
const (
	stateFile    = ".taskmaster/state.json"
	configFile   = ".taskmaster/config.json"
	legacyConfig = ".taskmasterconfig"
	tagSeparator = "#"
	maxSideFile  = 1 << 20
)

// Loader is the task-master loader. Its zero value speaks English.
type Loader struct {
	Lang i18n.Lang
}

var _ loaders.Loader = Loader{}

// Source returns "taskmaster".
func (Loader) Source() string { return SourceName }

func (l Loader) text() *Text { return Catalogs.For(l.Lang) }

// Discover returns one entry per tag of each task store found at
// Locations: the store's path, "#", and the tag's name (Load reads the
// tag). A store is claimed by its content: a JSON document of
// task-master's shape. A store that is not valid JSON is claimed as one
// damaged session when it sits in .taskmaster/ (task-master's own
// folder) or beside .taskmasterconfig; another tool's valid JSON at
// tasks/tasks.json is left alone. It never walks the tree.
func (l Loader) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("taskmaster: %s: %w", l.text().Project.F(project), err)
	}
	var found []string
	for _, rel := range Locations {
		p := filepath.Join(root, filepath.FromSlash(rel))
		st, err := os.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			continue
		case err != nil || !st.Mode().IsRegular():
			found = append(found, p) // cannot tell: Load says why
			continue
		}
		data, err := fsx.ReadFile(p)
		if err != nil {
			found = append(found, p)
			continue
		}
		names, ok := tagNames(data)
		if !ok {
			if ownPlace(root, rel) && !validOther(data) {
				found = append(found, p) // damaged: Load reports it
			}
			continue
		}
		for _, name := range names {
			found = append(found, p+tagSeparator+name)
		}
	}
	return found, nil
}

// ownPlace says the store at rel sits where only task-master keeps one:
// in .taskmaster/, or at tasks/tasks.json beside .taskmasterconfig.
func ownPlace(root, rel string) bool {
	if strings.HasPrefix(rel, ".taskmaster/") {
		return true
	}
	_, err := os.Stat(filepath.Join(root, legacyConfig))
	return err == nil
}

// validOther is valid JSON that is not task-master's: another tool's.
func validOther(data []byte) bool {
	return jsonValid(data)
}

// split reads a discovered entry back: the store's path and the tag
// ("" for a damaged store, listed without one).
func split(root, entry string) (path, tagName string) {
	for _, rel := range Locations {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if entry == p {
			return p, ""
		}
		if strings.HasPrefix(entry, p+tagSeparator) {
			return p, entry[len(p)+len(tagSeparator):]
		}
	}
	return entry, ""
}

// Load reads one tag of a task store (an entry Discover returned). A
// store that cannot be read at all is an error naming the path; one that
// is not valid JSON, or no longer holds the tag, is a Session with
// Problem set (DISCARD is then off too: pickup never edits a file it
// cannot read).
func (l Loader) Load(project, entry string) (*model.Session, error) {
	tx := l.text()
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("taskmaster: %s: %w", tx.Project.F(project), err)
	}
	abs, err := filepath.Abs(entry)
	if err != nil {
		return nil, fmt.Errorf("taskmaster: %s: %w", entry, err)
	}
	path, tagName := split(root, abs)
	data, err := fsx.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("taskmaster: %w", err)
	}
	var mtime time.Time
	if st, err := os.Stat(path); err == nil {
		mtime = st.ModTime()
	}
	return l.loadData(root, path, tagName, data, mtime), nil
}

// loadData is Load once the store is read: tagName "" is the current
// tag.
func (l Loader) loadData(root, path, tagName string, data []byte, mtime time.Time) *model.Session {
	tx := l.text()
	in := &input{root: root, path: path, data: data, mtime: mtime, tx: tx}
	in.readCurrent()
	st, ok := parseStore(data)
	if !ok {
		return in.damaged(tx.NotJSON.F(jsonDetail(tx, data)))
	}
	in.store = st
	if tagName == "" {
		tagName = in.current
	}
	t := st.find(tagName)
	if t == nil {
		s := in.damaged(tx.NoTag.F(tagName))
		s.ID = loaders.SessionID(SourceName, root, path+tagSeparator+tagName)
		return s
	}
	return in.session(t)
}

// Apply carries out a choice's write. CONTINUE and REVIEW write nothing
// (task-master's next writes nothing either); RESTART sets the tag's
// in-progress tasks and subtasks pending, DISCARD its unfinished ones
// cancelled, as task-master's set-status does, in place in tasks.json.
func (l Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	a := model.Applied{Choice: c}
	tx := l.text()
	switch c {
	case model.Continue, model.Review:
		return a
	case model.Restart, model.Discard:
		a.Err = applyStatus(tx, s, c)
		if a.Err == nil {
			a.Changed = []string{s.Path}
		}
	default:
		a.Err = errors.New(tx.UnknownChoice.F(string(c)))
	}
	return a
}
