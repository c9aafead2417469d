package synth

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// CrucibleSpec sizes a crucible pipeline.
type CrucibleSpec struct {
	// Lines is the manifest's line count, the truncated last one included.
	Lines int
	// Files writes a dispatch file per dispatch (with its **Timestamp:**
	// header) and an output file per reviewer, red-team and inquisitor
	// dispatch into the dispatch directory, as crucible does. Without
	// them, verification falls back to matching task numbers in commit
	// messages.
	Files bool
	// Git makes the project a git repository with one commit per
	// implementer dispatch (in its window, naming its task) and writes the
	// shadow checkpoint repository with a checkpoint per phase boundary.
	Git bool
}

// DefaultCrucible is the benchmark's pipeline: 200,000 manifest lines
// (about 100,000 dispatches over 12 phases, about 47 MB), dispatch files,
// git history and checkpoints.
func DefaultCrucible() CrucibleSpec { return CrucibleSpec{Lines: 200_000, Files: true, Git: true} }

// Crucible is a written pipeline.
type Crucible struct {
	Written
	Scratch     string // <home>/projects/<hash>/memory
	Marker      string // <scratch>/.pipeline-active
	DispatchDir string // <scratch>/crucible-dispatch-<sid>
	Manifest    string // <dispatch dir>/manifest.jsonl
	Shadow      string // the shadow checkpoint repository ("" without Git)
	Branch      string
	SessionID   string
	Dispatches  int // dispatches with at least one complete manifest line
	Phases      []string
}

// crucibleSID is the pipeline id: not the fixtures' id, so a stray
// /tmp/crucible-dispatch-<sid> from a test never meets it.
const crucibleSID = "1790000001"

