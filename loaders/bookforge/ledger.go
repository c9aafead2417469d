package bookforge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/when"
)

// Phases is the per-scene pipeline in the order the real runner
// (bookforge runner.py run_loop) goes through it: plan, preflight,
// continuity_pack, write, state_repair, lint; then, only when the lint
// report says fail, repair followed by state_repair and lint again; then
// apply/commit. Repair is therefore conditional, and it sits after lint.
// (Seed 002 lists repair before state_repair; the real tool wins.) The
// real ledger records the first seven; apply_commit has no entry in the
// real ledger and is judged by the scene file it writes and by
// state.json's cursor.
var Phases = []string{"plan", "preflight", "continuity_pack", "write", "state_repair", "lint", "repair", "apply_commit"}

// firstPass are the phases the runner reads from the ledger on --resume
// before it commits (it reads repair only as state_repair's input).
var firstPass = []string{"plan", "preflight", "continuity_pack", "write", "state_repair", "lint"}

// ApplyCommit is the last phase.
const ApplyCommit = "apply_commit"

// phaseIndex is a phase's position in Phases, or -1.
func phaseIndex(p string) int { return slices.Index(Phases, p) }

// phaseAliases map other spellings (the ledger plan's keys, the real
// tool's pause phases) onto pipeline phases.
var phaseAliases = map[string]string{
	"apply":                 ApplyCommit,
	"commit":                ApplyCommit,
	"apply/commit":          ApplyCommit,
	"apply_and_commit":      ApplyCommit,
	"plan_scene":            "plan",
	"scene_plan":            "plan",
	"scene_state_preflight": "preflight",
	"state_preflight":       "preflight",
	"continuity":            "continuity_pack",
	"write_scene":           "write",
	"repair_scene":          "repair",
	"scene_repair":          "repair",
	"lint_scene":            "lint",
	"scene_lint":            "lint",
}

// normPhase maps a phase word onto a pipeline phase: the pipeline names
// themselves, their aliases, and the real tool's "durable_apply_<phase>"
// (the durable-state apply after that phase). ok is false for words that
// name no pipeline phase (style_anchor, characters_generate…).
func normPhase(s string) (string, bool) {
	k := strings.ToLower(strings.TrimSpace(s))
	k = strings.NewReplacer("-", "_", " ", "_").Replace(k)
	if phaseIndex(k) >= 0 {
		return k, true
	}
	if p, ok := phaseAliases[k]; ok && k != "scene" {
		return p, true
	}
	if rest, ok := strings.CutPrefix(k, "durable_apply_"); ok {
		if rest == "scene" {
			return ApplyCommit, true
		}
		return normPhase(rest)
	}
	return "", false
}

// phaseLabel is a phase as people read it.
func phaseLabel(p string) string {
	if p == ApplyCommit {
		return "apply/commit"
	}
	return p
}

// requirement is one artifact a phase must have to be skipped; any of
// keys may hold it (the real key first, then the plan's spelling).
type requirement []string

// Required lists each phase's minimum artifacts (seed 002), mapped onto
// the real artifact keys: plan scene_card; preflight patch;
// continuity_pack pack; write and repair prose and patch; state_repair
// patch; lint report; apply/commit the post_state snapshot (plus every
// registry snapshot it records).
var Required = map[string][]requirement{
	"plan":            {{"scene_card"}},
	"preflight":       {{"patch", "state_patch"}},
	"continuity_pack": {{"pack", "continuity_pack"}},
	"write":           {{"prose"}, {"patch", "state_patch"}},
	"repair":          {{"prose"}, {"patch", "state_patch"}},
	"state_repair":    {{"patch", "state_patch"}},
	"lint":            {{"report", "lint_report"}},
	ApplyCommit:       {{"post_state", "post_state_snapshot"}},
}

// runnerKeys are the artifact keys the real runner needs, recorded and on
// disk, to reuse a phase on --resume (runner.py
// _phase_artifacts_for_resume): the real spellings only.
var runnerKeys = map[string][]string{
	"plan":            {"scene_card"},
	"preflight":       {"patch"},
	"continuity_pack": {"pack"},
	"write":           {"prose", "patch"},
	"state_repair":    {"patch"},
	"lint":            {"report"},
	"repair":          {"prose", "patch"},
}

// ledgerName matches a ledger file: ch<NNN>_sc<NNN>.json.
var ledgerName = lazyre.New(`^ch(\d{3,})_sc(\d{3,})\.json$`)

// sceneID is "ch001_sc003".
func sceneID(chapter, scene int) string { return fmt.Sprintf("ch%03d_sc%03d", chapter, scene) }

// hashed is a path the ledger names, with the sha256 it records (or "").
type hashed struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	Hash string `json:"sha256,omitempty"`
}

// Entry is one phase's ledger entry, with everything the verdict uses.
type Entry struct {
	Phase     string // pipeline phase
	Key       string // the key in the file
	Status    string
	Timestamp time.Time
	HasTime   bool
	RawTime   string
	Artifacts []hashed
	// Templates is template_set, in recorded order.
	Templates  []hashed
	PromptHash string
	// PreState is pre_state_path with pre_state_hash.
	PreStatePath, PreStateHash string
	// A prompt change recorded earlier.
	PromptHashPrev, PromptHashNew, PromptUpdateReason string
	PromptUpdatedAt                                   time.Time
	HasPromptUpdatedAt                                bool
}

