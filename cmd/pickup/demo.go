package main

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/crucible"
	"github.com/pickup-dev/pickup/loaders/git"
)

// sample is the built-in demo: sample/project is the project, with one
// session of every format that keeps its state in the project;
// sample/claude is what crucible keeps under the Claude home
// (projects/<hash>/...). Dot files need the all: prefix.
//
//go:embed all:sample
var sample embed.FS

// demoPipeline is the sample crucible pipeline's session id.
const demoPipeline = "1775430161"

// sampleAges dates the unpacked files (modification times), by path
// prefix in the sample, first match wins. crucible dates a pipeline by
// its files' times; the rest only shows them in the artifact browser.
var sampleAges = []struct {
	prefix string
	age    time.Duration
}{
	{"claude/memory/crucible-dispatch-1775000000/", 50 * time.Hour},
	{"conversations/claude/", 41 * time.Minute},
	{"conversations/codex/", 2*time.Hour + time.Minute},
	{"claude/", 20 * time.Minute},
	{"project/", 2 * time.Hour},
}

// demo unpacks the sample into a temporary folder: the project (a git
// repository with one commit, then one uncommitted edit so VETO-2 can be
// seen) and a Claude home beside it for crucible. It runs the wizard on
// the project, which opens the session picker, and removes the folder
// afterwards unless keep is set.
func (a *app) demo(keep bool) error {
	root, err := os.MkdirTemp("", "pickup-demo-")
	if err != nil {
		return fail(exitError, "creating the demo directory: %v", err)
	}
	if !keep {
		defer os.RemoveAll(root)
	}
	dir, home := filepath.Join(root, "shop"), filepath.Join(root, "claude-home")
	if err := unpackSample(dir, home, a.now()); err != nil {
		return fail(exitError, "unpacking the demo: %v", err)
	}
	if err := gitSample(dir); err != nil {
		fmt.Fprintln(a.io.err, a.cli().DemoNoGit(err.Error()))
	}
	// The sample's crucible pipeline lives in this Claude home; the
	// loaders are built after this, with it.
	a.claudeHome = home
	a.codexHome = demoCodexHome(home)
	if keep {
		fmt.Fprintln(a.io.err, a.cli().DemoKept(dir))
		fmt.Fprintln(a.io.err, a.cli().DemoClaudeHome(home))
	}
	return a.wizard(dir)
}

// demoRollout is the sample Codex rollout's thread id.
const demoRollout = "019f2b7e-3c41-7a20-9d5e-6b8f1a2c4d90"

// demoCodexHome is the demo's Codex home, beside its Claude home.
func demoCodexHome(claudeHome string) string {
	return filepath.Join(filepath.Dir(claudeHome), "codex-home")
}

// agoStamp is a time in the sample, written as its distance from now:
// {{AGO 2h5m}} is RFC 3339 in UTC, {{AGOMS 2h}} the same with
// milliseconds (as AIOS writes it).
var agoStamp = regexp.MustCompile(`\{\{(AGO|AGOMS) ([0-9hms]+)\}\}`)

// unpackSample writes sample/project into dir and sample/claude into
// crucible's folder for dir under home, filling in the placeholders.
func unpackSample(dir, home string, now time.Time) error {
	scratch := crucible.ScratchDir(home, dir)
	fill := strings.NewReplacer("{{PROJECT}}", dir, "{{SID}}", demoPipeline, "{{SCRATCH}}", scratch)
	dates := func(s string) string {
		return agoStamp.ReplaceAllStringFunc(s, func(m string) string {
			sm := agoStamp.FindStringSubmatch(m)
			d, err := time.ParseDuration(sm[2])
			if err != nil {
				return m
			}
			t := now.Add(-d).UTC()
			if sm[1] == "AGOMS" {
				return t.Format("2006-01-02T15:04:05.000Z")
			}
			return t.Format(time.RFC3339)
		})
	}
	// Codex keeps its writer locks here (none held: the rollout's
	// writer is gone, so it reads as resumable rather than unknown).
	if err := os.MkdirAll(filepath.Join(demoCodexHome(home), "thread-writer-locks"), 0o755); err != nil {
		return err
	}
	return fs.WalkDir(sample, "sample", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := strings.TrimPrefix(p, "sample/")
		var dst string
		switch {
		case strings.HasPrefix(rel, "project/"):
			dst = filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(rel, "project/")))
		case strings.HasPrefix(rel, "claude/"):
			// claude/memory/... is <home>/projects/<hash>/memory/...
			dst = filepath.Join(filepath.Dir(scratch), filepath.FromSlash(strings.TrimPrefix(rel, "claude/")))
		case strings.HasPrefix(rel, "conversations/claude/") && strings.HasSuffix(rel, ".jsonl"):
			dst = filepath.Join(home, "projects", convo.ClaudeFolder(dir), path.Base(rel))
		case rel == "conversations/codex/rollout.jsonl":
			start := now.Add(-3 * time.Hour).UTC()
			dst = filepath.Join(demoCodexHome(home), "sessions", start.Format("2006/01/02"),
				"rollout-"+start.Format("2006-01-02T15-04-05")+"-"+demoRollout+".jsonl")
		default:
			return nil
		}
		dst = fill.Replace(dst)
		data, err := sample.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, []byte(dates(fill.Replace(string(data)))), 0o644); err != nil {
			return err
		}
		for _, sa := range sampleAges {
			if strings.HasPrefix(rel, sa.prefix) {
				t := now.Add(-sa.age)
				return os.Chtimes(dst, t, t)
			}
		}
		return nil
	})
}

// gitSample commits the sample and then leaves one uncommitted edit,
// running git as pickup always does (loaders/git.Run).
func gitSample(dir string) error {
	id := []string{"-c", "user.name=pickup demo", "-c", "user.email=demo@pickup.invalid"}
	for _, args := range [][]string{
		{"init", "-q", "-b", "feature/jwt-handler"},
		{"add", "-A"},
		{"commit", "-q", "-m", "story 12.3: token signing"},
	} {
		if _, err := git.Run(dir, nil, append(id, args...)...); err != nil {
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
