package quickline

import (
	"bytes"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"syscall"
	"time"
	"unsafe"

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
	Path  string
	Size  int64
	MTime int64
}

// SeenOf stats p (following links, as a read does). On Linux and macOS
// it asks the system directly (os.Stat's answer, without building a
// FileInfo): the early answer stats every path a kept line was built on.
func SeenOf(p string) Seen {
	size, mtime, ok := statPath(p)
	if !ok {
		return Seen{Path: p, Size: -1}
	}
	return Seen{Path: p, Size: size, MTime: mtime}
}

// Stamp is p's Seen from its information.
func Stamp(p string, st fs.FileInfo) Seen {
	return Seen{Path: p, Size: st.Size(), MTime: st.ModTime().UnixNano()}
}

// Answer is one kept line and what it was built on.
type Answer struct {
	Key     string
	Line    string
	Made    int64    // Unix nanoseconds
	Expires int64    // Unix nanoseconds
	Found   []string // the formats' Discover's state files
	Seen    []Seen
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

// Key names q: a 128-bit FNV-1a hash of its parts, each with its
// length (the environment sorted, and without the shell's "_", which is
// never read and names the binary by the path it was typed as). It only
// tells questions apart; the cache file is this user's alone (see
// ReadCache).
func (q Question) Key() string {
	h := fnv.New128a()
	part := func(s string) {
		var n [8]byte
		for k := range n {
			n[k] = byte(len(s) >> (8 * k))
		}
		h.Write(n[:])
		h.Write([]byte(s))
	}
	list := func(name string, l []string) {
		part(name)
		part(strconv.Itoa(len(l)))
		for _, s := range l {
			part(s)
		}
	}
	env := slices.DeleteFunc(slices.Clone(q.Env), func(kv string) bool { return len(kv) > 1 && kv[:2] == "_=" })
	slices.Sort(env)
	list("args", q.Args)
	list("env", env)
	list("wd", []string{q.Wd})
	list("cands", q.Cands)
	list("interactive", []string{strconv.FormatBool(q.Interactive)})
	list("exe", []string{q.Exe.Path, strconv.FormatInt(q.Exe.Size, 10), strconv.FormatInt(q.Exe.MTime, 10)})
	const digits = "0123456789abcdef"
	sum := h.Sum(nil)
	out := make([]byte, 0, 2*len(sum))
	for _, b := range sum {
		out = append(out, digits[b>>4], digits[b&15])
	}
	return string(out)
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

// The cache file holds one answer a line, newest first: its key, made,
// expires, the line (quoted as Go quotes a string), the number of found
// state files and each (quoted), the number of stamps and each (size,
// time, quoted path), separated by single spaces. The early answer
// parses only the line whose key it asks about.

// ReadCache is the kept answers, newest first; nothing when the state
// folder or the cache file is missing or cannot be trusted (a folder or
// file someone else could have written, a link, not a regular file). A
// line that does not parse is left out.
func ReadCache() []Answer { return ParseCache(readCacheFile()) }

// ParseCache is the answers a cache file's data holds.
func ParseCache(data []byte) []Answer {
	var all []Answer
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		if ans, ok := parseLine(string(line)); ok {
			all = append(all, ans)
		}
	}
	return all
}

// Lookup is the kept answer to key. It reads the cache file only up to
// the end of key's line (the newest answers come first).
func Lookup(key string) (Answer, bool) {
	f, ok := openCache()
	if !ok {
		return Answer{}, false
	}
	defer f.Close()
	prefix := append([]byte(key), ' ')
	buf := make([]byte, 0, 32<<10)
	start := 0 // where the line being read starts in buf
	for total := 0; total < cacheMax; {
		if len(buf) == cap(buf) {
			buf = append(buf[:cap(buf)], 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		total += n
		for {
			end := bytes.IndexByte(buf[start:], '\n')
			if end < 0 {
				break
			}
			line := buf[start : start+end]
			if bytes.HasPrefix(line, prefix) {
				// A view of buf, not a copy: buf is not written again.
				return parseLine(unsafe.String(unsafe.SliceData(line), len(line)))
			}
			start += end + 1
		}
		if err != nil {
			return Answer{}, false
		}
		if start > 0 { // keep only the line being read
			buf = buf[:copy(buf, buf[start:])]
			start = 0
		}
	}
	return Answer{}, false
}

// CacheBytes is the cache file holding answers, one a line.
func CacheBytes(answers []Answer) []byte {
	var out []byte
	for _, a := range answers {
		out = append(out, a.Key...)
		out = append(out, ' ')
		out = strconv.AppendInt(out, a.Made, 10)
		out = append(out, ' ')
		out = strconv.AppendInt(out, a.Expires, 10)
		out = append(out, ' ')
		out = strconv.AppendQuote(out, a.Line)
		out = append(out, ' ')
		out = strconv.AppendInt(out, int64(len(a.Found)), 10)
		for _, f := range a.Found {
			out = append(out, ' ')
			out = strconv.AppendQuote(out, f)
		}
		out = append(out, ' ')
		out = strconv.AppendInt(out, int64(len(a.Seen)), 10)
		for _, s := range a.Seen {
			out = append(out, ' ')
			out = strconv.AppendInt(out, s.Size, 10)
			out = append(out, ' ')
			out = strconv.AppendInt(out, s.MTime, 10)
			out = append(out, ' ')
			out = strconv.AppendQuote(out, s.Path)
		}
		out = append(out, '\n')
	}
	return out
}

// fields reads a cache line's space-separated fields (the paths and
// the line stay views of the line's one string when they hold no
// escape).
type fields struct {
	rest string
	bad  bool
}

func (f *fields) word() string {
	if f.bad {
		return ""
	}
	for k := 0; k < len(f.rest); k++ {
		if f.rest[k] == ' ' {
			w := f.rest[:k]
			f.rest = f.rest[k+1:]
			return w
		}
	}
	w := f.rest
	f.rest = ""
	return w
}

func (f *fields) int() int64 {
	n, err := strconv.ParseInt(f.word(), 10, 64)
	if err != nil {
		f.bad = true
	}
	return n
}

func (f *fields) quoted() string {
	if f.bad {
		return ""
	}
	q, err := strconv.QuotedPrefix(f.rest)
	if err != nil {
		f.bad = true
		return ""
	}
	s, err := strconv.Unquote(q)
	if err != nil {
		f.bad = true
	}
	f.rest = f.rest[len(q):]
	if len(f.rest) > 0 {
		if f.rest[0] != ' ' {
			f.bad = true
		}
		f.rest = f.rest[1:]
	}
	return s
}

func parseLine(line string) (Answer, bool) {
	f := &fields{rest: line}
	a := Answer{Key: f.word()}
	a.Made, a.Expires = f.int(), f.int()
	a.Line = f.quoted()
	n := f.int()
	for k := int64(0); k < n && !f.bad; k++ {
		a.Found = append(a.Found, f.quoted())
	}
	n = f.int()
	if n > 0 && n <= int64(len(f.rest)) {
		a.Seen = make([]Seen, 0, n)
	}
	for k := int64(0); k < n && !f.bad; k++ {
		s := Seen{Size: f.int(), MTime: f.int()}
		s.Path = f.quoted()
		a.Seen = append(a.Seen, s)
	}
	if f.bad || f.rest != "" || a.Key == "" {
		return Answer{}, false
	}
	return a, true
}

func readCacheFile() []byte {
	f, ok := openCache()
	if !ok {
		return nil
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, cacheMax))
	return data
}

// openCache opens the cache file: only in pickup's own state folder when
// every folder on the way is this user's and no one else's to write,
// never through a link, never waiting on a pipe, only a regular file of
// this user's that no one else can write, at most cacheMax bytes.
func openCache() (*os.File, bool) {
	dir, ok := statedir.Existing()
	if !ok {
		return nil, false
	}
	f, err := os.OpenFile(path.Join(dir, CacheFile), os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, false
	}
	st, err := f.Stat()
	if err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o022 == 0 && st.Size() <= cacheMax {
		if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) == os.Geteuid() {
			return f, true
		}
	}
	f.Close()
	return nil, false
}
