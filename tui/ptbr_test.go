package tui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/crucible"
	"github.com/pickup-dev/pickup/loaders/design"
	"github.com/pickup-dev/pickup/loaders/kiln"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// testCatalog is the catalog the test models speak (newModel,
// newPicker, crucibleWorld.model); nil is English. speak sets it for
// one test.
var testCatalog *msg.Catalog

func speak(t *testing.T, l i18n.Lang) {
	t.Helper()
	testCatalog = msg.For(l)
	t.Cleanup(func() { testCatalog = nil })
}

// seedVeto is seed 001's VETO-2 example: three files with uncommitted
// changes.
var seedVeto = model.GitChecked{Available: true, Cwd: project, Changes: []model.Change{
	{Path: "src/auth/jwt-handler.js", XY: " M"},
	{Path: "src/auth/middleware.js", XY: " M"},
	{Path: "tests/auth.test.js", XY: "??"},
}}

// TestPortugueseGolden pins the pt-BR screens at 80x24: AIOS's crash,
// normal, veto and discard screens, which carry seed 001's texts word
// for word, and one screen of every other format.
func TestPortugueseGolden(t *testing.T) {
	speak(t, i18n.PortugueseBR)
	dirty := &fakeRunner{git: seedVeto}
	screens := []screen{
		{"aios_crash", func(t *testing.T, w, h int) Model { return newModel(t, crashState(t), nil, w, h) }},
		{"aios_normal", func(t *testing.T, w, h int) Model { return newModel(t, normalState(t), nil, w, h) }},
		{"aios_veto", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, loaded(t, aiosSession(noLastAction)), dirty, w, h), keyRune('2'))
			return arm(t, m)
		}},
		{"aios_discard", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, normalState(t), nil, w, h), keyRune('4'))
			return arm(t, m)
		}},
		{"aios_review", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, normalState(t), nil, w, h), keyRune('2'))
			return m
		}},
		{"kiln_options", func(t *testing.T, w, h int) Model {
			return newModel(t, kilnState(t, kilnSessionIn(t, "execution", i18n.PortugueseBR), 20*time.Minute), nil, w, h)
		}},
		{"kiln_memory_review", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, kilnState(t, kilnSessionIn(t, "execution", i18n.PortugueseBR), 20*time.Minute), nil, w, h), keyRune('2'))
			return m
		}},
		{"kiln_ruling_review", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, kilnState(t, kilnRulingPT(t), 20*time.Minute), nil, w, h), keyRune('2'))
			return m
		}},
		{"bookforge_options", func(t *testing.T, w, h int) Model {
			return newModel(t, bookforgePT(t, "real"), nil, w, h)
		}},
		{"bookforge_review", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, bookforgePT(t, "real"), nil, w, h), keyRune('2'))
			return m
		}},
		{"design_options", func(t *testing.T, w, h int) Model {
			return newModel(t, designInPortuguese(t, "listing"), nil, w, h)
		}},
		{"design_review", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, designInPortuguese(t, "listing"), nil, w, h), keyRune('p'))
			return m
		}},
		{"crucible_plan", func(t *testing.T, w, h int) Model {
			cw := newCrucibleWorld(t, "main")
			cw.loader = crucible.New(loaders.Options{ClaudeHome: cw.home, Flags: map[string]string{}, Lists: map[string][]string{}, Now: now, Lang: i18n.PortugueseBR})
			m, _ := press(t, cw.model(t, cw.session(t, 10*time.Minute), [2]int{w, h}), keyRune('2'))
			return m
		}},
		{"picker", func(t *testing.T, w, h int) Model { return newPicker(t, pickerSessions(), w, h, &Files{}) }},
	}
	goldens(t, screens, [2]int{80, 24})
}

