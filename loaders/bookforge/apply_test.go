package bookforge

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

const promptReason = `tightened the "tense" rule — v2`

// A changed template needs --resume-allow-prompt-change and --reason;
// with both, CONTINUE records the change on that entry, in place, and
// never as a second entry; the later entries, made with the old prompt,
// move to an archive so that bookforge --resume reruns them.
func TestPromptChangeRecordedInPlace(t *testing.T) {
	dir := project(t, "hashes")
	ledger := filepath.Join(history(dir, "glass"), "ch001_sc002.json")
	orig := testkit.Read(t, ledger)
	before := testkit.Snapshot(t, dir)

	// The flag without a reason is not enough.
	s := live(t, dir, opts("resume-allow-prompt-change"))
	if s.Problem == nil || s.Problem.Kind != model.ErrIntegrity || !strings.Contains(s.Problem.Detail, `also needs --reason "..."`) {
		t.Fatalf("problem %+v", s.Problem)
	}
	a := New(opts("resume-allow-prompt-change")).Apply(s, model.Continue, now)
	var guard *model.GuardError
	if !errors.As(a.Err, &guard) || testkit.Read(t, ledger) != orig {
		t.Fatalf("apply without a reason: %v", a.Err)
	}

	l := New(opts("resume-allow-prompt-change", "reason="+promptReason))
	s = live(t, dir, opts("resume-allow-prompt-change", "reason="+promptReason))
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	p := planOf(t, s)
	if got := verdicts(t, p, "ch001_sc002"); got != "SSSSRRMR" {
		t.Fatalf("verdicts %s", got)
	}
	if c := cell(t, p, "ch001_sc002", "state_repair"); !strings.HasSuffix(c.Reason, "after this output was made; it reruns (--force-resume keeps it)") {
		t.Fatalf("state_repair %q", c.Reason)
	}
	if pol := s.Policy[model.Continue]; s.ResumePoint.Phase != "state_repair" || !pol.Writes || pol.Confirm == "" {
		t.Fatalf("resume %+v policy %+v", s.ResumePoint, pol)
	}
	if len(p.Writes) != 2 || p.Writes[1].Kind != "rerun_archive" || !slices.Equal(p.Writes[1].Phases, []string{"repair", "state_repair", "lint"}) {
		t.Fatalf("writes %+v", p.Writes)
	}
	prev, cur := p.Writes[0].Change.Prev, p.Writes[0].Change.New
	a = l.Apply(s, model.Continue, now)
	archive := filepath.Join(history(dir, "glass"), "ch001_sc002.rerun."+fsx.Stamp(now)+".json")
	if a.Err != nil || !slices.Equal(a.Changed, []string{archive, ledger}) {
		t.Fatalf("apply: %v changed %v", a.Err, a.Changed)
	}
	// Byte for byte: the four keys after the write entry's last key, the
	// later entries gone with their commas, nothing else touched.
	anchor := `"pre_state_hash": "` + preStateHash(t, orig, "write") + `"`
	if strings.Count(orig, anchor) != 1 {
		t.Fatalf("fixture: anchor not found once")
	}
	want := orig[:strings.Index(orig, anchor)] + anchor + ",\n" +
		`      "prompt_hash_prev": "` + prev + `",` + "\n" +
		`      "prompt_hash_new": "` + cur + `",` + "\n" +
		`      "prompt_update_reason": "tightened the \"tense\" rule \u2014 v2",` + "\n" +
		`      "prompt_updated_at": "2026-02-15T12:30:00Z"` + "\n    }\n  }\n}"
	if got := testkit.Read(t, ledger); got != want {
		t.Fatalf("ledger after CONTINUE:\n%s\nwant:\n%s", got, want)
	}
	added, removed, changed := diffTrees(before, testkit.Snapshot(t, dir))
	if !slices.Equal(added, []string{"workspace/books/glass/draft/context/phase_history/" + filepath.Base(archive)}) || len(removed) != 0 ||
		!slices.Equal(changed, []string{"workspace/books/glass/draft/context/phase_history/ch001_sc002.json"}) {
		t.Fatalf("added %v removed %v changed %v", added, removed, changed)
	}

	// Without flags now: the change is on record, later phases rerun.
	s = live(t, dir, opts())
	p = planOf(t, s)
	if s.Problem != nil || verdicts(t, p, "ch001_sc002") != "SSSSRRMR" || s.Policy[model.Continue].Writes {
		t.Fatalf("after: problem %v verdicts %s", s.Problem, verdicts(t, p, "ch001_sc002"))
	}
	if c := cell(t, p, "ch001_sc002", "write"); !strings.HasPrefix(c.Reason, "prompt change recorded earlier ("+prev[:12]+" -> "+cur[:12]+", reason: "+promptReason+")") {
		t.Fatalf("write %q", c.Reason)
	}

	// The same flags again: already recorded, nothing to write.
	s = live(t, dir, opts("resume-allow-prompt-change", "reason="+promptReason))
	if len(planOf(t, s).Writes) != 0 {
		t.Fatalf("writes again: %+v", planOf(t, s).Writes)
	}
	if a := l.Apply(s, model.Continue, now); a.Err != nil || len(a.Changed) != 0 || testkit.Read(t, ledger) != want {
		t.Fatalf("second apply: %v %v", a.Err, a.Changed)
	}

	// The template changes again: blocked against the accepted hash;
	// accepted again, the same keys are updated in place.
	tmpl := filepath.Join(bookDir(dir, "glass"), "prompts/templates/write_scene_v2.md")
	testkit.Write(t, tmpl, "# write template, v3\n")
	s = live(t, dir, opts())
	if s.Problem == nil || planOf(t, s).Blocks[0].Old != cur {
		t.Fatalf("v3: problem %+v", s.Problem)
	}
	s = live(t, dir, opts("resume-allow-prompt-change", "reason=v3"))
	later := now.Add(90 * 1e9)
	if a := l.Apply(s, model.Continue, later); a.Err != nil {
		t.Fatal(a.Err)
	}
	got := testkit.Read(t, ledger)
	for _, key := range []string{`"prompt_hash_prev"`, `"prompt_hash_new"`, `"prompt_update_reason"`, `"prompt_updated_at"`} {
		if strings.Count(got, key) != 1 {
			t.Fatalf("%s appears %d times:\n%s", key, strings.Count(got, key), got)
		}
	}
	if !strings.Contains(got, `"prompt_hash_prev": "`+cur+`"`) || !strings.Contains(got, `"prompt_update_reason": "v3"`) ||
		!strings.Contains(got, `"prompt_updated_at": "2026-02-15T12:31:30Z"`) {
		t.Fatalf("re-accepted:\n%s", got)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(got), &doc); err != nil {
		t.Fatalf("not JSON any more: %v", err)
	}
}

