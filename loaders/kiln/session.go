package kiln

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// memory is everything read for one session: MEMORY.md's facts, the
// supporting files and the project's .kiln folder.
type memory struct {
	root, path, memDir, kilnDir string
	data                        []byte
	doc                         *memDoc

	stage, status  string
	mode           string
	projectPath    string
	updated        time.Time
	hasUpdated     bool
	note, context  string
	debateMode     int
	subStage       string
	phaseNumber    int
	hasPhaseNumber bool
	phaseName      string
	phaseTotal     int
	correction     int
	nextAction     string

	files     map[string]string // supporting file -> content (present ones)
	inventory []InvPhase
	summaries map[int]Summary
	// stateN is the phase whose state file routing read, statePath its
	// path, state its content (nil when absent) and stateFP its
	// fingerprint ("absent" when there is none).
	stateN    int
	statePath string
	state     *PhaseState
	stateFP   string
	stateMod  time.Time
	// cut is the archive of a RESTART cut between its two writes.
	cut      string
	route    Route
	warnings []string
	// tx is the language of the banner and the status text (text.go);
	// nil is English.
	tx *Text
	// alerts are the facts that bear on the choice (model.Session.Alerts).
	alerts []model.Alert
}

// shared reports whether the memory folder is the Claude home's
// per-project memory folder, which Claude Code's own auto-memory uses
// too (era B's first location), rather than the project's .kiln/memory.
func (m *memory) shared() bool { return sharedMemory(m.root, m.path) }

// sharedMemory is shared for a MEMORY.md at path in project root.
func sharedMemory(root, path string) bool {
	return filepath.Dir(path) != filepath.Join(root, ".kiln", "memory")
}

func (m *memory) warn(format string, args ...any) {
	m.warnings = append(m.warnings, fmt.Sprintf(format, args...))
}

// alert notes a fact that bears on the choice.
func (m *memory) alert(kind model.AlertKind, format string, args ...any) {
	m.alerts = append(m.alerts, model.Alert{Kind: kind, Text: fmt.Sprintf(format, args...)})
}

