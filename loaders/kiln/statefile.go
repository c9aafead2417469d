package kiln

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// From March 2026 kiln keeps its state in the project, in .kiln/STATE.md,
// in three successive shapes (REFERENCE.md section 1b):
//
//   - era C (kiln 1.x, b0a04c2 .. v1.5.7): "# Kiln State" with
//     "- **key**: value" bullets under ## Pipeline, ## Project, ## Flags;
//   - eras D and E (v2.0.x; v3.0.0 .. v3.1.2): "# Kiln State" with
//     "- **schema_version**: 2" (D) or 3 (E, beside .kiln/events.jsonl);
//   - era F (v3.1.3 .. v3.1.8, current): "# STATE" and seven "key: value"
//     lines, beside seals.log, slices.json and the review files.
//
// Before a run writes STATE.md, era F's brainstorm leaves
// .kiln/brainstorm-ledger.jsonl; a STATE.md write cut short leaves
// .kiln/.STATE.tmp.

// File names in .kiln.
const (
	StateFile  = "STATE.md"
	StateTmp   = ".STATE.tmp"
	LedgerFile = "brainstorm-ledger.jsonl"
)

// era is which kiln wrote a .kiln/STATE.md.
type era int

const (
	eraUnknown era = iota
	eraA           // kiln v1 before 2026-02-18: not read
	eraC
	eraD
	eraE
	eraF
)

func (e era) String() string {
	return map[era]string{eraA: "A", eraC: "C", eraD: "D", eraE: "E", eraF: "F"}[e]
}

var (
	schemaVersionRe = lazyre.New(`(?m)^[ \t]*[-*][ \t]+\*\*schema_version\*\*[ \t]*:[ \t]*(\S+)|^[ \t]*schema_version[ \t]*:[ \t]*(\S+)`)
	eraFKeyRe       = lazyre.New(`(?m)^(stage|active_slice|next_action|pointers|seals|density|updated_at):`)
	boldKeyRe       = lazyre.New(`(?m)^[ \t]*[-*][ \t]+\*\*(stage|skill|roster|run_id|team_iteration|build_iteration)\*\*[ \t]*:`)
)

// stateEra says which kiln wrote a STATE.md, from its content alone.
func stateEra(data []byte) era {
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	first := ""
	// The first line that is not blank, among the first 50: looked for in
	// the file's head only, so a long line is never copied whole.
	for _, l := range strings.SplitN(string(data[:min(len(data), 64<<10)]), "\n", 50) {
		if t := strings.TrimSpace(l); t != "" {
			first = t
			break
		}
	}
	title := strings.ToLower(strings.Join(strings.Fields(strings.TrimLeft(first, "#")), " "))
	heading := strings.HasPrefix(first, "#") && !strings.HasPrefix(first, "##")
	switch {
	case heading && title == "state":
		return eraF
	case heading && title == "kiln state":
		if m := schemaVersionRe.FindSubmatch(data); m != nil {
			v := string(m[1]) + string(m[2])
			if strings.HasPrefix(strings.Trim(v, `"'`), "3") {
				return eraE
			}
			return eraD
		}
		return eraC
	case heading && title == "project state" && bytes.Contains(data, []byte("## Current Track")):
		return eraA
	case len(eraFKeyRe.FindAll(data, -1)) >= 2 && !boldKeyRe.Match(data):
		// The heading is gone but the runtime keys are era F's.
		return eraF
	case boldKeyRe.Match(data):
		return eraC
	}
	return eraUnknown
}

// discoverKiln probes the project's .kiln for the state of kiln from
// March 2026 on: STATE.md, else a STATE.md write cut short
// (.STATE.tmp), else a brainstorm ledger. Each is read first: an empty
// file is nothing; a file is kiln's folder's, so junk there is shown as
// a corrupted session, unless it is recognisably another tool's.
func discoverKiln(root string) []string {
	dir := filepath.Join(root, ".kiln")
	for _, name := range []string{StateFile, StateTmp, LedgerFile} {
		p := filepath.Join(dir, name)
		st, err := os.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			continue
		case err != nil || !st.Mode().IsRegular():
			if name != StateTmp {
				return []string{p} // Load says what it is
			}
			continue
		}
		data, err := fsx.ReadFile(p)
		if err != nil {
			if name != StateTmp {
				return []string{p}
			}
			continue
		}
		if len(bytes.TrimSpace(data)) == 0 {
			continue
		}
		if name == StateFile && memoryOwner(data) == ownForeign && stateEra(data) == eraUnknown {
			continue // someone else's document
		}
		if name == StateTmp && stateEra(data) != eraF {
			continue
		}
		return []string{p}
	}
	return nil
}

// readOwn reads a file kiln keeps beside its state (seals.log, a review
// verdict, report.md, resume.md…): through fsx.ReadFile (a regular file,
// bounded, never waited on), and never through a symbolic link, which
// could show any file on the machine as kiln's. A link reads as a
// refusal naming it.
func readOwn(tx *FText, p string) ([]byte, error) {
	st, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		return nil, errors.New(tx.Symlink.F(p))
	}
	return fsx.ReadFile(p)
}
