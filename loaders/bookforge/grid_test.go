package bookforge

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/loaders/artifacts"
	"github.com/pickup-dev/pickup/model"
)

// The grid is the plan cell by cell: the same verdicts and reasons as
// `pickup plan`, the cursor on the resume point's first rerun.
func TestGridIsThePlan(t *testing.T) {
	s := live(t, project(t, "real"), opts())
	p, g := planOf(t, s), s.Grid
	if g == nil {
		t.Fatal("no grid")
	}
	if len(g.Rows) != len(p.Scenes) || len(g.Cols) != len(Phases) || g.Cols[7] != "apply/commit" {
		t.Fatalf("grid %d rows, cols %v", len(g.Rows), g.Cols)
	}
	for i, sp := range p.Scenes {
		r := g.Rows[i]
		if r.Label != sp.ID || len(r.Cells) != len(sp.Cells) {
			t.Fatalf("row %d %+v", i, r)
		}
		for j, c := range sp.Cells {
			gc := r.Cells[j]
			if gc.Verdict != string(c.Verdict) || gc.Reason != c.Reason {
				t.Errorf("%s %s: grid %s %q, plan %s %q", sp.ID, c.Phase, gc.Verdict, gc.Reason, c.Verdict, c.Reason)
			}
		}
	}
	if g.StartRow != 2 || g.StartCol != 3 || g.Rows[2].Note != "resume" || g.Rows[0].Note != "" {
		t.Errorf("start %d,%d note %q", g.StartRow, g.StartCol, g.Rows[2].Note)
	}
	c := g.Rows[2].Cells[3]
	if c.Kind != model.GridRerun || c.Glyph != "↻" || c.ASCII != "R" ||
		c.Reason != "no ledger entry: the run paused here (HTTP 429 quota pause in write_scene)" {
		t.Errorf("write cell %+v", c)
	}
	if k := g.Rows[0].Cells[0].Kind; k != model.GridOK {
		t.Errorf("plan cell kind %s", k)
	}
	if len(g.Legend) != 5 || g.Legend[2].Kind != model.GridBlocked || g.Legend[2].Verdict != "blocked" || g.Legend[3].Verdict != "if lint fails" || g.Legend[4].Kind != model.GridNone {
		t.Errorf("legend %+v", g.Legend)
	}
	// The screen leaves out the sections the grid says better.
	var titles []string
	for _, sec := range s.Sections {
		titles = append(titles, sec.Title)
	}
	for _, r := range g.Replaces {
		if !slices.Contains(titles, r) {
			t.Errorf("grid replaces %q, not a section (%v)", r, titles)
		}
	}
	if slices.Contains(g.Replaces, "Pause ("+PauseFile+")") {
		t.Error("the pause details must stay")
	}
}

// A blocked cell is red on the grid, and the cursor starts on it.
func TestGridBlocked(t *testing.T) {
	s := live(t, project(t, "hashes"), opts())
	g := s.Grid
	c := g.Rows[g.StartRow].Cells[g.StartCol]
	if c.Kind != model.GridBlocked || c.Verdict != "BLOCKED" || !strings.HasPrefix(c.Reason, "template changed: prompts/templates/write_scene_v2.md") {
		t.Fatalf("start cell %+v", c)
	}
	if g.Rows[g.StartRow].Label != "ch001_sc002" || g.Cols[g.StartCol] != "write" {
		t.Errorf("start at %s %s", g.Rows[g.StartRow].Label, g.Cols[g.StartCol])
	}
}