// rel shows a path relative to the project when it is inside it.
func (m *memory) rel(p string) string {
	if r, err := filepath.Rel(m.root, p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return p
}

// enumField reads a required enum field with kiln's one leniency rule
// (lenient). It returns the value, or "" and why it is unusable, the
// field's line, and a warning when the value was not written exactly.
func enumField(tx *MemText, d *memDoc, key string, enum []string) (string, string, int, []string) {
	f, ok := d.get(key)
	if !ok {
		return "", tx.Missing.F(key), 0, nil
	}
	if f.null {
		return "", tx.Null.F(key), f.line + 1, nil
	}
	v, exact, ok := lenient(f.raw, enum)
	switch {
	case !ok:
		shown := strings.TrimSpace(f.value)
		if f.quote == 0 {
			shown = stripComment(shown)
		}
		return "", tx.NotOneOf.F(key, strconv.Quote(shown), strings.Join(enum, ", ")), f.line + 1, nil
	case !exact:
		written := f.raw
		if f.quote == 0 {
			written = strconv.Quote(written)
		}
		return v, "", f.line + 1, []string{tx.WrittenAs.F(key, written, strconv.Quote(v))}
	}
	return v, "", f.line + 1, nil
}

// build maps MEMORY.md and the files around it onto a Session.
func build(tx *Text, root, path string, data []byte) *model.Session {
	_, s := analyse(root, path, data, tx)
	return s
}

// analyse reads MEMORY.md and the files around it, routes, and maps it
// all onto a Session. The memory is nil when MEMORY.md is corrupted.
func analyse(root, path string, data []byte, tx *Text) (*memory, *model.Session) {
	m := &memory{root: root, path: path, memDir: filepath.Dir(path), kilnDir: filepath.Join(root, ".kiln"),
		data: data, doc: parseMemory(data), files: map[string]string{}, summaries: map[int]Summary{}, tx: tx}
	title := filepath.Base(root)
	s := &model.Session{
		Source: SourceName, ID: loaders.SessionID(SourceName, root, path), Path: path, Project: root,
		Title: title, Fingerprint: fsx.Fingerprint(data), Warnings: []string{},
		Policy: map[model.Choice]model.ChoicePolicy{model.Discard: discardPolicy(m, false)},
		// The project's .kiln (memory folder, phase state files and their
		// archives) is kiln's own state. A memory folder in the Claude
		// home is Claude Code's too: only MEMORY.md (Path) is kiln's there.
		StateFiles: []string{filepath.Join(root, ".kiln")},
	}
	if !m.shared() {
		s.StateFiles = append([]string{m.memDir}, s.StateFiles...)
	}

	// Required fields: stage and status, from the enums. Never
	// reconstructed.
	var missing, details []string
	line := 0
	tm := m.mt()
	stage, why, l1, w1 := enumField(tm, m.doc, "stage", Stages)
	if why != "" {
		missing, details, line = append(missing, "stage"), append(details, why), l1
	}
	status, why, l2, w2 := enumField(tm, m.doc, "status", Statuses)
	if why != "" {
		missing, details = append(missing, "status"), append(details, why)
		if line == 0 {
			line = l2
		}
	}
	if len(missing) > 0 {
		s.Stage, s.Status = stage, status
		s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: path, Line: line,
			Detail: strings.Join(details, "; "), Message: tm.Corrupted.F(strings.Join(missing, ", "), path)}
		return nil, s
	}
	m.warnings = append(m.warnings, w1...)
	m.warnings = append(m.warnings, w2...)
	m.stage, m.status = stage, status
	m.read()
	m.route = routeFor(tm, m.facts(), m.loadState)
	if m.statePath != "" {
		// Named on its own too (the .kiln folder covers it already), so
		// whoever watches the session's files knows which one routing read.
		s.StateFiles = append(s.StateFiles, m.statePath)
	}
	// A RESTART's archived phase state files are the session's own
	// state, never work at risk: named too, so VETO-2 never counts one
	// even where .kiln as a whole were not exempt.
	s.StateFiles = append(s.StateFiles, m.stateArchives()...)
	m.cutRestart()
	if m.route.Verdict != nil && m.route.Verdict.Warning != "" {
		m.warn("%s: %s", m.rel(m.statePath), m.route.Verdict.Warning)
	}
	if m.state != nil && m.route.Phase != nil {
		st := m.state
		if st.Status != "" && st.StatusRaw != st.Status && contains(HeaderStatuses, st.Status) {
			m.warn("%s", tm.StatusWritten.F(m.rel(m.statePath), strconv.Quote(st.StatusRaw), strconv.Quote(st.Status)))
		}
		switch st.Order {
		case "newest-first":
			m.warn("%s", tm.NewestFirst.F(m.rel(m.statePath)))
		case "by-time":
			m.warn("%s", tm.ByTime.F(m.rel(m.statePath)))
		}
		if len(st.BadLines) > 0 && len(st.Events) > 0 {
			m.warn("%s", tm.BadEventLines.F(m.rel(m.statePath), lineList(m.text(), st.BadLines)))
		}
	}
	m.fill(s)
	return m, s
}

// lineList names line numbers: "line 5", "lines 5, 6, 9", and past ten
// "lines 5, 6, … 14 (and 990 more)".
func lineList(tx *Text, ns []int) string {
	if len(ns) == 1 {
		return tx.LineN.F(ns[0])
	}
	shown := ns[:min(len(ns), 10)]
	out := make([]string, len(shown))
	for i, n := range shown {
		out[i] = strconv.Itoa(n)
	}
	text := tx.LinesN.F(strings.Join(out, ", "))
	if more := len(ns) - len(shown); more > 0 {
		text += tx.AndMore.F(more)
	}
	return text
}

