#!/usr/bin/env python3
"""Writes the bookforge fixtures that reproduce the real writer's bytes.

Run from this folder: python3 make_fixtures.py

It writes cursor/, finished/, lint_off/, durable_preflight/ and
durable_scene/ the way zekenaulty/bookforge (HEAD f48da69edb11) writes a
book while it runs, as read in its source:

- every JSON file (state.json, the ledgers, the pause marker, the phase
  artifacts, the scene cards) is `path.write_text(json.dumps(data,
  ensure_ascii=True, indent=2), encoding="utf-8")`: two-space indent,
  non-ASCII escaped as \\uXXXX, no final newline (runner.py,
  pipeline/phase_history.py _write_phase_history and
  _write_phase_artifact, pipeline/io.py _write_scene_files,
  phases/plan.py plan_scene, workspace.py init_book_workspace);
- prose artifacts are `str(payload)` with no newline added
  (_write_phase_artifact as_json=False); a committed scene file is
  `prose.strip() + "\\n"` (_write_scene_files);
- a ledger entry is {"status": "success", "timestamp", "artifacts"}
  (_record_phase_success), re-recording a phase keeps its key where it
  was first written, and the order of phases is the run loop's: plan,
  preflight, continuity_pack, write, state_repair, lint, and only after
  a failing lint repair, state_repair and lint again;
- timestamps are _now_iso(): UTC, whole seconds, "Z";
- the pause markers are _write_pause_marker (quota) and
  _write_reason_pause_marker (reason, with durable_apply_<phase> from
  _apply_durable_updates_or_pause);
- with BOOKFORGE_LINT_MODE=off no lint or repair entry is written and the
  committed scene's lint_report is {"schema_version": "1.0", "status":
  "pass", "issues": [], "mode": "off"}.

The story text is invented; only the shapes come from the source.
"""

import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))


def dump(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=True, indent=2))


def text(path, s):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(s)


