package aios

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/model"
)

// Every sentence the loader builds has its translation in
// messages/pt-BR.json, with the same placeholders, and every message is
// used.
func TestTextCatalogsComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{
		Same: []string{"aios-core", "new Date()", "session_state", "last_updated", "workflow", "current_phase",
			"last_action.type", "completed_phases", "phase_results", "crash_recovery.is_crash", "true", "ISO",
			"YAML", "RESTART", "CONTINUE", "validation", "greenfield", "null"},
	}, Catalogs)
}

// NewIn builds the loader's sentences in the language asked for; New
// and a language without a catalog speak English.
func TestLoaderSpeaksItsLanguage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".aios", ".session-state.yaml")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	state := "session_state:\n  epic: {title: Auth}\n  progress: {current_story: '1.1'}\n  workflow:\n    current_phase: development\n    phase_attempts: {development: 2}\n"
	if err := os.WriteFile(path, []byte(state), 0o644); err != nil {
		t.Fatal(err)
	}
	pt, err := NewIn(i18n.PortugueseBR).Load(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	en, err := New().Load(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	if pt.ResumePoint.Reason != "registrada como a fase atual" || en.ResumePoint.Reason != "recorded as the current phase" {
		t.Errorf("reasons: pt %q, en %q", pt.ResumePoint.Reason, en.ResumePoint.Reason)
	}
	if got := strings.Join(pt.Warnings, "\n"); !strings.Contains(got, "session_state.last_updated está ausente") {
		t.Errorf("pt warnings:\n%s", got)
	}
	if pt.Phases[1].Detail != "2 tentativas" || en.Phases[1].Detail != "2 attempts" {
		t.Errorf("details: pt %q, en %q", pt.Phases[1].Detail, en.Phases[1].Detail)
	}
	if len(pt.Warnings) != len(en.Warnings) || pt.ID != en.ID || pt.ResumePoint.Phase != en.ResumePoint.Phase {
		t.Errorf("the language changed more than the words: %+v vs %+v", pt, en)
	}
	xx, _ := NewIn("xx").Load(dir, path)
	if xx.ResumePoint.Reason != en.ResumePoint.Reason {
		t.Errorf("an unknown language: %q", xx.ResumePoint.Reason)
	}
}

// Apply's errors and RESTART's rewrite errors in pt-BR: a RESTART on a
// corrupted file, a DISCARD with no file, an unknown choice, a state
// that is not YAML or holds no session_state; the words around the
// errors tests cannot provoke are said with sample values.
func TestApplyErrorsInPortuguese(t *testing.T) {
	l := NewIn(i18n.PortugueseBR)
	pt := Catalogs.For(i18n.PortugueseBR)
	texts := map[string]string{}
	var src []string
	for _, name := range []string{"corrupted_bad_yaml.yaml", "corrupted_no_session_state.yaml"} {
		data := fixture(t, name)
		project, path := place(t, ".aios/.session-state.yaml", data)
		s, err := l.Load(project, path)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, string(data), path)
		if err := l.Apply(s, model.Restart, restartNow).Err; err != nil {
			texts[name+" RESTART"] = err.Error()
		} else {
			t.Errorf("%s: RESTART on a corrupted file wrote", name)
		}
		if _, _, err := restartState(pt, data, restartNow); err != nil {
			texts[name+" rewrite"] = err.Error()
			if lib := errors.Unwrap(err); lib != nil {
				src = append(src, lib.Error()) // the YAML library's words
			}
		} else {
			t.Errorf("%s: rewritten", name)
		}
	}
	texts["DISCARD no file"] = l.Apply(&model.Session{}, model.Discard, restartNow).Err.Error()
	texts["unknown choice"] = l.Apply(&model.Session{}, model.Choice("bogus"), restartNow).Err.Error()
	texts["others"] = strings.Join([]string{pt.ReadingEdited + ": EIO", pt.EncodingState + ": EIO", pt.NotReadBack, "aios: " + pt.Project.F("/tmp/x") + ": EIO"}, "\n")
	src = append(src, "EIO", "yaml:", "bogus")
	for what, text := range texts {
		i18ntest.NoEnglish(t, what, text, src...)
	}
	if got := texts["corrupted_bad_yaml.yaml RESTART"]; !strings.HasSuffix(got, ": o arquivo de estado está corrompido; o RESTART não consegue editá-lo (o DISCARD o arquiva)") {
		t.Errorf("RESTART on a corrupted file: %q", got)
	}
}
