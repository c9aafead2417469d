package kiln

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// texts are the user-facing texts a session holds, named for a failure.
func texts(s *model.Session) map[string]string {
	out := map[string]string{
		"title": s.Title, "resume point": s.ResumePoint.Phase, "reason": s.ResumePoint.Reason,
		"headline": s.Headline, "prompt": s.Prompt, "report": strings.Join(s.Report, "\n"),
		"handoff": s.Handoff.Note + "\n" + s.Handoff.Context,
	}
	for i, w := range s.Warnings {
		out["warning "+string(rune('0'+i%10))] += w + "\n"
	}
	for _, a := range s.Alerts {
		out["alert "+string(a.Kind)] += a.Text + "\n"
	}
	for _, f := range s.Fields {
		out["field "+f.Key] = f.Value
	}
	for _, p := range s.Phases {
		out["phase "+p.Name] += p.Detail + "\n"
	}
	for c, p := range s.Policy {
		out["policy "+string(c)] = strings.Join([]string{p.Label, p.Hint, p.Why, p.Disabled, p.Confirm}, "\n")
	}
	for c, o := range s.Outcomes {
		out["outcome "+string(c)] = o
	}
	for _, sec := range s.Sections {
		out["section "+sec.Title] = sec.Title + "\n" + strings.Join(sec.Lines, "\n")
	}
	if s.Plan != nil {
		out["plan"] = strings.Join(s.Plan.Lines, "\n")
	}
	if s.Problem != nil {
		out["problem"] = s.Problem.Detail + "\n" + s.Problem.Message
	}
	return out
}

// treeText is every file's content under dirs, the text a session
// quotes.
func treeText(t *testing.T, dirs ...string) []string {
	t.Helper()
	var out []string
	for _, dir := range dirs {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if data, err := os.ReadFile(p); err == nil {
					out = append(out, values(string(data))...)
				}
			}
			return nil
		})
	}
	return out
}

// checkPortuguese loads every session of e in pt-BR and fails on any
// English sentence of pickup's own left in its texts; Apply's refusals
// (RESTART where kiln has no reset) are checked too.
func checkPortuguese(t *testing.T, name string, e env, sources []string) {
	t.Helper()
	e.l.Lang = i18n.PortugueseBR
	paths, err := e.l.Discover(e.project)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	// kiln's own commands, files and enums are names, whatever the
	// language.
	sources = append(sources, e.project, e.home, "/kiln:start", "/kiln:resume", "start.md",
		strings.Join(Stages, ", "), strings.Join(Statuses, ", "), strings.Join(PhaseStatuses, ", "))
	for _, p := range paths {
		s, err := e.l.Load(e.project, p)
		if err != nil {
			i18ntest.NoEnglish(t, name+": load error", err.Error(), sources...)
			continue
		}
		tx := texts(s)
		keys := make([]string, 0, len(tx))
		for k := range tx {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			i18ntest.NoEnglish(t, name+": "+k, tx[k], sources...)
		}
		if filepath.Base(p) != MemoryFile && filepath.Base(p) != LedgerFile {
			if a := e.l.Apply(s, model.Restart, time.Now()); a.Err != nil {
				i18ntest.NoEnglish(t, name+": restart", a.Err.Error(), sources...)
			}
		}
	}
}

