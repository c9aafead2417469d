package fsx

import (
	"encoding/json"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestLockHolder: a helper process holds the lock and LockHolder names
// it without taking the lock (the holder keeps it, and this process can
// still be refused by it); once the helper is killed, its lock file is
// left behind but nobody holds it.
func TestLockHolder(t *testing.T) {
	state := lockEnv(t)
	if _, held := LockHolder(state); held {
		t.Fatal("held before anyone took it")
	}
	cmd, stdin, line := helper(t, "hold", state)
	defer stdin.Close()
	if line == "" {
		t.Fatal("helper did not hold")
	}
	owner, held := LockHolder(state)
	if !held || owner.PID != cmd.Process.Pid || owner.Since.IsZero() {
		t.Fatalf("holder %+v held %v, want pid %d", owner, held, cmd.Process.Pid)
	}
	if _, err := AcquireLock(state, time.Now()); err == nil {
		t.Fatal("looking took the lock away from its holder")
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if _, err := os.Stat(LockPath(state)); err != nil {
		t.Fatalf("the killed owner's file should be left: %v", err)
	}
	if owner, held := LockHolder(state); held {
		t.Fatalf("a dead owner's lock file counts as held: %+v", owner)
	}
}

// TestLockHolderStaleFileWithALivePid: a lock file naming a live pid
// (this very process) but locked by nobody is not held where the kernel
// lists its locks: pid reuse cannot fake a holder.
func TestLockHolderStaleFileWithALivePid(t *testing.T) {
	if _, err := os.Stat(procLocks); err != nil {
		t.Skip("no /proc/locks here")
	}
	state := lockEnv(t)
	if _, err := privateLockDir(); err != nil {
		t.Fatal(err)
	}
	info, _ := json.Marshal(LockInfo{PID: os.Getpid(), Since: time.Now().UTC()})
	if err := os.WriteFile(LockPath(state), info, 0o600); err != nil {
		t.Fatal(err)
	}
	if owner, held := LockHolder(state); held {
		t.Fatalf("stale file held by %+v", owner)
	}
	// Without the kernel's list, a live pid is all there is to go by.
	old := procLocks
	procLocks = "/nonexistent/locks"
	defer func() { procLocks = old }()
	if owner, held := LockHolder(state); !held || owner.PID != os.Getpid() {
		t.Fatalf("fallback: %+v %v", owner, held)
	}
}

// TestLockHolderInThisProcess: this process's own lock is listed too
// (the caller leaves its own pid out).
func TestLockHolderInThisProcess(t *testing.T) {
	state := lockEnv(t)
	l, err := AcquireLock(state, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	if owner, held := LockHolder(state); !held || owner.PID != os.Getpid() {
		t.Fatalf("%+v %v", owner, held)
	}
}
