package kiln

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is the words of every kiln session, in each language pickup
// speaks: seed 000's continuity banner and the status text around it
// (`pickup status` on a MEMORY.md session), its routing, REVIEW, plan,
// prompt and menu (Mem), and the project-side sessions (F, State, CE).
type Text struct {
	Title                                        string
	Project, Mode, Stage, Phase, Status, Handoff string
	None                                         string
	Correction                                   func(cycle int) string
	Context                                      string
	RecommendedNext, Next                        func(step string) string
	InPickup                                     string
	Absent                                       func(name string) string
	Warnings                                     string
	// More ends a file's lines cut at the most REVIEW shows.
	More func(n int, path string) string

	// LineN, LinesN and AndMore name line numbers: "line 5", "lines 5,
	// 6" and " (and 3 more)".
	LineN   func(n int) string
	LinesN  func(list string) string
	AndMore func(n int) string

	// Mem is seed 000's project memory (MEMORY.md).
	Mem MemText
	// F is kiln 3.1's .kiln/STATE.md (era F).
	F FText
	// State is what every project-side session shares.
	State StateText
	// CE is kiln 1.x to 3.0's "# Kiln State" file (eras C, D and E).
	CE CEText
}

// Catalogs are the banner's words by language (Loader.Lang).
var Catalogs = i18n.Catalogs[Text]{i18n.English: &english, i18n.PortugueseBR: &portuguese}

var english = Text{
	Title:   "=== Kiln Resume ===",
	Project: "Project:", Mode: "Mode:", Stage: "Stage:", Phase: "Phase:", Status: "Status:", Handoff: "Handoff:",
	None:            "(none)",
	Correction:      func(cycle int) string { return fmt.Sprintf("Correction: cycle %d/3", cycle) },
	Context:         "Context:",
	RecommendedNext: func(step string) string { return "Recommended next step (from last reset): " + step },
	Next:            func(step string) string { return "Next: " + step },
	InPickup:        "In pickup: 1 is CONTINUE, 2 and 3 are REVIEW (one screen shows both logs), 4 is DISCARD.",
	Absent:          func(name string) string { return name + " is absent." },
	Warnings:        "Warnings:",
	More:            func(n int, path string) string { return fmt.Sprintf("… %d more lines in %s", n, path) },
	LineN:           func(n int) string { return "line " + strconv.Itoa(n) },
	LinesN:          func(list string) string { return "lines " + list },
	AndMore:         func(n int) string { return fmt.Sprintf(" (and %d more)", n) },
	Mem:             englishMem,
	F:               englishF,
	State:           englishState,
	CE:              englishCE,
}

var portuguese = Text{
	Title:   "=== Retomada do Kiln ===",
	Project: "Projeto:", Mode: "Modo:", Stage: "Etapa:", Phase: "Fase:", Status: "Situação:", Handoff: "Passagem:",
	None:            "(nenhuma)",
	Correction:      func(cycle int) string { return fmt.Sprintf("Correção: ciclo %d/3", cycle) },
	Context:         "Contexto:",
	RecommendedNext: func(step string) string { return "Próximo passo recomendado (do último reset): " + step },
	Next:            func(step string) string { return "Próximo: " + step },
	InPickup:        "No pickup: 1 é CONTINUE, 2 e 3 são REVIEW (uma tela mostra os dois registros), 4 é DISCARD.",
	Absent:          func(name string) string { return name + " está ausente." },
	Warnings:        "Avisos:",
	More:            func(n int, path string) string { return fmt.Sprintf("… mais %d linhas em %s", n, path) },
	LineN:           func(n int) string { return "linha " + strconv.Itoa(n) },
	LinesN:          func(list string) string { return "linhas " + list },
	AndMore:         func(n int) string { return fmt.Sprintf(" (e mais %d)", n) },
	Mem:             portugueseMem,
	F:               portugueseF,
	State:           portugueseState,
	CE:              portugueseCE,
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
