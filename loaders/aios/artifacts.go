package aios

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/model"
)

// StoriesDir is where AIOS keeps story files, relative to the project
// ("docs/stories/{epic}.{story}.story.md", or with a title slug in place
// of "story").
const StoriesDir = "docs/stories"

// storyArtifacts lists the story files the state names: the current story
// first, then the done ones, then pending ones that already have a file.
// Each story id is probed at two known names only, never by walking the
// tree: "<id>.story.md", then "<id>.*.md" in StoriesDir. The current
// story is listed even when its file is missing.
//
// doc is the state file as Load read it (uerr: yaml.Unmarshal's error),
// so a large file is parsed once.
func storyArtifacts(project string, doc *yaml.Node, uerr error) []model.Artifact {
	if uerr != nil {
		return nil
	}
	ss := get(docRoot(doc), "session_state")
	if !isMap(ss) {
		return nil
	}
	progress := get(ss, "progress")
	current := str(get(progress, "current_story"))
	var done, pending []string
	if l, ok := strs(get(progress, "stories_done")); ok {
		done = l
	} else if l, ok := strs(get(progress, "completed")); ok {
		done = l
	}
	if l, ok := strs(get(progress, "stories_pending")); ok {
		pending = l
	}

	var out []model.Artifact
	seen := map[string]bool{}
	files := &storyDir{project: project}
	add := func(id string, always bool) {
		if id == "" || seen[id] || strings.ContainsAny(id, `/\`) || strings.HasPrefix(id, ".") {
			return // not a story id: never a path
		}
		seen[id] = true
		if p, ok := files.find(id); ok {
			out = append(out, model.Artifact{Path: p, Kind: "story", Exists: true})
		} else if always {
			out = append(out, model.Artifact{Path: filepath.ToSlash(filepath.Join(StoriesDir, id+".story.md")), Kind: "story"})
		}
	}
	if p, ok := storyPath(project, current); ok {
		// aios-core's executor (and a migrated session) records the
		// story file's path, not its id.
		seen[storyID(current)] = true
		out = append(out, model.Artifact{Path: p, Kind: "story", Exists: isRegular(filepath.Join(project, filepath.FromSlash(p)))})
	} else {
		add(current, true)
	}
	for _, id := range done {
		add(id, false)
	}
	for _, id := range pending {
		add(id, false)
	}
	return out
}

// storyPath is current_story as a story file inside the project,
// relative to it; ok is false when current_story is an id, or a path that
// leaves the project (never probed).
func storyPath(project, current string) (string, bool) {
	if storyID(current) == current {
		return "", false
	}
	p := filepath.FromSlash(current)
	if !filepath.IsAbs(p) {
		p = filepath.Join(project, p)
	}
	rel, err := filepath.Rel(project, filepath.Clean(p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// storyFile finds a story's file, relative to the project.
func storyFile(project, id string) (string, bool) {
	dir := filepath.Join(project, filepath.FromSlash(StoriesDir))
	exact := filepath.Join(dir, id+".story.md")
	if st, err := os.Stat(exact); err == nil && st.Mode().IsRegular() {
		return filepath.ToSlash(filepath.Join(StoriesDir, id+".story.md")), true
	}
	matches, err := filepath.Glob(filepath.Join(dir, globEscape(id)+".*.md"))
	if err != nil || len(matches) == 0 {
		return "", false
	}
	sort.Strings(matches)
	return filepath.ToSlash(filepath.Join(StoriesDir, filepath.Base(matches[0]))), true
}

// globEscape quotes the glob metacharacters a story id might hold.
func globEscape(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		switch r {
		case '*', '?', '[', ']', '\\':
			out = append(out, '\\')
		}
		out = append(out, r)
	}
	return string(out)
}

// storyDir answers storyFile for many stories from one listing of
// StoriesDir: an epic of a thousand stories would otherwise read the
// folder once per story (each glob lists it).
type storyDir struct {
	project string
	listed  bool
	err     error
	names   []string // sorted, as os.ReadDir gives them
	types   []fs.FileMode
}

func (d *storyDir) find(id string) (string, bool) {
	if !d.listed {
		d.listed = true
		ents, err := os.ReadDir(filepath.Join(d.project, filepath.FromSlash(StoriesDir)))
		d.err = err
		for _, e := range ents {
			d.names = append(d.names, e.Name())
			d.types = append(d.types, e.Type())
		}
	}
	if d.err != nil {
		return storyFile(d.project, id)
	}
	// "<id>.story.md" when it is a regular file (a link is followed).
	exact := id + ".story.md"
	if i, ok := slices.BinarySearch(d.names, exact); ok {
		t := d.types[i]
		if t.IsRegular() || (t&fs.ModeSymlink != 0 && isRegular(filepath.Join(d.project, filepath.FromSlash(StoriesDir), exact))) {
			return filepath.ToSlash(filepath.Join(StoriesDir, exact)), true
		}
	}
	// Else the first name, in order, that "<id>.*.md" matches: the id
	// and a dot, anything, ".md".
	pre := id + "."
	i, _ := slices.BinarySearch(d.names, pre)
	for ; i < len(d.names) && strings.HasPrefix(d.names[i], pre); i++ {
		if n := d.names[i]; len(n) >= len(pre)+3 && strings.HasSuffix(n, ".md") {
			return filepath.ToSlash(filepath.Join(StoriesDir, n)), true
		}
	}
	return "", false
}

func isRegular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
