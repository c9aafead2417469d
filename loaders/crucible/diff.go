package crucible

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/lazyre"
)

// DiffOptions name the final commits of both runs, when known: the
// manifests do not record them.
type DiffOptions struct {
	OriginalSHA, ReplaySHA string
	Repo                   string // the repository to diff them in
	// Lang is the report's language (its headings, labels and warnings;
	// the signal's values stay as the seed writes them).
	Lang i18n.Lang
}

// DiffReport is the spec's "# Replay Diff" report and its structured
// replay-diff signal.
type DiffReport struct {
	Lines    []string
	Signal   map[string]any
	Warnings []string
}

// EmptyError is returned for a manifest with no valid entry.
type EmptyError struct {
	Path string
	tx   *Text
}

func (e *EmptyError) Error() string {
	if e.tx != nil {
		return e.Path + ": " + e.tx.EmptyManifest
	}
	return e.Path + ": " + EmptyManifest
}

// Diff compares an original run with its replay. Replay entries are those
// with a replay_session in the replay manifest (crucible appends them to
// the original manifest, so both arguments may name the same file), or
// all of its entries when none has one; original entries are those of the
// original manifest without a replay_session.
func Diff(originalPath, replayPath string, o DiffOptions) (*DiffReport, error) {
	t := Catalogs.For(o.Lang)
	orig, err := readManifest(originalPath, false, nil, t)
	if err != nil {
		return nil, err
	}
	repl := orig
	if filepath.Clean(replayPath) != filepath.Clean(originalPath) {
		if repl, err = readManifest(replayPath, false, nil, t); err != nil {
			return nil, err
		}
	}
	rep := &DiffReport{}
	if rep.Warnings, err = diffWarnings(t, orig, repl); err != nil {
		return nil, err
	}
	var originals, replays []*Entry
	for _, e := range orig.Entries() {
		if e.ReplaySession() == "" {
			originals = append(originals, e)
		}
	}
	for _, e := range repl.Entries() {
		if e.ReplaySession() != "" {
			replays = append(replays, e)
		}
	}
	if len(replays) == 0 && repl != orig {
		replays = repl.Entries()
	}
	if len(replays) == 0 {
		rep.Warnings = append(rep.Warnings, t.NoReplayEntry)
	}
	origID := orWord(sessionFromDir(filepath.Dir(orig.Path)), "original")
	replID := mostCommonSession(replays)
	if replID == "" {
		replID = orWord(sessionFromDir(filepath.Dir(repl.Path)), "replay")
	}
	var mutations []string
	seen := map[string]bool{}
	for _, e := range replays {
		if e.Mutation() != "" && !seen[e.Mutation()] {
			seen[e.Mutation()] = true
			mutations = append(mutations, e.Mutation())
		}
	}

	oGate, rGate := gateRounds(originals), gateRounds(replays)
	oDur, rDur := totalDuration(originals), totalDuration(replays)
	oAcc, rAcc := acceptance(originals), acceptance(replays)
	accDelta := "="
	if oAcc != rAcc {
		accDelta = t.AccChanged
	}
	accWord := func(v string) string {
		if v == "unknown" {
			return t.Unknown
		}
		return v
	}

	var out []string
	add := func(f string, a ...any) { out = append(out, fmt.Sprintf(f, a...)) }
	add("%s", t.DiffTitle.F(origID, replID))
	add("")
	add("%s", t.Mutations)
	add("")
	if len(mutations) == 0 {
		add("%s", t.NoMutations)
	}
	for _, m := range mutations {
		add("- %s", m)
	}
	add("")
	add("%s", t.Outcome)
	add("")
	add("%s", t.MetricHead)
	add("%s", t.MetricRule)
	add("| %s | %d | %d | %s |", t.TotalDispatches, len(originals), len(replays), signed(len(replays)-len(originals)))
	add("| %s | %d | %d | %s |", t.GateRounds, oGate, rGate, signed(rGate-oGate))
	add("| %s | %s | %s | %sm |", t.WallClock, hm(oDur), hm(rDur), signed(mins(rDur)-mins(oDur)))
	add("| %s | %s | %s | %s |", t.AcceptanceTests, accWord(oAcc), accWord(rAcc), accDelta)
	add("")
	add("%s", t.PerDispatch)
	add("")
	add("%s", t.DispatchHead)
	add("%s", t.DispatchRule)
	out = append(out, dispatchRows(t, originals, replays)...)
	add("")
	add("%s", t.ArtifactDiff)
	add("")
	var artifact map[string]any
	if o.OriginalSHA != "" && o.ReplaySHA != "" {
		add("- git diff %s..%s", o.OriginalSHA, o.ReplaySHA)
		files, ins, del, err := shortstat(o.Repo, o.OriginalSHA, o.ReplaySHA)
		if err != nil {
			add("%s", t.CannotDiff.F(err.Error()))
		} else {
			add("%s", t.FilesChanged.N(files, ins, del))
			artifact = map[string]any{"files_changed": files, "insertions": ins, "deletions": del}
		}
	} else {
		add("%s", t.NoFinalSHAs)
		add("%s", t.NoSHAsHint)
	}

	rep.Lines = out
	if mutations == nil {
		mutations = []string{}
	}
	rep.Signal = map[string]any{
		"type": "replay-diff", "original_session": origID, "replay_session": replID, "mutations": mutations,
		"metrics": map[string]any{
			"original_dispatches": len(originals), "replayed_dispatches": len(replays),
			"original_gate_rounds": oGate, "replayed_gate_rounds": rGate,
			"original_duration_m": mins(oDur), "replayed_duration_m": mins(rDur),
		},
		"outcome":       map[string]any{"original": oAcc, "replayed": rAcc},
		"artifact_diff": artifact,
	}
	return rep, nil
}

