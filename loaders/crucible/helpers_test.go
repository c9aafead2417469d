package crucible

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// fixtures is testdata/crucible.
var fixtures = filepath.Join("..", "..", "testdata", "crucible")

// day is the fixtures' date: the crash pipeline started at 12:00 UTC.
func at(hhmm string) time.Time {
	t, err := time.Parse("2006-01-02 15:04:05", "2026-03-24 "+hhmm)
	if err != nil {
		panic(err)
	}
	return t
}

// world is a Claude home, a project and a pipeline's scratch directory
// built from a fixture in temporary directories.
type world struct {
	t                       *testing.T
	home, project, scratch  string
	sid, ddir, shadow, mark string
}

// isolate keeps git away from the machine's configuration and /tmp
// fallbacks away from other runs.
func isolate(t *testing.T) {
	t.Helper()
	testkit.Isolate(t)
	testkit.Swap(t, &TmpRoot, t.TempDir())
}

func uniqueSID() string {
	return fmt.Sprintf("pickuptest%d%04d", time.Now().UnixNano(), rand.IntN(10000))
}

// newWorld copies fixture into a fresh scratch directory: its manifest
// and dispatch files into the durable copy <scratch>/crucible-dispatch-<sid>/,
// its other files (pipeline-status.md, handoffs) into the scratch dir,
// and a marker for phase on branch (no marker when phase is "-").
func newWorld(t *testing.T, fixture, phase, branch string) *world {
	t.Helper()
	isolate(t)
	w := &world{t: t, home: t.TempDir(), sid: uniqueSID()}
	proj := testkit.RealTempDir(t)
	w.project = proj
	w.scratch = ScratchDir(w.home, w.project)
	w.ddir = filepath.Join(w.scratch, DispatchPrefix+w.sid)
	w.shadow = ShadowDir(w.home, w.project)
	w.mark = filepath.Join(w.scratch, MarkerName)
	mkdir(t, w.ddir)
	src := filepath.Join(fixtures, fixture)
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		switch {
		case e.Name() == "dispatch":
			ds, _ := os.ReadDir(filepath.Join(src, "dispatch"))
			for _, d := range ds {
				w.copyIn(filepath.Join(src, "dispatch", d.Name()), filepath.Join(w.ddir, d.Name()))
			}
		case e.Name() == ManifestName:
			w.copyIn(filepath.Join(src, e.Name()), filepath.Join(w.ddir, ManifestName))
		default:
			w.copyIn(filepath.Join(src, e.Name()), filepath.Join(w.scratch, e.Name()))
		}
	}
	if phase != "-" {
		w.writeMarker(phase, branch)
	}
	return w
}

func (w *world) copyIn(from, to string) {
	data, err := os.ReadFile(from)
	if err != nil {
		w.t.Fatal(err)
	}
	testkit.Write(w.t, to, strings.ReplaceAll(string(data), "{{SID}}", w.sid))
}

func (w *world) writeMarker(phase, branch string) {
	data, err := os.ReadFile(filepath.Join(fixtures, "marker.json"))
	if err != nil {
		w.t.Fatal(err)
	}
	body := strings.NewReplacer("{{SID}}", w.sid, "{{PHASE}}", phase, "{{BRANCH}}", branch, "{{SCRATCH}}", w.scratch).Replace(string(data))
	testkit.Write(w.t, w.mark, body)
}

func (w *world) manifest() string { return filepath.Join(w.ddir, ManifestName) }

func mkdir(t *testing.T, d string) {
	t.Helper()
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
}

// repo makes the project a git repository on branch with a first commit
// at 11:50 and one commit per entry of commits (time -> message).
func (w *world) repo(branch string, commits ...commit) {
	w.t.Helper()
	testkit.GitAt(w.t, w.project, nil, time.Time{}, "init", "-q", "-b", branch)
	testkit.Write(w.t, filepath.Join(w.project, "README.md"), "shop\n")
	testkit.GitAt(w.t, w.project, nil, at("11:50:00"), "add", "-A")
	testkit.GitAt(w.t, w.project, nil, at("11:50:00"), "commit", "-q", "-m", "initial")
	for i, c := range commits {
		testkit.Write(w.t, filepath.Join(w.project, "src", fmt.Sprintf("c%d.go", i)), "package src\n")
		testkit.GitAt(w.t, w.project, nil, time.Time{}, "add", "-A")
		testkit.GitAt(w.t, w.project, nil, c.when, "commit", "-q", "-m", c.msg)
	}
}

type commit struct {
	when time.Time
	msg  string
}

// implementerCommits are commits in seq 5's and 6's windows.
var implementerCommits = []commit{{at("12:20:00"), "task 1: auth middleware"}, {at("12:21:30"), "task 2: token refresh"}}