// cruciblePhases are the 12 phases of a build pipeline: design, plan,
// nine waves, code review.
var cruciblePhases = []string{"1", "2", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4"}

// phaseShare is each phase's share of the dispatches, in thousandths.
var phaseShare = []int{5, 5, 105, 105, 105, 105, 105, 105, 105, 105, 105, 45}

// boundary is the checkpoint reason taken when a phase starts ("" for
// phase 1, which starts the pipeline).
func boundary(phase string) string {
	switch {
	case phase == "2":
		return "pre-design-gate"
	case strings.HasPrefix(phase, "3."):
		return "pre-wave-" + strings.TrimPrefix(phase, "3.")
	case phase == "4":
		return "pre-code-review"
	}
	return ""
}

// roles cycle within a phase; one in six wave dispatches is an
// implementer, so its commits stay under the 20,000 the loader reads.
var phaseRoles = map[string][]string{
	"1": {"design-writer", "design-reviewer", "red-team"},
	"2": {"plan-writer", "plan-reviewer", "quality-gate"},
	"3": {"build-implementer", "build-reviewer", "quality-gate", "quality-gate", "red-team", "doc-writer"},
	"4": {"code-reviewer", "inquisitor", "quality-gate", "impl-gate"},
}

func rolesFor(phase string) []string {
	return phaseRoles[strings.SplitN(phase, ".", 2)[0]]
}

// hasOutput says whether crucible leaves an output file for the role.
func hasOutput(role string) bool {
	return strings.Contains(role, "review") || role == "red-team" || role == "inquisitor"
}

var tiers = []string{"opus", "sonnet", "sonnet", "haiku"}

// dispatch is one dispatch as the generator plans it.
type dispatch struct {
	seq      int
	phase    string
	role     string
	task     int // 0: none (null)
	start    time.Time
	dur      int
	status   string // final status
	replayOf int
	in, out  int
	tools    int
}

func (d *dispatch) file() string { return strconv.Itoa(d.seq) + "-" + d.role + ".md" }

// ProjectHash is crucible's scratch-directory name for a project.
func cruciblehash(abs string) string {
	sum := sha256.Sum256([]byte(abs))
	return hex.EncodeToString(sum[:])[:16]
}

// WriteCrucible writes a crashed crucible pipeline under root/crucible:
// the project (project/), Claude's home (home/) with the scratch
// directory, the .pipeline-active marker (phase 4), pipeline-status.md,
// two handoffs, and the dispatch directory holding manifest.jsonl. The
// last dispatches of phase 4 are in flight and the last line is cut in
// the middle, as after a crash.
func WriteCrucible(root string, spec CrucibleSpec) (*Crucible, error) {
	if spec.Lines < 10 {
		return nil, fmt.Errorf("crucible: %d lines is too few (want at least 10)", spec.Lines)
	}
	dir, err := mkdirAbs(filepath.Join(root, "crucible"))
	if err != nil {
		return nil, err
	}
	c := &Crucible{Branch: "feature/big-pipeline", SessionID: crucibleSID, Phases: cruciblePhases}
	c.Kind = "crucible"
	c.Project = filepath.Join(dir, "project")
	c.ClaudeHome = filepath.Join(dir, "home")
	h := cruciblehash(c.Project)
	c.Scratch = filepath.Join(c.ClaudeHome, "projects", h, "memory")
	c.Marker = filepath.Join(c.Scratch, ".pipeline-active")
	c.DispatchDir = filepath.Join(c.Scratch, "crucible-dispatch-"+crucibleSID)
	c.Manifest = filepath.Join(c.DispatchDir, "manifest.jsonl")
	c.File = c.Manifest
	for _, d := range []string{c.Project, c.DispatchDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}

	// Lines = 2 per dispatch, less the ones in flight at the crash, plus
	// the truncated line of a dispatch whose first line never finished.
	const inFlight = 3
	total := (spec.Lines - 1 + inFlight) / 2
	ds := planDispatches(total)
	c.Dispatches = len(ds)
	if err := writeManifest(c.Manifest, ds, spec.Lines, inFlight); err != nil {
		return nil, err
	}
	if err := writeCrucibleSide(c, ds); err != nil {
		return nil, err
	}
	if spec.Files {
		if err := writeDispatchFiles(c.DispatchDir, ds); err != nil {
			return nil, err
		}
	}
	if spec.Git {
		if err := writeProjectRepo(c, ds); err != nil {
			return nil, err
		}
		if err := writeShadow(c, ds); err != nil {
			return nil, err
		}
	}
	mb := 0.0
	if st, err := os.Stat(c.Manifest); err == nil {
		mb = float64(st.Size()) / (1 << 20)
	}
	c.Summary = fmt.Sprintf("crucible: %d manifest lines (%.1f MiB), %d dispatches over %d phases, last line truncated; files=%v git=%v",
		spec.Lines, mb, len(ds), len(cruciblePhases), spec.Files, spec.Git)
	return c, nil
}

// planDispatches lays out n dispatches over the phases. Starts are 40 s
// apart (three run at a time), durations vary; a few wave dispatches fail
// and are replayed later in their phase (replay_of), some quality-gate
// rounds are skipped.
func planDispatches(n int) []*dispatch {
	ds := make([]*dispatch, 0, n)
	counts := make([]int, len(cruciblePhases))
	left := n
	for i := range cruciblePhases {
		if i == len(cruciblePhases)-1 {
			counts[i] = left
			break
		}
		counts[i] = max(n*phaseShare[i]/1000, 3)
		left -= counts[i]
	}
	seq, task := 0, 0
	t := base.Add(2 * time.Minute)
	for pi, ph := range cruciblePhases {
		roles := rolesFor(ph)
		var failed []*dispatch
		for k := 0; k < counts[pi]; k++ {
			seq++
			d := &dispatch{seq: seq, phase: ph, start: t, status: "completed",
				in: 6000 + (seq*37)%9000, out: 1200 + (seq*53)%6000, tools: 2 + seq%9}
			t = t.Add(40 * time.Second)
			last := k == counts[pi]-1
			switch {
			case len(failed) > 0 && (last || k%997 == 0):
				// Replay a failed dispatch of this phase.
				f := failed[0]
				failed = failed[1:]
				d.role, d.task, d.replayOf = f.role, f.task, f.seq
			default:
				d.role = roles[k%len(roles)]
				if strings.HasPrefix(ph, "3.") && k%len(roles) == 0 {
					task++
				}
				if strings.HasPrefix(ph, "3.") && d.role != "doc-writer" {
					d.task = task
				}
			}
			d.dur = 30 + (seq*7919)%600
			switch {
			case d.role == "quality-gate" && seq%10 == 3:
				d.status, d.dur = "skipped", 0
			case strings.HasPrefix(ph, "3.") && d.replayOf == 0 && seq%4001 == 17 && !last:
				d.status = "failed"
				failed = append(failed, d)
			}
			ds = append(ds, d)
		}
		t = t.Add(5 * time.Minute) // the phase boundary
	}
	return ds
}

// summary is the completion line's summary; some carry quotes and
// non-ASCII text, as agents write them.
func (d *dispatch) summary() string {
	switch {
	case d.status == "failed":
		return "Subagent failed: " + phrase(d.seq, 4)
	case d.status == "skipped":
		return "Skipped: nothing changed since the last round"
	case d.seq%50 == 7:
		return fmt.Sprintf(`Task %d: \"%s\" — done (%d files)`, d.task, phrase(d.seq, 2), 1+d.seq%7)
	case d.task != 0:
		return fmt.Sprintf("Task %d: %s", d.task, phrase(d.seq, 3+d.seq%5))
	}
	return strings.ToUpper(phrase(d.seq, 1)[:1]) + phrase(d.seq, 4+d.seq%6)[1:]
}

// line appends one manifest line (without its newline).
func (d *dispatch) line(b []byte, done bool) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, int64(d.seq), 10)
	b = append(b, `,"file":"`...)
	b = append(b, d.file()...)
	b = append(b, `","role":"`...)
	b = append(b, d.role...)
	b = append(b, `","phase":"`...)
	b = append(b, d.phase...)
	b = append(b, `","task":`...)
	if d.task == 0 {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(d.task), 10)
	}
	status := "dispatched"
	if done {
		status = d.status
	}
	b = append(b, `,"status":"`...)
	b = append(b, status...)
	b = append(b, `","duration_s":`...)
	if done {
		b = strconv.AppendInt(b, int64(d.dur), 10)
		if d.seq%5 == 0 {
			b = append(b, ".5"...)
		}
		b = append(b, `,"summary":"`...)
		b = append(b, d.summary()...)
		b = append(b, '"')
	} else {
		b = append(b, `null,"summary":null`...)
	}
	b = append(b, `,"input_chars":`...)
	b = strconv.AppendInt(b, int64(d.in), 10)
	b = append(b, `,"output_chars":`...)
	if done {
		b = strconv.AppendInt(b, int64(d.out), 10)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"model_tier":"`...)
	b = append(b, tiers[d.seq%len(tiers)]...)
	b = append(b, `","tool_calls":`...)
	if done {
		b = strconv.AppendInt(b, int64(d.tools), 10)
	} else {
		b = append(b, "null"...)
	}
	if d.replayOf != 0 {
		b = append(b, `,"replay_of":`...)
		b = strconv.AppendInt(b, int64(d.replayOf), 10)
	}
	return append(b, '}')
}