class Book:
    def __init__(self, fixture, book_id, title):
        self.root = os.path.join(HERE, fixture, "workspace", "books", book_id)
        self.id = book_id
        shutil.rmtree(os.path.join(HERE, fixture), ignore_errors=True)
        dump(os.path.join(self.root, "book.json"), {
            "schema_version": "1.0",
            "book_id": book_id,
            "title": title,
            "genre": ["fantasy"],
            "targets": {"chapters": 2},
            "voice": {"pov": "third_limited", "tense": "past", "style_tags": ["no-recaps", "forward-motion", "tight-prose"]},
            "invariants": ["No world resets."],
            "author_ref": "eldrik-vale/v1",
            "page_metrics": {"words_per_page": 250, "chars_per_page": 1500},
            "series_id": book_id,
            "series_ref": "series/" + book_id,
        })
        self.ledgers = {}

    def path(self, rel):
        return os.path.join(self.root, rel)

    def art(self, ch, sc, name, payload, as_json=True):
        rel = "draft/context/phase_history/ch%03d_sc%03d/%s%s" % (ch, sc, name, ".json" if as_json else ".txt")
        if as_json:
            dump(self.path(rel), payload)
        else:
            text(self.path(rel), str(payload))
        return rel

    def record(self, ch, sc, phase, ts, artifacts):
        key = "ch%03d_sc%03d" % (ch, sc)
        data = self.ledgers.setdefault(key, {"scene_id": key, "phases": {}})
        data["phases"][phase] = {"status": "success", "timestamp": ts, "artifacts": artifacts}
        dump(self.path("draft/context/phase_history/%s.json" % key), data)

    def card(self, ch, sc):
        rel = "draft/chapters/ch_%03d/scene_%03d.meta.json" % (ch, sc)
        card = {
            "schema_version": "1.1",
            "scene_id": "CH%03d_S%03d" % (ch, sc),
            "chapter": ch,
            "scene": sc,
            "scene_target": "Mara reaches the ferry before the tide turns.",
            "goal": "Cross the salt flats.",
            "conflict": "The ferryman wants a price she cannot pay.",
            "end_condition": "She is on the water, or she is not.",
            "cast_present": ["Mara"],
            "cast_present_ids": ["CHAR_MARA"],
        }
        dump(self.path(rel), card)
        return rel, card

    def scene(self, ch, sc, t, lint=("pass",), lint_off=False, commit=True):
        """Runs one scene as run_loop does. lint is the status of each
        lint report in turn: ("pass",) passes first time, ("fail",
        "pass") repairs once. commit writes the scene files."""
        rel, card = self.card(ch, sc)
        self.record(ch, sc, "plan", t(0), {"scene_card": rel})
        p = self.art(ch, sc, "preflight_patch", {"schema_version": "1.0", "world_updates": {"location": "Salt flats"}, "character_updates": []})
        self.record(ch, sc, "preflight", t(1), {"patch": p})
        p = self.art(ch, sc, "continuity_pack", {"scene_end_anchor": "The ferry bell.", "constraints": [], "open_threads": ["THREAD_FERRY"], "cast_present": ["Mara"], "location": "Salt flats", "next_action": "Bargain.", "summary": []})
        self.record(ch, sc, "continuity_pack", t(2), {"pack": p})
        prose = "Mara\u2019s boots cracked the salt crust.\n\nThe ferry bell rang twice."
        pr = self.art(ch, sc, "write_prose", prose, as_json=False)
        patch = {"schema_version": "1.0", "world_updates": {}, "character_updates": [], "summary_update": {"last_scene": ["Mara\u2019s crossing began."]}}
        pa = self.art(ch, sc, "write_patch", patch)
        self.record(ch, sc, "write", t(3), {"prose": pr, "patch": pa})
        p = self.art(ch, sc, "state_repair_patch", dict(patch, schema_version="1.0"))
        self.record(ch, sc, "state_repair", t(4), {"patch": p})
        report = {"schema_version": "1.0", "status": "pass", "issues": [], "mode": "off"}
        step = 5
        if not lint_off:
            for i, status in enumerate(lint):
                if i > 0:
                    prose = prose + "\n\nShe paid in salt."
                    rp = self.art(ch, sc, "repair_prose", prose, as_json=False)
                    ra = self.art(ch, sc, "repair_patch", patch)
                    self.record(ch, sc, "repair", t(step), {"prose": rp, "patch": ra})
                    p = self.art(ch, sc, "state_repair_patch", patch)
                    self.record(ch, sc, "state_repair", t(step + 1), {"patch": p})
                    step += 2
                issues = []
                if status == "fail":
                    issues = [{"code": "pipeline_state_incoherent", "message": "Inventory disagrees with the prose.", "severity": "error"}]
                report = {"schema_version": "1.0", "status": status, "issues": issues, "mode": "heuristic"}
                p = self.art(ch, sc, "lint_report", report)
                self.record(ch, sc, "lint", t(step), {"report": p})
                step += 1
                if status == "fail" and i == len(lint) - 1 and commit:
                    break  # warn mode: commit anyway
        if commit:
            text(self.path("draft/chapters/ch_%03d/scene_%03d.md" % (ch, sc)), prose.strip() + "\n")
            meta = dict(card)
            meta["prose_path"] = "draft/chapters/ch_%03d/scene_%03d.md" % (ch, sc)
            meta["state_patch"] = patch
            meta["lint_report"] = report
            meta["write_attempts"] = len(lint)
            meta["updated_at"] = t(step)
            dump(self.path(rel), meta)

    def state(self, ch, sc, status="DRAFTING", plan_card=None):
        state = {
            "schema_version": "1.0",
            "status": status,
            "cursor": {"chapter": ch, "scene": sc},
            "world": {"time": {}, "location": "Salt flats", "cast_present": ["CHAR_MARA"], "open_threads": ["THREAD_FERRY"], "recent_facts": []},
            "summary": {"last_scene": [], "chapter_so_far": [], "story_so_far": [], "key_facts_ring": [], "must_stay_true": [], "pending_story_rollups": []},
            "budgets": {"max_new_entities": 1, "max_new_threads": 1, "min_scene_words": 0, "max_scene_words": 0},
            "duplication_warnings_in_row": 0,
        }
        if plan_card:
            state["plan"] = {"scene_card": plan_card, "outline_path": "outline/outline.json"}
        dump(self.path("state.json"), state)

    def reason_pause(self, phase, code, message, created, ch, sc, details):
        dump(self.path("draft/context/run_paused.json"), {
            "book_id": self.id, "phase": phase, "reason_code": code, "message": message,
            "created_at": created, "chapter": ch, "scene": sc, "details": details,
        })

    def quota_pause(self, phase, created, ch, sc, retry):
        dump(self.path("draft/context/run_paused.json"), {
            "book_id": self.id, "phase": phase, "status_code": 429,
            "message": "You exceeded your current quota, please check your plan and billing details.\n* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 20, model: gemini-3-flash\nPlease retry in 32.5s.",
            "retry_after_seconds": retry,
            "quota_violations": [{
                "quota_metric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                "quota_id": "GenerateRequestsPerDayPerProjectPerModel-FreeTier",
                "quota_dimensions": {"location": "global", "model": "gemini-3-flash"},
                "quota_value": "20",
            }],
            "created_at": created, "chapter": ch, "scene": sc,
        })

    def readme(self, fixture, body):
        text(os.path.join(HERE, fixture, "README.md"), body)


