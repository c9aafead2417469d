package fsx

import "os"

// Operations cut short. A record is written before each write and closed
// (done or failed) after the last: a pickup killed in between (SIGKILL,
// a power cut) leaves its record open, and the files it was writing may
// be half written. Every command that shows a session names such an
// operation (cmd/pickup/interrupted.go), until an undo puts it back or
// finishes it, or a later operation writes the same session again.

// Writing reports whether e is open and its writer is still at work: its
// process is alive and, when the record names the lock it held, holds
// that lock still (so a pid taken by another process since does not
// count). In this process, only the operation open now is.
func (e Entry) Writing() bool {
	if e.State != OpOpen {
		return false
	}
	if e.PID == os.Getpid() {
		current.Lock()
		defer current.Unlock()
		return current.op != nil && current.op.rec.ID == e.ID && current.op.file == e.File
	}
	if e.PID <= 0 || !alive(e.PID) {
		return false
	}
	if e.Lock == "" {
		return true
	}
	owner, held := LockHolder(e.Lock)
	return held && owner.PID == e.PID
}

// CutShort reports whether e was cut short: open with its writer gone,
// or an undo that failed part way (an undo's writes are all checked
// first, so a failure is the disk's). The next undo of an undo cut short
// finishes it rather than reversing it.
func (e Entry) CutShort() bool {
	if e.Problem != "" {
		return false
	}
	if e.State == OpOpen {
		return !e.Writing()
	}
	return e.State == OpFailed && e.Undoes != 0 && len(e.Steps) > 0
}

// Interrupted are the operations of log (newest first, as ReadLog gives
// it) cut short that nothing has settled since, newest first. An
// operation is settled by a later one that undoes it (done or cut short:
// one cut short is named itself), by an undo that finishes it (Resumes),
// or by a later operation, not an undo, that ended done on the same
// session (the person chose again on top of it).
func Interrupted(log []Entry) []Entry {
	settled := map[int]bool{}
	var written []Entry
	var out []Entry
	for _, e := range log {
		if e.Problem != "" {
			continue
		}
		if e.CutShort() && !settled[e.ID] && !supersededBy(written, e) {
			out = append(out, e)
		}
		if e.Undoes != 0 {
			settled[e.Undoes] = true
		}
		if e.Resumes != 0 {
			settled[e.Resumes] = true
		}
		if e.Undoes == 0 && e.State == OpDone {
			written = append(written, e)
		}
	}
	return out
}

// supersededBy reports whether one of later wrote e's session.
func supersededBy(later []Entry, e Entry) bool {
	for _, l := range later {
		if sameSession(l.Record, e.Record) {
			return true
		}
	}
	return false
}

// sameSession reports whether a and b wrote the same session (or the
// same settings file): the same lock, or the same session file.
func sameSession(a, b Record) bool {
	if a.Lock != "" && a.Lock == b.Lock {
		return true
	}
	return a.Session != nil && b.Session != nil && a.Session.Path != "" && a.Session.Path == b.Session.Path
}

// Names reports whether e wrote the session whose state file is path
// (its lock or its session's file).
func (e Entry) Names(path string) bool {
	return path != "" && (e.Lock == path || e.Session != nil && e.Session.Path == path)
}
