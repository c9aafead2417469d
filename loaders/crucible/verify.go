package crucible

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Verification kinds, by role (the spec's step 3).
const (
	KindCommit  = "commit"  // implementers: a commit in the dispatch's time window
	KindOutput  = "output"  // reviewers, red-team: an output file exists
	KindNone    = "none"    // quality-gate rounds: conversation output only
	KindTrusted = "trusted" // other roles: no artifact rule; the completion line is the evidence
)

// RoleKind says how a role's completed dispatch is verified.
func RoleKind(role string) string {
	r := strings.ToLower(role)
	switch {
	case strings.Contains(r, "implement"):
		return KindCommit
	case strings.Contains(r, "quality-gate") || strings.Contains(r, "quality_gate") || strings.Contains(r, "qg-round"):
		return KindNone
	case strings.Contains(r, "review") || strings.Contains(r, "red-team") || strings.Contains(r, "redteam") ||
		strings.Contains(r, "red_team") || strings.Contains(r, "inquisitor"):
		return KindOutput
	}
	return KindTrusted
}

// Check is the verification of one dispatch.
type Check struct {
	Seq      int    `json:"seq"`
	Role     string `json:"role"`
	Phase    string `json:"phase"`
	Kind     string `json:"kind"`
	OK       bool   `json:"ok"`
	Evidence string `json:"evidence"`
}

// Commit windows: a dispatch's commits land between its start and its
// end; slack covers clocks and the commit that closes the dispatch.
const (
	windowBefore = time.Minute
	windowAfter  = 10 * time.Minute
	// noDuration is the window used when the manifest records no duration.
	noDuration = 2 * time.Hour
)

// evidence gathers what verification reads from disk, each thing once.
type evidence struct {
	dirs    []string // dispatch directories: live, scratch copy, /tmp
	listing map[string]map[string]bool
	git     *projectGit
	start   time.Time // pipeline start, for task-pattern matching
}

func (ev *evidence) list(dir string) map[string]bool {
	if ev.listing == nil {
		ev.listing = map[string]map[string]bool{}
	}
	if l, ok := ev.listing[dir]; ok {
		return l
	}
	l := map[string]bool{}
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if !e.IsDir() {
				l[e.Name()] = true
			}
		}
	}
	ev.listing[dir] = l
	return l
}

// dispatchFile finds the entry's dispatch file in the dispatch dirs.
func (ev *evidence) dispatchFile(e *Entry) string {
	if e.File == "" || strings.ContainsAny(e.File, `/\`) {
		return ""
	}
	for _, d := range ev.dirs {
		if ev.list(d)[e.File] {
			return filepath.Join(d, e.File)
		}
	}
	return ""
}

var headerStamp = regexp.MustCompile(`\*\*Timestamp:\*\*\s*(\S[^\n|]*)`)

// Start is when the dispatch began: a timestamp on its manifest line, or
// the **Timestamp:** of its dispatch file's audit header.
func (ev *evidence) Start(e *Entry) (time.Time, string, bool) {
	if t, ok := parseTime(e.Timestamp); ok {
		return t, "its manifest line", true
	}
	f := ev.dispatchFile(e)
	if f == "" {
		return time.Time{}, "", false
	}
	fh, err := os.Open(f)
	if err != nil {
		return time.Time{}, "", false
	}
	defer fh.Close()
	buf := make([]byte, 2048)
	n, _ := fh.Read(buf)
	if m := headerStamp.FindSubmatch(buf[:n]); m != nil {
		if t, ok := parseTime(strings.TrimSpace(string(m[1]))); ok {
			return t, e.File, true
		}
	}
	return time.Time{}, "", false
}

// window is the dispatch's commit window.
func (ev *evidence) window(e *Entry) (from, to time.Time, ok bool) {
	start, _, ok := ev.Start(e)
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	d := noDuration
	if e.HasDuration {
		d = time.Duration(e.Duration * float64(time.Second))
	}
	return start.Add(-windowBefore), start.Add(d + windowAfter), true
}

// commits returns the project commits attributed to a dispatch: in its
// time window, or, with no start time, since the pipeline start with the
// task number in the message. how says which rule applied.
func (ev *evidence) commits(e *Entry) (found []Commit, how string, err error) {
	log, err := ev.git.Log()
	if err != nil {
		return nil, "", err
	}
	if from, to, ok := ev.window(e); ok {
		return Within(log, from, to), "in its window " + clock(from) + "–" + clock(to), nil
	}
	if e.Task == "" {
		return nil, "", fmt.Errorf("no start time recorded (no timestamp on the line, no dispatch file header) and no task number to match commits against")
	}
	re := regexp.MustCompile(`(?i)\btask[\s#:_-]*` + regexp.QuoteMeta(strings.TrimSpace(e.Task)) + `\b`)
	for _, c := range log {
		if !ev.start.IsZero() && c.Time.Before(ev.start.Add(-windowBefore)) {
			continue
		}
		if re.MatchString(c.Subject) {
			found = append(found, c)
		}
	}
	return found, "mentioning task " + e.Task + " since the pipeline start (no start time recorded for the dispatch)", nil
}

func clock(t time.Time) string { return t.UTC().Format("15:04") }

// outputs lists the dispatch's output files: the one its line names, or
// files "<seq>-…" beside its dispatch file other than the dispatch file.
func (ev *evidence) outputs(e *Entry) []string {
	var out []string
	if e.Output != "" {
		if filepath.IsAbs(e.Output) && isFile(e.Output) {
			return []string{e.Output}
		}
		for _, d := range ev.dirs {
			if ev.list(d)[filepath.Base(e.Output)] {
				return []string{filepath.Join(d, filepath.Base(e.Output))}
			}
		}
	}
	prefix := fmt.Sprintf("%d-", e.Seq)
	for _, d := range ev.dirs {
		for name := range ev.list(d) {
			if strings.HasPrefix(name, prefix) && name != e.File {
				out = append(out, name)
			}
		}
		if len(out) > 0 {
			break
		}
	}
	return out
}

// verify checks one dispatch whose final status is completed.
func (ev *evidence) verify(e *Entry) Check {
	c := Check{Seq: e.Seq, Role: e.Role, Phase: e.EPhase, Kind: RoleKind(e.Role)}
	switch c.Kind {
	case KindNone:
		c.OK, c.Evidence = true, "quality-gate round: conversation output only, nothing to check"
	case KindTrusted:
		c.OK = true
		role := e.Role
		if role == "" {
			role = "(none)"
		}
		c.Evidence = "completion line only (no artifact rule for role " + role + ")"
	case KindOutput:
		if outs := ev.outputs(e); len(outs) > 0 {
			c.OK, c.Evidence = true, "output file "+filepath.Base(outs[0])+" exists"
		} else {
			c.Evidence = fmt.Sprintf("no output file (%d-…) in the dispatch directory or its scratch copy", e.Seq)
		}
	case KindCommit:
		found, how, err := ev.commits(e)
		switch {
		case err != nil:
			c.Evidence = "cannot check its commits: " + err.Error()
		case len(found) == 0:
			c.Evidence = "no commit " + how + ": the manifest says completed but may be stale"
		default:
			c.OK = true
			c.Evidence = fmt.Sprintf("commit %s %s", short(found[len(found)-1].Hash), how)
			if len(found) > 1 {
				c.Evidence = fmt.Sprintf("%d commits %s (first %s)", len(found), how, short(found[len(found)-1].Hash))
			}
		}
	}
	return c
}

func short(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}
