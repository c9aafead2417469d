package quickline

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"
)

// The early answer. An agent's status bar runs `pickup statusline`
// after every message, and a Go program initialises every package it
// links before main: for pickup, its formats, views and libraries, about
// three times what the statusline's own work costs. This package is
// initialised among the first (see the package comment), and its init
// gives a kept line again, then exits, when all of this holds:
//   - the first argument is "statusline";
//   - stdin is a pipe, a socket or a file (never a terminal) and brings
//     a complete JSON object within InputWait that ScanInput reads;
//   - the cache holds an answer to the same Question (arguments,
//     environment, current folder, the folders the JSON names, this
//     binary) that Answer.Holds at this moment;
//   - the kept line is plain text (inert): cmd/pickup keeps only lines
//     internal/textsafe shows as they are, and this checks again.
//
// Anything else falls through to pickup's statusline command, which
// reads what this read from stdin, then the rest of stdin (Stdin),
// answers afresh and keeps the answer.

// taken is stdin as the early answer leaves it, when it read some.
var taken io.Reader

// Stdin is what the statusline command reads in place of stdin: the
// bytes the early answer read, then the rest (nil: stdin was not
// touched).
func Stdin() io.Reader { return taken }

func init() {
	if len(os.Args) < 2 || os.Args[1] != "statusline" {
		return
	}
	if line, ok := early(); ok {
		signal.Ignore(syscall.SIGPIPE) // a closed status bar is not an error
		_, _ = os.Stdout.WriteString(line + "\n")
		os.Exit(0)
	}
}

// early is the kept line for this run's question, when one holds.
func early() (string, bool) {
	st, err := os.Stdin.Stat()
	if err != nil || st.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) == 0 && !st.Mode().IsRegular() || !canWait || os.Stdin.Fd() >= syscall.FD_SETSIZE {
		return "", false // stdin untouched: the command reads it
	}
	in, ok := readInput(os.Stdin)
	if !ok {
		return "", false
	}
	if in.Project != "" {
		in.Cwd = in.Project
	}
	cands, _ := Projects(in, ClaudeProjectEnv)
	wd, _ := os.Getwd()
	q := Question{Args: os.Args[1:], Env: os.Environ(), Wd: wd, Cands: cands, Exe: ThisExe()}
	ans, ok := Lookup(q.Key())
	if !ok || ans.Line == "" || !inert(ans.Line) || !ans.Holds(time.Now()) {
		return "", false
	}
	return ans.Line, true
}

// readInput reads the agent's JSON from stdin as the statusline
// command does (one value, at most InputMax bytes, within InputWait),
// and sets what the command reads in its place. ok is false when
// ScanInput cannot say (the command then reads the same bytes and the
// rest), and when nothing complete came in time (the command is then
// handed an empty stdin, as its own read would have given up too). It
// waits with select(2) rather than in a goroutine, which would start
// another thread (0.7 ms of a 15 ms answer, docs/performance.md).
func readInput(f *os.File) (Input, bool) {
	fd := int(f.Fd())
	deadline := time.Now().Add(InputWait)
	buf := make([]byte, 0, 4<<10)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			taken = bytes.NewReader(nil)
			return Input{}, false
		}
		ready, err := waitReadable(fd, left)
		if err == syscall.EINTR || err == nil && !ready {
			continue
		} else if err != nil {
			break
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		room := buf[len(buf):min(cap(buf), InputMax)]
		n, err := syscall.Read(fd, room)
		if err == syscall.EINTR {
			continue
		}
		if n > 0 {
			buf = buf[:len(buf)+n]
		}
		in, complete, ok := ScanInput(buf)
		switch {
		case ok && complete:
			handOver(buf, f)
			return in, true
		case !ok || err != nil || n <= 0 || len(buf) >= InputMax:
			handOver(buf, f)
			return Input{}, false
		}
	}
	handOver(buf, f)
	return Input{}, false
}

// handOver sets what the command reads in place of stdin: the bytes
// read, then the rest of f, at most InputMax in all.
func handOver(read []byte, f *os.File) {
	taken = io.MultiReader(bytes.NewReader(read), io.LimitReader(f, int64(InputMax-len(read))))
}

// inert reports whether line is plain text to print as it is: valid
// UTF-8 without control characters, C1 controls, format characters
// (bidi, zero-width) or line separators. internal/textsafe shows such a
// line unchanged (TestInertLinesAreWhatTextsafeShowsAsTheyAre).
func inert(line string) bool {
	if !utf8.ValidString(line) {
		return false
	}
	for _, r := range line {
		switch {
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0x2028 || r == 0x2029:
			return false
		case r >= utf8.RuneSelf && unicode.Is(unicode.Cf, r):
			return false
		}
	}
	return true
}
