package convo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// geminiFind reads the chats of each root: in the folder Gemini CLI
// names after the project (its slug, from projects.json or any folder
// whose .project_root names the root), in the older folder named after
// sha256 of the root, and in data/<sha256>. A chat counts when its
// projectHash is the root's. Gemini keeps no live registry: Live is
// always Unknown.
func geminiFind(home string, roots []string) []Conversation {
	var out []Conversation
	slugs := geminiSlugs(home)
	var buf []byte // every JSONL chat is read into it, made for the first
	for _, r := range roots {
		sum := sha256.Sum256([]byte(r))
		hash := hex.EncodeToString(sum[:])
		dirs := []string{filepath.Join(home, "tmp", hash, "chats"), filepath.Join(home, "data", hash, "chats")}
		if s := slugs[r]; s != "" {
			dirs = append(dirs, filepath.Join(home, "tmp", s, "chats"))
		}
		seen := map[string]bool{}
		for _, dir := range dirs {
			for _, n := range sortedDir(dir) {
				if !strings.HasPrefix(n, "session-") {
					continue
				}
				path := filepath.Join(dir, n)
				var c geminiChat
				var ok bool
				switch {
				case strings.HasSuffix(n, ".jsonl"):
					if buf == nil {
						buf = make([]byte, headSize+tailSize)
					}
					c, ok = geminiJSONL(path, hash, buf)
				case strings.HasSuffix(n, ".json"):
					if buf == nil {
						buf = make([]byte, headSize+tailSize)
					}
					c, ok = geminiJSON(path, buf)
				}
				if !ok || c.projectHash != hash || seen[c.ID] {
					continue
				}
				seen[c.ID] = true
				c.Conversation.Cwd, c.Live = r, Unknown
				out = append(out, c.Conversation)
				if len(seen) >= maxFiles {
					break
				}
			}
		}
	}
	return out
}