// TestNoEnglishInPortuguese loads every fixture the package's tests
// load (testdata/kiln, the demo's kiln run, the damaged STATE.md shapes)
// in pt-BR: no sentence pickup writes about them may stay English.
func TestNoEnglishInPortuguese(t *testing.T) {
	names, err := os.ReadDir(fixtureDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if !n.IsDir() {
			continue
		}
		src := filepath.Join(fixtureDir, n.Name())
		var e env
		switch {
		case fileExists(filepath.Join(src, "memory")):
			e = place(t, n.Name(), atProject)
		case fileExists(filepath.Join(src, "kiln")):
			e = placeKiln(t, n.Name())
		default:
			continue // a phase state file alone (events), read by its own tests
		}
		checkPortuguese(t, n.Name(), e, treeText(t, src))
	}
	// The demo's kiln run.
	demo := filepath.Join("..", "..", "cmd", "pickup", "sample", "project", ".kiln")
	e := env{project: filepath.Join(t.TempDir(), "shop"), home: t.TempDir()}
	testkit.CopyTree(t, demo, filepath.Join(e.project, ".kiln"))
	st := filepath.Join(e.project, ".kiln", StateFile)
	testkit.Write(t, st, strings.Replace(testkit.Read(t, st), "{{AGO 40m}}", "2026-03-01T10:00:00Z", 1))
	checkPortuguese(t, "demo", e, treeText(t, demo))
	// Damaged and drifting STATE.md files, and a ledger of junk.
	for name, c := range map[string]struct{ fixture, file, body string }{
		"f-bad-stage":   {"era_f_transport", StateFile, "# STATE\nstage: deploy\nnext_action: Rerun stage build\n"},
		"f-no-next":     {"era_f_transport", StateFile, "# STATE\nstage: build\n"},
		"f-no-stage":    {"era_f_transport", StateFile, "# STATE\n"},
		"f-drift":       {"era_f_transport", StateFile, "# STATE\nstage: Build\nactive_slice: x\nnext_action: Rerun stage build\nmood: good\nupdated_at: {updated_at}\ndensity: wide\nseals: elsewhere.log\nstage: law\n"},
		"f-unknown":     {"era_f_transport", StateFile, "# STATE\nstage: build\nnext_action: Do something else\n"},
		"f-onboarding":  {"era_f_transport", StateFile, "# STATE\nstage: law\nnext_action: Rerun onboarding: VISION.md is missing\n"},
		"f-ack":         {"era_f_transport", StateFile, "# STATE\nstage: build\nnext_action: Acknowledge single-family degradation, then relaunch stage build\n"},
		"f-codex":       {"era_f_transport", StateFile, "# STATE\nstage: law\nnext_action: The LAW needs an opposite-family ratifier; restore codex, then relaunch stage law\n"},
		"f-gate-tool":   {"era_f_transport", StateFile, "# STATE\nstage: build\nnext_action: Rerun stage build after restoring the gate tool at /opt/gate\n"},
		"f-reopen":      {"era_f_transport", StateFile, "# STATE\nstage: build\nnext_action: Reopen slice a: LAW is red at resume\n"},
		"f-rerun":       {"era_f_transport", StateFile, "# STATE\nstage: build\nnext_action: Rerun stage build\n"},
		"f-relaunch":    {"era_f_transport", StateFile, "# STATE\nstage: law\nnext_action: Relaunch the kernel workflow with stage=build\n"},
		"unknown-shape": {"era_f_transport", StateFile, "hello\n"},
		"era-a":         {"era_f_transport", StateFile, "# Project State\n\n## Current Track\n"},
		"c-bad-stage":   {"era_d_architecture", StateFile, "# Kiln State\n- **schema_version**: 2\n- **stage**: deploying\n"},
		"c-drift":       {"era_c_build", StateFile, "# Kiln State\n\n## Pipeline\nstage: Build\n- **updated**: soon\n- **stage**: build\n"},
		"e-cut":         {"era_e_build", "events.jsonl", "{\"seq\":1,\"ts\":\"2026-07-10T15:00:00Z\",\"type\":\"stage_started\",\"stage\":\"build\"}\nnot json\n{\"seq\":13,\"ts\":\"2026-07-10T15"},
		"ledger-junk":   {"era_f_brainstorm", LedgerFile, "junk\n"},
	} {
		e := placeKiln(t, c.fixture)
		testkit.Write(t, filepath.Join(e.project, ".kiln", c.file), c.body)
		checkPortuguese(t, name, e, append(treeText(t, filepath.Join(fixtureDir, c.fixture)), values(c.body)...))
	}
}

