// Package convo finds the agent conversations held for a project in the
// agent CLIs' own stores (Claude Code transcripts, Codex rollouts,
// Gemini chats), says whether each one's process is still alive, and
// which one most probably drove a workflow session.
//
// It reads metadata only: the head and the tail of each file, never a
// conversation whole, and keeps nothing of its content but a title (the
// conversation's name, else the first line the person typed, cut
// short). Every file goes through the one reader (loaders/fsx). The
// stores are internal to each agent and change between releases: only
// the id fields are required, an unreadable line or file is skipped, and
// a missing folder means "cannot tell", never "not running". The facts
// behind each reader are in shared/REFERENCE-AGENTS.md; docs/agents.md
// says what pickup does with them.
package convo

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pickup-dev/pickup/internal/when"
)

// The agents whose conversations are read.
const (
	Claude = "claude"
	Codex  = "codex"
	Gemini = "gemini"
)

// Liveness is what the agent's own store says of a conversation's
// process.
type Liveness string

const (
	// Unknown: the store has no way to tell (Gemini; an older Claude
	// or Codex without its registry or lock folder).
	Unknown Liveness = "unknown"
	// Alive: a process of the agent holds the conversation now (Claude's
	// registry entry with a living pid whose start time matches; a held
	// Codex writer lock).
	Alive Liveness = "alive"
	// Dead: the store can tell and no process holds it.
	Dead Liveness = "dead"
)

// Conversation is one agent conversation, as its store describes it.
type Conversation struct {
	Agent  string    // Claude, Codex or Gemini
	ID     string    // the id its resume command takes
	Title  string    // its name, else its first user line, at most TitleMax runes
	Cwd    string    // the folder it ran in (Gemini: the project root)
	Branch string    // the git branch its store recorded last ("" when none)
	Start  time.Time // its first recorded time
	Last   time.Time // its last recorded activity
	Path   string    // the transcript, rollout or chat file
	Live   Liveness
	PID    int    // the live process (Claude), 0 when none is known
	Kind   string // Claude's registry kind: "interactive", "background", …
	Status string // Claude's registry status: busy, idle, waiting, shell
}

// TitleMax bounds the title kept of a conversation.
const TitleMax = 80

// Stores are the agents' configuration folders ("" skips that agent).
type Stores struct {
	Claude string // $CLAUDE_CONFIG_DIR, else ~/.claude
	Codex  string // $CODEX_HOME, else ~/.codex
	Gemini string // ~/.gemini
}

// StoresFor resolves the stores the way each agent does: claudeHome
// (pickup's --claude-home or the environment's choice, "" for none)
// first, then CLAUDE_CONFIG_DIR, then ~/.claude; CODEX_HOME, then
// ~/.codex; ~/.gemini. home is the user's home folder.
func StoresFor(getenv func(string) string, home, claudeHome string) Stores {
	pick := func(vals ...string) string {
		for _, v := range vals {
			if v != "" {
				return v
			}
		}
		return ""
	}
	var s Stores
	s.Claude = pick(claudeHome, getenv("CLAUDE_CONFIG_DIR"))
	s.Codex = getenv("CODEX_HOME")
	if home != "" {
		s.Claude = pick(s.Claude, filepath.Join(home, ".claude"))
		s.Codex = pick(s.Codex, filepath.Join(home, ".codex"))
		s.Gemini = filepath.Join(home, ".gemini")
	}
	return s
}

// Limits that keep a look-up cheap whatever a store holds.
const (
	maxFiles = 400       // conversation files looked at per agent and root
	headSize = 64 << 10  // bytes read from a file's start
	tailSize = 64 << 10  // bytes read from a file's end
	metaSize = 4 << 20   // a Codex first line (it may carry long instructions) or a legacy Gemini chat
	procSize = 4 << 10   // a /proc file
	regSize  = 16 << 10  // a Claude registry entry
	dayLimit = 400       // Codex day folders looked into
	lockSize = 256 << 10 // /proc/locks
)

// Find lists the conversations held for the project whose roots are
// given (the project folder and, for a repository, every worktree of
// it): those whose folder is a root or inside one. since skips what
// ended before it where a store is dated by folder (Codex); the zero
// time skips nothing. Newest first.
func Find(s Stores, roots []string, since time.Time) []Conversation {
	clean := make([]string, 0, len(roots))
	for _, r := range roots {
		if r != "" && filepath.IsAbs(r) {
			clean = append(clean, filepath.Clean(r))
		}
	}
	if len(clean) == 0 {
		return nil
	}
	var out []Conversation
	if s.Claude != "" {
		out = append(out, claudeFind(s.Claude, clean)...)
	}
	if s.Codex != "" {
		out = append(out, codexFind(s.Codex, clean, since)...)
	}
	if s.Gemini != "" {
		out = append(out, geminiFind(s.Gemini, clean)...)
	}
	kept := out[:0]
	for _, c := range out {
		if validID(c.ID) {
			kept = append(kept, c)
		}
	}
	out = kept
	sort.SliceStable(out, func(i, j int) bool { return out[i].Last.After(out[j].Last) })
	return out
}