// read gathers the optional fields, the supporting files and the phase
// inventory.
func (m *memory) read() {
	d, tm := m.doc, m.mt()
	m.mode = d.value("project_mode")
	m.projectPath = d.value("project_path")
	shared := filepath.Dir(m.memDir) != filepath.Join(m.root, ".kiln")
	folder := filepath.Base(filepath.Dir(m.memDir))
	if shared {
		m.folderUsed(folder)
	}
	if m.projectPath != "" && filepath.Clean(m.projectPath) != m.root {
		if shared && fitsFolder(filepath.Clean(m.projectPath), folder) {
			m.warn("%s", tm.ProjectPathLossy.F(m.projectPath, m.root, folder))
		} else {
			m.warn("%s", tm.ProjectPathMoved.F(m.projectPath, m.root))
		}
	}
	if v := d.value("last_updated"); v != "" {
		if t, ok := parseTime(v); ok {
			m.updated, m.hasUpdated = t, true
		} else {
			m.warn("%s", tm.UpdatedNotISO.F(strconv.Quote(v)))
		}
	}
	m.note = d.value("handoff_note")
	if f, ok := d.get("handoff_context"); ok && !f.null {
		m.context = strings.TrimSpace(f.value)
	}
	m.debateMode = 2
	if v := stripComment(d.value("debate_mode")); v != "" {
		if n, ok := atoi(v); ok && n >= 1 && n <= 3 {
			m.debateMode = n
		} else {
			m.warn("%s", tm.DebateModeBad.F(strconv.Quote(v)))
		}
	}
	m.subStage = stripComment(d.value("planning_sub_stage"))
	if v := stripComment(d.value("phase_number")); v != "" {
		if n, ok := atoi(v); ok {
			m.phaseNumber, m.hasPhaseNumber = n, true
		} else {
			m.warn("%s", tm.PhaseNumberBad.F(strconv.Quote(v)))
		}
	}
	m.phaseName = d.value("phase_name")
	if v := stripComment(d.value("phase_total")); v != "" {
		if n, ok := atoi(v); ok {
			m.phaseTotal = n
		} else {
			m.warn("%s", tm.PhaseTotalBad.F(strconv.Quote(v)))
		}
	}
	if v := stripComment(d.value("correction_cycle")); v != "" {
		if n, ok := atoi(v); ok {
			m.correction = n
			if n > 3 {
				m.warn("%s", tm.CorrectionHigh.F(n))
			}
		} else {
			m.warn("%s", tm.CorrectionBad.F(strconv.Quote(v)))
		}
	}
	m.nextAction = d.inSection(secResetNotes, "next_action")
	for _, k := range dedupe(d.dupKeys) {
		m.warn("%s", tm.SetTwice.F(k))
	}
	for _, i := range d.badLines {
		m.warn("%s", tm.BadPhaseLine.F(i+1))
	}
	for _, name := range SupportingFiles {
		p := filepath.Join(m.memDir, name)
		data, err := fsx.ReadFile(p)
		switch {
		case err == nil:
			m.files[name] = string(data)
		case errors.Is(err, fs.ErrNotExist):
		default:
			m.warn("%s", m.text().F.CannotRead.F(p, err.Error()))
		}
	}
	m.readReport()
	m.buildInventory()
}

