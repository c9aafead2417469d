package crucible

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// Verification kinds, by role. crucible's reviewers, red-team and
// inquisitor return their findings in the conversation and write no
// output file (receipts go to receipt-ledger.jsonl, quality-gate rounds
// write round-N-findings.md in the gate's own scratch folder), so their
// completion line is the evidence, with a receipt or a findings file
// named beside it where one exists.
const (
	KindCommit  = "commit"  // implementers: a commit in the dispatch's window, or naming its task
	KindReview  = "review"  // reviewers, red-team, inquisitor: the completion line (+ receipt or findings file)
	KindNone    = "none"    // quality-gate rounds: conversation output only
	KindTrusted = "trusted" // other roles: no artifact rule; the completion line is the evidence
)

// RoleKind says how a role's completed dispatch is verified.
func RoleKind(role string) string {
	r := strings.ToLower(role)
	switch {
	case strings.Contains(r, "implement"):
		return KindCommit
	case strings.Contains(r, "quality-gate") || strings.Contains(r, "quality_gate") || strings.Contains(r, "qg-round"):
		return KindNone
	case strings.Contains(r, "review") || strings.Contains(r, "red-team") || strings.Contains(r, "redteam") ||
		strings.Contains(r, "red_team") || strings.Contains(r, "inquisitor"):
		return KindReview
	}
	return KindTrusted
}

// Verdicts of a check.
const (
	VerdictVerified = "verified"
	// VerdictFailed: the evidence was looked for and is not there (the
	// seed's rule: the manifest may be stale); the resume point moves
	// back to the dispatch's phase.
	VerdictFailed = "failed"
	// VerdictCannotCheck: the evidence could not be looked for (no git
	// repository, nothing to match commits against). It is reported as
	// such and does not move the resume point.
	VerdictCannotCheck = "cannot_check"
)

// verdict is a check's verdict, kept in a byte.
type verdict uint8

const (
	vFailed verdict = iota
	vVerified
	vCannotCheck
)

func (v verdict) String() string {
	switch v {
	case vVerified:
		return VerdictVerified
	case vCannotCheck:
		return VerdictCannotCheck
	}
	return VerdictFailed
}

// Check is the verification of one dispatch.
type Check struct {
	Seq   int    `json:"seq"`
	Role  string `json:"role"`
	Phase string `json:"phase"`
	Kind  string `json:"kind"`
	// OK is true when the dispatch is verified.
	OK       bool   `json:"ok"`
	Verdict  string `json:"verdict"`
	Evidence string `json:"evidence"`
	// evPre, when not "", comes before Evidence: the evidence is
	// evPre+Evidence (a lean plan's check as WriteJSON writes it).
	evPre string
}

// Commit windows: a dispatch's commits land between its start and its
// end; slack covers clocks and the commit that closes the dispatch.
const (
	windowBefore = time.Minute
	windowAfter  = 10 * time.Minute
	// noDuration is the window used when the manifest records no duration.
	noDuration = 2 * time.Hour
)

// evidence gathers what verification reads from disk, each thing once.
type evidence struct {
	tx      *Text    // the sentences' language (says.go)
	dirs    []string // dispatch directories: live, scratch copy, /tmp
	listing dirCache
	git     *projectGit
	byTime  *timeIndex // the log by commit time, built on first use
	// byTask lists, per task number, the log positions of the commits
	// naming it (see mentioning).
	byTask    map[string][]int
	byTaskLen int
	start     time.Time // pipeline start, for task-pattern matching
	header    []byte    // a dispatch file's first bytes, reused
	// starts are dispatch file header times read ahead by readStarts
	// (zero when the header has none), by seq.
	starts seqStarts
	// ahead are the headers read while the manifest was parsed (see
	// headerAhead), by seq; readStarts takes them.
	ahead []aheadRead
	// trusted holds the evidence text per role for roles with no
	// artifact rule: thousands of dispatches share a few roles.
	trusted map[string]string
	// kinds holds RoleKind per role, for the same reason.
	kinds map[string]string
	// scratch is the pipeline's scratch directory ("" when unknown):
	// quality-gate rounds write their findings under it.
	scratch string
	// receipts are the receipt-ledger.jsonl rows of the dispatch
	// directories, by dispatch id ("<seq>-<template>"); findings the
	// quality-gate round findings files on disk. Both are read once
	// (loadSide).
	receipts map[string]string
	findings []string
	sideDone bool
	// m is the manifest verified; lines reads a lean one's summaries
	// again (summary), opened when first needed.
	m     *Manifest
	lines *lineReader
	// byWord lists, per word, the log positions of the commits whose
	// subject has it (see sharing).
	byWord    map[string][]int
	byWordLen int
}

