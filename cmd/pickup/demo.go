package main

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// sample is the built-in demo project. Dot files need the all: prefix.
//
//go:embed all:sample
var sample embed.FS

// demo unpacks the sample into a temporary git repository (one commit,
// then one uncommitted edit so VETO-2 can be seen), runs the wizard there
// and removes the directory afterwards unless keep is set.
func (a *app) demo(keep bool) error {
	dir, err := os.MkdirTemp("", "pickup-demo-")
	if err != nil {
		return fail(exitError, "creating the demo directory: %v", err)
	}
	if !keep {
		defer os.RemoveAll(dir)
	}
	if err := unpackSample(dir, a.now()); err != nil {
		return fail(exitError, "unpacking the demo: %v", err)
	}
	if err := gitSample(dir); err != nil {
		fmt.Fprintf(a.io.err, "pickup demo: %v; the demo runs without git (RESTART will warn)\n", err)
	}
	if keep {
		fmt.Fprintf(a.io.err, "pickup demo: sample project kept at %s\n", dir)
	}
	return a.wizard(dir)
}

func unpackSample(dir string, now time.Time) error {
	repl := strings.NewReplacer(
		"{{LAST_UPDATED}}", now.Add(-2*time.Hour).UTC().Format("2006-01-02T15:04:05.000Z"),
		"{{STARTED_AT}}", now.Add(-3*time.Hour).UTC().Format("2006-01-02T15:04:05.000Z"),
	)
	return fs.WalkDir(sample, "sample", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("sample", p)
		dst := filepath.Join(dir, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := sample.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, []byte(repl.Replace(string(data))), 0o644)
	})
}

// gitSample commits the sample and then leaves one uncommitted edit.
func gitSample(dir string) error {
	if _, err := exec.LookPath("git"); err != nil {
		return fmt.Errorf("git is not installed")
	}
	git := func(args ...string) error {
		cmd := exec.Command("git", append([]string{"-c", "user.name=pickup demo", "-c", "user.email=demo@pickup.invalid", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v: %s", args[0], err, strings.TrimSpace(string(out)))
		}
		return nil
	}
	for _, args := range [][]string{
		{"init", "-q", "-b", "feature/jwt-handler"},
		{"add", "-A"},
		{"commit", "-q", "-m", "story 12.3: token signing"},
	} {
		if err := git(args...); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(filepath.Join(dir, "src", "auth", "jwt-handler.js"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString("\n// work in progress: refresh tokens\nexport function refresh(token) {}\n")
	return err
}
