package convo

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// codexFind reads the rollouts under sessions/YYYY/MM/DD/, newest day
// first, skipping days before since (a day's folder holds the rollouts
// started that day, so one day of slack is kept), at most dayLimit days
// and maxFiles rollouts. A rollout counts when its session_meta's cwd is
// inside a root; subagent rollouts are never offered. Compressed
// rollouts (.jsonl.zst) are skipped: pickup has no zstd reader.
func codexFind(home string, roots []string, since time.Time) []Conversation {
	base := filepath.Join(home, "sessions")
	titles := codexIndex(home)
	locks := filepath.Join(home, "thread-writer-locks")
	_, lerr := fsx.OpenDir(locks)
	haveLocks := lerr == nil
	cutoff := ""
	if !since.IsZero() {
		cutoff = since.UTC().AddDate(0, 0, -1).Format("2006/01/02")
	}
	var out []Conversation
	names := rootNames(roots)
	files, days := 0, 0
	for _, y := range sortedDir(base) {
		for _, m := range sortedDir(filepath.Join(base, y)) {
			for _, d := range sortedDir(filepath.Join(base, y, m)) {
				days++
				if days > dayLimit || cutoff != "" && y+"/"+m+"/"+d < cutoff {
					return out
				}
				dir := filepath.Join(base, y, m, d)
				for _, n := range sortedDir(dir) {
					if !strings.HasPrefix(n, "rollout-") || !strings.HasSuffix(n, ".jsonl") {
						continue
					}
					if files++; files > maxFiles {
						return out
					}
					c, ok := codexRollout(filepath.Join(dir, n), roots, names)
					if !ok {
						continue
					}
					if t, ok := titles[c.ID]; ok {
						c.Title = title(t)
					}
					c.Live = Unknown
					if haveLocks {
						c.Live = lockHeld(filepath.Join(locks, c.ID+".lock"))
					}
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// sortedDir lists a folder's names, last first ("" entries skipped).
func sortedDir(dir string) []string {
	d, err := fsx.OpenDir(dir)
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	sort.Sort(sort.Reverse(sort.StringSlice(names)))
	return names
}

// codexLine is one rollout line's frame.
type codexLine struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
}

// codexRollout reads a rollout of the project whose roots are given:
// its first line (session_meta: id, cwd, start, git branch; it may carry
// long instructions, so it may be up to metaSize long), and only when
// that cwd is inside a root, its first user message among the next 63
// lines as the title and its last line's time as the last activity.
// The head is read a block at a time, no further than those lines: a
// rollout of another project costs its first line, not decoded when it
// cannot hold a folder inside a root (names: rootNames(roots)).
func codexRollout(path string, roots []string, names [][]byte) (Conversation, bool) {
	var c Conversation
	ok, n := false, 0
	_, err := fsx.HeadLines(path, metaSize, func(l []byte) bool {
		if n++; n == 1 {
			if !mayHoldDir(l, names) {
				return false // no folder inside a root can be written in it
			}
			c, ok = codexMeta(path, l)
			ok = ok && within(c.Cwd, roots)
			return ok
		}
		if mayBe(l, `"response_item"`) { // only a response_item can hold the title
			if t := codexUserText(l); t != "" {
				c.Title = title(t)
				return false
			}
		}
		return n < 64
	})
	if err != nil || !ok {
		return Conversation{}, false
	}
	tail, size, err := fsx.ReadTail(path, tailSize)
	if err == nil {
		// The last line with a time is the last activity: the lines are
		// read from the end, and the first one with a time ends it.
		backward(tail, false, size > int64(len(tail)), size, func(l, _ []byte) bool {
			var ln codexLine
			if json.Unmarshal(l, &ln) == nil {
				if t := parseTime(ln.Timestamp); !t.IsZero() {
					c.Last = t
					return false
				}
			}
			return true
		})
	}
	if c.Last.IsZero() {
		c.Last = c.Start
	}
	return c, true
}

// codexMeta reads a rollout's first line: a main conversation's
// session_meta (a subagent's is not offered).
func codexMeta(path string, line []byte) (Conversation, bool) {
	var first codexLine
	if json.Unmarshal(line, &first) != nil || first.Type != "session_meta" {
		return Conversation{}, false
	}
	var meta struct {
		ID        string          `json:"id"`
		Timestamp string          `json:"timestamp"`
		Cwd       string          `json:"cwd"`
		Source    json.RawMessage `json:"source"`
		Parent    string          `json:"parent_thread_id"`
		Git       *struct {
			Branch string `json:"branch"`
		} `json:"git"`
	}
	if json.Unmarshal(first.Payload, &meta) != nil || meta.ID == "" {
		return Conversation{}, false
	}
	if meta.Parent != "" || strings.Contains(string(meta.Source), "subagent") {
		return Conversation{}, false
	}
	c := Conversation{Agent: Codex, ID: meta.ID, Cwd: meta.Cwd, Path: path, Start: parseTime(meta.Timestamp)}
	if meta.Git != nil {
		c.Branch = meta.Git.Branch
	}
	return c, true
}

// codexUserText is the text of a rollout line that is a message the
// person typed (a user response_item, not an injected "<…>" context),
// "" for any other line.
func codexUserText(l []byte) string {
	var ln codexLine
	if json.Unmarshal(l, &ln) != nil || ln.Type != "response_item" {
		return ""
	}
	var item struct {
		Type    string          `json:"type"`
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(ln.Payload, &item) == nil && item.Role == "user" {
		if t := codexText(item.Content); !strings.HasPrefix(t, "<") {
			return t
		}
	}
	return ""
}

// codexText is the text of a user message's input_text parts.
func codexText(raw json.RawMessage) string {
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	for _, p := range parts {
		if p.Text != "" {
			return p.Text
		}
	}
	return ""
}

// codexIndex reads session_index.jsonl: each thread's newest name.
func codexIndex(home string) map[string]string {
	path := filepath.Join(home, "session_index.jsonl")
	data, size, err := fsx.ReadTail(path, metaSize)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, l := range lines(data, false, size > int64(len(data)), size) {
		var e struct {
			ID   string `json:"id"`
			Name string `json:"thread_name"`
		}
		if json.Unmarshal(l, &e) == nil && e.ID != "" && e.Name != "" {
			out[e.ID] = e.Name
		}
	}
	return out
}