// seed 001's lines, word for word, are on the AIOS screens.
func TestPortugueseSeedTexts(t *testing.T) {
	speak(t, i18n.PortugueseBR)
	crash := plain(newModel(t, crashState(t), nil, 80, 24))
	normal := plain(newModel(t, normalState(t), nil, 80, 24))
	veto, _ := press(t, newModel(t, loaded(t, aiosSession(noLastAction)), &fakeRunner{git: seedVeto}, 80, 24), keyRune('2'))
	discard, _ := press(t, newModel(t, normalState(t), nil, 80, 24), keyRune('4'))
	for _, c := range []struct {
		screen string
		view   string
		want   []string
	}{
		{"crash", crash, []string{"⚠️ Sessão anterior crashou.", "Última atualização: há 2 horas", "Epic: Authentication System",
			// The menu puts each choice's words under its verb and letter
			// key: seed 001's "1. 🚀 CONTINUE - Retomar de onde parou"
			// is "1. 🚀 CONTINUE [c]" over "Retomar de onde parou".
			"Seus dados estão seguros. O que deseja fazer?", "1. 🚀 CONTINUE [c] (recomendado) Retomar de onde parou",
			"2. 🔄 RESTART [R] Recomeçar story do início", "3. 🗑️ DISCARD [D] Abandonar e começar nova"}},
		{"normal", normal, []string{"Bem-vindo de volta! Você pausou há 2 horas.", "Story: 12.3 - Implement JWT handler",
			"Fase: development (1/6 completas)", "O que deseja fazer?", "2. 📊 REVIEW [p] Ver progresso detalhado",
			"Retomar onde parou (mais rápido)", "Ver progresso detalhado (informação)",
			"Recomeçar story (trabalho perdido se uncommitted)", "Abandonar sessão (novo início)"}},
		{"veto", plain(arm(t, veto)), []string{"⚠️ Restart bloqueado", "Há 3 arquivo(s) com mudanças não commitadas:",
			"src/auth/jwt-handler.js", "tests/auth.test.js", "Recomendamos:", "Depois execute restart novamente",
			"Voltar para menu de resume? [SIM/NÃO]"}},
		{"discard", plain(arm(t, discard)), []string{"⚠️ DISCARD - Abandonar e começar nova", "arquivado, não apagado", "Descartar esta sessão? [s/N]"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(flat(c.view), flat(w)) {
				t.Errorf("%s screen lacks %q:\n%s", c.screen, w, c.view)
			}
		}
	}
}

// s (sim) answers VETO-2's [SIM/NÃO] and DISCARD's [s/N] in pt-BR; y
// still does.
func TestPortugueseYesKey(t *testing.T) {
	speak(t, i18n.PortugueseBR)
	for _, k := range []rune{'s', 'y'} {
		m, _ := press(t, newModel(t, loaded(t, aiosSession(noLastAction)), &fakeRunner{git: seedVeto}, 80, 24), keyRune('2'))
		m, _ = press(t, arm(t, m), keyRune(k))
		if m.state.Screen != model.ScreenOptions {
			t.Errorf("%c on the veto: screen %s, want the options again", k, m.state.Screen)
		}
	}
	m, _ := press(t, newModel(t, normalState(t), nil, 80, 24), keyRune('4'))
	if v := plain(arm(t, m)); !strings.Contains(v, "s descartar") {
		t.Errorf("the help bar names s for yes:\n%s", v)
	}
	testCatalog = nil
	m, _ = press(t, newModel(t, normalState(t), nil, 80, 24), keyRune('4'))
	m, _ = press(t, arm(t, m), keyRune('s'))
	if m.state.Screen != model.ScreenConfirm {
		t.Errorf("s answered DISCARD in English: screen %s", m.state.Screen)
	}
}

// A locale that is not UTF-8 (pt_BR.ISO-8859-1) keeps the ASCII fallback
// in Portuguese too: ASCII marks, no emoji, and letters without their
// accents, since any byte beyond ASCII would show as garbage there.
func TestPortugueseASCIIFallback(t *testing.T) {
	speak(t, i18n.PortugueseBR)
	pinEnv(t)
	t.Setenv("LANG", "pt_BR.ISO-8859-1")
	m := New(Config{State: crashState(t), Project: "shop", Catalog: testCatalog})
	m = update(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	v := plain(m)
	for _, want := range []string{"! Sessao anterior crashou.", "Ultima atualizacao: ha 2 horas",
		"Seus dados estao seguros. O que deseja fazer?", "> 1. CONTINUE [c] (recomendado) Retomar de onde parou",
		"2. RESTART [R] Recomecar story do inicio", "3. DISCARD [D] Abandonar e comecar nova"} {
		if !strings.Contains(flat(v), flat(want)) {
			t.Errorf("ASCII pt-BR view lacks %q:\n%s", want, v)
		}
	}
	for i := 0; i < len(v); i++ {
		if v[i] >= 0x80 {
			t.Fatalf("ASCII pt-BR view has a byte beyond ASCII at %d:\n%s", i, v)
		}
	}
	checkFits(t, m, 80, 24)
}

func TestFoldASCII(t *testing.T) {
	for in, want := range map[string]string{
		"Sessão anterior crashou.":        "Sessao anterior crashou.",
		"Recomeçar story do início":       "Recomecar story do inicio",
		"Verificando no git…":             "Verificando no git.",
		"Fases 1/6 · Stories 2/6":         "Fases 1/6 - Stories 2/6",
		"\x1b[1mÚltima atualização\x1b[m": "\x1b[1mUltima atualizacao\x1b[m",
		"plain ASCII":                     "plain ASCII",
	} {
		if got := foldASCII(in); got != want {
			t.Errorf("foldASCII(%q) = %q, want %q", in, got, want)
		}
	}
}

// kilnRulingPT is kiln 3.1's run stopped at a ruling (the demo's kiln
// session), loaded in pt-BR.
func kilnRulingPT(t *testing.T) *model.Session {
	t.Helper()
	project := filepath.Join(t.TempDir(), "shop")
	testkit.CopyReplace(t, filepath.Join("..", "testdata", "kiln", "era_f_ruling", "kiln"), filepath.Join(project, ".kiln"), kilnProject, project)
	l := kiln.Loader{Lang: i18n.PortugueseBR}
	s, err := l.Load(project, filepath.Join(project, ".kiln", kiln.StateFile))
	if err != nil {
		t.Fatal(err)
	}
	return rebase(s, project, kilnProject)
}

// designInPortuguese is the one /design session of testdata/design/<name>
// read by the design loader in pt-BR, START run on it.
func designInPortuguese(t *testing.T, name string) model.State {
	t.Helper()
	project, err := filepath.Abs(filepath.Join("..", "testdata", "design", name))
	if err != nil {
		t.Fatal(err)
	}
	l := design.New(loaders.Options{Lang: i18n.PortugueseBR})
	paths, err := l.Discover(project)
	if err != nil || len(paths) == 0 {
		t.Fatalf("Discover: %q %v", paths, err)
	}
	s, err := l.Load(project, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	return loaded(t, s)
}

// bookforgePT loads testdata/bookforge/<name>'s live book as bookforgeState
// does, with the loader speaking pt-BR.
func bookforgePT(t *testing.T, name string) model.State {
	t.Helper()
	return bookforgeWith(t, name, loaders.Options{Now: now, Flags: map[string]string{}, Lang: i18n.PortugueseBR})
}