// values are a file's content, and each of its "key: value" lines'
// values and JSON strings on their own: a short value is quoted whole.
func values(content string) []string {
	out := []string{content}
	for _, l := range strings.Split(content, "\n") {
		if _, v, ok := strings.Cut(l, ":"); ok {
			out = append(out, strings.Trim(strings.TrimSpace(v), `",`))
		}
		for i, part := range strings.Split(l, `"`) {
			if i%2 == 1 {
				out = append(out, part)
			}
		}
	}
	return out
}

// The ruling the demo stops at, in pt-BR: where, why, the question, the
// menu; the values from kiln's files stay as written.
func TestRulingInPortuguese(t *testing.T) {
	e := placeKiln(t, "era_f_ruling")
	e.l.Lang = i18n.PortugueseBR
	s := e.load(t)
	if !strings.HasPrefix(s.ResumePoint.Phase, "etapa build, fatia ") || !strings.HasSuffix(s.ResumePoint.Phase, ", aguardando uma decisão") {
		t.Errorf("resume point %q", s.ResumePoint.Phase)
	}
	if !strings.HasPrefix(s.ResumePoint.Reason, "uma pessoa precisa decidir: ") {
		t.Errorf("reason %q", s.ResumePoint.Reason)
	}
	if len(s.Alerts) == 0 || !strings.HasPrefix(s.Alerts[0].Text, "Decida antes: ") || !strings.Contains(s.Alerts[0].Text, ". Bloqueios: «The LAW does not say") {
		t.Errorf("alerts %+v", s.Alerts)
	}
	c := s.Policy[model.Continue]
	if c.Label != "Responder, depois relançar (/kiln-fire)" || c.Why != "o kiln espera até que uma pessoa responda" {
		t.Errorf("continue %+v", c)
	}
	if !strings.HasPrefix(s.Prompt, "# Retomar a execução do kiln: shop\n\nRode `/kiln-fire` (sem argumentos) em ") {
		t.Errorf("prompt:\n%s", s.Prompt)
	}
	if a := e.l.Apply(s, model.Restart, time.Now()); a.Err == nil || a.Err.Error() != "kiln: este kiln não tem reset; RESTART não é oferecido (nada foi alterado)" {
		t.Errorf("restart: %v", a.Err)
	}
}

// stateWith is execution's phase 3 state file with its events replaced.
func stateWith(header string, events ...string) string {
	return "# Phase 3 State\n" + header + "branch: kiln/phase-3-checkout-flow\nphase_start_commit: 4f1c2d9\nstarted: 2026-02-20T10:00:00Z\n\n## Events\n" +
		strings.Join(events, "\n") + "\n"
}

// ev is one event line of a phase state file.
func ev(minute int, typ, text string) string {
	return "- [2026-02-20T10:" + strconv.Itoa(10+minute) + ":00Z] [Maestro] [" + typ + "] — " + text
}