// writeManifest writes the dispatched line of each dispatch and its
// completion line three dispatches later (three run at once); a phase's
// dispatches all finish before the next phase starts. The last inFlight
// dispatches never finish, and the last line is cut in the middle.
func writeManifest(path string, ds []*dispatch, lines, inFlight int) error {
	fw, err := create(path)
	if err != nil {
		return err
	}
	var buf []byte
	emit := func(d *dispatch, done bool) {
		buf = d.line(buf[:0], done)
		buf = append(buf, '\n')
		fw.Write(buf)
	}
	var queue []*dispatch
	written := 0
	for i, d := range ds {
		if i > 0 && ds[i-1].phase != d.phase {
			for _, q := range queue {
				emit(q, true)
				written++
			}
			queue = queue[:0]
		}
		emit(d, false)
		written++
		queue = append(queue, d)
		if len(queue) > inFlight {
			emit(queue[0], true)
			written++
			queue = queue[1:]
		}
	}
	// The queue holds the dispatches in flight at the crash. Pad or trim
	// is not needed when the line count matches; say so if it does not.
	if written != lines-1 {
		fw.close()
		return fmt.Errorf("crucible: planned %d complete lines, want %d", written, lines-1)
	}
	next := &dispatch{seq: ds[len(ds)-1].seq + 1, phase: "4", role: "code-reviewer", in: 7000}
	cut := next.line(nil, false)
	fw.Write(cut[:len(cut)*2/3])
	return fw.close()
}

