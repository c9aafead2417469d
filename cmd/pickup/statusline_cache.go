package main

// The statusline's cache. An agent redraws its status bar after every
// message, so pickup statusline runs again and again on files that did
// not change: the last answers are kept in pickup's own state folder
// (fsx.StateDir, file statusline.cache) with what they were built on,
// and given again while all of it still holds:
//   - the same question (the folders asked about, the flags, the
//     language, the binary itself);
//   - the same files: every file and folder the answer read through
//     fsx, the folders holding them, and the state files each format's
//     Discover finds, each checked with one stat (size and time);
//   - the same words: the line's "20m" stands until its next minute,
//     its standing until the crash threshold, and no answer is kept more
//     than statuslineTTL (a process that ended, a lock let go, a commit
//     are not files the answer read).
// Only this read-only line is ever answered from it: no other command
// reads it, and no choice, veto or write depends on it. The file's form
// and the checks are internal/quickline's, whose early answer gives a
// kept line before pickup's other packages are initialised (it checks
// the stamps and the time, not Discover's list: a state file appearing
// where no kept answer looked shows within statuslineTTL).

import (
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/pickup-dev/pickup/internal/quickline"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

const (
	statuslineCacheFile = quickline.CacheFile
	// statuslineTTL bounds how old a kept answer may be.
	statuslineTTL = 15 * time.Second
	// statuslineKept is how many answers are kept (one per project a
	// status bar asks about, the newest first).
	statuslineKept = 8
	// statuslineMaxSeen: an answer built on more files than this (a
	// pipeline of thousands of dispatches) is not kept, so the cache file
	// every call reads stays small.
	statuslineMaxSeen = 4096
)

// statuslineKey names the question (quickline.Question): the early
// answer asks it the same way, from the process's own arguments and
// environment.
func (a *app) statuslineKey(cands []string) string {
	wd, _ := os.Getwd()
	return quickline.Question{Args: a.args, Env: os.Environ(), Wd: wd, Cands: cands, Interactive: a.interactive(), Exe: quickline.ThisExe()}.Key()
}

// statuslineFound is every state file the formats' Discover finds in
// cands.
func (a *app) statuslineFound(cands []string) []string {
	var out []string
	for _, dir := range cands {
		for _, l := range a.registry() {
			if a.source != "" && l.Source() != a.source {
				continue
			}
			paths, _ := l.Discover(dir)
			out = append(out, paths...)
		}
	}
	return out
}

// cachedStatusline is the kept answer to key, when everything it was
// built on still holds at now and Discover finds the same state files.
func (a *app) cachedStatusline(key string, cands []string, now time.Time) (string, bool) {
	ans, ok := quickline.Lookup(key)
	if ok && ans.Holds(now) && slices.Equal(a.statuslineFound(cands), ans.Found) {
		return ans.Line, true
	}
	return "", false
}

// keepStatusline stores the answer line to key, built from seen (the
// reads fsx.TrackReads noted) and found at now, for st.
func (a *app) keepStatusline(key, line string, cands, found []string, seen []fsx.Seen, st model.State, now time.Time) {
	ans := quickline.Answer{Key: key, Line: line, Found: found, Made: now.UnixNano(), Expires: statuslineExpiry(st, now, a.crashAfter).UnixNano()}
	dirs := map[string]bool{}
	for _, d := range cands {
		dirs[d] = true
	}
	for _, p := range found {
		dirs[filepath.Dir(p)] = true
	}
	for _, s := range seen {
		// A file's folder is watched for a file appearing beside it; a
		// folder read is watched itself (its parent, often the folder
		// holding the project, is none of the answer's business).
		if st, err := os.Stat(s.Path); err != nil || !st.IsDir() {
			dirs[filepath.Dir(s.Path)] = true
		}
	}
	byPath := map[string]bool{}
	for _, s := range seen {
		byPath[s.Path] = true
		ans.Seen = append(ans.Seen, s)
	}
	for _, p := range found {
		if !byPath[p] {
			byPath[p] = true
			ans.Seen = append(ans.Seen, fsx.SeenOf(p))
		}
	}
	for d := range dirs {
		if !byPath[d] {
			byPath[d] = true
			ans.Seen = append(ans.Seen, fsx.SeenOf(d))
		}
	}
	slices.SortFunc(ans.Seen, func(x, y fsx.Seen) int {
		switch {
		case x.Path < y.Path:
			return -1
		case x.Path > y.Path:
			return 1
		}
		return 0
	})
	var all []quickline.Answer
	// A line the safe writer would change (a name with a control or
	// bidi character) is not kept: the early answer prints a kept line
	// as it is.
	if len(ans.Seen) <= statuslineMaxSeen && settled(ans.Seen, now) && textsafe.Safe(line) {
		all = append(all, ans)
	}
	for _, old := range quickline.ReadCache() {
		if old.Key != key && len(all) < statuslineKept {
			all = append(all, old)
		}
	}
	_ = fsx.WriteCacheFile(statuslineCacheFile, quickline.CacheBytes(all))
}

// statuslineExpiry is when a line built at now for st may first read
// differently with the same files: its minutes' next step, the crash
// threshold, and at the latest statuslineTTL after now.
func statuslineExpiry(st model.State, now time.Time, crashAfter time.Duration) time.Time {
	exp := now.Add(statuslineTTL)
	if s := st.Session; s != nil && s.HasLastUpdated {
		next := s.LastUpdated.Add(time.Duration(st.Crash.MinutesSinceUpdate+1) * time.Minute)
		if next.Before(exp) {
			exp = next
		}
		if t := s.LastUpdated.Add(crashAfter); t.After(now) && t.Before(exp) {
			exp = t
		}
	}
	return exp
}

// statuslineSettle: an answer built on a file or folder changed this
// recently is not kept. A change within the same tick of the file
// system's clock, with the same size, would look like no change; and
// the folders are looked at after the answer was built, so one changed
// while it was being built must not vouch for it.
const statuslineSettle = 2 * time.Second

func settled(seen []fsx.Seen, now time.Time) bool {
	recent := now.Add(-statuslineSettle).UnixNano()
	for _, s := range seen {
		if s.MTime >= recent {
			return false
		}
	}
	return true
}
