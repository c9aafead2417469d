// Package artifacts looks at the files a session refers to, safely. A
// loader lists a session's artifacts (model.Artifact); this package fills
// in what the disk says about each one (whether it exists, its size, its
// modification time, its integrity when the source recorded a hash) and
// guards every access: a path that resolves outside the session's roots
// (through .., an absolute path elsewhere, or a symlink out) or that is a
// symlink loop is refused, never opened nor read. Reads are bounded: a
// preview gets at most the head of a file.
package artifacts

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// MaxHash is the largest file whose integrity is checked; a bigger one is
// marked model.IntegrityUnchecked rather than read whole.
const MaxHash = 64 << 20

// ErrRefused is returned for an artifact pickup will not open or read.
var ErrRefused = errors.New("refused")

// RefusedError says why an artifact is refused.
type RefusedError struct {
	Path   string
	Reason string // model.ArtifactOutside or model.ArtifactLoop
}

func (e *RefusedError) Error() string {
	switch e.Reason {
	case model.ArtifactLoop:
		return e.Path + ": a symlink loop; pickup does not open it"
	default:
		return e.Path + ": outside the project; pickup does not open it"
	}
}

// Unwrap makes errors.Is(err, ErrRefused) work.
func (e *RefusedError) Unwrap() error { return ErrRefused }

// Roots are the folders a session's artifacts may be opened from: the
// project, and the folder holding the session's own state file (kiln's
// memory and crucible's scratch files live under the Claude home, outside
// the project, at places the loader found by probing, not at paths read
// from a file), and the folders the loader vouches for
// (Session.ArtifactRoots: crucible's live dispatch directory).
func Roots(s *model.Session) []string {
	var roots []string
	if s.Project != "" {
		roots = append(roots, s.Project)
	}
	if s.Path != "" {
		dir := s.Path
		if st, err := os.Stat(s.Path); err != nil || !st.IsDir() {
			dir = filepath.Dir(s.Path)
		}
		roots = append(roots, dir)
	}
	return append(roots, s.ArtifactRoots...)
}

// Abs is an artifact's path made absolute: a relative path is relative to
// the project. The result is cleaned, so ".." is applied lexically.
func Abs(project, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(project, p)
	}
	return filepath.Clean(p)
}

// Resolved is where an artifact's path leads.
type Resolved struct {
	// Real is the path with every symlink followed; for a missing file,
	// its nearest existing parent is followed and the rest appended.
	Real string
	// Info describes the file (nil when it does not exist).
	Info fs.FileInfo
	// Refused is "" or why the path is refused (model.ArtifactOutside,
	// model.ArtifactLoop).
	Refused string
}

// Resolve follows abs (an absolute path) and checks that it stays inside
// one of roots. It reports a symlink loop as refused, and a missing file
// with a nil Info. Other errors (permission) are returned.
func Resolve(roots []string, abs string) (Resolved, error) {
	var r Resolved
	info, err := os.Stat(abs)
	switch {
	case err == nil:
		r.Info = info
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return r, err
		}
		r.Real = real
	case errors.Is(err, syscall.ELOOP):
		r.Real, r.Refused = abs, model.ArtifactLoop
		return r, nil
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		r.Real = resolveMissing(abs)
	default:
		return r, err
	}
	if !inside(roots, r.Real) {
		r.Refused = model.ArtifactOutside
	}
	return r, nil
}

// resolveMissing follows the nearest existing parent of a missing path
// and appends the rest, so a missing file under a symlinked folder that
// points out is still seen as outside.
func resolveMissing(abs string) string {
	var tail []string
	dir := abs
	for {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(append([]string{real}, tail...)...)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		tail = append([]string{filepath.Base(dir)}, tail...)
		dir = parent
	}
}

