package crucible

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

var now = at("14:30:00")

// shadowLog is the shadow repository's commit subjects, newest first.
func (w *world) shadowLog() []string {
	out := testkit.GitAt(w.t, w.project, w.shadowEnv(), time.Time{}, "log", "--format=%H %s")
	return strings.Split(out, "\n")
}

// TestRestoreAgainstARealShadowRepository restores pre-code-review:
// tracked files go back to the checkpoint, untracked files survive, and
// a pre-restore-safety checkpoint exists from which the restore can be
// undone.
func TestRestoreAgainstARealShadowRepository(t *testing.T) {
	w, ids := crashWorld(t)
	testkit.Write(t, filepath.Join(w.project, CheckpointTable), "not the shadow table\n") // a project file of the same name is left alone
	// Work after the checkpoint: an edit, a deletion and a new file.
	testkit.Write(t, filepath.Join(w.project, "src", "auth.go"), "package src // half-done inquisitor fix\n")
	if err := os.Remove(filepath.Join(w.project, "docs", "plan.md")); err != nil {
		t.Fatal(err)
	}
	testkit.Write(t, filepath.Join(w.project, "notes", "scratch.txt"), "my untracked notes\n")
	table := filepath.Join(w.shadow, CheckpointTable)
	rows := "| " + ids["pre-code-review"][:8] + " | 2026-03-24 12:25:50 | pre-code-review | build |\n"
	testkit.Write(t, table, rows)
	before := testkit.Snapshot(t, w.project)

	l, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Restore == nil || pl.Resume.Restore.ID != ids["pre-code-review"] {
		t.Fatalf("restore %+v", pl.Resume.Restore)
	}
	a := l.Apply(s, model.Continue, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	after := testkit.Snapshot(t, w.project)
	if after["src/auth.go"] != "package src // reviewed base\n" || after["docs/plan.md"] != "plan v1\n" {
		t.Fatalf("not restored: %q %q", after["src/auth.go"], after["docs/plan.md"])
	}
	if after["notes/scratch.txt"] != "my untracked notes\n" || after[CheckpointTable] != "not the shadow table\n" {
		t.Fatal("an untracked file was touched")
	}
	for name, body := range before {
		if name == "src/auth.go" {
			continue
		}
		if after[name] != body {
			t.Errorf("%s changed", name)
		}
	}
	// Changed names the restored files and the shadow repository.
	sort := func(ss []string) []string { return sortStrings(append([]string{}, ss...)) }
	want := sort([]string{filepath.Join(w.project, "docs", "plan.md"), filepath.Join(w.project, "src", "auth.go"), w.shadow})
	if got := sort(a.Changed); !reflect.DeepEqual(got, want) {
		t.Fatalf("changed %v want %v", got, want)
	}
	// The safety checkpoint is the shadow repository's newest commit.
	log := w.shadowLog()
	if !regexp.MustCompile(`^[0-9a-f]{40} pre-restore-safety \| 2026-03-24 14:30:00 \| pickup$`).MatchString(log[0]) {
		t.Fatalf("shadow log %v", log)
	}
	safety := strings.Fields(log[0])[0]
	ctx := s.Context
	sc := ctx["safety_checkpoint"].(map[string]any)
	if sc["id"] != safety || ctx["restored_files"] != 2 || !strings.Contains(ctx["undo_restore"].(string), "checkout "+safety+" -- .") {
		t.Fatalf("context %v", ctx)
	}
	// The table gained the safety row, byte for byte.
	if got := testkit.Read(t, table); got != rows+"| "+safety[:8]+" | 2026-03-24 14:30:00 | pre-restore-safety | pickup |\n" {
		t.Fatalf("table:\n%s", got)
	}
	// The project's own repository was not touched: no new commit, same HEAD.
	if head := testkit.GitAt(t, w.project, nil, time.Time{}, "log", "--format=%s", "-1"); head != "task 2: token refresh" {
		t.Fatalf("project HEAD %q", head)
	}
	// Undo: the printed command brings the pre-restore state back.
	cmd := exec.Command("sh", "-c", ctx["undo_restore"].(string))
	cmd.Env = append(os.Environ(), testkit.GitEnv...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("undo: %v\n%s", err, out)
	}
	undone := testkit.Snapshot(t, w.project)
	if undone["src/auth.go"] != "package src // half-done inquisitor fix\n" || undone["notes/scratch.txt"] != "my untracked notes\n" {
		t.Fatalf("undo did not restore: %q", undone["src/auth.go"])
	}
}

func sortStrings(ss []string) []string {
	for i := range ss {
		for j := i + 1; j < len(ss); j++ {
			if ss[j] < ss[i] {
				ss[i], ss[j] = ss[j], ss[i]
			}
		}
	}
	return ss
}

func TestBranchMismatchRefusesBeforeTouchingAnything(t *testing.T) {
	w := newWorld(t, "crash", "4", "feature/auth")
	w.repo("main", implementerCommits...)
	w.standardCheckpoints()
	testkit.Write(t, filepath.Join(w.project, "src", "auth.go"), "package src // local edit\n")
	before, logBefore := testkit.Snapshot(t, w.project), w.shadowLog()
	l, s := w.load()
	msg := "Pipeline was running on branch feature/auth but you are on main. Switch to feature/auth before resuming — restoring a checkpoint from a different branch would contaminate your working directory."
	if !hasWarning(s, msg) {
		t.Fatalf("warnings %v", s.Warnings)
	}
	// The restore is not offered: no question, the write refuses.
	if c := s.Policy[model.Continue]; c.Confirm != "" || !c.Writes {
		t.Fatalf("continue %+v", c)
	}
	a := l.Apply(s, model.Continue, now)
	var g *model.GuardError
	if !errors.As(a.Err, &g) || g.Kind != "branch_mismatch" || g.Message != msg {
		t.Fatalf("err %v", a.Err)
	}
	if !reflect.DeepEqual(testkit.Snapshot(t, w.project), before) || !reflect.DeepEqual(w.shadowLog(), logBefore) || len(a.Changed) != 0 {
		t.Fatal("a refused restore touched something")
	}
	// Detached HEAD is not the pipeline's branch either.
	testkit.GitAt(t, w.project, nil, time.Time{}, "checkout", "-q", "--detach")
	l, s = w.load()
	a = l.Apply(s, model.Continue, now)
	if !errors.As(a.Err, &g) || !strings.Contains(g.Message, "you are on (a detached HEAD)") {
		t.Fatalf("detached: %v", a.Err)
	}
}

func TestBranchGuardAtApplyTime(t *testing.T) {
	w, _ := crashWorld(t)
	l, s := w.load()
	// The person switches branch after pickup read the pipeline.
	testkit.GitAt(t, w.project, nil, time.Time{}, "checkout", "-q", "-b", "other")
	logBefore := w.shadowLog()
	a := l.Apply(s, model.Continue, now)
	var g *model.GuardError
	if !errors.As(a.Err, &g) || g.Kind != GuardBranch {
		t.Fatalf("err %v", a.Err)
	}
	if !reflect.DeepEqual(w.shadowLog(), logBefore) {
		t.Fatal("shadow repository changed")
	}
}

func TestHeadMovedRefuses(t *testing.T) {
	w, _ := crashWorld(t)
	l, s := w.load()
	testkit.Write(t, filepath.Join(w.project, "late.go"), "package late\n")
	testkit.GitAt(t, w.project, nil, time.Time{}, "add", "late.go")
	testkit.GitAt(t, w.project, nil, at("14:00:00"), "commit", "-q", "-m", "late commit")
	a := l.Apply(s, model.Continue, now)
	var g *model.GuardError
	if !errors.As(a.Err, &g) || g.Kind != GuardHeadMoved || !strings.Contains(g.Message, "nothing was restored") {
		t.Fatalf("err %v", a.Err)
	}
}

func TestChangedManifestRefuses(t *testing.T) {
	w, _ := crashWorld(t)
	l, s := w.load()
	f, err := os.OpenFile(w.manifest(), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"seq":10,"status":"completed"}` + "\n")
	f.Close()
	logBefore := w.shadowLog()
	for _, c := range []model.Choice{model.Continue, model.Restart, model.Discard} {
		a := l.Apply(s, c, now)
		if !errors.Is(a.Err, fsx.ErrChanged) || !strings.Contains(a.Err.Error(), w.manifest()) {
			t.Fatalf("%s: err %v", c, a.Err)
		}
	}
	if !reflect.DeepEqual(w.shadowLog(), logBefore) || !isFile(w.mark) || !isDir(w.ddir) {
		t.Fatal("a refused write changed something")
	}
}

func TestContinueWithoutRestoreWritesNothing(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main", implementerCommits...)
	before := testkit.Snapshot(t, w.home)
	l, s := w.load()
	a := l.Apply(s, model.Continue, now)
	if a.Err != nil || len(a.Changed) != 0 {
		t.Fatalf("applied %+v", a)
	}
	if !reflect.DeepEqual(testkit.Snapshot(t, w.home), before) {
		t.Fatal("continue without a restore wrote")
	}
}

func TestPlanChangedSinceShownRefuses(t *testing.T) {
	w, _ := crashWorld(t)
	l, s := w.load()
	// A newer pre-code-review checkpoint appears after pickup showed the plan.
	w.checkpoint("pre-code-review", at("12:27:00"), nil)
	a := l.Apply(s, model.Continue, now)
	var g *model.GuardError
	if !errors.As(a.Err, &g) || g.Kind != GuardPlanChanged {
		t.Fatalf("err %v", a.Err)
	}
}

func TestRestartArchivesTheMarker(t *testing.T) {
	w, _ := crashWorld(t)
	marker := testkit.Read(t, w.mark)
	manifest := testkit.Read(t, w.manifest())
	l, s := w.load()
	a := l.Apply(s, model.Restart, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	dst := fsx.ArchiveName(w.mark, now)
	handoffs := []string{filepath.Join(w.scratch, "handoff-2-to-3.md"), filepath.Join(w.scratch, "handoff-3-to-4.md")}
	if testkit.Read(t, dst) != marker || isFile(w.mark) || !reflect.DeepEqual(a.Changed, append([]string{w.mark}, handoffs...)) {
		t.Fatalf("archive: changed %v", a.Changed)
	}
	// The stale handoffs go with the marker: the next pipeline must not
	// read them as its own.
	for _, h := range handoffs {
		if isFile(h) || !isFile(fsx.ArchiveName(h, now)) {
			t.Fatalf("%s not archived", h)
		}
	}
	if hs := readHandoffs(w.scratch); len(hs) != 0 {
		t.Fatalf("handoffs still read: %v", hs)
	}
	if testkit.Read(t, w.manifest()) != manifest {
		t.Fatal("restart touched the manifest")
	}
	if s.Context["action"] != "start_fresh" || s.Context["previous_pipeline"] != w.sid || s.Context["marker_archived_to"] != dst {
		t.Fatalf("context %v", s.Context)
	}
	// The old manifest is now history.
	l2 := New(optsFor(w))
	paths, _ := l2.Discover(w.project)
	if len(paths) != 1 || paths[0] != w.manifest() {
		t.Fatalf("paths %v", paths)
	}
}

func TestDiscardArchivesMarkerAndDispatchDirectories(t *testing.T) {
	w, _ := crashWorld(t)
	da := filepath.Join(w.scratch, dispatchActive+w.sid)
	testkit.Write(t, da, "dispatch-dir: /tmp/crucible-dispatch-"+w.sid+"/\nseq: 10\n")
	tmp := filepath.Join(TmpRoot, DispatchPrefix+w.sid)
	testkit.Write(t, filepath.Join(tmp, ManifestName), testkit.Read(t, w.manifest()))
	marker := testkit.Read(t, w.mark)
	files := testkit.Snapshot(t, w.ddir)
	l, s := w.load()
	a := l.Apply(s, model.Discard, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	if a.ArchivedTo != fsx.ArchiveName(w.mark, now) || testkit.Read(t, a.ArchivedTo) != marker {
		t.Fatalf("archived to %s", a.ArchivedTo)
	}
	if !reflect.DeepEqual(testkit.Snapshot(t, fsx.ArchiveName(w.ddir, now)), files) || isDir(w.ddir) {
		t.Fatal("dispatch directory not archived whole")
	}
	if !isFile(fsx.ArchiveName(da, now)) || !isDir(fsx.ArchiveName(tmp, now)) {
		t.Fatal("dispatch-active marker or /tmp directory not archived")
	}
	want := []string{w.mark, da, filepath.Join(w.scratch, "handoff-2-to-3.md"), filepath.Join(w.scratch, "handoff-3-to-4.md"), w.ddir, tmp}
	if !reflect.DeepEqual(a.Changed, want) {
		t.Fatalf("changed %v", a.Changed)
	}
	l2 := New(optsFor(w))
	if paths, _ := l2.Discover(w.project); len(paths) != 0 {
		t.Fatalf("still discovered: %v", paths)
	}
}

func TestDiscardCorruptedMarker(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	testkit.Write(t, w.mark, "{not json")
	l, s := w.load()
	a := l.Apply(s, model.Discard, now)
	if a.Err != nil || a.ArchivedTo != fsx.ArchiveName(w.mark, now) || testkit.Read(t, a.ArchivedTo) != "{not json" {
		t.Fatalf("applied %+v", a)
	}
	if !isDir(w.ddir) {
		t.Fatal("the dispatch directory of an unknown pipeline was moved")
	}
}

func TestDiscardGarbageManifest(t *testing.T) {
	w := newWorld(t, "garbage", "1", "main")
	garbage := testkit.Read(t, w.manifest())
	l, s := w.load()
	a := l.Apply(s, model.Discard, now)
	if a.Err != nil || testkit.Read(t, filepath.Join(fsx.ArchiveName(w.ddir, now), ManifestName)) != garbage {
		t.Fatalf("applied %+v", a)
	}
}

// hostileDispatchDir points the crash world's marker at dir (a project
// someone else prepared: its marker is theirs to write), loads, asks
// DISCARD, and checks that dir was not moved and that the question named
// it as left alone while naming the folders it moves.
func hostileDispatchDir(t *testing.T, w *world, dir string) {
	t.Helper()
	testkit.Write(t, w.mark, strings.Replace(testkit.Read(t, w.mark), `"dispatch_dir": "/tmp/crucible-dispatch-`+w.sid+`/"`, `"dispatch_dir": "`+dir+`"`, 1))
	// An ancestor of the project here holds the Claude home too, whose
	// scratch folder DISCARD does change: only its name is checked then.
	hashed := !strings.HasPrefix(w.scratch, filepath.Clean(dir)+"/")
	before := ""
	if hashed {
		before = testkit.TreeHash(t, dir)
	}
	l, s := w.load()
	q := s.Policy[model.Discard].Confirm
	a := l.Apply(s, model.Discard, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	if !isDir(dir) || isDir(fsx.ArchiveName(filepath.Clean(dir), now)) || hashed && testkit.TreeHash(t, dir) != before {
		t.Fatalf("%s was moved or changed (changed %v)", dir, a.Changed)
	}
	if !isDir(fsx.ArchiveName(w.ddir, now)) || !contains(a.Changed, w.ddir) {
		t.Fatalf("the pipeline's own dispatch directory was not archived: %v", a.Changed)
	}
	for _, c := range a.Changed {
		if strings.HasPrefix(filepath.Clean(dir)+"/", c+"/") {
			t.Fatalf("moved %s, an ancestor of or the attacker's folder %s", c, dir)
		}
	}
	// The question named what it moves, and what it leaves alone.
	if !strings.Contains(q, "the folder "+w.ddir) || !strings.Contains(q, "Not moved: "+filepath.Clean(dir)+" (") {
		t.Fatalf("question %q", q)
	}
}

func TestDiscardHostileMarkerDispatchDirIsHome(t *testing.T) {
	w, _ := crashWorld(t)
	home := t.TempDir()
	t.Setenv("HOME", home)
	testkit.Write(t, filepath.Join(home, ".bashrc"), "export PS1=x\n")
	hostileDispatchDir(t, w, home)
}

func TestDiscardHostileMarkerDispatchDirIsTheProject(t *testing.T) {
	w, _ := crashWorld(t)
	hostileDispatchDir(t, w, w.project)
}

func TestDiscardHostileMarkerDispatchDirIsAnAncestorOfTheProject(t *testing.T) {
	w, _ := crashWorld(t)
	hostileDispatchDir(t, w, filepath.Dir(w.project))
}

// A folder with the right name is still not the pipeline's when it sits
// outside the scratch directory and the temp folder.
func TestDiscardHostileMarkerDispatchDirNamedLikeOursElsewhere(t *testing.T) {
	w, _ := crashWorld(t)
	elsewhere := filepath.Join(t.TempDir(), "victim", DispatchPrefix+w.sid)
	testkit.Write(t, filepath.Join(elsewhere, "keep.txt"), "not crucible's\n")
	hostileDispatchDir(t, w, elsewhere)
}

// The browser's roots: the live dispatch folder when it is named
// crucible-dispatch-<id>; never the project, its ancestors or $HOME a
// marker names.
func TestArtifactRootsRefuseAHostileDispatchDir(t *testing.T) {
	w, _ := crashWorld(t)
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, dir := range []string{w.project, filepath.Dir(w.project), home, filepath.Join(t.TempDir(), "not-a-dispatch-dir")} {
		mkdir(t, dir)
		testkit.Write(t, w.mark, strings.NewReplacer("{{SID}}", w.sid, "{{PHASE}}", "4", "{{BRANCH}}", "main", "{{SCRATCH}}", w.scratch).
			Replace(strings.Replace(testkit.Read(t, filepath.Join(fixtures, "marker.json")), `"/tmp/crucible-dispatch-{{SID}}/"`, `"`+dir+`"`, 1)))
		_, s := w.load()
		if !reflect.DeepEqual(s.ArtifactRoots, []string{w.ddir}) {
			t.Fatalf("dispatch_dir %s: roots %v", dir, s.ArtifactRoots)
		}
	}
}
