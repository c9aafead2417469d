package main

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/git"
)

// sample is the built-in demo: sample/project is the project, with one
// session of every format that keeps its state in the project; a format
// keeping files elsewhere (crucible under the Claude home, sample/claude)
// places them itself (sourceSpec.sample). Dot files need the all:
// prefix.
//
//go:embed all:sample
var sample embed.FS

// sampleAges dates the unpacked files (modification times), by path
// prefix in the sample, first match wins, after the formats' own
// (sourceSpec.sample). The rest only shows them in the artifact browser.
var sampleAges = []sampleAge{
	{"conversations/claude/", 41 * time.Minute},
	{"conversations/codex/", 2*time.Hour + time.Minute},
	{"project/", 2 * time.Hour},
}

// demo unpacks the sample into a temporary folder: the project (a git
// repository with one commit, then one uncommitted edit so VETO-2 can be
// seen) and a Claude home beside it. It runs the wizard on
// the project, which opens the session picker, and removes the folder
// afterwards unless keep is set.
func (a *app) demo(keep bool) error {
	root, err := os.MkdirTemp("", "pickup-demo-")
	if err != nil {
		return fail(exitError, &errs.DemoDir, err)
	}
	if !keep {
		defer os.RemoveAll(root)
	}
	dir, home := filepath.Join(root, "shop"), filepath.Join(root, "claude-home")
	if err := unpackSample(dir, home, a.now()); err != nil {
		return fail(exitError, &errs.DemoUnpack, err)
	}
	if err := gitSample(dir); err != nil {
		fmt.Fprintln(a.io.err, a.cli().DemoNoGit.F(err.Error()))
	}
	// The sample's files under the Claude home live in this one; the
	// loaders are built after this, with it.
	a.claudeHome = home
	a.codexHome = demoCodexHome(home)
	if keep {
		fmt.Fprintln(a.io.err, a.cli().DemoKept.F(dir))
		fmt.Fprintln(a.io.err, a.cli().DemoClaudeHome.F(joinAnd(sourceTitles(func(s sourceSpec) bool { return s.sample != nil })), home))
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
var agoStamp = lazyre.New(`\{\{(AGO|AGOMS) ([0-9hms]+)\}\}`)

// unpackSample writes sample/project into dir, the agents'
// conversations into their homes and each format's own files where the
// format places them (home is the Claude home), filling in the
// placeholders.
func unpackSample(dir, home string, now time.Time) error {
	pairs := []string{"{{PROJECT}}", dir}
	ages := []sampleAge{}
	for _, s := range sourceSpecs {
		if s.sample != nil {
			if s.sample.fill != nil {
				pairs = append(pairs, s.sample.fill(dir, home)...)
			}
			ages = append(ages, s.sample.ages...)
		}
	}
	ages = append(ages, sampleAges...)
	fill := strings.NewReplacer(pairs...)
	dates := func(s string) string {
		return agoStamp.Compiled().ReplaceAllStringFunc(s, func(m string) string {
			sm := agoStamp.Compiled().FindStringSubmatch(m)
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
		dst, ok := samplePlace(rel, dir, home, now)
		if !ok {
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
		for _, sa := range ages {
			if strings.HasPrefix(rel, sa.prefix) {
				t := now.Add(-sa.age)
				return os.Chtimes(dst, t, t)
			}
		}
		return nil
	})
}

// samplePlace is where the sample file rel is unpacked, and whether it
// is unpacked at all.
func samplePlace(rel, dir, home string, now time.Time) (string, bool) {
	switch {
	case strings.HasPrefix(rel, "project/"):
		return filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(rel, "project/"))), true
	case strings.HasPrefix(rel, "conversations/claude/") && strings.HasSuffix(rel, ".jsonl"):
		return filepath.Join(home, "projects", convo.ClaudeFolder(dir), path.Base(rel)), true
	case rel == "conversations/codex/rollout.jsonl":
		start := now.Add(-3 * time.Hour).UTC()
		return filepath.Join(demoCodexHome(home), "sessions", start.Format("2006/01/02"),
			"rollout-"+start.Format("2006-01-02T15-04-05")+"-"+demoRollout+".jsonl"), true
	}
	for _, s := range sourceSpecs {
		if s.sample != nil {
			if s.sample.place == nil {
				continue
			}
			if dst, ok := s.sample.place(rel, dir, home); ok {
				return dst, true
			}
		}
	}
	return "", false
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