// validID reports whether id looks like an agent's conversation id (a
// UUID, a Codex thread id): letters, digits, ".", "_" and "-", at most 128.
// A store's line with anything else (a hostile file's text) is no
// conversation pickup names or puts in a command.
func validID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return false
		}
	}
	return id[0] != '-' && id[0] != '.'
}

// within reports whether dir is one of roots or inside one.
func within(dir string, roots []string) bool {
	if dir == "" || !filepath.IsAbs(dir) {
		return false
	}
	dir = filepath.Clean(dir)
	for _, r := range roots {
		if dir == r || strings.HasPrefix(dir, r+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// title cuts s to one line of at most TitleMax runes, with a marker when
// cut.
func title(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = strings.TrimSpace(s[:i]) + " …"
	}
	r := []rune(s)
	if len(r) > TitleMax {
		return string(r[:TitleMax-1]) + "…"
	}
	return s
}

// lines splits data into its complete lines, slices of it (nothing
// copied): a head loses its last (maybe cut) line, a tail its first.
func lines(data []byte, head, tail bool, size int64) [][]byte {
	var out [][]byte
	forward(data, head, tail, size, func(l, _ []byte) bool { out = append(out, l); return true })
	return out
}

// whole is the part of data that holds its complete lines (see lines);
// ok is false when none does.
func whole(data []byte, head, tail bool, size int64) (body []byte, ok bool) {
	cut := int64(len(data)) < size
	if tail && cut {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return nil, false
		}
		data = data[i+1:]
	}
	if head && cut {
		i := bytes.LastIndexByte(data, '\n')
		if i < 0 {
			return nil, false
		}
		data = data[:i]
	}
	return data, true
}

// forward calls fn with each of lines' lines, first to last, and rest,
// the bytes from that line to the end, until fn returns false.
func forward(data []byte, head, tail bool, size int64, fn func(line, rest []byte) bool) {
	body, ok := whole(data, head, tail, size)
	for ok {
		i := bytes.IndexByte(body, '\n')
		if i < 0 {
			fn(body, body)
			return
		}
		ok, body = fn(body[:i], body), body[i+1:]
	}
}

// backward calls fn with each of lines' lines, last to first, and rest,
// the bytes from the start to that line's end, until fn returns false.
func backward(data []byte, head, tail bool, size int64, fn func(line, rest []byte) bool) {
	body, ok := whole(data, head, tail, size)
	for ok {
		i := bytes.LastIndexByte(body, '\n')
		if !fn(body[i+1:], body) || i < 0 {
			return
		}
		body = body[:i]
	}
}

// mayBe reports whether a line could hold a JSON string, quotes
// included, of which s is a part as written (all of "user", or -title"
// of "custom-title" and "ai-title"): it holds s, or a \u escape, which
// can spell any character. A line that cannot is not worth decoding when
// only a field equal to that string would change what is read.
func mayBe(line []byte, s string) bool {
	return bytes.Contains(line, []byte(s)) || bytes.Contains(line, []byte(`\u`))
}

// rootNames are, for each root (clean, absolute), "/" and its last
// name: a folder inside the root, however written ("/a/../root/x"),
// holds that "/name" once cleaned, so before (cleaning keeps or drops
// names, never makes one). nil when some root's name could
// be spelled in JSON other than as itself or with a \u escape (a
// character JSON escapes, a replacement character standing for bytes
// that are no UTF-8) or has none (the root "/", whose Base is "/"):
// then any line may hold such a folder.
func rootNames(roots []string) [][]byte {
	var out [][]byte
	for _, r := range roots {
		name := filepath.Base(r)
		if !utf8.ValidString(name) || strings.ContainsRune(name, utf8.RuneError) ||
			strings.ContainsFunc(name, func(c rune) bool { return c < 0x20 || c == '"' || c == '\\' || c == '/' }) {
			return nil
		}
		out = append(out, []byte("/"+name))
	}
	return out
}

// mayHoldDir reports whether a JSON line may hold, in some string, a
// folder inside a root (names: rootNames): it holds a "/name" as
// written (a slash written \/ still ends in one) ending where a name
// ends (before a slash, the string's end or an escape), or a \u escape,
// which could spell any of it.
func mayHoldDir(line []byte, names [][]byte) bool {
	if names == nil || bytes.Contains(line, []byte(`\u`)) {
		return true
	}
	for _, n := range names {
		for rest := line; ; {
			i := bytes.Index(rest, n)
			if i < 0 {
				break
			}
			rest = rest[i+len(n):]
			if len(rest) > 0 && (rest[0] == '/' || rest[0] == '"' || rest[0] == '\\') {
				return true
			}
		}
	}
	return false
}

// parseTime reads the agents' ISO 8601 times.
func parseTime(s string) time.Time {
	t, _ := when.Parse(s)
	return t
}
