package main

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/bookforge"
)

func init() {
	registerSource(sourceSpec{
		name:    bookforge.SourceName,
		factory: func(o loaders.Options) loaders.Loader { return bookforge.New(o) },
		flags:   bookforgeFlags,
		help:    "bookforge: book phase ledgers (workspace/books/<book>/draft/context/phase_history/, run_paused.json) and the outline pipeline (outline/pipeline_run_paused.json, pipeline_latest.json)",
		order:   4,
		demo:    "a bookforge book",
	})
}

// bookforgeFlags declares seed 002's explicit resume flags. They are
// pickup's own plan options: the real bookforge CLI has only --resume,
// --steps and --until, so the command pickup prints never carries them.
// A flag another source already declared under the same name is shared,
// not redeclared.
func bookforgeFlags(fs *pflag.FlagSet) {
	if fs.Lookup(bookforge.FlagRerunFrom) == nil {
		fs.Var(new(phaseFlag), bookforge.FlagRerunFrom,
			"bookforge: rerun the resume scene (state.json's cursor) from this phase on; CONTINUE moves its ledger entries from there to an archive beside the ledger (with --yes); committed scenes are never changed: "+strings.Join(bookforge.Phases, ", "))
	}
	if fs.Lookup(bookforge.FlagRerunAll) == nil {
		fs.Bool(bookforge.FlagRerunAll, false, "bookforge: rerun the resume scene from plan: the command drops --resume, and CONTINUE moves the scene's ledger entries to an archive (with --yes)")
	}
	if fs.Lookup(bookforge.FlagForceResume) == nil {
		fs.Bool(bookforge.FlagForceResume, false, "bookforge: accept a pre_state or artifact hash mismatch (recorded in an audit note in the ledger folder, with --yes)")
	}
	if fs.Lookup(bookforge.FlagAllowPromptChange) == nil {
		fs.Bool(bookforge.FlagAllowPromptChange, false, "bookforge: accept a changed prompt template (needs --reason; recorded on the ledger entry, with --yes)")
	}
	if fs.Lookup(bookforge.FlagAckOutline) == nil {
		fs.Bool(bookforge.FlagAckOutline, false, "bookforge: acknowledge the outline report's attention items (after reviewing them); bookforge's own run flag, passed on in the command")
	}
	if fs.Lookup(bookforge.FlagBypassOutline) == nil {
		fs.Bool(bookforge.FlagBypassOutline, false, "bookforge: go past the outline write gate (bookforge: testing or recovery only); bookforge's own run flag, passed on in the command")
	}
	if fs.Lookup(bookforge.FlagReason) == nil {
		fs.String(bookforge.FlagReason, "", "bookforge: why the prompt changed, or why a mismatch is forced (recorded)")
	}
}

// phaseFlag is --rerun-from: a pipeline phase, checked when parsed.
type phaseFlag struct{ v string }

func (p *phaseFlag) String() string { return p.v }
func (p *phaseFlag) Type() string   { return "phase" }
func (p *phaseFlag) Set(s string) error {
	v, err := bookforge.ParseRerunFrom(runLang, s)
	if err != nil {
		return err
	}
	p.v = v
	return nil
}