func (e *Entry) artifact(keys requirement) (hashed, bool) {
	for _, k := range keys {
		for _, a := range e.Artifacts {
			if a.Key == k && a.Path != "" {
				return a, true
			}
		}
	}
	return hashed{}, false
}

// Ledger is one scene's ledger file.
type Ledger struct {
	Chapter, Scene int
	ID             string
	File           string // absolute; "" for a scene known only from the pause marker
	Rel            string // relative to the book
	Data           []byte
	Exists         bool
	Entries        map[string]*Entry
	// Order is the file's phase keys as written.
	Order []string
	// object is whether the file is a JSON object, which Apply may edit.
	object bool
}

// parseTime reads a ledger's timestamp (Python's isoformat() or RFC
// 3339), in UTC.
func parseTime(s string) (time.Time, bool) {
	t, ok := when.Parse(s)
	return t.UTC(), ok
}

// pathsOf reads an artifacts or template_set object: each value is a path,
// or an object {path, sha256|hash}; hashes (artifact_hashes,
// template_hashes) may add a sha256 by key.
func pathsOf(obj, hashes gjson.Result) []hashed {
	if !obj.IsObject() {
		return nil
	}
	var out []hashed
	obj.ForEach(func(k, v gjson.Result) bool {
		h := hashed{Key: k.Str}
		switch {
		case v.Type == gjson.String:
			h.Path = v.Str
		case v.IsObject():
			h.Path = text(field(v, "path"))
			h.Hash = text(field(v, "sha256"))
			if h.Hash == "" {
				h.Hash = text(field(v, "hash"))
			}
		default:
			return true
		}
		if h.Hash == "" {
			h.Hash = text(field(hashes, k.Str))
		}
		h.Hash = strings.ToLower(strings.TrimSpace(h.Hash))
		out = append(out, h)
		return true
	})
	return out
}

// parseLedger reads a ledger's bytes. A file that is not valid JSON, not
// an object, or has no phases object is an empty ledger, as the real
// tool reads it; the warnings say why, naming the file.
func parseLedger(l *Ledger, data []byte, tx *Text) (warnings []string) {
	tx = textOr(tx)
	l.Data, l.Exists = data, true
	l.Entries = map[string]*Entry{}
	warn := func(w string) { warnings = append(warnings, l.Rel+": "+w) }
	root, dups, err := parseJSON(data)
	if err != nil {
		warn(tx.LedgerBad.F(tx.jsonErr(err), l.ID))
		return warnings
	}
	if !root.IsObject() {
		warn(tx.LedgerNotObject.F(tx.kind(root), l.ID))
		return warnings
	}
	for _, d := range dups {
		warn(tx.KeyRepeated.F(strconv.Quote(d.Key), d.Line))
	}
	l.object = true
	if id := text(field(root, "scene_id")); id != "" && id != l.ID {
		warn(tx.SceneIDMismatch.F(strconv.Quote(id)))
	}
	phases := field(root, "phases")
	if !phases.Exists() {
		warn(tx.NoPhases.F(l.ID))
		return warnings
	}
	if !phases.IsObject() {
		warn(tx.PhasesNotObject.F(tx.kind(phases), l.ID))
		return warnings
	}
	phases.ForEach(func(k, v gjson.Result) bool {
		key := k.Str
		l.Order = append(l.Order, key)
		ph, ok := normPhase(key)
		if !ok {
			warn(tx.NotPipelinePhase.F(strconv.Quote(key)))
			return true
		}
		if !v.IsObject() {
			warn(tx.PhaseNotObject.F(strconv.Quote(key), tx.kind(v)))
			return true
		}
		if prev, dup := l.Entries[ph]; dup {
			warn(tx.PhasesBoth.F(strconv.Quote(prev.Key), strconv.Quote(key), ph))
		}
		get := func(name string) string { return text(field(v, name)) }
		e := &Entry{Phase: ph, Key: key}
		e.Status = strings.ToLower(strings.TrimSpace(get("status")))
		e.RawTime = get("timestamp")
		e.Timestamp, e.HasTime = parseTime(e.RawTime)
		e.Artifacts = pathsOf(field(v, "artifacts"), field(v, "artifact_hashes"))
		e.Templates = pathsOf(field(v, "template_set"), field(v, "template_hashes"))
		e.PromptHash = strings.ToLower(get("prompt_hash"))
		e.PreStatePath = get("pre_state_path")
		e.PreStateHash = strings.ToLower(get("pre_state_hash"))
		e.PromptHashPrev = get("prompt_hash_prev")
		e.PromptHashNew = strings.ToLower(get("prompt_hash_new"))
		e.PromptUpdateReason = get("prompt_update_reason")
		e.PromptUpdatedAt, e.HasPromptUpdatedAt = parseTime(get("prompt_updated_at"))
		l.Entries[ph] = e
		return true
	})
	return warnings
}

// sceneFile is where apply/commit writes a scene's prose, relative to
// the book: draft/chapters/ch_001/scene_003.md.
func sceneFile(chapter, scene int) string {
	return fmt.Sprintf("draft/chapters/ch_%03d/scene_%03d.md", chapter, scene)
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
