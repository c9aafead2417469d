package main

import (
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/kiln"
)

func init() {
	registerSource(sourceSpec{
		name:       kiln.SourceName,
		factory:    func(o loaders.Options) loaders.Loader { return kiln.Loader{ClaudeHome: o.ClaudeHome, Lang: o.Lang} },
		help:       "kiln: kiln's .kiln/STATE.md (kiln 1.x to 3.1) or brainstorm ledger, and its project memory (.kiln/memory/MEMORY.md or <claude-home>/projects/<encoded>/memory/MEMORY.md, <encoded> by seed 000's rule or Claude Code's)",
		order:      2,
		demo:       "a kiln run",
		claudeHome: true,
	})
}
