package convo

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// ClaudeFolder is the name Claude Code gives the folder of a cwd's
// transcripts under projects/: every character outside [A-Za-z0-9]
// turned into "-", counted as JavaScript counts them (a character
// outside the Basic Multilingual Plane, an emoji, is two), nothing
// collapsed. A name over 200 characters is cut to 200 and followed by
// "-" and a hash pickup cannot recompute (it differs between Claude's
// builds), so long names are matched on their 200-character prefix.
// kiln's memory look-up uses the same rule (kiln.ClaudeEncode).
func ClaudeFolder(cwd string) string {
	var b strings.Builder
	for _, r := range cwd {
		switch {
		case r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
			b.WriteRune(r)
		case r > 0xFFFF:
			b.WriteString("--")
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// claudeMaxName is where Claude Code cuts a long folder name.
const claudeMaxName = 200

// claudeFind reads the transcripts of every folder whose name a root,
// or a folder inside it, would get; a transcript counts when its lines'
// own cwd is inside a root (the folder name is lossy).
func claudeFind(home string, roots []string) []Conversation {
	projects := filepath.Join(home, "projects")
	d, err := fsx.OpenDir(projects)
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	var prefixes []string
	for _, r := range roots {
		p := ClaudeFolder(r)
		if len(p) > claudeMaxName {
			p = p[:claudeMaxName]
		}
		prefixes = append(prefixes, p)
	}
	reg := claudeRegistry(home)
	var out []Conversation
	for _, n := range names {
		if !hasAnyPrefix(n, prefixes) {
			continue
		}
		out = append(out, claudeFolder(filepath.Join(projects, n), roots, reg)...)
	}
	return out
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// claudeFolder reads the main transcripts of one projects/ folder, the
// newest first, at most maxFiles (subagent transcripts, in subfolders or
// named agent-*.jsonl, are never offered).
func claudeFolder(dir string, roots []string, reg map[string]claudeLive) []Conversation {
	d, err := fsx.OpenDir(dir)
	if err != nil {
		return nil
	}
	ents, _ := d.ReadDir(-1)
	d.Close()
	type file struct {
		path string
		mod  time.Time
	}
	var files []file
	for _, e := range ents {
		n := e.Name()
		if !e.Type().IsRegular() || !strings.HasSuffix(n, ".jsonl") || strings.HasPrefix(n, "agent-") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		files = append(files, file{filepath.Join(dir, n), info.ModTime()})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod.After(files[j].mod) })
	var out []Conversation
	buf := make([]byte, headSize+tailSize) // every transcript is read into it
	for _, f := range files[:min(len(files), maxFiles)] {
		c, ok := claudeTranscript(f.path, f.mod, buf)
		if !ok || !within(c.Cwd, roots) {
			continue
		}
		c.Live = Unknown
		if reg != nil {
			c.Live = Dead
			if l, ok := reg[c.ID]; ok {
				c.Live, c.PID, c.Kind, c.Status = l.live, l.pid, l.kind, l.status
			}
		}
		out = append(out, c)
	}
	return out
}

// claudeLine is what pickup reads of a transcript line.
type claudeLine struct {
	Type        string `json:"type"`
	Subtype     string `json:"subtype"`
	SessionID   string `json:"sessionId"`
	Cwd         string `json:"cwd"`
	GitBranch   string `json:"gitBranch"`
	Timestamp   string `json:"timestamp"`
	IsSidechain bool   `json:"isSidechain"`
	IsMeta      bool   `json:"isMeta"`
	CustomTitle string `json:"customTitle"`
	AITitle     string `json:"aiTitle"`
	Summary     string `json:"summary"`
	CompactSum  bool   `json:"isCompactSummary"`
	Message     *struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

// claudeTranscript reads one transcript's head (id, folder, start, the
// first thing the person typed) and tail (last activity, branch, the
// newest name), both through one open into buf. A line is decoded only
// when it could change one of these (mayBe): once the head has given
// the id and the first message, only a "summary" line can still count
// there; the tail is read from its end, where the last activity and
// branch are, and only a "custom-title" or "ai-title" line can count
// before them.
func claudeTranscript(path string, mod time.Time, buf []byte) (Conversation, bool) {
	head, data, size, err := fsx.ReadEnds(path, headSize, tailSize, buf)
	if err != nil {
		return Conversation{}, false
	}
	c := Conversation{Agent: Claude, Path: path, Last: mod}
	var first, summary string
	scan := true // whether the rest of the head is still to be looked at for a summary
	forward(head, true, false, size, func(l, rest []byte) bool {
		if c.ID != "" {
			if first != "" && summary == "" && scan {
				if !mayBe(rest, `"summary"`) {
					return false
				}
				scan = false
			}
			if first != "" && summary != "" {
				return false
			}
			if !(first == "" && mayBe(l, `"user"`)) && !(summary == "" && mayBe(l, `"summary"`)) {
				return true
			}
		}
		var ln claudeLine
		if json.Unmarshal(l, &ln) != nil || ln.IsSidechain {
			return true
		}
		if ln.Type == "summary" && summary == "" {
			summary = ln.Summary
		}
		if ln.SessionID == "" || ln.Cwd == "" {
			return true
		}
		if c.ID == "" {
			c.ID, c.Cwd, c.Branch = ln.SessionID, ln.Cwd, ln.GitBranch
			c.Start = parseTime(ln.Timestamp)
		}
		if first == "" && ln.Type == "user" && !ln.IsMeta && !ln.CompactSum && ln.Message != nil {
			first = userText(ln.Message.Content)
		}
		return true
	})
	if c.ID == "" {
		return Conversation{}, false
	}
	// From the end: the first line met with a time is the last one, the
	// first with a time and a folder gives the branch, the first naming
	// the conversation is its newest name ("custom-title" and "ai-title"
	// both end in -title").
	var custom, ai string
	var last time.Time
	branched := false
	scan = true // whether the rest of the tail is still to be looked at for a name
	backward(data, false, size > int64(len(data)), size, func(l, rest []byte) bool {
		if !last.IsZero() && branched {
			if custom != "" && ai != "" {
				return false
			}
			if scan {
				if !mayBe(rest, `-title"`) {
					return false
				}
				scan = false
			}
			if !mayBe(l, `-title"`) {
				return true
			}
		}
		var ln claudeLine
		if json.Unmarshal(l, &ln) != nil || ln.IsSidechain {
			return true
		}
		switch ln.Type {
		case "custom-title":
			if custom == "" {
				custom = ln.CustomTitle
			}
		case "ai-title":
			if ai == "" {
				ai = ln.AITitle
			}
		}
		if t := parseTime(ln.Timestamp); !t.IsZero() {
			if last.IsZero() {
				last = t
			}
			if !branched && ln.Cwd != "" {
				c.Branch, branched = ln.GitBranch, true
			}
		}
		return true
	})
	if !last.IsZero() {
		c.Last = last
	}
	for _, t := range []string{custom, ai, summary, first} {
		if strings.TrimSpace(t) != "" {
			c.Title = title(t)
			break
		}
	}
	return c, true
}

// userText is the text of a user message: a string, or its text parts.
func userText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		for _, p := range parts {
			if p.Text != "" {
				return p.Text
			}
		}
	}
	return ""
}

// claudeLive is one live-registry entry, checked.
type claudeLive struct {
	live   Liveness
	pid    int
	kind   string
	status string
}

// claudeRegistry reads sessions/<pid>.json: each entry's conversation
// and whether its process lives (the pid exists and, where the entry
// records procStart, the process started when it says). nil when the
// folder does not exist (a Claude Code too old to keep it: cannot tell).
// Two live entries for one conversation: the busier wins.
func claudeRegistry(home string) map[string]claudeLive {
	dir := filepath.Join(home, "sessions")
	d, err := fsx.OpenDir(dir)
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(maxFiles)
	d.Close()
	out := map[string]claudeLive{}
	for _, n := range names {
		if !strings.HasSuffix(n, ".json") {
			continue
		}
		data, _, err := fsx.ReadHead(filepath.Join(dir, n), regSize)
		if err != nil {
			continue
		}
		var e struct {
			PID       int    `json:"pid"`
			SessionID string `json:"sessionId"`
			ProcStart string `json:"procStart"`
			Kind      string `json:"kind"`
			Status    string `json:"status"`
		}
		if json.Unmarshal(data, &e) != nil || e.PID <= 0 || e.SessionID == "" {
			continue
		}
		l := claudeLive{live: pidLive(e.PID, e.ProcStart), pid: e.PID, kind: e.Kind, status: e.Status}
		if l.live != Alive {
			l.pid = 0
		}
		if old, ok := out[e.SessionID]; ok && rank(old) >= rank(l) {
			continue
		}
		out[e.SessionID] = l
	}
	return out
}

// rank orders registry entries: alive and busy first.
func rank(l claudeLive) int {
	r := 0
	switch l.live {
	case Alive:
		r = 10
	case Unknown:
		r = 5
	}
	switch l.status {
	case "busy", "waiting", "shell":
		r += 2
	case "idle":
		r++
	}
	return r
}

// pidLive says whether pid is a living process that started at
// procStart (Linux: field 22 of /proc/<pid>/stat, in clock ticks). A
// procStart pickup cannot compare here (macOS's text form, written on
// another machine sharing the folder) leaves a living pid unknown.
func pidLive(pid int, procStart string) Liveness {
	if !pidExists(pid) {
		return Dead
	}
	if procStart == "" {
		return Alive
	}
	if _, err := strconv.ParseUint(procStart, 10, 64); err != nil {
		return Unknown
	}
	got := procStartOf(pid)
	switch {
	case got == "":
		return Unknown
	case got == procStart:
		return Alive
	}
	return Dead // the pid was reused
}