// TestNoEnglishInPortugueseMemory loads MEMORY.md shapes the fixtures
// do not hold in pt-BR (a drifting MEMORY.md, every event a phase can
// stop at, damaged phase state files, a RESTART cut short, the Claude
// home's memory), and Apply's refusals: no sentence of pickup's own may
// stay English.
func TestNoEnglishInPortugueseMemory(t *testing.T) {
	type variant struct {
		fixture string
		memory  [][2]string       // MEMORY.md edits
		files   map[string]string // files written under .kiln
		remove  []string          // files removed under .kiln
	}
	st := "phase_3_state.md"
	variants := map[string]variant{
		"drift": {fixture: "execution", memory: [][2]string{
			{"project_path: {project}", "project_path: /elsewhere/shop"},
			{"last_updated: 2026-02-20T14:05:00Z", "last_updated: yesterday"},
			{"debate_mode: 2", "debate_mode: 7\nstatus: paused"},
			{"correction_cycle: 0", "correction_cycle: 5"},
			{"- phase_number: 4 | phase_name: Order history | phase_status: pending", "- phase_number: 4 | phase_name: Order history | phase_status: weird\n- phase_number: 4 | phase_name: Again | phase_status: pending\n- garbage\n- phase_number: 2 | phase_name: API integration | phase_status: Completed"},
		}},
		"numbers": {fixture: "execution", memory: [][2]string{
			{"phase_number: 3", "phase_number: three"},
			{"phase_total: 4", "phase_total: many"},
			{"correction_cycle: 0", "correction_cycle: x"},
		}},
		"no-phase-line": {fixture: "execution", memory: [][2]string{
			{"phase_total: 4", "phase_total: 7"},
			{"- phase_number: 3 | phase_name: Checkout flow | phase_status: in_progress\n", ""},
		}},
		"one-phase-added": {fixture: "execution", memory: [][2]string{{"phase_total: 4", "phase_total: 5"}}},
		"stage-written":   {fixture: "execution", memory: [][2]string{{"stage: execution", "stage: Execution"}, {"status: in_progress", "status: null"}}},
		"newest-first": {fixture: "execution", files: map[string]string{st: stateWith("status: In Progress\n",
			ev(9, "task_start", "Task 2"), ev(8, "task_success", "Task 1 done"), ev(7, "task_start", "Task 1"), "- garbage line")}},
		"by-time": {fixture: "execution", files: map[string]string{st: stateWith("status: in_progress\n",
			ev(1, "setup", "init"), ev(5, "review_start", "Review"), ev(3, "review_rejected", "Changes"), ev(6, "fix_start", "Fixing"))}},
		"state-complete":  {fixture: "execution", files: map[string]string{st: stateWith("status: complete\n", ev(1, "merge", "Merged"))}},
		"no-events":       {fixture: "execution", files: map[string]string{st: "# Phase 3 State\nstatus: in_progress\n"}},
		"bad-events":      {fixture: "execution", files: map[string]string{st: stateWith("", "- nothing useful was here", "- and nothing more was here")}},
		"empty-events":    {fixture: "execution", files: map[string]string{st: stateWith("")}},
		"unknown-types":   {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "teleport", "Beam me up"))}},
		"unknown-last":    {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "setup", "init"), ev(2, "teleport", "Beam me up"))}},
		"no-type":         {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "setup", "init"), "- [2026-02-20T10:30:00Z] [Maestro] — something")}},
		"inferred":        {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "setup", "init"), "- [2026-02-20T10:30:00Z] Maestro: task-1 succeeded", "- 2026-02-20T10:31:00Z Merged into main")}},
		"merge":           {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "review_approved", "ok"), ev(2, "merge", "Merged"))}},
		"approved":        {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "review_approved", "ok"))}},
		"reconciled":      {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "reconcile_complete", "ok"))}},
		"deploy":          {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "deploy_start", "ship"))}},
		"error":           {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "error", "boom"))}},
		"setup":           {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "branch", "branch made"))}},
		"sharpening":      {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "sharpen_start", "go"))}},
		"drafting":        {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "plan_start", "go"))}},
		"validating-plan": {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "plan_complete", "go"), ev(2, "plan_validate_start", "go"))}},
		"debating":        {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "plan_complete", "go"))}},
		"synthesising":    {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "debate_complete", "go"))}},
		"planned":         {fixture: "execution", files: map[string]string{st: stateWith("", ev(1, "plan_validate_complete", "go"))}},
		"both-files":      {fixture: "execution", files: map[string]string{"phase_03_state.md": stateWith("", ev(1, "setup", "init"))}},
		"no-state-file":   {fixture: "execution", remove: []string{st}},
		"cut-short": {fixture: "execution", remove: []string{st}, files: map[string]string{
			st + ".discarded.20260220T150000Z": stateWith("", ev(1, "setup", "init"))}},
		"failed-phase":   {fixture: "execution", memory: [][2]string{{"phase_name: Checkout flow | phase_status: in_progress", "phase_name: Checkout flow | phase_status: failed"}}},
		"pending-phase":  {fixture: "execution", memory: [][2]string{{"phase_name: Checkout flow | phase_status: in_progress", "phase_name: Checkout flow | phase_status: pending"}}},
		"archive-proves": {fixture: "execution", files: map[string]string{"archive/phase_03/phase_summary.md": "status: complete\ntasks_total: 5\ntasks_succeeded: 5\nreview_verdict: approved\ncompleted: 2026-02-21T10:00:00Z\n"}},
		"no-phases":      {fixture: "execution_done", memory: [][2]string{{"## Phase Statuses", "## Phase Statuses Gone"}}},
		"sub-stage-bad":  {fixture: "planning", memory: [][2]string{{"planning_sub_stage: ", "planning_sub_stage: pondering\nx_was: "}}},
		"sub-stage-null": {fixture: "planning", memory: [][2]string{{"planning_sub_stage: ", "planning_sub_stage: null\nx_was: "}}},
		"validation-3":   {fixture: "validation", memory: [][2]string{{"phase_total: 4", "phase_total: 4\ncorrection_cycle: 2"}}},
		"unknown-memory": {fixture: "execution", memory: [][2]string{{"stage: execution", "stage:"}}},
	}
	for name, v := range variants {
		e := place(t, v.fixture, atProject)
		for _, ed := range v.memory {
			e.edit(t, strings.ReplaceAll(ed[0], "{project}", e.project), ed[1])
		}
		for _, rel := range v.remove {
			if err := os.Remove(e.kiln(rel)); err != nil {
				t.Fatal(err)
			}
		}
		var written []string
		for rel, body := range v.files {
			if err := os.MkdirAll(filepath.Dir(e.kiln(rel)), 0o755); err != nil {
				t.Fatal(err)
			}
			testkit.Write(t, e.kiln(rel), body)
			written = append(written, values(body)...)
		}
		sources := append(treeText(t, filepath.Join(fixtureDir, v.fixture)), written...)
		for _, ed := range v.memory {
			sources = append(sources, values(ed[1])...)
		}
		checkPortuguese(t, name, e, sources)
		checkApply(t, name, e, sources)
	}

	// The Claude home's memory, whose folder name fits another path.
	e := place(t, "execution", atClaude)
	e.edit(t, "project_path: "+e.project, "project_path: "+filepath.Dir(e.project)+"-shop")
	checkPortuguese(t, "claude-lossy", e, append(treeText(t, filepath.Join(fixtureDir, "execution")), filepath.Dir(e.project)+"-shop"))
	checkApply(t, "claude-lossy", e, nil)

	// Routing that changed after the load: phase 3's summary appears.
	e = place(t, "execution", atProject)
	e.l.Lang = i18n.PortugueseBR
	s := e.load(t)
	testkit.Write(t, e.kiln("archive/phase_03/phase_summary.md"), "status: complete\n")
	if a := e.l.Apply(s, model.Continue, time.Now()); a.Err == nil || !errors.Is(a.Err, fsx.ErrChanged) {
		t.Errorf("CONTINUE after routing changed: %v", a.Err)
	} else {
		i18ntest.NoEnglish(t, "route changed", a.Err.Error(), e.project, e.home)
	}

	// Not found, and a MEMORY.md that names no project.
	l := Loader{Lang: i18n.PortugueseBR}
	i18ntest.NoEnglish(t, "not found", l.NotFound(t.TempDir()), "/kiln:start")
	home := t.TempDir()
	p := filepath.Join(home, "projects", "-x", "memory", MemoryFile)
	testkit.Write(t, p, "# Kiln Project Memory\nstage: execution\nstatus: paused\n")
	if _, _, err := l.Open(p); err != nil {
		i18ntest.NoEnglish(t, "open", err.Error(), home)
	}
}

