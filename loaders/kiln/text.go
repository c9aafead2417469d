package kiln

import (
	"strings"
	"unicode/utf8"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is the words of every kiln session: seed 000's continuity banner
// and the status text around it (`pickup status` on a MEMORY.md
// session), its routing, REVIEW, plan, prompt and menu (Mem), and the
// project-side sessions (F, State, CE). English is written here; every
// other language is in messages/<lang>.json, laid out like Text.
type Text struct {
	// Lang is the language the catalog speaks (filled by i18n.NewBundle).
	Lang                                         i18n.Lang `json:"-"`
	Title                                        string
	Project, Mode, Stage, Phase, Status, Handoff string
	None                                         string
	Correction                                   i18n.M
	Context                                      string
	RecommendedNext, Next                        i18n.M
	InPickup                                     string
	Absent                                       i18n.M
	Warnings                                     string
	// More ends a file's lines cut at the most REVIEW shows.
	More i18n.M

	// LineN, LinesN and AndMore name line numbers: "line 5", "lines 5,
	// 6" and " (and 3 more)".
	LineN   i18n.M
	LinesN  i18n.M
	AndMore i18n.M

	// Mem is seed 000's project memory (MEMORY.md).
	Mem MemText
	// F is kiln 3.1's .kiln/STATE.md (era F).
	F FText
	// State is what every project-side session shares.
	State StateText
	// CE is kiln 1.x to 3.0's "# Kiln State" file (eras C, D and E).
	CE CEText
}

// Catalogs are kiln's words by language (Loader.Lang): English here,
// every other language in messages/<lang>.json.
var Catalogs = i18n.NewBundle(&english, messages, "messages")

var english = Text{
	Title:   "=== Kiln Resume ===",
	Project: "Project:", Mode: "Mode:", Stage: "Stage:", Phase: "Phase:", Status: "Status:", Handoff: "Handoff:",
	None:            "(none)",
	Correction:      i18n.T("Correction: cycle {cycle}/3"),
	Context:         "Context:",
	RecommendedNext: i18n.T("Recommended next step (from last reset): {step}"),
	Next:            i18n.T("Next: {step}"),
	InPickup:        "In pickup: 1 is CONTINUE, 2 and 3 are REVIEW (one screen shows both logs), 4 is DISCARD.",
	Absent:          i18n.T("{name} is absent."),
	Warnings:        "Warnings:",
	More:            i18n.T("… {n} more lines in {path}"),
	LineN:           i18n.T("line {n}"),
	LinesN:          i18n.T("lines {list}"),
	AndMore:         i18n.T(" (and {n} more)"),
	Mem:             englishMem,
	F:               englishF,
	State:           englishState,
	CE:              englishCE,
}

// label pads a banner label so that the values line up, as the spec's
// banner does ("Mode:    build").
func (t *Text) label(l string) string {
	width := 0
	for _, x := range []string{t.Project, t.Mode, t.Stage, t.Phase, t.Status, t.Handoff} {
		width = max(width, utf8.RuneCountInString(x))
	}
	return l + strings.Repeat(" ", width+1-utf8.RuneCountInString(l))
}

// text is the memory's words: its loader's language, else English.
func (m *memory) text() *Text {
	if m.tx != nil {
		return m.tx
	}
	return &english
}
