package main

import (
	"embed"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// cmdText is every sentence cmd/pickup says itself (tui/msg's are the
// wizard's and the long status's): English here in Go, every other
// language in messages/<lang>.json, laid out like this struct.
type cmdText struct {
	// Lang is the catalog's language (set by i18n.NewBundle and For).
	Lang       i18n.Lang `json:"-"`
	Run        runText
	CLI        cliText
	Convo      convoText
	Worktree   worktreeText
	Checkpoint checkpointText
	Errors     errText
}

var english = cmdText{
	Run:        englishRun,
	CLI:        englishCLI,
	Convo:      englishConvo,
	Worktree:   englishWorktree,
	Checkpoint: englishCheckpoint,
	Errors:     englishErrors,
}

// messages are cmd/pickup's message files.
//
//go:embed messages
var messages embed.FS

// Catalogs are cmd/pickup's sentences in every language pickup speaks.
var Catalogs = i18n.NewBundle(&english, messages, "messages")

// text is the run's sentences.
func (a *app) text() *cmdText { return Catalogs.For(a.language()) }
