package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// agentsMDText is the paragraph `pickup hook print-agents-md` prints, for the
// AGENTS.md of a project whose agent has no session-start hook. It states
// what exists and what it means (docs/json.md, exit.go), and gives no
// orders: the agent decides. The formats are the registered ones
// (agentsMD).
const agentsMDText = `## Interrupted workflows (pickup)

This project can hold the saved state of an AI-agent workflow that stopped
halfway ({formats}). ` + "`pickup status --json`" + `
reports every saved session without changing anything. Its exit code is
0 when sessions were found, 3 when there is none, 4 when a state file is
unreadable or corrupted, 6 when recorded integrity hashes no longer match
(2 is a usage error). The JSON is ` + "`{format_version, project, sessions}`" + `;
each session has ` + "`id`" + ` (any unique prefix works with ` + "`--session`" + `),
` + "`source`" + `, ` + "`path`" + ` (its state file), ` + "`title`" + `, ` + "`status`" + `,
` + "`last_updated`" + ` and ` + "`minutes_since_update`" + ` (null when the file records
no time), ` + "`crash`" + ` (` + "`detected`" + ` and ` + "`reason`" + `), ` + "`progress`" + `
(` + "`done`" + `/` + "`total`" + ` phases), ` + "`resume_point`" + ` (` + "`phase`" + ` and
` + "`reason`" + `), ` + "`branch`" + ` when recorded, ` + "`options`" + ` (the choices
continue, review, restart and discard, each ` + "`enabled`" + ` or not with a
` + "`reason`" + `), ` + "`warnings`" + `, ` + "`archived: true`" + ` for history, and
` + "`problem`" + ` when the file cannot be resumed as it is. ` + "`pickup resume --choice continue --emit prompt --session ID`" + `
prints a ready-to-paste resume prompt for one session (for some sources
CONTINUE also records the resume in the state file); restart and discard
change files only with ` + "`--yes`" + `, and restart is refused while git
reports uncommitted changes. The person's interactive wizard is ` + "`pickup`" + `.
`

// agentsMD is the paragraph, naming every registered format.
func agentsMD() string {
	return strings.Replace(agentsMDText, "{formats}", strings.Join(sourceTitles(nil), ", "), 1)
}

func (a *app) agentsMDCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "print-agents-md",
		Short: "Print a paragraph for AGENTS.md about pickup status --json, for agents without hooks",
		Long: `print-agents-md prints a markdown paragraph to add to a project's
AGENTS.md (or CLAUDE.md, GEMINI.md) for agents that have no session-start
hook: it says that pickup status --json exists, what its exit codes and
its JSON mean, and which commands act on a session. It states facts and
gives the agent no orders.`,
		Args: takes(0, 0),
		RunE: func(_ *cobra.Command, _ []string) error {
			fmt.Fprint(a.io.out, agentsMD())
			return nil
		},
	}
}
