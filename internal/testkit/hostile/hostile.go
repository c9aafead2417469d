// Package hostile runs the hostile-input corpus (testdata/hostile, see
// its README) through a format's real Discover and Load, as pickup runs
// them: each case must end in a clear outcome (an error or a Problem
// naming the file, or for a few cases an equivalent session), in bounded
// time and memory, with nothing in the project or the Claude home
// changed. Each format's own package test calls Run with its targets, so
// no shared test names the formats.
package hostile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Place is one state file of one format, in a fresh project.
type Place struct {
	Project, Home string
	// Path is the file the hostile content replaces.
	Path string
	// Valid is the content Path held before (for the transforms).
	Valid []byte
}

// Target is one kind of state file a format reads.
type Target struct {
	Name string
	// Setup builds a project holding a valid state of this kind.
	Setup func(t *testing.T) Place
	// Value is a substring of the valid content that is a value, where
	// invalid UTF-8 is injected.
	Value string
	// EmptyIsNone: an empty file means "no session" by the format's spec.
	EmptyIsNone bool
	// SizeCap is the file's size cap when it is not fsx.MaxStateFile (a
	// streamed JSONL log has fsx.MaxStreamFile).
	SizeCap int64
	// Side: a file read beside the state file (a log, a ledger): the
	// session read as usual is a right answer too.
	Side bool
	// Shared: a folder another tool owns (Claude Code's memory): no
	// session is a right answer, and a session with a problem, which
	// DISCARD would archive, is a wrong one.
	Shared bool
}

