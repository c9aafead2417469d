package fsx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/renameio/v2"
)

// The operation log. Every write pickup makes belongs to an operation
// (one choice carried out, one undo, one hook install), and each write
// is recorded in it, durably, before it happens: which file, its content
// hash before and after, where a rename takes it. The old bytes of a
// rewritten or removed file are kept beside the log, named by their
// sha256 (a blob), so `pickup undo` can put them back byte for byte.
//
// The log lives in the project, in OwnDir (.pickup):
//
//	.pickup/.gitignore        "*": git never lists the folder
//	.pickup/ops/<id>.json     one operation each, rewritten atomically as it grows
//	.pickup/blobs/<sha256>    bytes a write replaced or removed
//
// An operation is opened (Begin) by cmd around a loader's Apply, an undo
// or a settings write; every write function of this package refuses
// outside one (ErrNoOperation), so a write that would escape the log
// cannot happen. Nothing touches the disk until the first write: an
// operation that writes nothing leaves no record.
//
// Each record carries an HMAC keyed by a secret kept outside every
// project (KeyPath): pickup undoes only what a pickup of this account
// recorded, never a record planted in a project someone else prepared.

// LogVersion is an operation record's "format_version".
const LogVersion = 1

// Step kinds.
const (
	// StepReplace: Path rewritten; Before and After are the content's
	// sha256, Before's bytes are kept as a blob; MTime is the file's
	// modification time before.
	StepReplace = "replace"
	// StepCreate: Path made, holding After (Mode).
	StepCreate = "create"
	// StepRemove: Path taken away (an undo of a create does this);
	// Before's bytes are kept as a blob, with Mode and MTime.
	StepRemove = "remove"
	// StepRename: Path moved to To. Before is the file's sha256, or for
	// a folder (Dir) a digest of its tree (TreeDigest).
	StepRename = "rename"
	// StepMkdir and StepRmdir: an empty folder made or taken away.
	StepMkdir = "mkdir"
	StepRmdir = "rmdir"
)

