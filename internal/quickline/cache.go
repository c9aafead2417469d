package quickline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/statedir"
)

// The statusline's cache: the last answers, kept in pickup's state
// folder (CacheFile) with what each was built on. cmd/pickup writes it
// (through loaders/fsx) and checks its files' formats as well; the early
// answer only reads it.

// CacheFile is the cache's name in pickup's state folder.
const CacheFile = "statusline.cache"

// cacheMax bounds what is read of the cache file (eight answers of at
// most 4,096 stamps each stay well under it).
const cacheMax = 8 << 20

// ClaudeProjectEnv is the variable Claude Code sets to its project
// folder: the statusline's agent is Claude Code.
var ClaudeProjectEnv = []string{"CLAUDE_PROJECT_DIR"}

// Seen is what one look at a path saw: its size and modification time
// (nanoseconds), or Size -1 when nothing was there. Two stamps of the same
// path that are equal say, as far as one stat can, that the file was not
// changed in between (a read-only answer's cache, never a write's check:
// writes use fsx.Verify's fingerprints).
type Seen struct {
	Path  string `json:"p"`
	Size  int64  `json:"s"`
	MTime int64  `json:"m"`
}

// SeenOf stats path (following links, as a read does).
func SeenOf(path string) Seen {
	st, err := os.Stat(path)
	if err != nil {
		return Seen{Path: path, Size: -1}
	}
	return Stamp(path, st)
}

// Stamp is path's Seen from its information.
func Stamp(path string, st fs.FileInfo) Seen {
	return Seen{Path: path, Size: st.Size(), MTime: st.ModTime().UnixNano()}
}

// Answer is one kept line and what it was built on.
type Answer struct {
	Key     string   `json:"key"`
	Line    string   `json:"line"`
	Made    int64    `json:"made"`    // Unix nanoseconds
	Expires int64    `json:"expires"` // Unix nanoseconds
	Found   []string `json:"found"`   // the formats' Discover's state files
	Seen    []Seen   `json:"seen"`
}

// Question is everything an answer depends on besides files and time:
// the command's arguments and environment (every flag and variable
// pickup reads is among them), the current folder, the folders asked
// about, whether pickup would draw (stdin and stderr terminals), and the
// binary itself.
type Question struct {
	Args        []string
	Env         []string
	Wd          string
	Cands       []string
	Interactive bool
	Exe         Seen
}

// Key names q.
func (q Question) Key() string {
	// "_" is the shell's note of the command it ran: never read, and
	// it names the binary by the path it was typed as.
	env := slices.DeleteFunc(slices.Clone(q.Env), func(kv string) bool { return strings.HasPrefix(kv, "_=") })
	slices.Sort(env)
	data, _ := json.Marshal(struct {
		Args, Env   []string
		Wd          string
		Cands       []string
		Interactive bool
		Exe         Seen
	}{q.Args, env, q.Wd, q.Cands, q.Interactive, q.Exe})
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// ThisExe is the running binary's stamp.
func ThisExe() Seen {
	exe, _ := os.Executable()
	return SeenOf(exe)
}

// Holds reports whether ans may be given again at now: not expired, the
// clock not gone back, and every path it was built on as it was.
func (ans Answer) Holds(now time.Time) bool {
	if !now.Before(time.Unix(0, ans.Expires)) || now.Before(time.Unix(0, ans.Made)) {
		return false
	}
	for _, s := range ans.Seen {
		if SeenOf(s.Path) != s {
			return false
		}
	}
	return true
}

// The cache file holds one answer a line, newest first: its key, a
// space, and the answer as JSON. The early answer decodes only the line
// whose key it asks about.

// ReadCache is the kept answers, newest first; nothing when the state
// folder or the cache file is missing or cannot be trusted (a folder or
// file someone else could have written, a link, not a regular file). A
// line that does not parse is left out.
func ReadCache() []Answer {
	var all []Answer
	for _, line := range bytes.Split(readCacheFile(), []byte("\n")) {
		if ans, ok := parseLine(line); ok {
			all = append(all, ans)
		}
	}
	return all
}

// Lookup is the kept answer to key.
func Lookup(key string) (Answer, bool) {
	prefix := []byte(key + " ")
	for line := range bytes.SplitSeq(readCacheFile(), []byte("\n")) {
		if bytes.HasPrefix(line, prefix) {
			return parseLine(line)
		}
	}
	return Answer{}, false
}

// CacheBytes is the cache file holding answers, one a line.
func CacheBytes(answers []Answer) ([]byte, error) {
	var out []byte
	for _, ans := range answers {
		data, err := json.Marshal(ans)
		if err != nil {
			return nil, err
		}
		out = append(append(append(append(out, ans.Key...), ' '), data...), '\n')
	}
	return out, nil
}

func parseLine(line []byte) (Answer, bool) {
	key, data, ok := bytes.Cut(line, []byte(" "))
	var ans Answer
	if !ok || json.Unmarshal(data, &ans) != nil || ans.Key != string(key) {
		return Answer{}, false
	}
	return ans, true
}

func readCacheFile() []byte {
	dir, ok := statedir.Existing()
	if !ok {
		return nil
	}
	f, err := os.OpenFile(path.Join(dir, CacheFile), os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o022 != 0 || st.Size() > cacheMax {
		return nil
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); !ok || int(sys.Uid) != os.Geteuid() {
		return nil
	}
	data := make([]byte, st.Size())
	n, _ := io.ReadFull(f, data)
	return data[:n]
}
