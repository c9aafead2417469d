package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// fsx's refusals reach a pt-BR run in Portuguese, through the sentence
// of cmd's that carries them ({err}); English keeps today's words.
func TestFsxRefusalsInPortuguese(t *testing.T) {
	for name, tc := range map[string]struct {
		setup       func(t *testing.T, h hookHome, runtime string) (paths []string)
		code        int
		en, ptWords string
	}{
		// The single-writer lock's folder is a symbolic link: pickup
		// makes no lock through it.
		"lock folder a link": {
			setup: func(t *testing.T, h hookHome, runtime string) []string {
				elsewhere := filepath.Join(h.home, "elsewhere")
				if err := os.Mkdir(elsewhere, 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(elsewhere, filepath.Join(runtime, "pickup")); err != nil {
					t.Fatal(err)
				}
				return []string{filepath.Join(runtime, "pickup")}
			},
			code:    exitBlocked,
			en:      ": refusing the lock folder {runtime}/pickup: it is a symbolic link; pickup keeps it in a folder only you can write (remove it, and pickup makes a new one); nothing was changed",
			ptWords: ": o pickup recusa a pasta das travas {runtime}/pickup: ela é um link simbólico; o pickup a mantém numa pasta em que só você pode gravar (remova-a, e o pickup faz uma nova); nada foi alterado",
		},
		// The settings file is a folder: the one reader reads no folder.
		"settings a folder": {
			setup: func(t *testing.T, h hookHome, _ string) []string {
				if err := os.MkdirAll(h.settingsPath("claude", "project"), 0o755); err != nil {
					t.Fatal(err)
				}
				return nil
			},
			code:    exitError,
			en:      ": is a directory, not a state file; nothing was changed",
			ptWords: ": é uma pasta, não um arquivo de estado; nada foi alterado",
		},
	} {
		t.Run(name, func(t *testing.T) {
			h := newHookHome(t)
			runtime := testkit.RealTempDir(t)
			paths := tc.setup(t, h, runtime)
			settings := h.settingsPath("claude", "project")
			paths = append(paths, settings, runtime)
			env := []string{"XDG_RUNTIME_DIR=" + runtime}
			args := []string{"hook", "install", "--agent", "claude", "--scope", "project"}
			say := func(s string) string {
				return "pickup: " + settings + strings.ReplaceAll(s, "{runtime}", runtime) + "\n"
			}

			en := h.runEnv(t, append(env, "PICKUP_LANG=en"), args...).want(t, tc.code)
			if en.stderr != say(tc.en) {
				t.Errorf("English:\ngot  %q\nwant %q", en.stderr, say(tc.en))
			}
			pt := h.runEnv(t, append(env, "PICKUP_LANG=pt-BR"), args...).want(t, tc.code)
			if pt.stderr != say(tc.ptWords) {
				t.Errorf("pt-BR:\ngot  %q\nwant %q", pt.stderr, say(tc.ptWords))
			}
			i18ntest.NoEnglish(t, name, pt.stderr, paths...)
		})
	}
}

// An error a command returns as it is (no sentence of cmd's around it)
// says fsx's sentence in the run's language, what wraps it kept; English
// is the error's text byte for byte.
func TestErrorTextSaysFsxErrorsInTheRunsLanguage(t *testing.T) {
	dir := testkit.RealTempDir(t)
	_, refused := fsx.ReadFile(dir)
	if !errors.Is(refused, fsx.ErrNotRegular) {
		t.Fatalf("reading a folder: %v", refused)
	}
	err := fmt.Errorf("discard: %w", refused)
	if got := Catalogs.For(i18n.English).errorText(err); got != "discard: "+dir+": is a directory, not a state file" {
		t.Errorf("English: %q", got)
	}
	if got := Catalogs.For(i18n.PortugueseBR).errorText(err); got != "discard: "+dir+": é uma pasta, não um arquivo de estado" {
		t.Errorf("pt-BR: %q", got)
	}
}