func (w *world) shadowEnv() []string {
	return []string{"GIT_DIR=" + w.shadow, "GIT_WORK_TREE=" + w.project}
}

// checkpoint writes files into the project, then takes a shadow
// checkpoint as crucible does: add -A and a "<reason> | <stamp> | build"
// commit dated when. It returns the commit hash.
func (w *world) checkpoint(reason string, when time.Time, files map[string]string) string {
	w.t.Helper()
	if _, err := os.Stat(w.shadow); err != nil {
		mkdir(w.t, w.shadow)
		testkit.GitAt(w.t, w.project, w.shadowEnv(), time.Time{}, "init", "-q")
	}
	for name, body := range files {
		testkit.Write(w.t, filepath.Join(w.project, name), body)
	}
	testkit.GitAt(w.t, w.project, w.shadowEnv(), when, "add", "-A")
	testkit.GitAt(w.t, w.project, w.shadowEnv(), when, "commit", "-q", "--allow-empty", "-m", reason+" | "+when.UTC().Format("2006-01-02 15:04:05")+" | build")
	return testkit.GitAt(w.t, w.project, w.shadowEnv(), time.Time{}, "rev-parse", "HEAD")
}

// standardCheckpoints takes the crash fixture's checkpoints, each with
// the project files as they were at that boundary.
func (w *world) standardCheckpoints() map[string]string {
	ids := map[string]string{}
	ids["pre-design-gate"] = w.checkpoint("pre-design-gate", at("12:09:30"), map[string]string{"docs/design.md": "design v1\n"})
	ids["pre-plan-gate"] = w.checkpoint("pre-plan-gate", at("12:13:30"), map[string]string{"docs/plan.md": "plan v1\n"})
	ids["pre-wave-1"] = w.checkpoint("pre-wave-1", at("12:14:00"), nil)
	ids["pre-wave-2"] = w.checkpoint("pre-wave-2", at("12:25:30"), map[string]string{"src/auth.go": "package src // wave 1\n"})
	ids["pre-code-review"] = w.checkpoint("pre-code-review", at("12:25:50"), map[string]string{"src/auth.go": "package src // reviewed base\n"})
	return ids
}

// load discovers and loads the world's live session.
func (w *world) load(opts ...func(*loaders.Options)) (*Loader, *model.Session) {
	w.t.Helper()
	o := loaders.Options{ClaudeHome: w.home, Flags: map[string]string{}, Lists: map[string][]string{}, Now: at("14:30:00")}
	for _, f := range opts {
		f(&o)
	}
	l := New(o)
	paths, err := l.Discover(w.project)
	if err != nil {
		w.t.Fatal(err)
	}
	if len(paths) == 0 {
		w.t.Fatalf("nothing discovered in %s", w.scratch)
	}
	s, err := l.Load(w.project, paths[0])
	if err != nil {
		w.t.Fatal(err)
	}
	return l, s
}

func flag(name, v string) func(*loaders.Options) {
	return func(o *loaders.Options) { o.Flags[name] = v }
}

func listFlag(name string, vs ...string) func(*loaders.Options) {
	return func(o *loaders.Options) { o.Lists[name] = vs }
}

// plan is the session's replay plan.
func planOf(t *testing.T, s *model.Session) *ReplayPlan {
	t.Helper()
	if s.Plan == nil {
		t.Fatalf("no plan; problem %v; warnings %v", s.Problem, s.Warnings)
	}
	return s.Plan.Data.(*ReplayPlan)
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

func seqs(rows []Row) []int {
	out := []int{}
	for _, r := range rows {
		out = append(out, r.Seq)
	}
	return out
}

func optsFor(w *world) loaders.Options {
	return loaders.Options{ClaudeHome: w.home, Flags: map[string]string{}, Lists: map[string][]string{}, Now: at("14:30:00")}
}

// steadyAllocs is how often f allocates, measured so that neither the
// scheduler nor the collector adds to the count: with one P and the
// collector off, sync.Pool (encoding/json's buffers) keeps what it was
// given, where a collection or a move to another P empties it and the
// next call allocates again. AllocsPerRun counts every goroutine's
// allocations, and another's only add, so the fewest of a few measures
// is f's own.
//
// Under the race detector the count is not f's (its instrumentation
// allocates, and its sync.Pool drops what it is given at random), so the
// test stops there, skipped: allocation tests are named TestAllocs…, and
// `make test` runs them once more without -race.
func steadyAllocs(t *testing.T, runs int, f func()) float64 {
	t.Helper()
	skipUnderRace(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	f() // fill the pools
	least := math.Inf(1)
	for range 5 {
		least = min(least, testing.AllocsPerRun(runs, f))
	}
	return least
}

// skipUnderRace skips an allocation count's test under the race
// detector (see steadyAllocs).
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("allocation counts are not exact under the race detector; make test runs TestAllocs… without it")
	}
}