func dedupe(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// phaseHeadingRe finds "## Phase 3: Checkout flow" (any heading level,
// a colon, dash, dot or nothing before the name).
var phaseHeadingRe = lazyre.New(`(?i)^(#{1,6})\s*phase\s+(\d+)\b\s*[:.)\-—–]*\s*(.*?)\s*#*\s*$`)

// planPhase is one phase section of master-plan.md.
type planPhase struct {
	number int
	name   string
	body   string // the whole section, heading included
}

// masterPlanPhases cuts master-plan.md into its phase sections: a phase
// heading up to the next heading of the same or a higher level.
func masterPlanPhases(text string) []planPhase {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out []planPhase
	for i := 0; i < len(lines); i++ {
		m := phaseHeadingRe.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		n, ok := atoi(m[2])
		if !ok {
			continue
		}
		level := len(m[1])
		end := len(lines)
		for j := i + 1; j < len(lines); j++ {
			t := lines[j]
			h := len(t) - len(strings.TrimLeft(t, "#"))
			if h == 0 || h > level {
				continue
			}
			// A phase heading ends the section even when it has no space
			// after its hashes ("##Phase 4"): otherwise every such line
			// would open a section running to the end of the file, and
			// the sections would grow with the square of the line count.
			if (len(t) > h && (t[h] == ' ' || t[h] == '\t')) || phaseHeadingRe.MatchString(t) {
				end = j
				break
			}
		}
		out = append(out, planPhase{number: n, name: m[3], body: strings.TrimRight(strings.Join(lines[i:end], "\n"), "\n ")})
	}
	return out
}

// phaseSection is the Phase n section of master-plan.md, or "".
func (m *memory) phaseSection(n int) string {
	for _, p := range masterPlanPhases(m.files["master-plan.md"]) {
		if p.number == n {
			return p.body
		}
	}
	return ""
}

// normPhaseStatus reads a Phase Statuses word with the same rule as
// stage and status (lenient).
func normPhaseStatus(s string) (string, bool) {
	w, exact, ok := lenient(s, PhaseStatuses)
	return w, ok && exact
}

// buildInventory is the execution inventory: MEMORY.md's Phase Statuses,
// phases master-plan.md or phase_total add, the runtime phase_number when
// Phase Statuses lacks it, then the archive's override.
func (m *memory) buildInventory() {
	tm := m.mt()
	byNum := map[int]*InvPhase{}
	for _, p := range m.doc.phases {
		if _, dup := byNum[p.number]; dup {
			m.warn("%s", tm.PhaseTwice.F(p.number))
			continue
		}
		st, ok := normPhaseStatus(p.status)
		switch {
		case st == "":
			m.warn("%s", tm.PhaseStatusBad.F(p.number, strconv.Quote(p.status)))
			st = "pending"
		case !ok:
			m.warn("%s", tm.PhaseStatusRead.F(p.number, strconv.Quote(p.status), st))
		}
		byNum[p.number] = &InvPhase{Number: p.number, Name: p.name, Status: st, Memory: p.status}
	}
	for _, p := range masterPlanPhases(m.files["master-plan.md"]) {
		if ip, ok := byNum[p.number]; ok {
			if ip.Name == "" {
				ip.Name = p.name
			}
			continue
		}
		byNum[p.number] = &InvPhase{Number: p.number, Name: p.name, Status: "pending"}
	}
	if m.stage == "execution" && m.hasPhaseNumber {
		if ip, ok := byNum[m.phaseNumber]; !ok || ip.Memory == "" {
			name := m.phaseName
			if ok && ip.Name != "" && name == "" {
				name = ip.Name
			}
			byNum[m.phaseNumber] = &InvPhase{Number: m.phaseNumber, Name: name, Status: "in_progress"}
			m.warn("%s", tm.NoPhaseLine.F(m.phaseNumber))
		}
	}
	if m.phaseTotal > 0 {
		var added []string
		for n := 1; n <= m.phaseTotal; n++ {
			if _, ok := byNum[n]; !ok {
				byNum[n] = &InvPhase{Number: n, Status: "pending"}
				added = append(added, strconv.Itoa(n))
			}
		}
		if len(added) > 0 {
			m.warn("%s", tm.PhaseTotalAdds.N(len(added), m.phaseTotal, strings.Join(added, ", ")))
		}
	}
	nums := make([]int, 0, len(byNum))
	for n := range byNum {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for _, n := range nums {
		ip := byNum[n]
		if ip.Name == "" {
			ip.Name = tm.PhaseName.F(n)
		}
		if sum, ok := m.archiveSummary(n); ok {
			m.summaries[n] = sum
			ip.Archived, ip.Summary = true, m.rel(sum.Path)
			if ip.Status != "completed" {
				was := ip.Memory
				if was == "" {
					was = tm.NoStatus
				}
				m.warn("%s", tm.ArchiveProves.F(n, m.rel(sum.Path), was))
			}
			ip.Status = "completed"
		}
		m.inventory = append(m.inventory, *ip)
	}
}

// archiveSummary probes `.kiln/archive/phase_<NN>/phase_summary.md` (and
// the unpadded `phase_<N>` an agent may write).
func (m *memory) archiveSummary(n int) (Summary, bool) {
	names := []string{fmt.Sprintf("phase_%02d", n)}
	if u := "phase_" + strconv.Itoa(n); u != names[0] {
		names = append(names, u)
	}
	for _, dir := range names {
		p := filepath.Join(m.kilnDir, "archive", dir, "phase_summary.md")
		data, err := fsx.ReadFile(p)
		switch {
		case err == nil:
			return parseSummary(p, data), true
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		default:
			// It is there: that is the proof, even if it cannot be read.
			m.warn("%s", m.text().F.CannotRead.F(p, err.Error()))
			return Summary{Path: p}, true
		}
	}
	return Summary{}, false
}

// statePathFor is phase n's state file: `.kiln/phase_<N>_state.md` (N
// not padded, as kiln names it), or the zero-padded
// `phase_<NN>_state.md` an agent may write instead when only that one
// exists.
func (m *memory) statePathFor(n int) string {
	plain := filepath.Join(m.kilnDir, "phase_"+strconv.Itoa(n)+"_state.md")
	padded := filepath.Join(m.kilnDir, fmt.Sprintf("phase_%02d_state.md", n))
	if padded == plain {
		return plain
	}
	_, errPlain := os.Lstat(plain)
	_, errPadded := os.Lstat(padded)
	switch {
	case errPlain != nil && errPadded == nil:
		return padded
	case errPlain == nil && errPadded == nil:
		m.warn("%s", m.mt().BothState.F(m.rel(plain), m.rel(padded)))
	}
	return plain
}

// loadState reads phase n's state file for routing and remembers its
// fingerprint, so a write can refuse when it changed, and its
// modification time, the session's time when it is the newest.
func (m *memory) loadState(n int) *PhaseState {
	m.stateN, m.statePath, m.stateFP = n, m.statePathFor(n), absentFP
	data, err := fsx.ReadFile(m.statePath)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			m.warn("%s", m.mt().CannotReadState.F(m.statePath, err.Error()))
		}
		return nil
	}
	if st, err := os.Stat(m.statePath); err == nil {
		m.stateMod = st.ModTime()
	}
	m.stateFP = fsx.Fingerprint(data)
	m.state = parsePhaseState(data)
	return m.state
}

