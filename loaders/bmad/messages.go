package bmad

import (
	"embed"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// messages are this format's message files: every language but
// English, which is in Go (i18n.NewBundle, i18n.NewWords).
//
//go:embed messages
var messages embed.FS

// The fixed words this format puts on screen that JSON keeps in English
// (field labels, unit names): the screens say them in the run's
// language through i18n.Word, which finds them by their English.
var words = i18n.NewWords(messages, "messages",
	"Project",
	"Epic",
	"Story",
	"Status",
	"Next",
	"Ledger",
	"From",
	"Tasks",
	"stories",
)

// Catalogs are the loader's sentences by language (loaders.Options.Lang).
var Catalogs = i18n.NewBundle(&english, messages, "messages")
