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
// reads it, and no choice, veto or write depends on it.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

const (
	statuslineCacheFile = "statusline.cache"
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

type statuslineAnswer struct {
	Key     string     `json:"key"`
	Line    string     `json:"line"`
	Made    int64      `json:"made"`    // Unix nanoseconds
	Expires int64      `json:"expires"` // Unix nanoseconds
	Found   []string   `json:"found"`   // Discover's state files
	Seen    []fsx.Seen `json:"seen"`
}

// statuslineKey names the question: the folders asked about and
// everything the answer depends on besides files and time.
func (a *app) statuslineKey(cands []string) string {
	exe, _ := os.Executable()
	o := a.options()
	q, _ := json.Marshal(map[string]any{
		"cands": cands, "claudeHome": a.claudeHome, "codexHome": a.codexHome, "source": a.source,
		"session": a.sessionID, "crashAfter": a.crashAfter, "lang": runLang, "flags": o.Flags, "lists": o.Lists,
		"plain": o.Plain, "exe": fsx.SeenOf(exe), "noConversations": a.noConversations,
	})
	sum := sha256.Sum256(q)
	return hex.EncodeToString(sum[:])
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

func readStatuslineCache() []statuslineAnswer {
	dir, err := fsx.StateDir()
	if err != nil {
		return nil
	}
	data, err := fsx.ReadFile(filepath.Join(dir, statuslineCacheFile))
	if err != nil {
		return nil
	}
	var all []statuslineAnswer
	if json.Unmarshal(data, &all) != nil {
		return nil
	}
	return all
}

// cachedStatusline is the kept answer to key, when everything it was
// built on still holds at now.
func (a *app) cachedStatusline(key string, cands []string, now time.Time) (string, bool) {
	for _, ans := range readStatuslineCache() {
		if ans.Key != key {
			continue
		}
		if !now.Before(time.Unix(0, ans.Expires)) || now.Before(time.Unix(0, ans.Made)) { // expired, or the clock went back
			return "", false
		}
		for _, s := range ans.Seen {
			if fsx.SeenOf(s.Path) != s {
				return "", false
			}
		}
		if !slices.Equal(a.statuslineFound(cands), ans.Found) {
			return "", false
		}
		return ans.Line, true
	}
	return "", false
}

// keepStatusline stores the answer line to key, built from seen (the
// reads fsx.TrackReads noted) and found at now, for st.
func (a *app) keepStatusline(key, line string, cands, found []string, seen []fsx.Seen, st model.State, now time.Time) {
	ans := statuslineAnswer{Key: key, Line: line, Found: found, Made: now.UnixNano(), Expires: statuslineExpiry(st, now, a.crashAfter).UnixNano()}
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
	var all []statuslineAnswer
	if len(ans.Seen) <= statuslineMaxSeen && settled(ans.Seen, now) {
		all = append(all, ans)
	}
	for _, old := range readStatuslineCache() {
		if old.Key != key && len(all) < statuslineKept {
			all = append(all, old)
		}
	}
	if data, err := json.Marshal(all); err == nil {
		_ = fsx.WriteCacheFile(statuslineCacheFile, data)
	}
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
