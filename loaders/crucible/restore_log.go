package crucible

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// recordRestore records, in the open operation of the log, each file a
// restore is about to write (git writes them, not fsx): a file there now
// keeps its bytes (the same the pre-restore safety checkpoint holds) so
// that pickup undo puts them back byte for byte; a file the checkpoint
// adds is recorded as made. The hashes after are filled in once git has
// written them (restored).
// t says its error.
func recordRestore(t *Text, work string, files []string) error {
	for _, f := range files {
		p := filepath.Join(work, filepath.FromSlash(f))
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			if _, err := fsx.RecordStep(fsx.Step{Kind: fsx.StepCreate, Path: p}); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		if !st.Mode().IsRegular() {
			return errors.New(t.NotRegular.F(p))
		}
		data, err := fsx.ReadFile(p)
		if err != nil {
			return err
		}
		hash, err := fsx.Keep(data)
		if err != nil {
			return err
		}
		if _, err := fsx.RecordStep(fsx.Step{Kind: fsx.StepReplace, Path: p, Before: hash,
			MTime: st.ModTime().UTC().Format(time.RFC3339Nano)}); err != nil {
			return err
		}
	}
	return nil
}

// restored fills in what git wrote for each recorded file.
func restored() error {
	return fsx.FillAfter(func(p string) string {
		data, err := fsx.ReadFile(p)
		if err != nil {
			return ""
		}
		return fsx.Fingerprint(data)
	})
}