// inside reports whether real lies in one of roots (each resolved through
// its own symlinks, so a project under a symlinked /tmp still matches).
func inside(roots []string, real string) bool {
	for _, root := range roots {
		if root == "" {
			continue
		}
		rr, err := filepath.EvalSymlinks(root)
		if err != nil {
			rr = filepath.Clean(root)
		}
		rel, err := filepath.Rel(rr, real)
		if err != nil {
			continue
		}
		if rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// StateKind is the kind of the session's own state file, which List
// puts first.
const StateKind = "state"

// List is every file a session refers to: its own state file (Path, kind
// StateKind) first unless the loader lists it, then the loader's
// artifacts in their order.
func List(s *model.Session) []model.Artifact {
	arts := s.ArtifactList()
	out := make([]model.Artifact, 0, len(arts)+1)
	if s.Path != "" {
		own := Abs(s.Project, s.Path)
		listed := false
		for _, a := range arts {
			if Abs(s.Project, a.Path) == own {
				listed = true
				break
			}
		}
		if !listed {
			out = append(out, model.Artifact{Path: s.Path, Kind: StateKind, Exists: true})
		}
	}
	return append(out, arts...)
}

// Inspect returns List(s) with Exists, Size, ModTime, Dir, Integrity and
// Refused set from the disk; a refused artifact has Refused alone (Exists
// false, no size, time nor integrity: no existence oracle). Paths stay as the loader gave them, except a
// relative path found beside the session's state (see Locate), which
// becomes that absolute path. A refused artifact is not looked at beyond
// where it leads.
func Inspect(s *model.Session) []model.Artifact {
	roots := Roots(s)
	list := List(s)
	for i, a := range list {
		list[i] = inspect(roots, s, a)
	}
	return list
}

// Locate is where an artifact's path points. An absolute path is itself.
// A relative one is relative to the project; when nothing is there, the
// folder of the session's state and each folder above it (up to the
// project) are tried, as tools often write paths relative to their own
// folder (bookforge's are relative to the book). The first that exists
// wins; with none, the project-relative path is returned.
func Locate(s *model.Session, p string) string {
	if filepath.IsAbs(p) || s.Path == "" {
		return Abs(s.Project, p)
	}
	first := Abs(s.Project, p)
	if _, err := os.Lstat(first); err == nil {
		return first
	}
	// From the state itself (a folder, for bookforge) upwards.
	dir := Abs(s.Project, s.Path)
	project := filepath.Clean(s.Project)
	for {
		rel, err := filepath.Rel(project, dir)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return first
		}
		if c := filepath.Join(dir, p); c != first {
			if _, err := os.Lstat(c); err == nil {
				return c
			}
		}
		dir = filepath.Dir(dir)
	}
}

func inspect(roots []string, s *model.Session, a model.Artifact) model.Artifact {
	a.Exists, a.Size, a.Dir, a.Refused, a.Integrity = false, 0, false, "", ""
	at := Locate(s, a.Path)
	if at != Abs(s.Project, a.Path) {
		a.Path = at // found beside the session's state, not in the project
	}
	r, err := Resolve(roots, at)
	if err != nil {
		// Cannot be looked at (permission): listed as not there.
		return a
	}
	if r.Refused != "" {
		// Nothing more about a refused path: not even whether it exists,
		// so a state file cannot use pickup to probe the disk outside
		// the project.
		a.Refused = r.Refused
		return a
	}
	if r.Info == nil {
		if a.Hash != "" {
			a.Integrity = model.IntegrityUnchecked
		}
		return a
	}
	a.Exists = true
	a.Dir = r.Info.IsDir()
	a.ModTime = r.Info.ModTime()
	if r.Info.Mode().IsRegular() {
		a.Size = r.Info.Size()
	}
	if a.Hash != "" {
		a.Integrity = integrity(r, a.Hash)
	}
	return a
}

// integrity compares a regular file's sha256 with the recorded one.
func integrity(r Resolved, want string) string {
	if !r.Info.Mode().IsRegular() || r.Info.Size() > MaxHash {
		return model.IntegrityUnchecked
	}
	f, err := fsx.Open(r.Real, MaxHash+1)
	if err != nil {
		return model.IntegrityUnchecked
	}
	defer f.Close()
	h := sha256.New()
	if n, err := io.Copy(h, f); err != nil || n > MaxHash {
		return model.IntegrityUnchecked
	}
	want = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(want), "sha256:"))
	if hex.EncodeToString(h.Sum(nil)) == want {
		return model.IntegrityOK
	}
	return model.IntegrityChanged
}

// Head is the start of a file.
type Head struct {
	Data []byte
	// Size is the whole file's size; Truncated says Data is only its head.
	Size      int64
	Truncated bool
}

// ErrNotFile is returned when an artifact is missing or is not a regular
// file (a folder, a device, a pipe): there is nothing to read or open.
var ErrNotFile = errors.New("not a regular file")

// Path returns the real path of an artifact to hand to an editor or a
// pager: an existing regular file inside the session's roots. Anything
// else is an error (*RefusedError, or wrapping ErrNotFile).
func Path(s *model.Session, a model.Artifact) (string, error) {
	r, err := Resolve(Roots(s), Locate(s, a.Path))
	if err != nil {
		return "", err
	}
	if r.Refused != "" {
		return "", &RefusedError{Path: a.Path, Reason: r.Refused}
	}
	if r.Info == nil {
		return "", fmt.Errorf("%s: does not exist: %w", a.Path, ErrNotFile)
	}
	if !r.Info.Mode().IsRegular() {
		return "", fmt.Errorf("%s: %w", a.Path, ErrNotFile)
	}
	return r.Real, nil
}

// ReadHead reads at most limit bytes from the start of an artifact, after
// the same checks as Path. It never reads the rest of the file.
func ReadHead(s *model.Session, a model.Artifact, limit int) (Head, error) {
	real, err := Path(s, a)
	if err != nil {
		return Head{}, err
	}
	data, size, err := fsx.ReadHead(real, max(limit, 0))
	if errors.Is(err, fsx.ErrNotRegular) {
		// Swapped for something else since Path looked.
		return Head{}, fmt.Errorf("%s: %w", a.Path, ErrNotFile)
	}
	if err != nil {
		return Head{}, err
	}
	return Head{Data: data, Size: size, Truncated: int64(len(data)) < size}, nil
}