// writeCrucibleSide writes the marker, pipeline-status.md and handoffs.
func writeCrucibleSide(c *Crucible, ds []*dispatch) error {
	marker := fmt.Sprintf(`{
  "pipeline_id": %q,
  "skill": "build",
  "phase": "4",
  "start_time": %q,
  "scratch_dir": %q,
  "dispatch_dir": %q,
  "branch": %q,
  "baseline_sha": "0000000000000000000000000000000000000000"
}
`, crucibleSID, stamp(base), c.Scratch, c.DispatchDir+"/", c.Branch)
	if err := writeFile(c.Marker, marker); err != nil {
		return err
	}
	last := ds[len(ds)-1]
	status := fmt.Sprintf(`# Pipeline Status

**Updated:** %s
**Started:** %s
**Skill:** build
**Phase:** 4 (review)
**Health:** YELLOW
**Suggested Action:** wait for the inquisitor, then run the impl gate
**Elapsed:** %dh

## Recent Events

- code review dispatched
- inquisitor dispatched

## Compression State

**Goal:** Rebuild the order pipeline around an event log
**Key Decisions:**
- Events are the source of truth; tables are projections
- Each wave ships behind a flag
**Active Constraints:**
- No new runtime dependencies
**Next Steps:**
1. Finish the inquisitor pass
2. Run the impl gate
`, stamp(last.start), stamp(base), int(last.start.Sub(base).Hours()))
	if err := writeFile(filepath.Join(c.Scratch, "pipeline-status.md"), status); err != nil {
		return err
	}
	for _, hf := range [][2]string{{"2", "3"}, {"3", "4"}} {
		body := fmt.Sprintf(`# Phase Handoff: %s → %s

## Inputs for Phase %s

- The design and plan in docs/
- Review notes beside each dispatch file

## Decisions Carried Forward

- Events are the source of truth

## Active Constraints

- No new runtime dependencies

## Shed Receipt

- Dropped per-task implementer transcripts
`, hf[0], hf[1], hf[1])
		if err := writeFile(filepath.Join(c.Scratch, "handoff-"+hf[0]+"-to-"+hf[1]+".md"), body); err != nil {
			return err
		}
	}
	return nil
}

