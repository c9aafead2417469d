package speckit

import (
	"embed"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// messages are spec-kit's message files: every language but English,
// which is in Go (text.go).
//
//go:embed messages
var messages embed.FS

// words are the labels and units spec-kit puts on screen that JSON
// keeps in English (i18n.Word).
var words = i18n.NewWords(messages, "messages",
	"Feature", "Current feature", "Stage", "Next task", "Checklists", "tasks",
	StageSpecify, StagePlan, StageImplement, StageImplemented,
)