// checkApply applies RESTART, then CONTINUE, then DISCARD in pt-BR to
// e's MEMORY.md session, loaded again before each, and checks the words
// of any refusal.
func checkApply(t *testing.T, name string, e env, sources []string) {
	t.Helper()
	e.l.Lang = i18n.PortugueseBR
	sources = append(sources, e.project, e.home)
	for _, c := range []model.Choice{model.Restart, model.Continue, model.Discard} {
		if a := e.l.Apply(e.load(t), c, time.Now()); a.Err != nil {
			i18ntest.NoEnglish(t, name+": apply "+string(c), a.Err.Error(), sources...)
		}
	}
}

// Seed 000's own texts in pt-BR keep their structure: the complete
// project's four-option block, the "[kiln:resume]" messages on two
// lines, the execution resume's status line; the English ones stay the
// spec's words.
func TestMemoryInPortuguese(t *testing.T) {
	e := place(t, "complete", atProject)
	e.l.Lang = i18n.PortugueseBR
	s := e.load(t)
	block := []string{
		"Este projeto está marcado como concluído.",
		"",
		"O que você quer fazer agora?",
		"  1. Começar um projeto novo nesta pasta (/kiln:start)",
		"  2. Revisar o registro de decisões",
		"  3. Revisar o registro de armadilhas",
		"  4. Arquivar a memória deste projeto",
	}
	if got := strings.Join(s.Report, "\n"); !strings.Contains(got, "\n\n"+strings.Join(block, "\n")+"\n\n") {
		t.Errorf("report:\n%s", got)
	}
	if len(englishMem.CompleteBlock) != len(block) || englishMem.CompleteBlock[0] != CompleteBlock[0] {
		t.Errorf("English block %q", englishMem.CompleteBlock)
	}
	if p := s.Policy[model.Continue]; p.Label != "Começar um projeto novo nesta pasta (/kiln:start)" {
		t.Errorf("continue %+v", p)
	}

	e = place(t, "execution", atProject)
	e.l.Lang = i18n.PortugueseBR
	s = e.load(t)
	if s.Outcomes[model.Continue] != "Retomando a fase 3/4: Checkout flow — iniciando o Maestro." {
		t.Errorf("continue outcome %q", s.Outcomes[model.Continue])
	}
	if s.ResumePoint.Phase != "fase 3, Passo 4 (implement)" || s.Policy[model.Continue].Hint != "retomar em fase 3, Passo 4 (implement)" {
		t.Errorf("resume point %+v, hint %q", s.ResumePoint, s.Policy[model.Continue].Hint)
	}
	if p := s.Policy[model.Restart]; p.Confirm != "Recomeçar a fase 3 (Checkout flow) do início?\n.kiln/phase_3_state.md é arquivado ao lado dele (renomeado, nunca apagado). A fase 3 volta para pending no MEMORY.md e o Resume Log registra o restart." {
		t.Errorf("restart confirm %q", p.Confirm)
	}

	l := Loader{Lang: i18n.PortugueseBR}
	dir := t.TempDir()
	if got, want := l.NotFound(dir), "[kiln:resume] Nenhuma memória encontrada em "+filepath.Join(dir, ".kiln", "memory")+".\n"+
		"A memória pode não ter sido inicializada. Rode /kiln:start para começar uma nova sessão de projeto."; got != want {
		t.Errorf("not found %q", got)
	}
	e = place(t, "corrupted_missing", atProject)
	e.l.Lang = i18n.PortugueseBR
	s = e.load(t)
	if s.Problem == nil || !strings.HasPrefix(s.Problem.Message, "[kiln:resume] O MEMORY.md está corrompido ou incompleto (faltam campos obrigatórios: ") ||
		!strings.HasSuffix(s.Problem.Message, ").\nRode /kiln:start para reinicializar, ou conserte manualmente "+e.path+".") {
		t.Errorf("problem %+v", s.Problem)
	}
}