// writeDispatchFiles writes each dispatch's prompt file with crucible's
// audit header, and the output file of every role that leaves one. Four
// writers share the work: the cost is in the file system, not the CPU.
func writeDispatchFiles(dir string, ds []*dispatch) error {
	const workers = 4
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		go func(w int) {
			var b bytes.Buffer
			for i := w; i < len(ds); i += workers {
				d := ds[i]
				b.Reset()
				task := "-"
				if d.task != 0 {
					task = strconv.Itoa(d.task)
				}
				fmt.Fprintf(&b, "# Dispatch: %s\n**Pipeline:** build | **Phase:** %s | **Task:** %s\n**Timestamp:** %s\n**Dispatch-Dir:** %s/\n\n---\n\n",
					d.role, d.phase, task, stamp(d.start), dir)
				fmt.Fprintf(&b, "You are the %s for phase %s.\n\n%s.\n\nWrite your result beside this file.\n", d.role, d.phase, phrase(d.seq, 40))
				if err := os.WriteFile(filepath.Join(dir, d.file()), b.Bytes(), 0o644); err != nil {
					errs <- err
					return
				}
				if hasOutput(d.role) && d.status == "completed" {
					out := fmt.Sprintf("# %s output (seq %d)\n\n%s.\n", d.role, d.seq, phrase(d.seq+1, 12))
					if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(d.seq)+"-"+d.role+"-output.md"), []byte(out), 0o644); err != nil {
						errs <- err
						return
					}
				}
			}
			errs <- nil
		}(w)
	}
	var first error
	for w := 0; w < workers; w++ {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// gitEnv isolates the generator's git from the person's configuration.
func gitEnv(extra ...string) []string {
	env := []string{"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "LC_ALL=C"}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "GIT_") || k == "LC_ALL" {
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

func runGit(dir string, env []string, stdin []byte, args ...string) error {
	cmd := exec.Command("git", append([]string{"-c", "user.name=synth", "-c", "user.email=synth@example.com", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir, cmd.Env = dir, env
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return nil
}

// writeProjectRepo makes the project a git repository on the marker's
// branch: an initial commit before the pipeline, then one commit per
// implementer dispatch, inside its window and naming its task. It uses
// git fast-import, which writes tens of thousands of commits in seconds.
func writeProjectRepo(c *Crucible, ds []*dispatch) error {
	env := gitEnv()
	if err := runGit(c.Project, env, nil, "init", "-q", "-b", c.Branch); err != nil {
		return err
	}
	var fi bytes.Buffer
	ref := "refs/heads/" + c.Branch
	commit := func(mark int, when time.Time, msg, path, body string) {
		fmt.Fprintf(&fi, "commit %s\nmark :%d\ncommitter synth <synth@example.com> %d +0000\ndata %d\n%s\n", ref, mark, when.Unix(), len(msg), msg)
		if mark > 1 {
			fmt.Fprintf(&fi, "from :%d\n", mark-1)
		}
		fmt.Fprintf(&fi, "M 644 inline %s\ndata %d\n%s\n", path, len(body), body)
	}
	commit(1, base.Add(-10*time.Minute), "initial", "README.md", "orders\n")
	mark := 1
	for _, d := range ds {
		if !strings.Contains(d.role, "implement") || d.status != "completed" {
			continue
		}
		mark++
		msg := fmt.Sprintf("feat(wave %s): task %d: %s", strings.TrimPrefix(d.phase, "3."), d.task, phrase(d.seq, 3))
		commit(mark, d.start.Add(time.Duration(d.dur/2)*time.Second), msg,
			fmt.Sprintf("src/wave%s/tasks.go", strings.TrimPrefix(d.phase, "3.")),
			fmt.Sprintf("package wave\n\n// Last task: %d: %s\n", d.task, phrase(d.seq, 6)))
	}
	fi.WriteString("done\n")
	if err := runGit(c.Project, env, fi.Bytes(), "fast-import", "--quiet", "--done"); err != nil {
		return err
	}
	// The work tree gets the final state of the few files committed: a
	// checkout of every commit's file would only cost time.
	return runGit(c.Project, env, nil, "reset", "-q", "--hard")
}

// writeShadow writes the shadow checkpoint repository: an empty-tree
// commit per phase boundary, "<reason> | <time> | build", dated at the
// phase's first dispatch.
func writeShadow(c *Crucible, ds []*dispatch) error {
	h := filepath.Base(filepath.Dir(c.Scratch))
	c.Shadow = filepath.Join(c.ClaudeHome, "projects", h, "checkpoints", h)
	if err := os.MkdirAll(c.Shadow, 0o755); err != nil {
		return err
	}
	env := gitEnv("GIT_DIR="+c.Shadow, "GIT_WORK_TREE="+c.Project)
	if err := runGit(c.Project, env, nil, "init", "-q"); err != nil {
		return err
	}
	var fi bytes.Buffer
	mark := 0
	for i, d := range ds {
		if i > 0 && ds[i-1].phase == d.phase {
			continue
		}
		r := boundary(d.phase)
		if r == "" {
			continue
		}
		when := d.start.Add(-30 * time.Second)
		msg := r + " | " + when.UTC().Format("2006-01-02 15:04:05") + " | build"
		mark++
		fmt.Fprintf(&fi, "commit refs/heads/main\nmark :%d\ncommitter crucible <crucible@example.com> %d +0000\ndata %d\n%s\n", mark, when.Unix(), len(msg), msg)
		if mark > 1 {
			fmt.Fprintf(&fi, "from :%d\n", mark-1)
		}
		body := "checkpoint " + r + "\n"
		fmt.Fprintf(&fi, "M 644 inline CHECKPOINT\ndata %d\n%s\n", len(body), body)
	}
	fi.WriteString("done\n")
	return runGit(c.Project, env, fi.Bytes(), "fast-import", "--quiet", "--done")
}
