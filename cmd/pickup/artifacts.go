package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/pickup-dev/pickup/loaders/artifacts"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui"
	"github.com/pickup-dev/pickup/tui/msg"
)

// artifactFiles gives the wizard's artifact browser its way to the disk:
// loaders/artifacts, which refuses anything outside the session's roots
// and reads at most the head of a file.
func artifactFiles() *tui.Files {
	return &tui.Files{
		List: artifacts.Inspect,
		Read: func(s *model.Session, a model.Artifact, limit int) (tui.Head, error) {
			h, err := artifacts.ReadHead(s, a, limit)
			return tui.Head{Data: h.Data, Size: h.Size, Truncated: h.Truncated}, err
		},
		Path: artifacts.Path,
		Entries: func(s *model.Session, a model.Artifact, limit int) (tui.Listing, error) {
			l, err := artifacts.Entries(s, a, limit)
			return tui.Listing{Names: l.Names, Total: l.Total}, err
		},
	}
}

func (a *app) artifactsCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "artifacts [DIR]",
		Short: "List the files each session refers to, without the UI",
		Long: `artifacts lists the files a session refers to (its state file first,
then the source's artifacts: memory files and phase summaries, scene
artifacts, rules, TDDs, ADRs and tickets, dispatch files and handoffs,
story files), each with its kind, the phase that produced it, whether it
exists, its size, when it changed and its integrity where a hash is
recorded. A path that resolves outside the project (.., an absolute path
elsewhere, a symlink out) or is a symlink loop is marked refused: pickup
never opens it. Without --session every session that is not archived is
listed. Exit 3 when none is found.`,
		Args: takes(0, 1),
		RunE: func(_ *cobra.Command, args []string) error {
			dir, err := projectDir(args)
			if err != nil {
				return err
			}
			return a.artifacts(dir)
		},
	}
}

type artifactsDoc struct {
	FormatVersion int                `json:"format_version"`
	Project       string             `json:"project"`
	Sessions      []sessionArtifacts `json:"sessions"`
}

type sessionArtifacts struct {
	ID        string         `json:"id"`
	Source    string         `json:"source"`
	Path      string         `json:"path"`
	Title     string         `json:"title"`
	Archived  bool           `json:"archived,omitempty"`
	Artifacts []artifactJSON `json:"artifacts"`
}

// artifactJSON is an artifact in the JSON document. A refused one has no
// "exists" at all: saying false would be as much an answer as true, and
// a state file must not learn from pickup what lies outside the project.
// It is model.Artifact with "exists" (written after the other fields)
// left out for a refused path.
type artifactJSON struct {
	model.Artifact
	Exists *bool `json:"exists,omitempty"`
}

func artifactsJSON(arts []model.Artifact) []artifactJSON {
	out := make([]artifactJSON, len(arts))
	for i, a := range arts {
		out[i] = artifactJSON{Artifact: a}
		if a.Refused == "" {
			out[i].Exists = &arts[i].Exists
		}
	}
	return out
}

// artifacts prints the sessions' inspected artifacts, as text or JSON.
func (a *app) artifacts(project string) error {
	sessions, err := a.find(project)
	if err != nil {
		return err
	}
	var chosen []*model.Session
	if a.sessionID != "" {
		s, err := a.pick(project, sessions)
		if err != nil {
			return err
		}
		chosen = []*model.Session{s}
	} else {
		chosen = liveOnly(sessions)
	}
	if len(chosen) == 0 {
		return a.notFound(project)
	}
	doc := artifactsDoc{FormatVersion: formatVersion, Project: project, Sessions: []sessionArtifacts{}}
	inspected := make([][]model.Artifact, len(chosen))
	for i, s := range chosen {
		inspected[i] = artifacts.Inspect(s)
		doc.Sessions = append(doc.Sessions, sessionArtifacts{ID: s.ID, Source: s.Source, Path: s.Path, Title: s.Title,
			Archived: s.Archived, Artifacts: artifactsJSON(inspected[i])})
	}
	if a.jsonOut {
		if err := writeJSON(a.io.out, doc); err != nil {
			return fail(exitError, &errs.WritingJSON, err)
		}
		return nil
	}
	plain := a.options().Plain
	for i := range doc.Sessions {
		if i > 0 {
			fmt.Fprintln(a.io.out)
		}
		fmt.Fprint(a.io.out, artifactsText(a.msg(), chosen[i], inspected[i], a.now(), plain))
	}
	return nil
}

// artifactsText is one session's artifact list: a heading, then one line
// per artifact with a mark (present, missing, refused, changed), its
// path (relative to the project when inside) and its facts.
func artifactsText(c *msg.Catalog, s *model.Session, arts []model.Artifact, now time.Time, plain bool) string {
	ok, missing, refused, changed := "✓", "✗", "⚠", "!"
	if plain {
		ok, missing, refused = "+", "x", "!"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[%s %s] %s\n", s.Source, s.ID, s.Title)
	if len(arts) == 0 {
		fmt.Fprintf(&b, "  %s\n", c.Browser.None)
		return b.String()
	}
	paths := make([]string, len(arts))
	width := 0
	for i, art := range arts {
		paths[i] = relPath(s.Project, art.Path)
		if art.Dir {
			paths[i] += "/"
		}
		width = max(width, ansi.StringWidth(paths[i]))
	}
	width = min(width, 60)
	for i, art := range arts {
		mark := ok
		switch {
		case art.Refused != "":
			mark = refused
		case !art.Exists:
			mark = missing
		case art.Integrity == model.IntegrityChanged:
			mark = changed
		}
		p := paths[i]
		pad := strings.Repeat(" ", max(width-ansi.StringWidth(p), 0))
		fmt.Fprintf(&b, "  %s %s%s  %s\n", mark, p, pad, strings.Join(c.ArtifactFacts(art, now), " · "))
	}
	return b.String()
}

// relPath shows a path relative to the project when it lies inside.
func relPath(project, p string) string {
	abs := artifacts.Abs(project, p)
	rel, err := filepath.Rel(project, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return abs
	}
	return filepath.ToSlash(rel)
}