def clock(day, hour):
    def at(minute_base):
        def t(i):
            m = minute_base + 5 * i
            return "2026-02-%02dT%02d:%02d:%02dZ" % (day, hour + m // 60, m % 60, 7 * i % 60)
        return t
    return at


SOURCE = (
    "Source: zekenaulty/bookforge at f48da69edb11 (src/bookforge/runner.py run_loop,\n"
    "pipeline/phase_history.py, pipeline/io.py, phases/plan.py, workspace.py).\n"
    "Produced by ../make_fixtures.py, which writes every JSON file with\n"
    "json.dumps(data, ensure_ascii=True, indent=2) and no final newline, as the\n"
    "writer does; see the script's docstring for each file's writer. The story\n"
    "text is invented.\n"
)


def cursor():
    b = Book("cursor", "quill", "The Salt Ferry")
    at = clock(12, 8)
    b.scene(1, 1, at(0), lint=("fail", "pass"))
    b.scene(1, 2, at(60), lint=("pass",))
    # The commit of scene 2 paused in its durable apply; a later run with
    # --resume committed it. The marker stays until `book reset`.
    b.reason_pause("durable_apply_scene", "durable_apply_validation_failed",
                   "Scope policy violation: plot_device_updates in a non-present scope need a reason_category.",
                   "2026-02-12T09:55:58Z", 1, 2, {"chapter": 1, "scene": 2, "phase": "scene"})
    b.scene(1, 3, at(140), lint=("fail", "fail"))  # warn mode committed a failing lint
    b.scene(1, 4, at(200), lint=("fail",), commit=False)  # stopped before its repair
    b.state(1, 4, plan_card="draft/chapters/ch_001/scene_004.meta.json")
    b.readme("cursor", "A real-shaped book (quill) whose state.json cursor is on ch001_sc004.\n\n"
             "- ch001_sc001: lint failed, one repair, lint passed (repair recorded after lint).\n"
             "- ch001_sc002: lint passed on its first run: no repair entry.\n"
             "- ch001_sc003: lint still failed after a repair, committed anyway (warn mode).\n"
             "- ch001_sc004: the cursor scene: plan .. lint recorded, the lint report says\n"
             "  fail, no repair yet and no marker: the run stopped before repairing.\n"
             "- run_paused.json is stale: a durable_apply_scene pause of ch001_sc002,\n"
             "  behind the cursor and older than later entries.\n\n" + SOURCE)


def finished():
    b = Book("finished", "fern", "Fern and Flint")
    at = clock(13, 8)
    b.scene(1, 1, at(0), lint=("pass",))
    b.scene(1, 2, at(60), lint=("fail", "pass"))
    b.state(1, 3, plan_card="draft/chapters/ch_001/scene_002.meta.json")
    b.readme("finished", "A book (fern) after a normal `bookforge run` (exit 0, no pause marker): two\n"
             "scenes committed, state.json's cursor on ch001_sc003, which has no ledger\n"
             "yet. plan.scene_card still names scene 2's card (the runner only reuses it\n"
             "when it names the cursor scene).\n\n" + SOURCE)


def lint_off():
    b = Book("lint_off", "moss", "Moss Over Stone")
    at = clock(14, 8)
    b.scene(1, 1, at(0), lint_off=True)
    b.scene(1, 2, at(60), lint_off=True, commit=False)
    b.quota_pause("appearance_projection", "2026-02-14T09:31:00Z", 1, 2, 33.0)
    b.state(1, 2, plan_card="draft/chapters/ch_001/scene_002.meta.json")
    b.readme("lint_off", "A book (moss) run with BOOKFORGE_LINT_MODE=off: no lint or repair entries.\n"
             "ch001_sc001 is committed; the cursor scene ch001_sc002 recorded plan ..\n"
             "state_repair, then its commit paused on a quota error while refreshing\n"
             "appearance projections (phase appearance_projection).\n\n" + SOURCE)


def durable_preflight():
    b = Book("durable_preflight", "anvil", "The Anvil Road")
    at = clock(15, 8)
    b.scene(1, 1, at(0), lint=("pass",))
    b.scene(1, 2, at(60), lint=("pass",))
    rel, _ = b.card(2, 1)
    t = at(120)
    b.record(2, 1, "plan", t(0), {"scene_card": rel})
    p = b.art(2, 1, "preflight_patch", {"schema_version": "1.0", "world_updates": {}, "item_registry_updates": [{"item_id": "ITEM_KEY", "custodian": "CHAR_MARA"}]})
    b.record(2, 1, "preflight", t(1), {"patch": p})
    b.state(2, 1, plan_card=rel)
    b.reason_pause("durable_apply_preflight", "durable_chronology_conflict",
                   "Chronology conflict: durable state already committed through ch002 sc001; cannot apply an older update.",
                   "2026-02-15T10:06:00Z", 2, 1, {"chapter": 2, "scene": 1, "phase": "preflight"})
    b.readme("durable_preflight", "A book (anvil) paused in the durable-state apply of ch002_sc001's preflight\n"
             "(durable_apply_preflight, durable_chronology_conflict): the preflight entry\n"
             "was recorded first, so the next run reuses its patch and applies it again.\n\n" + SOURCE)


def durable_scene():
    b = Book("durable_scene", "bellows", "Bellows and Ash")
    at = clock(16, 8)
    b.scene(1, 1, at(0), lint=("pass",))
    b.scene(1, 2, at(60), lint=("pass",), commit=False)
    b.state(1, 2, plan_card="draft/chapters/ch_001/scene_002.meta.json")
    b.reason_pause("durable_apply_scene", "durable_apply_validation_failed",
                   "Scope policy violation: plot_device_updates in a non-present scope need a reason_category.",
                   "2026-02-16T09:36:00Z", 1, 2, {"chapter": 1, "scene": 2, "phase": "scene"})
    b.readme("durable_scene", "A book (bellows) whose commit of ch001_sc002 paused in its durable-state\n"
             "apply (durable_apply_scene): every phase is recorded and lint passed, so the\n"
             "next run goes straight to the commit and applies the patch again.\n\n" + SOURCE)


OUTLINE_PHASES = [
    "phase_01_chapter_spine",
    "phase_02_section_architecture",
    "phase_03_scene_draft",
    "phase_04_transition_causality_refinement",
    "phase_05_cast_function_refinement",
    "phase_06_thread_payoff_refinement",
]
HANDOFF = {
    "phase_01_chapter_spine": "outline_spine_v1.json",
    "phase_02_section_architecture": "outline_sections_v1.json",
    "phase_03_scene_draft": "outline_draft_v1_1.json",
    "phase_04_transition_causality_refinement": "outline_transitions_refined_v1_1.json",
    "phase_05_cast_function_refinement": "outline_cast_refined_v1_1.json",
    "phase_06_thread_payoff_refinement": "outline_final_v1_1.json",
}

SOURCE_OUTLINE = (
    "Source: zekenaulty/bookforge at 30032f6 (src/bookforge/outline.py generate_outline,\n"
    "_write_pause_marker, _write_latest_run_metadata, _write_latest_report_pointer,\n"
    "_build_outline_pipeline_report_payload; src/bookforge/runner.py run_loop's write\n"
    "gate; src/bookforge/pipeline/outline.py _outline_summary). Produced by\n"
    "../make_fixtures.py: every JSON file is json.dumps(data, ensure_ascii=True,\n"
    "indent=2) with no final newline, timestamps datetime.now(timezone.utc).isoformat()\n"
    "(microseconds, +00:00), as the writer does. The story text is invented.\n"
)


def outline_doc(counts, title="The Loom"):
    """An outline.json whose chapters hold their scenes in sections, as the
    pipeline's final outline (schema 1.1) does."""
    chapters = []
    for ch, n in enumerate(counts, start=1):
        sections, left, sec = [], n, 1
        while left > 0:
            k = min(left, 4)
            sections.append({
                "section_id": sec,
                "title": "Part %d" % sec,
                "intent": "Move the thread forward.",
                "end_condition": "The knot holds.",
                "scenes": [{"scene_id": sum(len(x["scenes"]) for x in sections) + i + 1,
                            "summary": "A scene of chapter %d." % ch,
                            "type": "action", "outcome": "Something changes.",
                            "characters": ["CHAR_MARA"]} for i in range(k)],
            })
            left -= k
            sec += 1
        chapters.append({"chapter_id": ch, "title": "Chapter %d" % ch, "goal": "Cross.",
                         "chapter_role": "escalation", "stakes_shift": "Higher.", "bridge": {"from_prev": "", "to_next": ""},
                         "pacing": {"intensity": 3, "tempo": "steady", "expected_scene_count": n}, "sections": sections})
    return {"schema_version": "1.1", "chapters": chapters,
            "characters": [{"character_id": "CHAR_MARA", "name": "Mara", "role": "protagonist"}],
            "threads": [{"thread_id": "THREAD_FERRY", "label": "The ferry debt", "status": "open"}]}


class OutlineRun:
    """A pipeline run as generate_outline writes it."""

    def __init__(self, book, run_id, settings):
        self.b = book
        self.run_id = run_id
        self.root = book.path("outline")
        self.dir = os.path.join(self.root, "pipeline_runs", run_id)
        self.settings = dict(settings)
        self.settings["location_registry_active_path"] = "outline/location_registry_active.json"
        self.settings["location_registry_active_sha256"] = ""
        self.checksums = {p: "%064x" % (i + 1) for i, p in enumerate(OUTLINE_PHASES)}
        self.history = {"book_id": book.id, "run_id": run_id, "created_at": "", "updated_at": "",
                        "input_fingerprint": "5" * 64, "settings": self.settings,
                        "template_checksums": self.checksums, "phases": {}}
        dump(os.path.join(self.dir, "location_registry.json"), {"schema_version": "1.0", "locations": []})
        self.executed = []

    def rel(self, name):
        return name

    def phase(self, idx, ts, payload, user_prompt=""):
        pid = OUTLINE_PHASES[idx]
        pre = "phase_%02d" % (idx + 1)
        if not self.history["created_at"]:
            self.history["created_at"] = ts
        dump(os.path.join(self.dir, pre + "_input.json"), {"phase": pid, "timestamp": ts,
             "template_path": "resources/prompt_templates/outline_" + pid + ".md",
             "render_values": {"book": {"book_id": self.b.id}, "targets": {"chapters": 2}, "notes": "",
                               "user_prompt": user_prompt, "transition_hints": ""},
             "settings": self.settings})
        return pid, pre

    def success(self, idx, ts, payload, user_prompt=""):
        pid, pre = self.phase(idx, ts, payload, user_prompt)
        dump(os.path.join(self.dir, pre + "_attempt_1.raw.json"), {"phase": pid, "attempt": 1, "timestamp": ts,
             "provider": "gemini", "model": "gemini-3-flash", "raw": {}, "text": json.dumps(payload)})
        dump(os.path.join(self.dir, pre + "_output.json"), payload)
        dump(os.path.join(self.dir, pre + "_validation.json"), {"status": "pass", "errors": [], "warnings": [], "metrics": {}})
        dump(os.path.join(self.dir, HANDOFF[pid]), payload)
        self.history["phases"][pid] = {"status": "success", "timestamp": ts, "attempts": 1, "artifacts": {
            "input": pre + "_input.json", "output": pre + "_output.json", "validation": pre + "_validation.json",
            "handoff": HANDOFF[pid], "attempts": [pre + "_attempt_1.raw.json"]}}
        self.history["updated_at"] = ts
        dump(os.path.join(self.dir, "phase_history.json"), self.history)
        self.executed.append(pid)

    def paused(self, idx, ts, message):
        """An LLMRequestError on the phase's first attempt."""
        pid, pre = self.phase(idx, ts, None)
        self.history["phases"][pid] = {"status": "paused", "timestamp": ts, "attempts": 1,
                                       "artifacts": {"input": pre + "_input.json", "attempts": []}}
        self.history["updated_at"] = ts
        dump(os.path.join(self.dir, "phase_history.json"), self.history)
        dump(os.path.join(self.root, "pipeline_run_paused.json"), {
            "book_id": self.b.id, "run_id": self.run_id, "phase": pid, "reason_code": "llm_request_error",
            "message": message, "created_at": ts, "attempt": 1, "resume_from_phase": pid})
        self.report(ts, "PAUSED", "llm_request_error", "Retry outline generation after resolving provider/quota issue.")

    def report(self, ts, status, reason="", retry="", attention=None, strict=False):
        failed = ""
        for pid in OUTLINE_PHASES:
            e = self.history["phases"].get(pid)
            if e and e["status"] in ("failed", "paused"):
                failed = pid
                break
        codes = [reason] if reason else []
        attention = attention or []
        requires = bool(attention) or status in ("ERROR", "PAUSED")
        payload = {
            "book_id": self.b.id, "run_id": self.run_id, "timestamp": ts, "overall_status": status,
            "phase_failed": failed, "reason_codes": codes,
            "attempt_usage": {pid: "%d/2" % e["attempts"] for pid, e in self.history["phases"].items()},
            "top_errors": [], "requested_from_phase": self.settings["from_phase"], "requested_to_phase": self.settings["to_phase"],
            "effective_from_phase": self.settings["from_phase"], "executed_phases": self.executed, "reused_phases": [],
            "warnings_count": len(attention), "errors_count": 0, "requires_user_attention": requires,
            "strict_blocking": strict, "attention_items": attention, "raw_model_output_path": "", "retry_directive": retry,
            "mode_values": {
                "strict_transition_hints": self.settings["strict_transition_hints"],
                "strict_transition_bridges": self.settings["strict_transition_bridges"],
                "strict_location_identity": self.settings["strict_location_identity"],
                "transition_insert_budget_per_chapter": self.settings["transition_insert_budget_per_chapter"],
                "allow_transition_scene_insertions": self.settings["allow_transition_scene_insertions"],
                "exact_scene_count": self.settings["exact_scene_count"],
                "scene_count_range": self.settings["scene_count_range"],
                "scene_count_default_policy": "strong_non_exact",
            },
            "seam_outcomes": {"inserted_scenes_count": 0, "inline_bridges_count": 0, "hard_cut_count": 0, "blocked_by_budget_count": 0},
            "top_seam_decisions": [], "settings": self.settings,
            "scene_count_mode": {"exact_scene_count": False, "scene_count_range": "", "default_policy": "strong_non_exact"},
            "phase_validation_counts": {pid: {"errors": 0, "warnings": 0} for pid in self.executed},
            "artifact_paths": {"run_dir": "outline/pipeline_runs/" + self.run_id, "phase_history": "phase_history.json",
                               "report": "outline_pipeline_report.json", "decisions": "outline_pipeline_decisions.json"},
            "location_registry_active": {"path": "outline/location_registry_active.json", "sha256": ""},
            "template_checksums": self.checksums,
        }
        dump(os.path.join(self.dir, "outline_pipeline_report.json"), payload)
        dump(os.path.join(self.dir, "outline_pipeline_decisions.json"), {"settings": self.settings, "effective_from_phase": self.settings["from_phase"]})
        latest = {"run_id": self.run_id, "updated_at": ts, "path": "outline/pipeline_runs/" + self.run_id}
        dump(os.path.join(self.root, "pipeline_latest.json"), latest)
        dump(os.path.join(self.root, "outline_pipeline_latest.json"), latest)
        dump(os.path.join(self.root, "outline_pipeline_report_latest.json"),
             {"run_id": self.run_id, "updated_at": ts, "path": "pipeline_runs/" + self.run_id + "/outline_pipeline_report.json"})
        shutil.copy2(os.path.join(self.dir, "outline_pipeline_report.json"), os.path.join(self.root, "outline_pipeline_report_latest.snapshot.json"))


SETTINGS = {
    "from_phase": OUTLINE_PHASES[0], "to_phase": OUTLINE_PHASES[-1],
    "strict_transition_hints": False, "strict_transition_bridges": False, "strict_location_identity": True,
    "transition_insert_budget_per_chapter": 2, "allow_transition_scene_insertions": True,
    "exact_scene_count": False, "scene_count_range": "", "force_rerun_with_draft": False,
}


def outline_paused():
    b = Book("outline_paused", "loom", "Loomwright")
    b.state(0, 0, status="NEW")
    run = OutlineRun(b, "20260215_101500", dict(SETTINGS, strict_transition_bridges=True))
    draft = outline_doc([4, 3])
    run.success(0, "2026-02-15T10:15:31.204518+00:00", {"chapters": [{"chapter_id": 1, "title": "Chapter 1"}, {"chapter_id": 2, "title": "Chapter 2"}]})
    run.success(1, "2026-02-15T10:16:02.918340+00:00", {"chapters": [{"chapter_id": c["chapter_id"], "sections": [{"section_id": s["section_id"], "end_condition": s["end_condition"]} for s in c["sections"]]} for c in draft["chapters"]]})
    run.success(2, "2026-02-15T10:17:45.551207+00:00", draft)
    run.paused(3, "2026-02-15T10:18:12.090716+00:00",
               "429 RESOURCE_EXHAUSTED: You exceeded your current quota, please check your plan and billing details.")
    b.readme("outline_paused", "A fresh book (loom, state.json NEW) whose outline pipeline run\n"
             "20260215_101500 paused: phases 1-3 succeeded, phase_04_transition_causality_refinement\n"
             "hit a provider error on its first attempt (LLMRequestError): its phase_history entry\n"
             "is \"paused\", outline/pipeline_run_paused.json names llm_request_error and\n"
             "resume_from_phase, and the run's report says PAUSED. The run was started with\n"
             "--strict-transition-bridges, so the resume must pass it again (the resume compares\n"
             "the inputs' fingerprint, settings included). There is no outline.json yet.\n\n" + SOURCE_OUTLINE)


def outline_gate():
    b = Book("outline_gate", "reed", "Reed and Wire")
    at = clock(16, 8)
    b.scene(1, 1, at(0), lint=("pass",))
    b.scene(1, 2, at(60), lint=("pass",))
    b.state(1, 3, plan_card="draft/chapters/ch_001/scene_002.meta.json")
    final = outline_doc([4, 3])
    dump(b.path("outline/outline.json"), final)
    run = OutlineRun(b, "20260215_120000", SETTINGS)
    for i in range(6):
        run.success(i, "2026-02-15T12:0%d:10.000%03d+00:00" % (i, i), final)
    run.report("2026-02-15T12:06:00.512000+00:00", "SUCCESS_WITH_WARNINGS", attention=[
        {"code": "seam_hard_cut", "severity": "warning", "message": "1:2 -> 1:3 is a hard cut with no bridge.", "scene_ref": "1:3"},
        {"code": "blocked_by_budget", "severity": "warning", "message": "Chapter 2 needed a transition scene over the budget.", "scene_ref": "2:1"},
    ])
    b.readme("outline_gate", "A drafting book (reed): two scenes committed, the cursor on ch001_sc003, and an\n"
             "outline made by the pipeline (outline.json: 2 chapters, 4 + 3 scenes in sections)\n"
             "whose latest report says SUCCESS_WITH_WARNINGS with requires_user_attention and\n"
             "two attention items (not strict): `bookforge run` refuses (WRITE GATED) unless\n"
             "--ack-outline-attention-items is given. The ledgers are written as in\n"
             "cursor/ (runner.py, pipeline/phase_history.py, unchanged at 30032f6).\n\n" + SOURCE_OUTLINE)


def outline_total():
    b = Book("outline_total", "briar", "Briar Crit")
    at = clock(14, 9)
    for sc in range(1, 9):
        b.scene(1, sc, at(30 * (sc - 1)), lint=("pass",))
    b.state(2, 1, plan_card="draft/chapters/ch_001/scene_008.meta.json")
    dump(b.path("outline/outline.json"), outline_doc([8, 9, 10, 8, 11, 12, 8]))
    b.readme("outline_total", "A live book shaped like zekenaulty/bookforge@ba25322\n"
             "workspace/books/criticulous_b1: chapter 1's 8 scenes committed, state.json's\n"
             "cursor on ch002_sc001, and an outline.json of 7 chapters whose scenes sit in\n"
             "chapters[].sections[].scenes[] (8, 9, 10, 8, 11, 12, 8: 66 scenes, counted as\n"
             "src/bookforge/pipeline/outline.py _outline_summary counts them). It predates the\n"
             "outline pipeline: no outline pipeline report, so bookforge at 30032f6 refuses\n"
             "`run` (WRITE GATED: report missing). The ledgers are written as in cursor/.\n\n" + SOURCE_OUTLINE)


if __name__ == "__main__":
    outline_paused()
    outline_gate()
    outline_total()
    cursor()
    finished()
    lint_off()
    durable_preflight()
    durable_scene()
