package crucible

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/when"

	"github.com/pickup-dev/pickup/internal/textin"
)

// File and folder names crucible uses.
const (
	MarkerName       = ".pipeline-active"
	ManifestName     = "manifest.jsonl"
	DispatchPrefix   = "crucible-dispatch-"
	StatusFileName   = "pipeline-status.md"
	CheckpointTable  = "checkpoint-manifest.md"
	dispatchActive   = ".dispatch-active-"
	discardedInfix   = ".discarded."
	safetyReason     = "pre-restore-safety"
	checkpointSource = "pickup"
)

// TmpRoot is where crucible writes live dispatch directories.
var TmpRoot = "/tmp"

// ProjectHash is crucible's name for a project: the first 16 hex digits
// of sha256 over its absolute path (not kiln's dash-joined naming).
func ProjectHash(abs string) string {
	sum := sha256.Sum256([]byte(abs))
	return hex.EncodeToString(sum[:])[:16]
}

// ScratchDir is <claudeHome>/projects/<hash>/memory.
func ScratchDir(claudeHome, project string) string {
	return filepath.Join(claudeHome, "projects", ProjectHash(project), "memory")
}

// ShadowDir is the shadow checkpoint repository:
// <claudeHome>/projects/<hash>/checkpoints/<dir-hash>, both hashes of the
// absolute project path.
func ShadowDir(claudeHome, project string) string {
	h := ProjectHash(project)
	return filepath.Join(claudeHome, "projects", h, "checkpoints", h)
}

// Marker is the .pipeline-active file: written at pipeline start,
// updated at phase boundaries, deleted on success, left by a crash.
type Marker struct {
	PipelineID  string `json:"pipeline_id"`
	Skill       string `json:"skill"`
	Phase       string `json:"phase"`
	StartTime   string `json:"start_time"`
	ScratchDir  string `json:"scratch_dir"`
	DispatchDir string `json:"dispatch_dir"`
	Branch      string `json:"branch"`
	BaselineSHA string `json:"baseline_sha"`
}

// ParseMarker reads a marker's JSON. Values may be strings or numbers
// (an agent may write "phase": 3); unknown keys are ignored.
func ParseMarker(data []byte) (*Marker, error) { return parseMarker(data, &english) }

// parseMarker is ParseMarker, its errors in t's language.
func parseMarker(data []byte, t *Text) (*Marker, error) {
	data = textin.ForReading(data) // a UTF-8 byte order mark off, UTF-16 decoded
	var raw map[string]flex
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, &markerError{line: jsonLine(data, err), msg: t.NotJSONObject.F(t.jsonWords(jsonFaultOf(err)))}
	}
	get := func(k string) string { return strings.TrimSpace(raw[k].s) }
	m := &Marker{
		PipelineID: get("pipeline_id"), Skill: get("skill"), Phase: get("phase"),
		StartTime: get("start_time"), ScratchDir: get("scratch_dir"), DispatchDir: get("dispatch_dir"),
		Branch: get("branch"), BaselineSHA: get("baseline_sha"),
	}
	if m.PipelineID == "" {
		return nil, errors.New(t.NoPipelineID)
	}
	if strings.ContainsAny(m.PipelineID, `/\`) || m.PipelineID == "." || m.PipelineID == ".." {
		return nil, errors.New(t.NotASession.F(strconv.Quote(m.PipelineID)))
	}
	return m, nil
}

// markerError is a marker that is not JSON, with the line the JSON
// reader stopped at (0 when unknown).
type markerError struct {
	line int
	msg  string
}

func (e *markerError) Error() string { return e.msg }

// markerErrorLine is the 1-based line a ParseMarker error points at, or 0.
func markerErrorLine(err error) int {
	var me *markerError
	if errors.As(err, &me) {
		return me.line
	}
	return 0
}

// jsonLine is the 1-based line of a JSON syntax or type error in data,
// or 0 when the error has no position.
func jsonLine(data []byte, err error) int {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 {
		return 0
	}
	off = min(off, int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// Start parses the marker's start_time; ok is false when absent or
// unreadable.
func (m *Marker) Start() (time.Time, bool) {
	if m == nil {
		return time.Time{}, false
	}
	return parseTime(m.StartTime)
}

// parseTime reads an ISO-8601-like timestamp; one without a zone is UTC.
func parseTime(s string) (time.Time, bool) { return when.Parse(s) }

// manifestCandidates lists where a pipeline's manifest may be, in
// priority order: the durable scratch copy, the marker's dispatch_dir,
// then /tmp/crucible-dispatch-<sid>.
func manifestCandidates(scratch string, m *Marker) []string {
	var out []string
	seen := map[string]bool{}
	add := func(dir string) {
		if dir == "" {
			return
		}
		p := filepath.Join(filepath.Clean(dir), ManifestName)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	add(filepath.Join(scratch, DispatchPrefix+m.PipelineID))
	if m.DispatchDir != "" && filepath.IsAbs(m.DispatchDir) {
		add(m.DispatchDir)
	}
	add(filepath.Join(TmpRoot, DispatchPrefix+m.PipelineID))
	return out
}

// sessionFromDir is the session id in a "crucible-dispatch-<sid>" name.
func sessionFromDir(dir string) string {
	base := filepath.Base(dir)
	if strings.HasPrefix(base, DispatchPrefix) {
		return strings.TrimPrefix(base, DispatchPrefix)
	}
	return ""
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