func preStateHash(t *testing.T, ledger, phase string) string {
	t.Helper()
	var doc struct {
		Phases map[string]struct {
			PreStateHash string `json:"pre_state_hash"`
		} `json:"phases"`
	}
	if err := json.Unmarshal([]byte(ledger), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Phases[phase].PreStateHash
}

// --force-resume with a prompt change keeps the later outputs, and says
// so in an audit note.
func TestPromptChangeForcedKeepsLaterPhases(t *testing.T) {
	dir := project(t, "hashes")
	o := opts("resume-allow-prompt-change", "reason=new voice", "force-resume")
	s := live(t, dir, o)
	p := planOf(t, s)
	if got := verdicts(t, p, "ch001_sc002"); got != "SSSSSSSR" {
		t.Fatalf("verdicts %s", got)
	}
	if c := cell(t, p, "ch001_sc002", "repair"); !strings.HasPrefix(c.Reason, "forced by --force-resume: kept although the prompt of write changed") {
		t.Fatalf("repair %q", c.Reason)
	}
	a := New(o).Apply(s, model.Continue, now)
	if a.Err != nil || len(a.Changed) != 2 {
		t.Fatalf("apply %v %v", a.Err, a.Changed)
	}
	note := filepath.Join(history(dir, "glass"), "force_resume."+fsx.Stamp(now)+".json")
	if a.Changed[1] != note {
		t.Fatalf("changed %v", a.Changed)
	}
	var doc struct {
		Kind, CreatedAt, Reason string
		Forced                  []map[string]string
	}
	body := testkit.Read(t, note)
	if err := json.Unmarshal([]byte(strings.ReplaceAll(body, "created_at", "createdat")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Kind != "force_resume" || doc.Reason != "new voice" || len(doc.Forced) != 3 {
		t.Fatalf("note %s", body)
	}
	for i, ph := range []string{"state_repair", "lint", "repair"} {
		if doc.Forced[i]["phase"] != ph || doc.Forced[i]["accepted"] != "prompt_changed_upstream" {
			t.Fatalf("forced[%d] = %v", i, doc.Forced[i])
		}
	}
}

func TestForceResumeWritesAnAuditNote(t *testing.T) {
	dir := project(t, "pre_state")
	before := testkit.Snapshot(t, dir)
	o := opts("force-resume", "reason=restored state.json from backup")
	s := live(t, dir, o)
	a := New(o).Apply(s, model.Continue, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	stamp := fsx.Stamp(now)
	rel := "workspace/books/ember/draft/context/phase_history/force_resume." + stamp + ".json"
	added, removed, changed := diffTrees(before, testkit.Snapshot(t, dir))
	if !slices.Equal(added, []string{rel}) || len(removed)+len(changed) != 0 {
		t.Fatalf("added %v removed %v changed %v", added, removed, changed)
	}
	blocks := planOf(t, live(t, dir, opts())).Blocks
	want := `{
  "kind": "force_resume",
  "created_at": "2026-02-15T12:30:00Z",
  "book": "ember",
  "by": "pickup resume --force-resume",
  "reason": "restored state.json from backup",
  "command": "bookforge --workspace workspace run --book ember --resume",
  "forced": [
    {
      "scene": "ch001_sc001",
      "phase": "write",
      "accepted": "pre_state_changed",
      "file": "draft/context/phase_history/ch001_sc001/pre_state_write.json",
      "recorded": "` + blocks[0].Old + `",
      "current": "` + blocks[0].New + `",
      "text": "pre_state_hash changed (` + blocks[0].Old[:12] + ` -> ` + blocks[0].New[:12] + `) for draft/context/phase_history/ch001_sc001/pre_state_write.json"
    },
    {
      "scene": "ch001_sc001",
      "phase": "repair",
      "accepted": "artifact_changed",
      "file": "draft/context/phase_history/ch001_sc001/repair_prose.txt",
`
	if got := testkit.Read(t, filepath.Join(dir, rel)); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "  ]\n}\n") {
		t.Fatalf("note:\n%s\nwant prefix:\n%s", got, want)
	}
	// A force holds for one run: without the flag it is blocked again.
	if s := live(t, dir, opts()); s.Problem == nil {
		t.Fatal("no longer blocked without --force-resume")
	}
}

// --rerun-from moves the later entries to an archive beside the ledger;
// nothing is deleted and the artifacts stay.
func TestRerunFromArchivesLaterEntries(t *testing.T) {
	dir := project(t, "real")
	ledger := filepath.Join(history(dir, "demo"), "ch001_sc003.json")
	orig := testkit.Read(t, ledger)
	before := testkit.Snapshot(t, dir)
	o := opts("rerun-from=preflight")
	s := live(t, dir, o)
	a := New(o).Apply(s, model.Continue, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	archive := filepath.Join(history(dir, "demo"), "ch001_sc003.rerun."+fsx.Stamp(now)+".json")
	if !slices.Equal(a.Changed, []string{archive, ledger}) {
		t.Fatalf("changed %v", a.Changed)
	}
	wantLedger := `{
  "scene_id": "ch001_sc003",
  "phases": {
    "plan": {
      "status": "success",
      "timestamp": "2026-02-15T12:00:00Z",
      "artifacts": {
        "scene_card": "draft/context/phase_history/ch001_sc003/scene_card.json"
      }
    }
  }
}`
	if got := testkit.Read(t, ledger); got != wantLedger {
		t.Fatalf("ledger:\n%s", got)
	}
	moved := orig[strings.Index(orig, `    "preflight": {`):strings.LastIndex(orig, "\n  }\n}")]
	wantArchive := `{
  "scene_id": "ch001_sc003",
  "archived_at": "2026-02-15T12:30:00Z",
  "archived_by": "pickup resume --rerun-from preflight",
  "rerun_from": "preflight",
  "moved_from": "draft/context/phase_history/ch001_sc003.json",
  "phases": {
` + moved + `
  }
}`
	if got := testkit.Read(t, archive); got != wantArchive {
		t.Fatalf("archive:\n%s\nwant:\n%s", got, wantArchive)
	}
	added, removed, changed := diffTrees(before, testkit.Snapshot(t, dir))
	if len(added) != 1 || len(removed) != 0 || len(changed) != 1 {
		t.Fatalf("added %v removed %v changed %v", added, removed, changed)
	}
	// The archive is not a ledger: the next load sees plan only.
	p := planOf(t, live(t, dir, opts()))
	if got := verdicts(t, p, "ch001_sc003"); got != "SRRRRRMR" {
		t.Fatalf("after: %s", got)
	}
	if c := cell(t, p, "ch001_sc003", "preflight"); c.Reason != "no ledger entry: preflight has not succeeded yet" {
		t.Fatalf("after: %q", c.Reason)
	}
}

func TestDiscardArchivesEverything(t *testing.T) {
	dir := project(t, "real")
	before := testkit.Snapshot(t, dir)
	s := live(t, dir, opts())
	if o := s.Outcomes[model.Discard]; !strings.Contains(o, "`bookforge --workspace workspace book reset --book demo --archive` (pickup does not run bookforge)") {
		t.Fatalf("outcome %q", o)
	}
	a := New(opts()).Apply(s, model.Discard, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	stamp := fsx.Stamp(now)
	hist := history(dir, "demo")
	marker := filepath.Join(bookDir(dir, "demo"), filepath.FromSlash(PauseFile))
	if !slices.Equal(a.Changed, []string{hist, marker}) || a.ArchivedTo != hist+".discarded."+stamp {
		t.Fatalf("changed %v archived to %q", a.Changed, a.ArchivedTo)
	}
	// Every file is still there, under its archive name.
	after := testkit.Snapshot(t, dir)
	added, removed, changed := diffTrees(before, after)
	if len(changed) != 0 || len(added) != len(removed) {
		t.Fatalf("added %d removed %d changed %v", len(added), len(removed), changed)
	}
	for _, r := range removed {
		n := strings.Replace(r, "phase_history/", "phase_history.discarded."+stamp+"/", 1)
		if strings.HasSuffix(r, "run_paused.json") {
			n = r + ".discarded." + stamp
		}
		if after[n] != before[r] {
			t.Fatalf("%s did not become %s", r, n)
		}
	}
	paths, _ := New(opts()).Discover(dir)
	if len(paths) != 1 || !strings.Contains(paths[0], "archives") {
		t.Fatalf("after discard, Discover = %v", paths)
	}
}

// RESTART reruns the resume scene from its first phase: it archives that
// scene's ledger, then the marker; committed scenes keep theirs.
func TestRestartArchivesTheResumeScene(t *testing.T) {
	dir := project(t, "cursor")
	hist := history(dir, "quill")
	before := testkit.Snapshot(t, dir)
	s := live(t, dir, opts())
	if pol := s.Policy[model.Restart]; pol.Disabled != "" || pol.Hint != "archive the ledger of ch001_sc004 and the pause marker, then rerun ch001_sc004 from its first phase" {
		t.Fatalf("restart policy %+v", pol)
	}
	if o := s.Outcomes[model.Restart]; !strings.HasSuffix(o, "ch001_sc004 reruns from its first phase: bookforge --workspace workspace run --book quill") {
		t.Fatalf("outcome %q", o)
	}
	a := New(opts()).Apply(s, model.Restart, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	stamp := fsx.Stamp(now)
	ledger := filepath.Join(hist, "ch001_sc004.json")
	marker := filepath.Join(bookDir(dir, "quill"), filepath.FromSlash(PauseFile))
	if !slices.Equal(a.Changed, []string{ledger, marker}) {
		t.Fatalf("changed %v", a.Changed)
	}
	after := testkit.Snapshot(t, dir)
	added, removed, changed := diffTrees(before, after)
	base := "workspace/books/quill/draft/context/"
	if len(changed) != 0 || !slices.Equal(removed, []string{base + "phase_history/ch001_sc004.json", base + "run_paused.json"}) ||
		!slices.Equal(added, []string{base + "phase_history/ch001_sc004.json.restart." + stamp, base + "run_paused.json.restart." + stamp}) {
		t.Fatalf("added %v removed %v changed %v", added, removed, changed)
	}
	for i := range removed {
		if after[added[i]] != before[removed[i]] {
			t.Fatalf("%s is not what %s held", added[i], removed[i])
		}
	}
	// Next: the cursor scene afresh (a --resume would still take the scene
	// card state.json names); the committed scenes as they were.
	s = live(t, dir, opts())
	p := planOf(t, s)
	if p.Resume != (ResumeAt{Scene: "ch001_sc004", Phase: "preflight", Reason: p.Resume.Reason}) || verdicts(t, p, "ch001_sc004") != "SRRRRRMR" ||
		p.Committed != 3 || p.Pause != nil || len(withoutTotalNote(s.Warnings)) != 0 {
		t.Fatalf("after restart: resume %+v committed %d pause %v warnings %q", p.Resume, p.Committed, p.Pause, s.Warnings)
	}
}

// Every write first checks that the book is as loaded: a ledger, the
// marker or any file the ledgers name.
func TestWritesRefuseAChangedBook(t *testing.T) {
	for _, edit := range []string{
		"draft/context/phase_history/ch001_sc003.json",
		"draft/context/run_paused.json",
		"draft/context/phase_history/ch001_sc001/write_prose.txt",
	} {
		t.Run(filepath.Base(edit), func(t *testing.T) {
			dir := project(t, "real")
			o := opts("rerun-from=preflight")
			s := live(t, dir, o)
			f := filepath.Join(bookDir(dir, "demo"), filepath.FromSlash(edit))
			testkit.Write(t, f, testkit.Read(t, f)+" ")
			before := testkit.Snapshot(t, dir)
			for _, c := range []model.Choice{model.Continue, model.Restart, model.Discard} {
				a := New(o).Apply(s, c, now)
				if !errors.Is(a.Err, fsx.ErrChanged) {
					t.Fatalf("%s: %v", c, a.Err)
				}
			}
			if a, r, c := diffTrees(before, testkit.Snapshot(t, dir)); len(a)+len(r)+len(c) != 0 {
				t.Fatalf("written: %v %v %v", a, r, c)
			}
		})
	}
	dir := project(t, "real")
	s := live(t, dir, opts())
	if err := os.Rename(history(dir, "demo"), history(dir, "demo")+".moved"); err != nil {
		t.Fatal(err)
	}
	var ce *fsx.ChangedError
	if a := New(opts()).Apply(s, model.Discard, now); !errors.As(a.Err, &ce) || !ce.Gone {
		t.Fatalf("gone: %v", a.Err)
	}
}

func TestPromptForTheAgent(t *testing.T) {
	s := live(t, project(t, "real"), opts())
	for _, want := range []string{
		"# Resume bookforge book demo",
		"Resume scene **ch001_sc003** at phase **write**",
		"> **Wait first:** quota pause: retrying is safe from 2026-02-15 12:36:00 UTC",
		"```sh\nbookforge --workspace workspace run --book demo --resume\n```",
		"- continuity_pack pack: `draft/context/phase_history/ch001_sc003/continuity_pack.json`",
	} {
		if !strings.Contains(s.Prompt, want) {
			t.Errorf("prompt lacks %q:\n%s", want, s.Prompt)
		}
	}
}

// An archive name already taken is never replaced: the move takes the
// same stamp with a counter, for the ledger folder and the marker alike.
func TestDiscardTakesAFreeArchiveName(t *testing.T) {
	dir := project(t, "real")
	s := live(t, dir, opts())
	taken := history(dir, "demo") + ".discarded." + fsx.Stamp(now)
	if err := os.MkdirAll(taken, 0o755); err != nil {
		t.Fatal(err)
	}
	testkit.Write(t, filepath.Join(taken, "keep.txt"), "older archive")
	a := New(opts()).Apply(s, model.Discard, now)
	if a.Err != nil || a.ArchivedTo != taken+"-2" {
		t.Fatalf("archived to %s, %v; want %s-2", a.ArchivedTo, a.Err, taken)
	}
	if testkit.Read(t, filepath.Join(taken, "keep.txt")) != "older archive" {
		t.Fatal("the older archive changed")
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(taken), "run_paused.json.discarded."+fsx.Stamp(now)+"-2")); err != nil {
		t.Fatalf("the marker does not share the stamp: %v", err)
	}
}