// Every recorded scene done: the cursor starts on the last scene, with
// or without --rerun-all.
func TestGridStart(t *testing.T) {
	dir := project(t, "real")
	for _, f := range []string{filepath.Join(bookDir(dir, "demo"), filepath.FromSlash(PauseFile)), filepath.Join(history(dir, "demo"), "ch001_sc003.json")} {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	s := live(t, dir, opts())
	if g := s.Grid; len(g.Rows) != 2 || g.StartRow != 1 || g.StartCol != 0 || g.Rows[1].Note != "" {
		t.Errorf("complete: %d rows, start %d,%d", len(g.Rows), g.StartRow, g.StartCol)
	}
	// --rerun-all has no scene to act on: the finished scenes stay as
	// they are.
	s = live(t, dir, opts("rerun-all"))
	if g := s.Grid; g.StartRow != 1 || g.StartCol != 0 || g.Rows[0].Note != "" || g.Rows[1].Cells[0].Kind != model.GridOK {
		t.Errorf("rerun-all start %d,%d", g.StartRow, g.StartCol)
	}
}

// The artifact list names every scene's recorded files with the hashes
// the ledgers record, so the inspector reports a hand edit; the prompt
// still lists only what the resume loads.
func TestArtifactsEveryScene(t *testing.T) {
	dir := project(t, "pre_state")
	s := live(t, dir, opts())
	byPath := map[string]model.Artifact{}
	for _, a := range artifacts.Inspect(s) {
		byPath[a.Path] = a
	}
	base := "workspace/books/ember/draft/context/phase_history/"
	prose := byPath[base+"ch001_sc001/repair_prose.txt"]
	if prose.Kind != "prose" || prose.Phase != "repair (ch001_sc001)" || prose.Hash == "" || prose.Integrity != model.IntegrityChanged {
		t.Errorf("repair prose %+v", prose)
	}
	if pre := byPath[base+"ch001_sc001/pre_state_repair.json"]; pre.Kind != "pre_state" || pre.Integrity != model.IntegrityOK {
		t.Errorf("pre_state %+v", pre)
	}
	if l := byPath[base+"ch001_sc001.json"]; l.Kind != "ledger" || !l.Exists {
		t.Errorf("ledger %+v", l)
	}
	if tp := byPath["workspace/books/ember/prompts/system_v1.md"]; tp.Kind != "template" {
		t.Errorf("template %+v", tp)
	}
	n := 0
	for _, a := range s.Artifacts {
		if a.Path == "workspace/books/ember/prompts/system_v1.md" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("system template listed %d times", n)
	}

	// Every scene, not only the resume scene: the real book's finished
	// scenes list their prose too.
	r := live(t, project(t, "real"), opts())
	var scenes []string
	for _, a := range r.Artifacts {
		if a.Kind == "prose" {
			scenes = append(scenes, a.Phase)
		}
	}
	if !slices.Contains(scenes, "write (ch001_sc001)") || !slices.Contains(scenes, "repair (ch001_sc002)") {
		t.Errorf("prose of %v", scenes)
	}
	if a := r.Artifacts[0]; a.Kind != "pause marker" || a.Path != "workspace/books/demo/"+PauseFile {
		t.Errorf("first artifact %+v", a)
	}
	// The prompt's outputs to load are the resume scene's skipped ones.
	_, load, _ := strings.Cut(r.Prompt, "## Outputs to load into the next phase\n\n")
	load, _, _ = strings.Cut(load, "\n\n")
	want := "- plan scene_card: `draft/context/phase_history/ch001_sc003/scene_card.json`\n" +
		"- preflight patch: `draft/context/phase_history/ch001_sc003/preflight_patch.json`\n" +
		"- continuity_pack pack: `draft/context/phase_history/ch001_sc003/continuity_pack.json`"
	if load != want {
		t.Errorf("outputs to load:\n%s\nwant:\n%s", load, want)
	}
}

// A folder named like a ledger is not read, and a warning names it; a
// book whose only "ledger" is such a folder is still found, to say so.
func TestLedgerNamedFolder(t *testing.T) {
	dir := project(t, "real")
	hist := history(dir, "demo")
	if err := os.MkdirAll(filepath.Join(hist, "ch002_sc001.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := live(t, dir, opts())
	if !hasWarning(s, "draft/context/phase_history/ch002_sc001.json: a folder named like a ledger file") {
		t.Errorf("warnings %q", s.Warnings)
	}
	if n := len(planOf(t, s).Scenes); n != 3 {
		t.Errorf("%d scenes", n)
	}

	only := t.TempDir()
	if err := os.MkdirAll(filepath.Join(only, "workspace", "books", "b", filepath.FromSlash(HistoryDir), "ch001_sc001.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	s = live(t, only, opts())
	if !hasWarning(s, "ch001_sc001.json: a folder named like a ledger file") || s.Grid != nil {
		t.Errorf("warnings %q, grid %v", s.Warnings, s.Grid)
	}
}

func hasWarning(s *model.Session, sub string) bool {
	for _, w := range s.Warnings {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}

// hasAlert: the session alerts (above the menu) kind with a text
// containing sub.
func hasAlert(s *model.Session, kind model.AlertKind, sub string) bool {
	for _, a := range s.Alerts {
		if a.Kind == kind && strings.Contains(a.Text, sub) {
			return true
		}
	}
	return false
}