// NewPlace makes an empty project and Claude home (real paths: crucible
// hashes the project's path).
func NewPlace(t *testing.T) Place {
	t.Helper()
	base := testkit.RealTempDir(t)
	p := Place{Project: filepath.Join(base, "shop"), Home: filepath.Join(base, "claude")}
	for _, d := range []string{p.Project, p.Home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// suite is one format's run: where the corpus is, and the loaders that
// read a place.
type suite struct {
	corpus   string
	registry func(Place) loaders.Registry
}

// outcome is what Find made of one project.
type outcome struct {
	sessions []*model.Session
	errs     []error
	alloc    uint64 // bytes allocated while finding
}

// find runs Find with a deadline: a hang fails the test instead of
// stalling the suite.
func (su suite) find(t *testing.T, p Place) outcome {
	t.Helper()
	done := make(chan outcome, 1)
	go func() {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s, e := su.registry(p).Find(p.Project, "")
		runtime.ReadMemStats(&after)
		done <- outcome{s, e, after.TotalAlloc - before.TotalAlloc}
	}()
	select {
	case o := <-done:
		return o
	case <-time.After(30 * time.Second):
		t.Fatalf("Find did not finish in 30s on %s", p.Path)
	}
	return outcome{}
}

// named reports whether text names the file: its path, or (for a file
// that cannot be opened through a link) the link's folder and name.
func named(text, path string) bool {
	return strings.Contains(text, path) || strings.Contains(text, filepath.Base(path))
}

// clear is the verdict on one outcome: "" when it is a clear outcome,
// else what is wrong. A clear outcome is an error naming the file, or a
// session whose Problem names it; with okToo, a session loaded without a
// problem counts as clear too.
func (o outcome) clear(path string, okToo, noneOK bool) string {
	for _, err := range o.errs {
		if named(err.Error(), path) {
			return ""
		}
	}
	for _, s := range o.sessions {
		if s.Problem != nil && named(s.Problem.Error()+" "+s.Problem.Message, path) {
			return ""
		}
		// A format that recovers from a damaged file (design rebuilds
		// from its artifacts) says so in a warning naming the file.
		for _, w := range s.Warnings {
			if named(w, path) {
				return ""
			}
		}
	}
	if okToo && len(o.sessions) > 0 {
		return ""
	}
	if noneOK && len(o.sessions) == 0 && len(o.errs) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "no error or problem names %s:", path)
	for _, err := range o.errs {
		fmt.Fprintf(&b, "\n  error: %v", err)
	}
	for _, s := range o.sessions {
		fmt.Fprintf(&b, "\n  session %s %s problem=%v warnings=%q", s.Source, s.Path, s.Problem, s.Warnings)
	}
	return b.String()
}

// summary is the outcome in one line, for -v output.
func (o outcome) summary() string {
	for _, err := range o.errs {
		return "error: " + err.Error()
	}
	for _, s := range o.sessions {
		if s.Problem != nil {
			return "problem: " + s.Problem.Error()
		}
	}
	for _, s := range o.sessions {
		if len(s.Warnings) > 0 {
			return fmt.Sprintf("session with warning: %s", s.Warnings[0])
		}
	}
	if len(o.sessions) > 0 {
		return fmt.Sprintf("%d session(s), no problem", len(o.sessions))
	}
	return "nothing found"
}

// hostile is one case of the corpus.
type hostile struct {
	name string
	// make turns a Target's place into the hostile one (content or
	// path); it returns false to skip the case for that Target.
	make func(t *testing.T, tg Target, p *Place) bool
	// okToo: loading the file as a normal session is a right answer too
	// (CRLF, BOM, invalid UTF-8 inside a value).
	okToo bool
	// maxAlloc bounds the memory Find may allocate (0: the default).
	maxAlloc uint64
}

func (su suite) content(name string) func(t *testing.T, tg Target, p *Place) bool {
	return func(t *testing.T, tg Target, p *Place) bool {
		testkit.Write(t, p.Path, testkit.Read(t, filepath.Join(su.corpus, name)))
		return true
	}
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	testkit.Write(t, p, string(data))
}

func (su suite) cases() []hostile {
	content := su.content
	return []hostile{
		{name: "empty", make: content("empty")},
		{name: "binary", make: content("binary.bin")},
		// okToo: AIOS reads the bomb's session_state as a session whose
		// last_updated and current_phase are unreadable (warnings), as
		// aios-core's js-yaml load does (issue 15).
		{name: "alias_bomb", make: content("alias_bomb.yaml"), maxAlloc: 256 << 20, okToo: true},
		{name: "deep_yaml", make: content("deep.yaml")},
		{name: "deep_block_yaml", make: content("deep_block.yaml")},
		{name: "deep_json", make: content("deep.json")},
		{name: "deep_object_json", make: content("deep_object.json")},
		{name: "over_size_cap", make: func(t *testing.T, tg Target, p *Place) bool {
			// A sparse file one byte over the cap: no disk is used, and a
			// reader that ignores the cap would allocate it.
			f, err := os.Create(p.Path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if _, err := f.Write(p.Valid); err != nil {
				t.Fatal(err)
			}
			limit := int64(fsx.MaxStateFile)
			if tg.SizeCap != 0 {
				limit = tg.SizeCap
			}
			if err := f.Truncate(limit + 1); err != nil {
				t.Fatal(err)
			}
			return true
		}, maxAlloc: 32 << 20},
		{name: "invalid_utf8", okToo: true, make: func(t *testing.T, tg Target, p *Place) bool {
			if !bytes.Contains(p.Valid, []byte(tg.Value)) {
				t.Fatalf("fixture lacks %q", tg.Value)
			}
			bad := strings.Replace(tg.Value, tg.Value[1:2], tg.Value[1:2]+"\xff\xfe\xc3\x28", 1)
			writeFile(t, p.Path, bytes.Replace(p.Valid, []byte(tg.Value), []byte(bad), 1))
			return true
		}},
		{name: "crlf", okToo: true, make: func(t *testing.T, _ Target, p *Place) bool {
			writeFile(t, p.Path, bytes.ReplaceAll(bytes.ReplaceAll(p.Valid, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n")))
			return true
		}},
		{name: "bom", okToo: true, make: func(t *testing.T, _ Target, p *Place) bool {
			writeFile(t, p.Path, append([]byte("\xef\xbb\xbf"), p.Valid...))
			return true
		}},
		{name: "symlink_loop", make: func(t *testing.T, _ Target, p *Place) bool {
			if err := os.Remove(p.Path); err != nil {
				t.Fatal(err)
			}
			other := p.Path + ".loop"
			testkit.Symlink(t, other, p.Path)
			if err := os.Symlink(p.Path, other); err != nil {
				t.Fatal(err)
			}
			return true
		}},
		{name: "directory", make: func(t *testing.T, _ Target, p *Place) bool {
			if err := os.Remove(p.Path); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(p.Path, "inside"), 0o755); err != nil {
				t.Fatal(err)
			}
			return true
		}},
		{name: "fifo", make: func(t *testing.T, _ Target, p *Place) bool {
			// A named pipe where the state file belongs: a plain read would
			// wait forever for a writer.
			if err := os.Remove(p.Path); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(p.Path, 0o644); err != nil {
				t.Skipf("named pipes unavailable: %v", err)
			}
			return true
		}},
		{name: "unreadable", make: func(t *testing.T, _ Target, p *Place) bool {
			if os.Geteuid() == 0 {
				t.Skip("root reads any file")
			}
			if err := os.Chmod(p.Path, 0); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = os.Chmod(p.Path, 0o644) })
			return true
		}},
	}
}

// Run runs every case of the corpus (the folder testdata/hostile) on
// every target, each project read by registry (the format's loaders).
func Run(t *testing.T, corpus string, registry func(Place) loaders.Registry, targets ...Target) {
	su := suite{corpus: corpus, registry: registry}
	for _, tg := range targets {
		for _, c := range su.cases() {
			t.Run(tg.Name+"/"+c.name, func(t *testing.T) {
				p := tg.Setup(t)
				if !c.make(t, tg, &p) {
					return
				}
				before := testkit.TreeHash(t, p.Project, p.Home)
				o := su.find(t, p)
				for _, s := range o.sessions {
					if tg.Shared && s.Problem != nil && s.Path == p.Path {
						t.Errorf("a file in another tool's folder was claimed as a corrupted session: %v", s.Problem)
					}
				}
				if why := o.clear(p.Path, c.okToo || tg.Side, (c.name == "empty" && tg.EmptyIsNone) || tg.Shared); why != "" {
					t.Error(why)
				}
				t.Logf("outcome: %s", o.summary())
				limit := c.maxAlloc
				if limit == 0 {
					limit = 512 << 20
				}
				if o.alloc > limit {
					t.Errorf("Find allocated %d MiB (limit %d MiB)", o.alloc>>20, limit>>20)
				}
				if after := testkit.TreeHash(t, p.Project, p.Home); after != before {
					t.Errorf("reading changed the project or the Claude home")
				}
			})
		}
	}
}

// Transforms: CRLF line endings and a byte order mark are not damage:
// the session reads as it does from the plain file.
func Transforms(t *testing.T, corpus string, registry func(Place) loaders.Registry, targets ...Target) {
	su := suite{corpus: corpus, registry: registry}
	for _, tg := range targets {
		for _, c := range su.cases() {
			if c.name != "crlf" && c.name != "bom" {
				continue
			}
			t.Run(tg.Name+"/"+c.name, func(t *testing.T) {
				plain := tg.Setup(t)
				want := su.find(t, plain)
				p := tg.Setup(t)
				c.make(t, tg, &p)
				got := su.find(t, p)
				if len(got.sessions) != len(want.sessions) {
					t.Fatalf("%d sessions, plain file gives %d (errors %v)", len(got.sessions), len(want.sessions), got.errs)
				}
				for i := range want.sessions {
					w, g := want.sessions[i], got.sessions[i]
					if (w.Problem == nil) != (g.Problem == nil) || w.ResumePoint.Phase != g.ResumePoint.Phase || w.CurrentPhase() != g.CurrentPhase() {
						t.Errorf("session %d: problem %v, resume %q, current %q; plain file: problem %v, resume %q, current %q",
							i, g.Problem, g.ResumePoint.Phase, g.CurrentPhase(), w.Problem, w.ResumePoint.Phase, w.CurrentPhase())
					}
				}
			})
		}
	}
}
