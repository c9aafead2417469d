package design

import (
	"embed"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// messages are this format's message files: every language but
// English, which is in Go (i18n.NewBundle, i18n.NewWords).
//
//go:embed messages
var messages embed.FS

// words are the fixed words this format puts on screen that JSON keeps
// in English (field labels, unit names); the screens say them in the
// run's language (i18n.Word).
var words = i18n.NewWords(messages, "messages",
	"Phase",
	"Feature",
	"Session",
	"Last commit",
	"Uncommitted files",
	"Workstream",
	"Locked files",
	"Stage",
	"Checkpoint",
	"Tickets",
	"PRD",
	"Problem",
	"Review",
	"tickets",
)

// phases are seed 003's stage names (PhaseName), which JSON keeps in
// English.
var phases = i18n.NewPhases(messages, "messages",
	"Stage 0: Clarification",
	"Stage 1: Business Rules",
	"Stage 2: Analysis",
	"Stage 3: Design",
	"Stage 4: Contracts",
	"Stage 5: BDD",
	"Stage 6: Tickets",
	"Stage 7: Review",
)