// stateArchiveRe is the name RESTART gives an archived phase state file.
var stateArchiveRe = lazyre.New(`^phase_\d+_state\.md\.discarded\.\d[0-9TZ.-]*$`)

// stateArchives lists the archived phase state files in .kiln (one
// folder read, never a walk).
func (m *memory) stateArchives() []string {
	ents, err := os.ReadDir(m.kilnDir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if stateArchiveRe.MatchString(e.Name()) {
			out = append(out, filepath.Join(m.kilnDir, e.Name()))
		}
	}
	return out
}

// cutRestart finds a RESTART that was cut between its two writes: the
// routed phase has no state file, and an archived one of that phase sits
// in .kiln that MEMORY.md's Resume Log does not name (a finished
// RESTART names its archive). It says so on the resume point, in a
// warning saying exactly how to finish or undo it, and m.cut keeps the
// archive's path so RESTART is recommended.
func (m *memory) cutRestart() {
	r := &m.route
	if r.Phase == nil || m.state != nil {
		return
	}
	n := r.Phase.Number
	var newest string
	for _, p := range m.stateArchives() {
		base := filepath.Base(p)
		num, _, _ := strings.Cut(strings.TrimPrefix(base, "phase_"), "_")
		if k, ok := atoi(num); !ok || k != n || bytes.Contains(m.data, []byte(base)) {
			continue
		}
		if newest == "" || archiveTime(base).After(archiveTime(filepath.Base(newest))) {
			newest = p
		}
	}
	if newest == "" {
		return
	}
	m.cut = newest
	tm := m.mt()
	base := filepath.Base(newest)
	when := ""
	if t := archiveTime(base); !t.IsZero() {
		when = tm.CutAt.F(t.UTC().Format("2006-01-02 15:04"))
	}
	live := archivedFrom(base)
	status := r.Phase.Memory
	if status == "" {
		status = r.Phase.Status
	}
	m.alert(model.AlertCutShort, "%s", tm.CutAlert.F(n, when, m.rel(filepath.Join(m.kilnDir, live)), base, status, live))
	why := tm.CutWhy.F(n, base)
	r.Why = why
	r.Next = tm.NextExec.F(n, totalText(m.phaseTotal), r.Phase.Name, tm.step(r.Verdict.Step), why)
}