// diffWarnings are the two manifests' skipped lines; a manifest with no
// valid entry is an error.
func diffWarnings(t *Text, orig, repl *Manifest) ([]string, error) {
	var warnings []string
	for _, m := range []*Manifest{orig, repl} {
		if m.Valid == 0 {
			return nil, &EmptyError{Path: m.Path, tx: t}
		}
		for i, b := range m.Bad {
			if i == maxBadWarnings {
				warnings = append(warnings, t.DiffMoreBad.N(len(m.Bad)-i, m.Path))
				break
			}
			warnings = append(warnings, t.DiffBadLine.F(m.Path, b.Line, t.badReason(b)))
		}
		if m == repl {
			break
		}
	}
	return warnings, nil
}

// dispatchRows are the per-dispatch table's rows: each replayed dispatch
// beside its original, then the originals after the first replayed one
// that were not replayed.
func dispatchRows(t *Text, originals, replays []*Entry) []string {
	var out []string
	add := func(f string, a ...any) { out = append(out, fmt.Sprintf(f, a...)) }
	bySeq := map[int]*Entry{}
	for _, e := range originals {
		bySeq[e.Seq] = e
	}
	replayed := map[int]bool{}
	minOf := 0
	for _, r := range replays {
		if !r.HasReplayOf() {
			add("| %s | %s | - | %s | %s |", t.NewSeq.F(r.Seq), cell(r.Role()), cell(r.Status()), cell(t.NewDispatch.F(r.Summary())))
			continue
		}
		replayed[r.ReplayOf()] = true
		if minOf == 0 || r.ReplayOf() < minOf {
			minOf = r.ReplayOf()
		}
		o := bySeq[r.ReplayOf()]
		if o == nil {
			add("| %d | %s | %s | %s | %s |", r.ReplayOf(), cell(r.Role()), t.NotInOriginal, cell(r.Status()), cell(r.Summary()))
			continue
		}
		add("| %d | %s | %s | %s | %s |", o.Seq, cell(orWord(o.Role(), r.Role())), cell(o.Status()), cell(r.Status()), cell(summaryDelta(t, o.Summary(), r.Summary())))
	}
	if minOf > 0 {
		for _, o := range originals {
			if o.Seq >= minOf && !replayed[o.Seq] && o.SupersededBy() == 0 {
				add("| %d | %s | %s | %s | - |", o.Seq, cell(o.Role()), cell(o.Status()), t.NotReplayed)
			}
		}
	}
	return out
}

func mostCommonSession(es []*Entry) string {
	n := map[string]int{}
	for _, e := range es {
		if e.ReplaySession() != "" {
			n[e.ReplaySession()]++
		}
	}
	best, bn := "", 0
	keys := make([]string, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if n[k] > bn {
			best, bn = k, n[k]
		}
	}
	return best
}

func gateRounds(es []*Entry) int {
	n := 0
	for _, e := range es {
		r := strings.ToLower(e.Role())
		if strings.Contains(r, "quality-gate") || strings.Contains(r, "red-team") {
			n++
		}
	}
	return n
}

func totalDuration(es []*Entry) float64 {
	var d float64
	for _, e := range es {
		if e.HasDuration {
			d += e.Duration
		}
	}
	return d
}

var failWord = lazyre.New(`(?i)\bfail`)

// acceptance is PASS or FAIL from the last acceptance-test dispatch, or
// "unknown" when the run has none.
func acceptance(es []*Entry) string {
	verdict := "unknown"
	for _, e := range es {
		if !strings.Contains(strings.ToLower(e.Role()+" "+e.File()), "acceptance") {
			continue
		}
		switch {
		case e.Status() == StatusFailed || e.Status() == StatusError || failWord.MatchString(e.Summary()):
			verdict = "FAIL"
		case e.Status() == StatusCompleted:
			verdict = "PASS"
		}
	}
	return verdict
}

func signed(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}

// mins is seconds as whole minutes, rounded.
func mins(sec float64) int { return int(math.Round(sec / 60)) }

// hm is seconds as "Xh Ym".
func hm(sec float64) string {
	m := mins(sec)
	return fmt.Sprintf("%dh %dm", m/60, m%60)
}

func summaryDelta(t *Text, a, b string) string {
	a, b = oneLine(a), oneLine(b)
	if a == b {
		return t.SameSummary
	}
	return clip(t, a, 50) + " → " + clip(t, b, 50)
}

func clip(t *Text, s string, n int) string {
	if s == "" {
		return t.NoText
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

var statRe = lazyre.New(`(\d+) files? changed(?:, (\d+) insertions?\(\+\))?(?:, (\d+) deletions?\(-\))?`)

func shortstat(repo, a, b string) (files, ins, del int, err error) {
	if repo == "" {
		repo = "."
	}
	abs, err := filepath.Abs(repo)
	if err != nil {
		return 0, 0, 0, err
	}
	out, err := runGit(abs, cleanEnv(), "-C", abs, "diff", "--shortstat", a+".."+b, "--")
	if err != nil {
		return 0, 0, 0, err
	}
	m := statRe.FindStringSubmatch(string(out))
	if m == nil {
		return 0, 0, 0, nil // no difference
	}
	files, _ = strconv.Atoi(m[1])
	ins, _ = strconv.Atoi(m[2])
	del, _ = strconv.Atoi(m[3])
	return files, ins, del, nil
}
