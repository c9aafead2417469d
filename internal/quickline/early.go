package quickline

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/textsafe"
)

// The early answer. An agent's status bar runs `pickup statusline`
// after every message, and a Go program initialises every package it
// links before main: for pickup, its formats, views and libraries, about
// three times what the statusline's own work costs. This package is
// initialised first (see the package comment), and its init gives a kept
// line again, then exits, when all of this holds:
//   - the first argument is "statusline";
//   - stdin is a pipe, a socket or a file (never a terminal) and brings
//     a complete JSON value within InputWait;
//   - the cache holds an answer to the same Question (arguments,
//     environment, current folder, the folders the JSON names, this
//     binary) that Answer.Holds at this moment.
//
// Anything else falls through to pickup's statusline command, which
// reads the bytes this read from stdin (Stdin), answers afresh and keeps
// the answer. Only the cached line is printed, through the same safe
// writer as every other output.

// taken is stdin as this package read it, when it did.
var taken *bytes.Reader

// Stdin is what the early answer read from stdin, to be read again by
// the statusline command in its place (nil: stdin was not touched).
func Stdin() io.Reader {
	if taken == nil {
		return nil
	}
	return taken
}

func init() {
	if len(os.Args) < 2 || os.Args[1] != "statusline" {
		return
	}
	if line, ok := early(); ok {
		signal.Ignore(syscall.SIGPIPE) // a closed status bar is not an error
		if line != "" {
			w := textsafe.NewWriter(os.Stdout)
			_, _ = w.Write([]byte(line + "\n"))
			_ = w.Flush()
		}
		os.Exit(0)
	}
}

// early is the kept line for this run's question, when one holds.
func early() (string, bool) {
	st, err := os.Stdin.Stat()
	if err != nil || st.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) == 0 && !st.Mode().IsRegular() {
		return "", false
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
	key, now := q.Key(), time.Now()
	ans, ok := Lookup(key)
	return ans.Line, ok && ans.Holds(now)
}

// readInput reads the agent's JSON from r as the statusline command
// does (one value, at most InputMax bytes, within InputWait) and keeps
// what it read for Stdin. ok is false when nothing came in time: the
// command is then handed an empty stdin, as its own read would have
// given up too.
func readInput(r io.Reader) (Input, bool) {
	var buf bytes.Buffer
	done := make(chan map[string]json.RawMessage, 1)
	go func() {
		var fields map[string]json.RawMessage
		if json.NewDecoder(io.TeeReader(io.LimitReader(r, InputMax), &buf)).Decode(&fields) != nil {
			fields = nil // not the agent's JSON: no fields, as the command reads it
		}
		done <- fields
	}()
	select {
	case fields := <-done:
		taken = bytes.NewReader(buf.Bytes())
		return InputFrom(fields), true
	case <-time.After(InputWait):
		taken = bytes.NewReader(nil)
		return Input{}, false
	}
}