// Step is one write.
type Step struct {
	Kind   string `json:"kind"`
	Path   string `json:"path"`
	To     string `json:"to,omitempty"`
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`
	Dir    bool   `json:"dir,omitempty"`
	Mode   string `json:"mode,omitempty"`
	MTime  string `json:"mtime,omitempty"`
	// Temp is the temporary file the write goes through (a replace or a
	// create), named before it is made: a write cut short can leave it,
	// and status names it and undo takes it away.
	Temp string `json:"temp,omitempty"`
	// Failed is the error of a write that was recorded and then did not
	// happen (or not wholly).
	Failed string `json:"failed,omitempty"`
}

// SessionRef names the session an operation wrote.
type SessionRef struct {
	ID     string `json:"id"`
	Source string `json:"source"`
	Path   string `json:"path"`
}

// Operation states.
const (
	OpOpen   = "open"   // being written, or its writer died
	OpDone   = "done"   // finished
	OpFailed = "failed" // ended with an error; some steps may have happened
)

// Record is one operation as the log keeps it.
type Record struct {
	FormatVersion int       `json:"format_version"`
	ID            int       `json:"id"`
	Time          time.Time `json:"time"`
	PID           int       `json:"pid"`
	// Root is the folder whose log holds the record (the project), signed
	// with the rest: a record read from another folder's log (a copied
	// project, a record carried into another project) is never undone.
	Root string `json:"root,omitempty"`
	// Outside are the folders outside Root the operation wrote in (the
	// Claude home of kiln and crucible sessions, a user-scope settings
	// file's folder), signed too: an undo writes nowhere else.
	Outside []string    `json:"outside,omitempty"`
	Command string      `json:"command"`
	Choice  string      `json:"choice,omitempty"`
	Session *SessionRef `json:"session,omitempty"`
	// Lock is the file whose single-writer lock the operation held (the
	// session's state file, or a settings file); an undo takes it too.
	Lock string `json:"lock,omitempty"`
	// Undoes is the operation this one reverses; Resumes an interrupted
	// undo of it that this one finishes.
	Undoes  int    `json:"undoes,omitempty"`
	Resumes int    `json:"resumes,omitempty"`
	State   string `json:"state"`
	Error   string `json:"error,omitempty"`
	Steps   []Step `json:"steps"`
}

// ErrNoOperation is matched by errors.Is when a write is refused because
// no operation is open: every write must be recorded first.
var ErrNoOperation = errors.New("no operation is open to record the write in")

// Op is an open operation.
type Op struct {
	mu      sync.Mutex
	project string
	rec     Record
	file    string // its record, once written
	key     []byte
	ended   bool
}

// current is the open operation: one per process at a time (cmd opens
// one around each write it carries out).
var current struct {
	sync.Mutex
	op *Op
}

// Begin opens an operation whose log is in project's OwnDir. r says what
// it is (Command, Choice, Session, Lock, Undoes, Time); the rest is
// filled in. Nothing is written until the first write. Only one
// operation can be open at a time.
func Begin(project string, r Record) (*Op, error) {
	current.Lock()
	defer current.Unlock()
	if current.op != nil {
		return nil, fmt.Errorf("internal: an operation (%s) is already open", current.op.rec.Command)
	}
	if project == "" {
		return nil, errors.New("internal: an operation needs the project folder its log is in")
	}
	abs, err := filepath.Abs(project)
	if err != nil {
		return nil, err
	}
	r.FormatVersion, r.PID, r.State, r.Root = LogVersion, os.Getpid(), OpOpen, abs
	var outside []string
	for _, d := range r.Outside {
		if d == "" {
			continue
		}
		if d = absPath(d); !within(abs, d) {
			outside = append(outside, d)
		}
	}
	r.Outside = outside
	if r.Time.IsZero() {
		r.Time = time.Now()
	}
	r.Time = r.Time.UTC()
	r.Steps = []Step{}
	o := &Op{project: abs, rec: r}
	current.op = o
	return o, nil
}

// End closes the operation: its record says done, or failed with err.
// An operation that wrote nothing leaves no record. The error is the
// record's own write failing.
func (o *Op) End(err error) error {
	if o == nil {
		return nil
	}
	current.Lock()
	if current.op == o {
		current.op = nil
	}
	current.Unlock()
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ended {
		return nil
	}
	o.ended = true
	if o.file == "" {
		return nil
	}
	o.rec.State = OpDone
	if err != nil {
		o.rec.State, o.rec.Error = OpFailed, err.Error()
	}
	if err := o.flush(); err != nil {
		return err
	}
	compactLog(o.project)
	return nil
}

// Recorded reports whether the operation wrote anything (and so has a
// record in the log).
func (o *Op) Recorded() bool {
	if o == nil {
		return false
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.file != ""
}

// ID is the operation's number in its log (0 before its first write).
func (o *Op) ID() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.rec.ID
}

// Project is the folder whose log the operation is in.
func (o *Op) Project() string { return o.project }

// Steps are the writes recorded so far.
func (o *Op) Steps() []Step {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Step(nil), o.rec.Steps...)
}

// Write records the operation now, even before (or without) any write:
// an undo of an operation cut short leaves a record that settles it even
// when every file was already back.
func (o *Op) Write(what string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.ready(what); err != nil {
		return err
	}
	return o.flush()
}

// Adopt adds the steps of from, an undo that was cut short, to this one
// (an undo finishing it takes over what it did, so that undoing this one
// redoes all of it), before this one's own, and records them at once:
// the record that settles from exists even when nothing is left to write.
func (o *Op) Adopt(from Entry) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.ready(from.File); err != nil {
		return err
	}
	o.rec.Steps = append(o.rec.Steps, from.Steps...)
	for _, s := range from.Steps {
		o.note(s.Path)
		o.note(s.To)
	}
	return o.flush()
}

// record adds step to the open operation, durably, before the write it
// describes; kept, when not nil, are bytes the write replaces or removes,
// kept as a blob first. It returns the operation and the step's index,
// for settle.
func record(step Step, kept []byte) (*Op, int, error) {
	current.Lock()
	o := current.op
	current.Unlock()
	if o == nil && unlogged.Load() {
		return nil, 0, nil
	}
	if o == nil {
		return nil, 0, fmt.Errorf("%s: %w; nothing was written (internal: a write outside pickup's operation log)", step.Path, ErrNoOperation)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ended {
		return nil, 0, fmt.Errorf("%s: %w; nothing was written (internal: the operation has ended)", step.Path, ErrNoOperation)
	}
	if err := o.ready(step.Path); err != nil {
		return nil, 0, err
	}
	if kept != nil {
		if err := o.keep(kept); err != nil {
			return nil, 0, wrapError(err, &english.KeepingBytes, step.Path, err)
		}
	}
	was := len(o.rec.Outside)
	o.note(step.Path)
	o.note(step.To)
	o.rec.Steps = append(o.rec.Steps, step)
	if err := o.flush(); err != nil {
		o.rec.Steps = o.rec.Steps[:len(o.rec.Steps)-1]
		o.rec.Outside = o.rec.Outside[:was]
		return nil, 0, wrapError(err, &english.RecordingWrite, step.Path, err)
	}
	return o, len(o.rec.Steps) - 1, nil
}

// note adds path's folder to the operation's Outside when path lies
// outside the project and outside every folder named there.
func (o *Op) note(path string) {
	if path == "" || within(o.project, path) {
		return
	}
	for _, d := range o.rec.Outside {
		if within(d, path) {
			return
		}
	}
	o.rec.Outside = append(o.rec.Outside, filepath.Dir(path))
}

// within reports whether path is root or inside it, by name.
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// settle marks step i failed when the write it records returned err, and
// returns err.
func (o *Op) settle(i int, err error) error {
	if o == nil || err == nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if i < len(o.rec.Steps) {
		o.rec.Steps[i].Failed = err.Error()
		_ = o.flush() // the undo checks the disk anyway
	}
	return err
}

// RecordStep logs a write that this package does not make itself (git
// writing the files of a checkpoint it restores) before it happens, in the open operation. Call the
// returned settle with the write's outcome. It refuses outside an
// operation, like every write.
func RecordStep(step Step) (settle func(error) error, err error) {
	o, i, err := record(step, nil)
	if err != nil {
		return nil, err
	}
	return func(err error) error { return o.settle(i, err) }, nil
}

// FillAfter sets, in the open operation, the After hash of each step
// recorded with none (a write made outside this package, whose result
// is known only once it is on disk) to after(path), and writes the
// record once. A step after says "" for stays without one: an undo then
// takes whatever is there as what the write left.
func FillAfter(after func(path string) string) error {
	current.Lock()
	o := current.op
	current.Unlock()
	if o == nil {
		if unlogged.Load() {
			return nil
		}
		return ErrNoOperation
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	for i, s := range o.rec.Steps {
		if s.After == "" && (s.Kind == StepReplace || s.Kind == StepCreate) {
			o.rec.Steps[i].After = after(s.Path)
		}
	}
	if o.file == "" {
		return nil
	}
	return o.flush()
}

// Keep adds data to the open operation's blobs (bytes a write made
// outside this package is about to overwrite) and returns its sha256.
func Keep(data []byte) (string, error) {
	current.Lock()
	o := current.op
	current.Unlock()
	if o == nil && unlogged.Load() {
		return Fingerprint(data), nil
	}
	if o == nil {
		return "", ErrNoOperation
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.ready(o.project); err != nil {
		return "", err
	}
	return Fingerprint(data), o.keep(data)
}

// LogDir is the folder holding project's operation log.
func LogDir(project string) string { return filepath.Join(project, OwnDir) }

func opsDir(project string) string     { return filepath.Join(project, OwnDir, "ops") }
func archiveDir(project string) string { return filepath.Join(project, OwnDir, "ops", "archive") }
func blobsDir(project string) string   { return filepath.Join(project, OwnDir, "blobs") }

// ready makes the log's folders (never through a link, each checked),
// the .gitignore and the key, once.
func (o *Op) ready(what string) error {
	if o.key != nil {
		return nil
	}
	if err := MakeLogDir(o.project); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	key, err := loadKey(true)
	if err != nil {
		return wrapError(err, &english.LogKey, what, err)
	}
	o.key = key
	return nil
}

// MakeLogDir readies project's OwnDir: the folder, its .gitignore of
// "*", ops/ and blobs/. A .pickup that is a symbolic link, or a file, is
// refused: pickup keeps its log only in a real folder of the project.
func MakeLogDir(project string) error {
	own := LogDir(project)
	what := phrase(&english.OperationLogAt, own)
	if st, err := os.Lstat(own); err == nil {
		switch {
		case st.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(own)
			return wrapError(ErrLink, &english.LogDirLinked, own, target, ErrLink)
		case !st.IsDir():
			return newError(&english.LogDirNotAFolder, own)
		}
	}
	for _, d := range []string{opsDir(project), blobsDir(project)} {
		if err := intoDir(d, project, true, what, &english.Written, nil); err != nil {
			return err
		}
	}
	for _, d := range []string{own, opsDir(project), blobsDir(project)} {
		st, err := os.Lstat(d)
		if err != nil {
			return wrapError(err, &english.About, what, err)
		}
		if why := unsafe(st); why != nil {
			return newError(&english.LogDirUnsafe, d, why)
		}
	}
	ignore := filepath.Join(own, ".gitignore")
	st, err := os.Lstat(ignore)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := createFile(ignore, []byte("*\n"), 0o644); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s: %w", ignore, err)
		}
	case err != nil:
		return err
	case !st.Mode().IsRegular():
		return newError(&english.GitignoreNotAFile, ignore)
	}
	return nil
}

// keep stores data as a blob named by its sha256. A blob already there
// is kept when it holds those bytes, and replaced when it does not.
func (o *Op) keep(data []byte) error {
	p := filepath.Join(blobsDir(o.project), Fingerprint(data))
	if old, err := ReadFile(p); err == nil && Fingerprint(old) == Fingerprint(data) {
		return nil
	}
	if _, err := os.Lstat(p); err == nil {
		if err := notALink(p); err != nil {
			return err
		}
		return renameio.WriteFile(p, data, 0o600)
	}
	err := createFile(p, data, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil // another pickup kept the same bytes meanwhile
	}
	return err
}

// flush writes the record: the first time under a new number (the
// highest in the log plus one, made exclusively), then atomically over
// itself.
func (o *Op) flush() error {
	if o.file != "" {
		data, err := o.encode()
		if err != nil {
			return err
		}
		if err := renameio.WriteFile(o.file, data, 0o600); err != nil {
			return err
		}
		syncDir(filepath.Dir(o.file))
		return nil
	}
	dir := opsDir(o.project)
	for range 100 {
		o.rec.ID = highestID(dir) + 1
		data, err := o.encode()
		if err != nil {
			return err
		}
		p := filepath.Join(dir, opFileName(o.rec.ID))
		err = createFile(p, data, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue // another pickup took the number
		}
		if err != nil {
			return err
		}
		o.file = p
		return nil
	}
	return newError(&english.NoFreeNumber, dir)
}

func (o *Op) encode() ([]byte, error) {
	body, err := json.MarshalIndent(o.rec, "", "  ")
	if err != nil {
		return nil, err
	}
	return seal(o.key, body), nil
}

func opFileName(id int) string { return fmt.Sprintf("%06d.json", id) }

// opID reads an operation file's number from its name.
func opID(name string) (int, bool) {
	num, ok := strings.CutSuffix(name, ".json")
	if !ok || num == "" || strings.Trim(num, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(num)
	return n, err == nil && n > 0
}

// highestID is the highest operation number in dir, or 0.
func highestID(dir string) int {
	names, _ := listDir(dir)
	hi := 0
	for _, n := range names {
		if id, ok := opID(n); ok && id > hi {
			hi = id
		}
	}
	return hi
}

// listDir lists a folder's names through OpenDir (never waiting on
// something that is not a folder).
func listDir(dir string) ([]string, error) {
	d, err := OpenDir(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Readdirnames(-1)
}
