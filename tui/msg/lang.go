package msg

import (
	"embed"
	"strings"
	"sync"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// Catalogs is the catalog in every language pickup speaks: English
// here, every other language in messages/<lang>.json. cmd picks one
// with For(lang) (i18n.Detect: --lang, PICKUP_LANG, the locale) and
// hands it to the wizard and to every plain-text output.
var Catalogs = &Bundle{Bundle: i18n.NewBundle(&English, messages, "messages")}

// Bundle is the catalogs' bundle; its For gives each catalog its
// language and the core's words in it.
type Bundle struct {
	*i18n.Bundle[Catalog]
	mu    sync.Mutex
	ready map[*Catalog]bool
}

// For is lang's catalog (English's for a language pickup has no
// catalog for), with its Lang and the core's sentences (Core) in lang.
func (b *Bundle) For(lang i18n.Lang) *Catalog {
	c := b.Bundle.For(lang)
	if c == &English {
		return c
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.ready[c] {
		c.Lang, c.Core = lang, *model.WordsIn(lang)
		if b.ready == nil {
			b.ready = map[*Catalog]bool{}
		}
		b.ready[c] = true
	}
	return c
}

// For is the catalog of lang (English for a language pickup has no
// catalog for).
func For(lang i18n.Lang) *Catalog { return Catalogs.For(lang) }

// Portuguese is the Brazilian Portuguese catalog (pt-BR), from
// messages/pt-BR.json. Where seed 001 (AIOS's *session-resume task,
// written in Portuguese) gives a text, it is used word for word, emoji
// included: the crash and welcome messages, the options and their
// tradeoffs, VETO-2 and the discard. Elsewhere the translation keeps the
// seed's register: "você", direct, the developer's loanwords (story,
// workflow, commit, stash, restart) kept. The four verbs stay CONTINUE /
// REVIEW / RESTART / DISCARD.
//
// A function, not a variable: decoding the message file takes a few
// milliseconds, which every command paid at start-up (docs/performance.md).
func Portuguese() *Catalog { return For(i18n.PortugueseBR) }

// LocalText is what a language adds to the screens beyond sentences:
// the marks a protocol written in that language shows (seed 001's
// emoji), the words loaders put on screen translated, and how numbers
// are written.
type LocalText struct {
	// WarnMark, when set, replaces the wizard's warning glyph ("⚠")
	// where the terminal shows Unicode: seed 001 writes "⚠️ Sessão
	// anterior crashou.". ASCII terminals keep "!".
	WarnMark string
	// ChoiceMarks go before a choice's name in the wizard's menu
	// ("🚀 CONTINUE"), where the terminal shows Unicode and the source
	// did not name the choice itself. Empty: no mark.
	ChoiceMarks map[model.Choice]string
	// PhaseWord replaces "Phase" before a phase number ("Phase 3",
	// crucible's). Phase names pickup builds itself, which JSON keeps in
	// English (seed 003's stage names, "Stage 3: Design"), are their
	// format's words (i18n.Word); other names are the source's own and
	// show as written.
	PhaseWord string
	// Decimal is the decimal separator ("1.5 KiB", "1,5 KiB").
	Decimal string
	// YesKey is the key that answers yes besides y ("s" for sim).
	YesKey string
}

// Phase is a phase's name (model.Phase.Name, ResumePoint.Phase) in the
// catalog's language: Local.Phases' translation, "Fase 3" for "Phase
// 3", or the name as the source wrote it.
func (c *Catalog) Phase(name string) string {
	if t := i18n.PhaseName(c.Lang, name); t != name {
		return t
	}
	if n, ok := strings.CutPrefix(name, "Phase "); ok && c.Local.PhaseWord != "" && n != "" && strings.Trim(n, "0123456789.") == "" {
		return c.Local.PhaseWord + " " + n
	}
	return name
}

// Word is a loader's word in the catalog's language: its translation,
// or w itself.
func (c *Catalog) Word(w string) string {
	return i18n.Word(c.Lang, w)
}

//go:embed messages
var messages embed.FS

// words are the fixed words the screens put beside a session's own
// (git statuses in VETO-2's file lines, labels every format shares);
// each format declares its own (i18n.NewWords in its package).
var words = i18n.NewWords(messages, "messages",
	"Phase", "Conflict", "Problem", "Decide", "Cursor", "Flags", "Status", "Stage",
	"modified", "added", "deleted", "renamed", "untracked", "conflicted", "ignored",
)

var englishLocal = LocalText{
	ChoiceMarks: map[model.Choice]string{model.Continue: "", model.Review: "", model.Restart: "", model.Discard: ""},
	PhaseWord:   "Phase",
	Decimal:     ".",
	YesKey:      "y",
}
