package msg

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// TestContinueSaysItOnce: CONTINUE's hint and its tradeoff, shown one
// under the other, do not say the same thing twice in English; pt-BR
// keeps seed 001's words.
func TestContinueSaysItOnce(t *testing.T) {
	en := For("en")
	if strings.Contains(en.Tradeoffs[model.Continue], "where it stopped") {
		t.Errorf("English tradeoff repeats the hint: %q / %q", en.ChoiceHints[model.Continue], en.Tradeoffs[model.Continue])
	}
	pt := For("pt-BR")
	if pt.ChoiceHints[model.Continue] != "Retomar de onde parou" || pt.Tradeoffs[model.Continue] != "Retomar onde parou (mais rápido)" {
		t.Errorf("pt-BR left seed 001's words: %q / %q", pt.ChoiceHints[model.Continue], pt.Tradeoffs[model.Continue])
	}
}

// TestDiscardNamesUndo: the discard screen names pickup undo as the way
// back, in both languages.
func TestDiscardNamesUndo(t *testing.T) {
	for _, lang := range i18n.Supported {
		c := For(lang)
		for _, s := range []string{c.DiscardRestore, c.DiscardRestoreAll} {
			if !strings.Contains(s, "pickup undo") {
				t.Errorf("%s: %q does not name pickup undo", lang, s)
			}
		}
	}
}

// TestRestartHintIsTheFormats: AIOS's "start the story again from phase
// 1" (seed 001's "Recomeçar story do início") is said of AIOS sessions
// only: a crucible or bookforge session without words of its own (an
// archived one) gets a hint that fits any workflow.
func TestRestartHintIsTheFormats(t *testing.T) {
	for _, lang := range i18n.Supported {
		c := For(lang)
		aios := c.ChoiceWords(&model.Session{Source: "aios"}, model.Restart)
		for _, src := range []string{"crucible", "bookforge", "kiln", "design"} {
			got := c.ChoiceWords(&model.Session{Source: src, Archived: true}, model.Restart)
			if got == aios || strings.Contains(strings.ToLower(got), "story") {
				t.Errorf("%s %s: RESTART hint %q is AIOS's", lang, src, got)
			}
		}
		if lang == i18n.PortugueseBR && aios != "Recomeçar story do início" {
			t.Errorf("pt-BR AIOS hint %q, want seed 001's", aios)
		}
	}
}

// TestVetoGroupHeads: the person's files are "Your changes" when they are
// the only group; "other" only beside the run's group.
func TestVetoGroupHeads(t *testing.T) {
	c := For("en")
	alone := &model.Veto{Files: []string{"a.go"}, Changes: []model.VetoFile{{Path: "a.go", Status: "modified", Class: model.ClassOther}}}
	got := strings.Join(c.VetoLines(alone), "\n")
	if strings.Contains(got, "other") {
		t.Errorf("one group says other:\n%s", got)
	}
	both := &model.Veto{Files: []string{"a.go", "b.go"}, Changes: []model.VetoFile{
		{Path: "a.go", Status: "modified", Class: model.ClassRun},
		{Path: "b.go", Status: "modified", Class: model.ClassOther}}}
	got = strings.Join(c.VetoLines(both), "\n")
	if !strings.Contains(got, "Your other changes:") {
		t.Errorf("two groups:\n%s", got)
	}
}

// TestTradeoffSaysWhatItAdds: under seed 001's "Ver progresso
// detalhado", the tradeoff "Ver progresso detalhado (informação)" is not
// said again in full: only what it adds.
func TestTradeoffSaysWhatItAdds(t *testing.T) {
	pt := For(i18n.PortugueseBR)
	s := &model.Session{Source: "crucible"}
	if got := pt.Tradeoff(s, model.Review); got != "informação" {
		t.Errorf("REVIEW: %q under %q", got, pt.ChoiceWords(s, model.Review))
	}
	if got := pt.Tradeoff(s, model.Discard); got != "Abandonar sessão (novo início)" {
		t.Errorf("DISCARD: %q", got)
	}
	// AIOS's menu is seed 001's, word for word.
	if got := pt.Tradeoff(&model.Session{Source: "aios"}, model.Review); got != "Ver progresso detalhado (informação)" {
		t.Errorf("AIOS REVIEW: %q", got)
	}
	en := For(i18n.English)
	for _, ch := range []model.Choice{model.Continue, model.Review, model.Restart, model.Discard} {
		if got := en.Tradeoff(s, ch); got != en.Tradeoffs[ch] {
			t.Errorf("English %s: %q, want it whole", ch, got)
		}
	}
}

// TestFilesChangedNoStrayColon: "o manifesto de despachos
// (manifest.jsonl) mudou há 20 minutos", no colon after the file.
func TestFilesChangedNoStrayColon(t *testing.T) {
	got := For(i18n.PortugueseBR).Core.FilesChanged.F("o manifesto de despachos (manifest.jsonl)", "20 minutos", "30 minutos")
	if strings.Contains(got, "):") {
		t.Errorf("%q", got)
	}
}
