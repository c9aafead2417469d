package msg

import (
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// Catalogs is the catalog in every language pickup speaks. cmd picks one
// with For(lang) (i18n.Detect: --lang, PICKUP_LANG, the locale) and
// hands it to the wizard and to every plain-text output.
var Catalogs = i18n.Catalogs[Catalog]{
	i18n.English:      &English,
	i18n.PortugueseBR: &Portuguese,
}

// For is the catalog of lang (English for a language pickup has no
// catalog for).
func For(lang i18n.Lang) *Catalog { return Catalogs.For(lang) }

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
	// Words translates the fixed words loaders put on screen (field
	// labels such as "Phase", unit names such as "stories"), keyed by
	// the loader's English word; a word missing here shows as the
	// loader wrote it. English maps each word to itself.
	Words map[string]string
	// Phases translates the phase names pickup builds itself, which
	// JSON keeps in English (seed 003's stage names, "Stage 3: Design"),
	// keyed by the English name; PhaseWord replaces "Phase" before a
	// phase number ("Phase 3", crucible's). Other names are the
	// source's own and show as written.
	Phases    map[string]string
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
	if t, ok := c.Local.Phases[name]; ok && t != "" {
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
	if t, ok := c.Local.Words[w]; ok && t != "" {
		return t
	}
	return w
}

// loaderWords are the fixed words loaders put on screen that the
// catalogs translate (Local.Words); English says each as it is.
var loaderWords = []string{
	// Field labels.
	"Phase",
	"Stories",
	"Epic",
	"Story",
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
	"Conflict",
	"Problem",
	"Skill",
	"Pipeline",
	"Health",
	"Resume point",
	"Book",
	"Paused",
	"Paused at",
	"Cursor",
	"Scene",
	"Flags",
	"Blocked",
	"Kiln",
	"Next action",
	"Resume with",
	"Mode",
	"Correction",
	"Status",
	"Active slice",
	"Decide",
	"Review",
	"Ledger",
	"Intents confirmed",
	"Crashed at",
	"Stopped at",
	// Unit names (model.Session.UnitsLabel).
	"stories",
	"tickets",
	"dispatches",
	"scenes",
	"milestones",
	"slices sealed",
	// Git statuses (model.GitStatus), in VETO-2's file lines.
	"modified", "added", "deleted", "renamed", "untracked", "conflicted", "ignored",
}

var englishWords = func() map[string]string {
	m := make(map[string]string, len(loaderWords))
	for _, w := range loaderWords {
		m[w] = w
	}
	return m
}()

var englishLocal = LocalText{
	ChoiceMarks: map[model.Choice]string{model.Continue: "", model.Review: "", model.Restart: "", model.Discard: ""},
	Words:       englishWords,
	Phases:      englishPhases,
	PhaseWord:   "Phase",
	Decimal:     ".",
	YesKey:      "y",
}

// englishReasons are the core's reason sentences (model.Reason*), which
// English shows as they are and other catalogs translate.
var englishReasons = map[string]string{
	model.ReasonCrashNoReview:  model.ReasonCrashNoReview,
	model.ReasonCorruptedOnly:  model.ReasonCorruptedOnly,
	model.ReasonPhaseNotFound:  model.ReasonPhaseNotFound,
	model.ReasonNothingToClear: model.ReasonNothingToClear,
	model.ReasonIntegrity:      model.ReasonIntegrity,
}

// phaseNames are the phase names pickup builds itself that JSON keeps in
// English: seed 003's stage names (loaders/design PhaseName).
var phaseNames = []string{
	"Stage 0: Clarification", "Stage 1: Business Rules", "Stage 2: Analysis", "Stage 3: Design",
	"Stage 4: Contracts", "Stage 5: BDD", "Stage 6: Tickets", "Stage 7: Review",
}

var englishPhases = func() map[string]string {
	m := make(map[string]string, len(phaseNames))
	for _, p := range phaseNames {
		m[p] = p
	}
	return m
}()
