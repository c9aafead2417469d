// Package activity gathers the evidence that a session's workflow is
// still at work, for the core's running rule (model.Loaded.Activity):
// another pickup holding the session's lock, and an agent CLI running
// in the project. It only looks: it takes no lock, signals no process,
// and of another user's process reads only its name, as ps shows it;
// through /proc on Linux (it finds none elsewhere).
package activity

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Lock is the evidence in the session's single-writer lock: another
// pickup (not this one) holds it. It reads the lock, never takes it.
// w says it in the run's language (nil: English).
func Lock(state string, w *model.Words) []model.Activity {
	if state == "" {
		return nil
	}
	owner, held := fsx.LockHolder(state)
	if !held || owner.PID == os.Getpid() {
		return nil
	}
	since := ""
	if !owner.Since.IsZero() {
		since = owner.Since.Local().Format("15:04")
	}
	detail := words(w).LockHeld(owner.PID, since)
	return []model.Activity{{Kind: model.ActivityLock, Detail: detail, PID: owner.PID, Name: "pickup"}}
}

// Agents are the agent CLIs pickup knows by their process name.
var Agents = []string{"claude", "codex", "gemini", "cursor-agent", "aider"}

// interpreters run an agent CLI written as a script (node for Claude
// Code, Codex and Gemini CLI; python for aider): the script's path names
// the tool.
var interpreters = []string{"node", "nodejs", "bun", "deno", "python", "python3"}

// packages are the script paths that name a known tool, for an
// interpreter's command line.
var packages = []struct{ part, name string }{
	{"@anthropic-ai/claude-code", "claude"},
	{"@openai/codex", "codex"},
	{"@google/gemini-cli", "gemini"},
	{"cursor-agent", "cursor-agent"},
	{"aider", "aider"},
}

// Process is an agent CLI found running.
type Process struct {
	PID  int
	Name string // the agent's name (claude, codex…)
	Cwd  string // its working folder
}

// procRoot is where the process table is read.
var procRoot = "/proc"

// maxScan bounds how many processes one scan looks at.
const maxScan = 1 << 15

// maxAncestors bounds the walk up pickup's own parents.
const maxAncestors = 64

// Scan lists the agent CLIs running as this user, pickup's own
// ancestors left out (the agent that runs pickup as its hook, or in
// whose shell pickup runs, is the one asking, not a second run). It
// reads each process's name (comm, which ps shows of every process);
// of a process of this user whose name is an agent's or an
// interpreter's, its folder (/proc/<pid>/cwd, a link read, never
// followed) and, for an interpreter, its command line. A process it cannot read is skipped.
// Without /proc it finds nothing.
func Scan() []Process {
	d, err := fsx.OpenDir(procRoot)
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(maxScan)
	d.Close()
	skip := ancestors()
	uid := uint32(os.Getuid())
	var out []Process
	var buf [64]byte
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil || pid <= 0 || skip[pid] {
			continue
		}
		dir := procRoot + "/" + n
		// The name first: it is what ps shows of every process, and
		// one read; a process whose name is no agent's (nearly all) costs
		// nothing more.
		k, err := fsx.ReadKernel(dir+"/comm", buf[:])
		if err != nil || !mayBeAgent(string(bytes.TrimSpace(buf[:k]))) {
			continue
		}
		st, err := os.Lstat(dir)
		if err != nil {
			continue
		}
		if sys, ok := st.Sys().(*syscall.Stat_t); !ok || sys.Uid != uid {
			continue // another user's: never looked into
		}
		name := agentName(dir, string(bytes.TrimSpace(buf[:k])))
		if name == "" {
			continue
		}
		cwd, err := os.Readlink(filepath.Join(dir, "cwd"))
		if err != nil || !filepath.IsAbs(cwd) {
			continue
		}
		out = append(out, Process{PID: pid, Name: name, Cwd: cwd})
	}
	return out
}

// mayBeAgent reports whether a process named c (its comm) may be a
// known agent: one by its name, or an interpreter that may run one.
func mayBeAgent(c string) bool {
	return slices.Contains(Agents, c) || interpreter(c)
}

func interpreter(c string) bool {
	for _, i := range interpreters {
		if c == i || strings.HasPrefix(c, i) && strings.Trim(c[len(i):], "0123456789.") == "" {
			return true
		}
	}
	return false
}

// agentName is the known agent the process in dir named comm is, or "".
func agentName(dir, comm string) string {
	if slices.Contains(Agents, comm) {
		return comm
	}
	if !interpreter(comm) {
		return ""
	}
	line, _, err := fsx.ReadHead(filepath.Join(dir, "cmdline"), 4096)
	if err != nil {
		return ""
	}
	args := strings.Split(strings.TrimRight(string(line), "\x00"), "\x00")
	// The script is the first argument that is not an option.
	for _, a := range args[min(1, len(args)):] {
		if strings.HasPrefix(a, "-") {
			continue
		}
		base := strings.TrimSuffix(filepath.Base(a), filepath.Ext(a))
		for _, ag := range Agents {
			if base == ag {
				return ag
			}
		}
		for _, p := range packages {
			if strings.Contains(a, "/"+p.part+"/") || strings.Contains(a, "/"+p.part+"-") {
				return p.name
			}
		}
		break
	}
	return ""
}

// ancestors are this process and its parents, up to the first process.
func ancestors() map[int]bool {
	out := map[int]bool{}
	pid := os.Getpid()
	for range maxAncestors {
		if pid <= 0 || out[pid] {
			break
		}
		out[pid] = true
		pid = parent(pid)
	}
	return out
}

// parent reads a process's parent from /proc/<pid>/status (0 when it
// cannot).
func parent(pid int) int {
	var buf [512]byte // PPid is on the status file's seventh line
	n, err := fsx.ReadKernel(procRoot+"/"+strconv.Itoa(pid)+"/status", buf[:])
	if err != nil {
		return 0
	}
	for l := range strings.Lines(string(buf[:n])) {
		if v, ok := strings.CutPrefix(l, "PPid:"); ok {
			p, _ := strconv.Atoi(strings.TrimSpace(v))
			return p
		}
	}
	return 0
}

// In is the evidence among procs for project: the agents whose folder
// is the project or inside it ("claude (pid 4242) is running in this
// project"), said in w's language (nil: English).
func In(procs []Process, project string, w *model.Words) []model.Activity {
	if project == "" || len(procs) == 0 {
		return nil
	}
	roots := []string{filepath.Clean(project)}
	if real, err := filepath.EvalSymlinks(project); err == nil && real != roots[0] {
		roots = append(roots, real)
	}
	var out []model.Activity
	for _, p := range procs {
		for _, root := range roots {
			rel, err := filepath.Rel(root, p.Cwd)
			if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				continue
			}
			sub := ""
			if rel != "." {
				sub = filepath.ToSlash(rel)
			}
			detail := words(w).AgentRunning(p.Name, p.PID, sub)
			out = append(out, model.Activity{Kind: model.ActivityProcess, Detail: detail, PID: p.PID, Name: p.Name})
			break
		}
	}
	return out
}

// words is w, or English when the caller gave none.
func words(w *model.Words) *model.Words {
	if w == nil {
		return &model.EnglishWords
	}
	return w
}