// archivedFrom is the name an archive had: "phase_3_state.md" for
// "phase_3_state.md.discarded.<stamp>".
func archivedFrom(base string) string {
	if i := strings.Index(base, ".discarded."); i >= 0 {
		return base[:i]
	}
	return base
}

// archiveTime is the time in an archive's name (any stamp form
// fsx.ParseStamp reads), or the zero time.
func archiveTime(base string) time.Time {
	i := strings.LastIndex(base, fsx.ArchiveInfix)
	if i < 0 {
		return time.Time{}
	}
	t, _ := fsx.ParseStamp(base[i+len(fsx.ArchiveInfix):])
	return t
}

// lastActivity is the session's time: the newest of MEMORY.md's
// last_updated, the phase state file's latest event and its modification
// time. A phase whose events are minutes old has not crashed, whatever
// MEMORY.md's last_updated says.
func (m *memory) lastActivity() (time.Time, bool) {
	t, ok := m.updated, m.hasUpdated
	newer := func(c time.Time) {
		if !c.IsZero() && (!ok || c.After(t)) {
			t, ok = c, true
		}
	}
	if m.state != nil {
		if last, has := m.state.Last(); has && last.HasTime {
			newer(last.Time)
		}
		newer(m.stateMod)
	}
	return t, ok
}

func (m *memory) facts() Facts {
	return Facts{Stage: m.stage, Status: m.status, SubStage: m.subStage, DebateMode: m.debateMode,
		CorrectionCycle: m.correction, PhaseTotal: m.phaseTotal, Inventory: m.inventory}
}

// absentFP stands for "no file" in a composite fingerprint.
const absentFP = "absent"

// fingerprint is MEMORY.md's hash, then what routing read from the phase
// state file and the phase it chose: "<sha>|route=execution:3|state=<sha>".
// A write re-reads both and refuses when anything differs.
func (m *memory) fingerprint() string {
	fp := fsx.Fingerprint(m.data) + "|route=" + m.route.Stage
	if m.route.Phase != nil {
		fp += ":" + strconv.Itoa(m.route.Phase.Number) + "|state=" + m.stateFP
	}
	return fp
}

// memoryFP is the MEMORY.md part of a session fingerprint.
func memoryFP(fp string) string {
	h, _, _ := strings.Cut(fp, "|")
	return h
}

// folderUsed says which of the two names of the project's folder in the
// Claude home held MEMORY.md, when the two differ: seed 000's (only "/"
// becomes "-") or Claude Code's own (every character outside
// [A-Za-z0-9]).
func (m *memory) folderUsed(folder string) {
	seed := Encode(m.root)
	claude, _ := ClaudeEncode(m.root)
	if seed == claude {
		return
	}
	tm := m.mt()
	if folder == seed {
		m.warn("%s", tm.FolderSeed.F(m.memDir, claude))
	} else {
		m.warn("%s", tm.FolderClaude.F(m.memDir, seed))
	}
}

// fitsFolder reports whether path encodes to folder by either rule.
func fitsFolder(path, folder string) bool {
	claude, long := ClaudeEncode(path)
	return Encode(path) == folder || claude == folder || long && strings.HasPrefix(folder, claude+"-")
}
