// Package synth writes large, realistic inputs for pickup's benchmarks
// into a folder the caller owns (a temporary one): a crucible pipeline
// with a 200,000-line manifest, a bookforge book of 500 scenes, a kiln
// project with 500 phases and a 20,000-event phase state, an AIOS state
// with 10,000 phase results and a project with 200 /design sessions.
//
// Each writer lays its files out where pickup's loader for that format
// looks for them, in the shapes the loaders accept (see testdata/<format>
// for the small hand-written versions). Output is deterministic: the same
// call writes the same bytes, so benchmark runs compare like with like.
// Nothing here imports a loader; the benchmarks check that the loaders
// really find and accept what is written.
package synth

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Kinds are the inputs this package writes, by the name the command takes.
var Kinds = []string{"crucible", "bookforge", "kiln", "aios", "design"}

// Written names what one writer produced: the project to point pickup at,
// the Claude home to pass as --claude-home (when the format needs one),
// the main state file and a one-line description.
type Written struct {
	Kind       string
	Project    string
	ClaudeHome string
	// File is the main state file: the manifest, the phase state, the
	// session YAML, a ledger folder.
	File    string
	Summary string
}

// Write writes one kind with its default size under root/<kind>.
func Write(root, kind string) (Written, error) {
	switch kind {
	case "crucible":
		c, err := WriteCrucible(root, DefaultCrucible())
		if err != nil {
			return Written{}, err
		}
		return c.Written, nil
	case "bookforge":
		b, err := WriteBookforge(root, DefaultBookforge())
		return b.Written, err
	case "kiln":
		k, err := WriteKiln(root, DefaultKiln())
		return k.Written, err
	case "aios":
		a, err := WriteAIOS(root, DefaultAIOS())
		return a.Written, err
	case "design":
		d, err := WriteDesign(root, DefaultDesign())
		return d.Written, err
	}
	return Written{}, fmt.Errorf("unknown kind %q (want one of %s, or all)", kind, strings.Join(Kinds, ", "))
}

// base is the fixed clock the inputs are dated from.
var base = time.Date(2026, 3, 24, 12, 0, 0, 0, time.UTC)

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// abs makes dir absolute and creates it.
func mkdirAbs(dir string) (string, error) {
	a, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return a, os.MkdirAll(a, 0o755)
}

func writeFile(path, body string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(body), 0o644)
}

// fileWriter is a buffered file that remembers its first error.
type fileWriter struct {
	f   *os.File
	w   *bufio.Writer
	err error
}

func create(path string) (*fileWriter, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &fileWriter{f: f, w: bufio.NewWriterSize(f, 256<<10)}, nil
}

func (fw *fileWriter) Write(p []byte) (int, error) {
	if fw.err != nil {
		return 0, fw.err
	}
	n, err := fw.w.Write(p)
	fw.err = err
	return n, err
}

func (fw *fileWriter) printf(format string, a ...any) {
	if fw.err == nil {
		_, fw.err = fmt.Fprintf(fw.w, format, a...)
	}
}

func (fw *fileWriter) close() error {
	if fw.err == nil {
		fw.err = fw.w.Flush()
	}
	if err := fw.f.Close(); fw.err == nil {
		fw.err = err
	}
	return fw.err
}

// words is a small vocabulary for summaries and prose, so lines vary in
// length and content the way real ones do.
var words = strings.Fields(`token refresh cart checkout webhook catalog order
invoice ledger schema migration index cache retry backoff queue worker
session cookie header payload export import search filter pagination
rate limit audit log metric trace span config secret rotation replica
shard partition snapshot restore archive review finding fix test suite
fixture contract endpoint handler middleware router template render`)

// phrase is n words chosen by seed.
func phrase(seed, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[(seed*7+i*13+seed/3)%len(words)])
	}
	return b.String()
}