// kind is RoleKind(role), worked out once per role.
func (ev *evidence) kind(role string) string {
	k, ok := ev.kinds[role]
	if !ok {
		k = RoleKind(role)
		if ev.kinds == nil {
			ev.kinds = map[string]string{}
		}
		if len(ev.kinds) < 1024 {
			ev.kinds[role] = k
		}
	}
	return k
}

// outputs lists the dispatch's output files: the one its line names, or
// files "<seq>-…" beside its dispatch file other than the dispatch file.
func (ev *evidence) outputs(e *Entry) []string {
	if e.Output() != "" {
		if out, ok := ev.namedOutput(e); ok {
			return []string{out}
		}
	}
	for _, d := range ev.dirs {
		l, i, j := ev.besides(e, d)
		var out []string
		for k := i; k < j; k++ {
			if name := l.name(k); !e.fileIs(name) {
				out = append(out, name)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// namedOutput is the output file the entry's line names, when it is a
// file: an absolute path, or its name in a dispatch directory (joined).
func (ev *evidence) namedOutput(e *Entry) (string, bool) {
	if filepath.IsAbs(e.Output()) && isFile(e.Output()) {
		return e.Output(), true
	}
	for _, d := range ev.dirs {
		if ev.listed(d).has(filepath.Base(e.Output())) {
			return filepath.Join(d, filepath.Base(e.Output())), true
		}
	}
	return "", false
}

// firstOutput is outputs(e)[0], "" when there is none, without the list:
// a name from a listing is a piece of its string, not a copy.
func (ev *evidence) firstOutput(e *Entry) string {
	if e.Output() != "" {
		if out, ok := ev.namedOutput(e); ok {
			return out
		}
	}
	for _, d := range ev.dirs {
		l, i, j := ev.besides(e, d)
		for k := i; k < j; k++ {
			if name := l.name(k); !e.fileIs(name) {
				return name
			}
		}
	}
	return ""
}

// besides gives the run of names "<seq>-…" of folder d (an ev.dirs) in
// its listing, names i to j-1; the entry's dispatch file may be among
// them.
func (ev *evidence) besides(e *Entry, d string) (l *dirListing, i, j int) {
	var n [24]byte
	l = ev.listed(d)
	i, j = l.prefixed(string(append(strconv.AppendInt(n[:0], int64(e.Seq), 10), '-')))
	return l, i, j
}

// verify checks one dispatch whose final status is completed.
func (ev *evidence) verify(e *Entry) leanCheck {
	lc := leanCheck{e: e, verdict: vVerified}
	switch ev.kind(e.Role()) {
	case KindNone:
		lc.evidence, lc.lead = ev.withSide(e, ev.t().GateRound, leadGate)
	case KindTrusted:
		lc.evidence, lc.lead = ev.withSide(e, ev.trustedText(e.Role()), leadNone)
	case KindReview:
		lc.evidence, lc.lead = ev.withSide(e, "", leadCompletion)
	case KindCommit:
		if found, from, to, ok := ev.inWindow(e); ok && len(found) > 0 && len(found) <= math.MaxUint16 {
			// The sentence commits would make, kept as its values.
			lc.lead, lc.n = leadWindow, uint16(len(found))
			lc.evidence = short(found[len(found)-1].Hash)
			lc.from, lc.to = minuteOf(from), minuteOf(to)
			break
		}
		found, how, err := ev.commits(e)
		switch {
		case err != nil:
			lc.verdict, lc.evidence = vCannotCheck, ev.t().CannotCommits.F(err.Error())
		case len(found) == 0:
			lc.verdict, lc.evidence = vFailed, ev.t().NoCommit.F(how)
		case len(found) > 1:
			lc.evidence = ev.t().Commits.F(len(found), how, short(found[len(found)-1].Hash))
		default:
			lc.evidence = ev.t().OneCommit.F(short(found[0].Hash), how)
		}
	}
	return lc
}

// withSide is a completed dispatch's evidence beyond its own rule: a
// receipt recorded for it, an output file beside its dispatch file, the
// quality-gate round findings on disk (for red-team and quality-gate
// rounds). For a reviewer (base "") the completion line is the evidence,
// and these are named when they exist.
//
// When an output file is all there is to name and the sentence before it
// is one of the catalog's (lead, not leadNone), the evidence is kept as
// the file's name and that lead, and the sentence is made when it is
// read (leanCheck.text): tens of thousands of reviewers' sentences are
// not held through verification. The name is usually a piece of the
// dispatch folder's listing.
func (ev *evidence) withSide(e *Entry, base string, lead evLead) (string, evLead) {
	ev.loadSide()
	var receipt, outName, findings string
	if len(ev.receipts) > 0 && e.HasFile() {
		if v, ok := ev.receipts[strings.TrimSuffix(e.File(), ".md")]; ok {
			receipt = ev.t().Receipt.F(v, ReceiptLedger)
		}
	}
	if base == "" || e.Output() != "" {
		if out := ev.firstOutput(e); out != "" {
			outName = filepath.Base(out)
		}
	}
	if len(ev.findings) > 0 && roundRole(e.Role()) {
		findings = ev.t().Findings.F(findingsText(ev.t(), ev.findings))
	}
	t := ev.t()
	first := base
	if base == "" {
		first = t.CompletionLine
	}
	switch {
	case receipt == "" && outName == "" && findings == "":
		if base == "" {
			return t.ReviewOnly, leadNone
		}
		return base, leadNone
	case receipt == "" && findings == "":
		if lead != leadNone {
			return outName, lead
		}
		return withOutput(t, first, outName), leadNone
	}
	output := ""
	if outName != "" {
		output = t.OutputFile.F(outName)
	}
	parts := []string{first}
	for _, x := range []string{receipt, output, findings} {
		if x != "" {
			parts = append(parts, x)
		}
	}
	return strings.Join(parts, "; "), leadNone
}

// withOutput is first followed by the output file name's sentence:
// "<first>; output file <name>", made in one piece when the sentence is
// the name between two texts.
func withOutput(t *Text, first, name string) string {
	pre, post, ok := strings.Cut(t.OutputFile.Text(), "{name}")
	if !ok || strings.IndexByte(pre, '{') >= 0 || strings.IndexByte(post, '{') >= 0 {
		return first + "; " + t.OutputFile.F(name)
	}
	return first + "; " + pre + name + post
}

// roundRole: the role's rounds may write quality-gate findings.
func roundRole(role string) bool {
	r := strings.ToLower(role)
	return strings.Contains(r, "red-team") || strings.Contains(r, "redteam") || strings.Contains(r, "red_team") ||
		strings.Contains(r, "quality-gate") || strings.Contains(r, "quality_gate") || strings.Contains(r, "qg-")
}

// findingsText names up to three findings files, relative to the gate's
// scratch folder.
func findingsText(t *Text, fs []string) string {
	var names []string
	for i, f := range fs {
		if i == 3 {
			names = append(names, t.AndN.F(len(fs)-i))
			break
		}
		names = append(names, filepath.Join(filepath.Base(filepath.Dir(f)), filepath.Base(f)))
	}
	return strings.Join(names, ", ")
}

// ReceiptLedger is the receipt ledger beside a dispatch directory's
// manifest: one JSON object per line, {dispatch_id, phase, rcpt_sha256,
// verdict}, written by the orchestrator as it accepts each receipt.
const ReceiptLedger = "receipt-ledger.jsonl"

// loadSide reads, once, the receipt ledgers of the dispatch directories
// (the first row for a dispatch id wins, from the first directory that
// has one) and lists the quality-gate round findings files under the
// scratch directory (<scratch>/quality-gate/scratch/<run>/round-N-findings.md).
func (ev *evidence) loadSide() {
	if ev.sideDone {
		return
	}
	ev.sideDone = true
	for _, d := range ev.dirs {
		for id, v := range readReceipts(filepath.Join(d, ReceiptLedger)) {
			if _, ok := ev.receipts[id]; !ok {
				if ev.receipts == nil {
					ev.receipts = map[string]string{}
				}
				ev.receipts[id] = v
			}
		}
	}
	if ev.scratch != "" {
		fs, _ := filepath.Glob(filepath.Join(ev.scratch, "quality-gate", "scratch", "*", "round-*-findings.md"))
		for _, f := range fs {
			if isFile(f) {
				ev.findings = append(ev.findings, f)
			}
		}
	}
}

// readReceipts reads a receipt ledger's rows: dispatch id -> verdict
// ("recorded" when the row has none). Lines that are not JSON objects
// with a dispatch_id are skipped; a missing ledger, or one that is not a
// regular file or is too large, has no rows (fsx.ReadFile refuses it
// without blocking).
func readReceipts(path string) map[string]string {
	data, err := fsx.ReadFile(path)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var row struct {
			ID      flex `json:"dispatch_id"`
			Verdict flex `json:"verdict"`
		}
		if json.Unmarshal(line, &row) != nil || strings.TrimSpace(row.ID.s) == "" {
			continue
		}
		id := strings.TrimSuffix(strings.TrimSpace(row.ID.s), ".md")
		v := strings.TrimSpace(row.Verdict.s)
		if v == "" {
			v = "recorded"
		}
		if _, ok := out[id]; !ok {
			out[id] = v
		}
	}
	return out
}

// trustedText is the evidence of a completed dispatch of a role with
// no artifact rule, made once per role.
func (ev *evidence) trustedText(role string) string {
	if t, ok := ev.trusted[role]; ok {
		return t
	}
	r := role
	if r == "" {
		r = "(none)"
	}
	t := ev.t().Trusted.F(r)
	if ev.trusted == nil {
		ev.trusted = map[string]string{}
	}
	ev.trusted[role] = t
	return t
}

// verifyParallel is how many dispatches make verification worth
// spreading over the processors.
const verifyParallel = 4096

// verifyAll verifies the dispatches of cs (each completed, its entry in
// cs[i].e), in order: each one's evidence and whether it holds, as
// verify gives them, into cs. A large pipeline's tens of thousands of
// dispatches are verified in parts, one per processor: the evidence's
// indexes are built first (the log by time and by task, the listings,
// the role kinds and texts), after which verify only reads them, and
// each part has its own buffer for dispatch file headers. The checks
// are made in place: no list of the dispatches beside them (100,000
// pointers at the peak of a large load).
func (ev *evidence) verifyAll(cs []leanCheck) {
	ev.verifyIn(cs, min(runtime.GOMAXPROCS(0), 4, len(cs)/(verifyParallel/2)))
}

// verifyIn is verifyAll in at most workers parts.
func (ev *evidence) verifyIn(cs []leanCheck, workers int) {
	if workers > 1 && ev.git != nil {
		for _, d := range ev.dirs {
			ev.listed(d)
		}
		ev.loadSide()
		byTask := false // a commit-verified dispatch without a start time
		for i := range cs {
			e := cs[i].e
			// Past its 1,024 roles the kind cache is only read.
			switch ev.kind(e.Role()) {
			case KindTrusted:
				ev.trustedText(e.Role())
			case KindCommit:
				if !byTask {
					_, _, ok := ev.startOf(e)
					byTask = !ok
				}
			}
		}
		if log, err := ev.git.Log(); err == nil {
			if ev.byTime == nil || len(ev.byTime.log) != len(log) {
				ev.byTime = newTimeIndex(log)
			}
			if byTask {
				ev.mentioning(log, "0") // builds the task index
			}
		}
	} else {
		workers = 1
	}
	if workers == 1 {
		for i := range cs {
			cs[i] = ev.verify(cs[i].e)
		}
		return
	}
	var wg sync.WaitGroup
	part := (len(cs) + workers - 1) / workers
	for lo := 0; lo < len(cs); lo += part {
		hi := min(lo+part, len(cs))
		own := *ev       // the maps and indexes are only read from here on
		own.header = nil // each part reads headers into its own buffer
		own.lines = nil  // and the manifest's lines with its own reader
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer own.closeLines()
			for i := lo; i < hi; i++ {
				cs[i] = own.verify(cs[i].e)
			}
		}()
	}
	wg.Wait()
}

func short(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}