// geminiSlugs maps a project root to its folder under tmp/: the
// registry projects.json, checked by the folder's own .project_root.
func geminiSlugs(home string) map[string]string {
	data, _, err := fsx.ReadHead(filepath.Join(home, "projects.json"), metaSize)
	if err != nil {
		return nil
	}
	var reg struct {
		Projects map[string]string `json:"projects"`
	}
	if json.Unmarshal(data, &reg) != nil {
		return nil
	}
	out := map[string]string{}
	for root, slug := range reg.Projects {
		if slug == "" || strings.ContainsAny(slug, `/\`) || slug == "." || slug == ".." {
			continue
		}
		mark, _, err := fsx.ReadHead(filepath.Join(home, "tmp", slug, ".project_root"), procSize)
		if err == nil && strings.TrimSpace(string(mark)) != filepath.Clean(root) {
			continue // the folder belongs to another project now
		}
		out[filepath.Clean(root)] = slug
	}
	return out
}

// geminiChat is a chat with the hash it was recorded under.
type geminiChat struct {
	Conversation
	projectHash string
}

// geminiMeta is a chat's metadata (the JSONL form's first line, the
// legacy form's top level, a $set line's fields).
type geminiMeta struct {
	SessionID   string `json:"sessionId"`
	ProjectHash string `json:"projectHash"`
	StartTime   string `json:"startTime"`
	LastUpdated string `json:"lastUpdated"`
	Kind        string `json:"kind"`
	Summary     string `json:"summary"`
}

// geminiMessage is what pickup reads of a chat message.
type geminiMessage struct {
	Type      string          `json:"type"`
	Timestamp string          `json:"timestamp"`
	Content   json.RawMessage `json:"content"`
}

// geminiJSONL reads the current form: metadata on line 1, $set lines
// updating it, messages between; nothing more of a chat recorded under
// another hash than its first line. Head and tail are read through one
// open. From the tail's end: the last $set with a time sets the last
// activity, which only a later message's time can pass, and the last
// $set with a summary names the chat; before that $set, only a line
// that may be a $set with a summary (mayBeSet, mayBeSummary) is
// decoded, and only while no summary is found. buf is read into.
func geminiJSONL(path, hash string, buf []byte) (geminiChat, bool) {
	head, tail, size, err := fsx.ReadEnds(path, headSize, tailSize, buf)
	if err != nil {
		return geminiChat{}, false
	}
	ls := lines(head, true, false, size)
	var meta geminiMeta
	if len(ls) == 0 || json.Unmarshal(ls[0], &meta) != nil || meta.SessionID == "" || meta.Kind == "subagent" || meta.ProjectHash != hash {
		return geminiChat{}, false
	}
	c := geminiChat{projectHash: meta.ProjectHash}
	c.Agent, c.ID, c.Path = Gemini, meta.SessionID, path
	c.Start, c.Last = parseTime(meta.StartTime), parseTime(meta.LastUpdated)
	first := ""
	for _, l := range ls[1:] {
		var m geminiMessage
		if mayBe(l, `"user"`) && json.Unmarshal(l, &m) == nil && m.Type == "user" {
			if first = userText(m.Content); first != "" {
				break
			}
		}
	}
	summary := ""
	var latest time.Time // the latest message time after the last timed $set, the first of equal ones
	timed, seen, scan := false, false, true
	backward(tail, false, size > int64(len(tail)), size, func(l, rest []byte) bool {
		if timed {
			if summary != "" {
				return false
			}
			if scan {
				if !mayBeSet(rest) {
					return false
				}
				scan = false
			}
			if !mayBeSet(l) || !mayBeSummary(l) {
				return true
			}
		}
		var set struct {
			Set *geminiMeta `json:"$set"`
		}
		if json.Unmarshal(l, &set) == nil && set.Set != nil {
			if t := parseTime(set.Set.LastUpdated); !t.IsZero() && !timed {
				c.Last, timed = t, true
			}
			if set.Set.Summary != "" && summary == "" {
				summary = set.Set.Summary
			}
			return true
		}
		var m geminiMessage
		if !timed && json.Unmarshal(l, &m) == nil {
			if t := parseTime(m.Timestamp); !seen || !latest.After(t) {
				latest, seen = t, true
			}
		}
		return true
	})
	if seen && latest.After(c.Last) {
		c.Last = latest
	}
	c.Title = title(firstNonEmpty(summary, first))
	return c, true
}

// mayBeSet reports whether a Gemini chat line may hold a "$set" key: it
// holds a "$", or a \u escape that could spell one.
func mayBeSet(line []byte) bool {
	return bytes.IndexByte(line, '$') >= 0 || bytes.Contains(line, []byte(`\u`))
}

// mayBeSummary reports whether a Gemini chat line may hold a "summary"
// key: it holds "ummary" in any case (keys match in any case, and no
// other character folds to one of these letters), or a \u escape.
func mayBeSummary(line []byte) bool {
	for i := 0; i+6 <= len(line); i++ {
		j := 0
		for j < 6 && line[i+j]|0x20 == "ummary"[j] {
			j++
		}
		if j == 6 {
			return true
		}
	}
	return bytes.Contains(line, []byte(`\u`))
}

// geminiDoc decodes a legacy chat's whole text: one object, messages
// inside (geminiJSON).
func geminiDoc(path string, data []byte) (geminiChat, bool) {
	var doc struct {
		geminiMeta
		Messages []geminiMessage `json:"messages"`
	}
	if json.Unmarshal(data, &doc) != nil || doc.SessionID == "" {
		return geminiChat{}, false
	}
	c := geminiChat{projectHash: doc.ProjectHash}
	c.Agent, c.ID, c.Path = Gemini, doc.SessionID, path
	c.Start, c.Last = parseTime(doc.StartTime), parseTime(doc.LastUpdated)
	first := ""
	for _, m := range doc.Messages {
		if m.Type == "user" {
			first = userText(m.Content)
			break
		}
	}
	c.Title = title(firstNonEmpty(doc.Summary, first))
	return c, true
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}
