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


if __name__ == "__main__":
    cursor()
    finished()
    lint_off()
    durable_preflight()
    durable_scene()
