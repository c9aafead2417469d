package loaders_test

import "testing"

// directWrites are the calls that change the file system without
// loaders/fsx, whose every write is recorded in the operation log first
// (docs/undo.md), by import path and name; and the one call that lets
// fsx write outside an operation, for tests alone.
var directWrites = map[string]map[string]bool{
	"os": {"WriteFile": true, "Create": true, "CreateTemp": true, "Rename": true, "Remove": true, "RemoveAll": true,
		"Mkdir": true, "MkdirAll": true, "MkdirTemp": true, "Chmod": true, "Chown": true, "Lchown": true,
		"Chtimes": true, "Symlink": true, "Link": true, "Truncate": true},
	"io/ioutil":                     {"WriteFile": true, "TempFile": true, "TempDir": true},
	"syscall":                       {"Rename": true, "Renameat": true, "Unlink": true, "Unlinkat": true, "Rmdir": true, "Mkdir": true, "Link": true, "Symlink": true, "Truncate": true},
	"golang.org/x/sys/unix":         {"Rename": true, "Renameat": true, "Renameat2": true, "Unlink": true, "Unlinkat": true, "Rmdir": true, "Mkdir": true},
	"github.com/google/renameio/v2": {"WriteFile": true, "TempFile": true, "NewPendingFile": true},
	"github.com/pickup-dev/pickup/loaders/fsx": {"WithoutLog": true},
}

// allowedWrites are the places that may write themselves: the write path
// itself (with the operation log's own files: its records, its key, the
// compaction moving old records into ops/archive/), the records in
// pickup's own state folder (record.go: a full conversations.jsonl
// renamed to its older generation; no project is touched), and the demo
// building its sample project in a temporary folder of its own (removed
// when it ends; no project is touched).
var allowedWrites = map[string]bool{
	"loaders/fsx/fsx.go":           true,
	"loaders/fsx/create.go":        true,
	"loaders/fsx/dirs.go":          true,
	"loaders/fsx/lock.go":          true,
	"loaders/fsx/oplog.go":         true,
	"loaders/fsx/oplog_compact.go": true,
	"loaders/fsx/oplog_key.go":     true,
	"loaders/fsx/record.go":        true,
	"cmd/pickup/demo.go":           true,
}

// TestOneWriter fails when code that ships writes without loaders/fsx:
// such a write would not be in the operation log, and pickup undo could
// not take it back. (Opening a file to write is TestOneReader's: every
// open goes through fsx.)
func TestOneWriter(t *testing.T) {
	for _, f := range shippedCalls(t, directWrites, allowedWrites) {
		t.Errorf("%s writes without loaders/fsx, so the operation log misses it: use fsx.ReplaceIfUnchanged, CreateNew, Archive, ArchiveTo or RenameNoReplace inside an operation", f)
	}
}
