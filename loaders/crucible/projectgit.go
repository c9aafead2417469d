package crucible

// Read-only views of the project's own git repository: the current
// branch (the branch guard), HEAD (a restore refuses when it moved), and
// the commit log (verifying implementer dispatches). Only `branch
// --show-current`, `rev-parse` and `log` are run, through loaders/git.Run
// (the branch and HEAD from git.Head, the run's one rev-parse)
// (the environment cleaned of GIT_* variables so the project is the
// repository asked; no program the repository names is run).

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/git"
)

// Commit is one project commit.
type Commit struct {
	Hash    string
	Time    time.Time
	Subject string
}

// projectGit answers questions about the project repository, running
// each git command at most once.
type projectGit struct {
	dir string

	logDone bool
	commits []Commit
	logErr  error
	since   time.Time
}

func (p *projectGit) run(args ...string) ([]byte, error) {
	return runGit(p.dir, cleanEnv(), append([]string{"-C", p.dir}, args...)...)
}

// Branch is the current branch, "" when unknown or detached: the run's
// one rev-parse of the project (git.Head), shared with pickup's other
// questions about it.
func (p *projectGit) Branch() string {
	_, b, _ := git.Head(p.dir)
	return b
}

// Head is HEAD's hash, "" when unknown (git.Head).
func (p *projectGit) Head() string {
	h, _, _ := git.Head(p.dir)
	return h
}

// maxCommits caps how much history verification reads.
const maxCommits = 20000

// Log returns the project's commits (newest first) since p.since (all
// when zero), read once.
func (p *projectGit) Log() ([]Commit, error) {
	if p.logDone {
		return p.commits, p.logErr
	}
	p.logDone = true
	args := []string{"log", "--format=%H%x09%ct%x09%s", "-n", strconv.Itoa(maxCommits)}
	if !p.since.IsZero() {
		args = append(args, "--since="+strconv.FormatInt(p.since.Unix(), 10))
	}
	out, err := p.run(args...)
	if err != nil {
		if strings.Contains(err.Error(), "does not have any commits") {
			return nil, nil
		}
		p.logErr = err
		return nil, err
	}
	// One string for the whole output, each commit's hash and subject
	// pieces of it: a log of thousands of commits, read line by line as
	// bufio.Scanner reads it (a trailing \r dropped; a line of 1 MiB or
	// more ends the log there).
	all := string(out)
	p.commits = make([]Commit, 0, strings.Count(all, "\n")+1)
	for len(all) > 0 {
		line, rest, _ := strings.Cut(all, "\n")
		all = rest
		if len(line) >= 1<<20 {
			break
		}
		line = strings.TrimSuffix(line, "\r")
		hash, rest, ok1 := strings.Cut(line, "\t")
		stamp, subject, ok2 := strings.Cut(rest, "\t")
		if !ok1 || !ok2 {
			continue
		}
		n, err := strconv.ParseInt(stamp, 10, 64)
		if err != nil {
			continue
		}
		p.commits = append(p.commits, Commit{Hash: hash, Time: time.Unix(n, 0).UTC(), Subject: subject})
	}
	return p.commits, nil
}

// Within returns the commits whose commit time falls in [from, to].
func Within(commits []Commit, from, to time.Time) []Commit {
	var out []Commit
	for _, c := range commits {
		if !c.Time.Before(from) && !c.Time.After(to) {
			out = append(out, c)
		}
	}
	return out
}

// timeIndex answers Within for one log without scanning it: a pipeline
// verifies thousands of implementer dispatches against a log of
// thousands of commits.
type timeIndex struct {
	log    []Commit
	byTime []int // indexes into log, by commit time
}

func newTimeIndex(log []Commit) *timeIndex {
	ix := &timeIndex{log: log, byTime: make([]int, len(log))}
	for i := range ix.byTime {
		ix.byTime[i] = i
	}
	sort.SliceStable(ix.byTime, func(a, b int) bool { return log[ix.byTime[a]].Time.Before(log[ix.byTime[b]].Time) })
	return ix
}

// within is Within(ix.log, from, to): the same commits, in log order.
func (ix *timeIndex) within(from, to time.Time) []Commit {
	n := len(ix.byTime)
	lo := sort.Search(n, func(i int) bool { return !ix.log[ix.byTime[i]].Time.Before(from) })
	hi := sort.Search(n, func(i int) bool { return ix.log[ix.byTime[i]].Time.After(to) })
	if lo >= hi {
		return nil
	}
	var small [8]int // a dispatch's window holds a commit or two
	pos := append(small[:0], ix.byTime[lo:hi]...)
	slices.Sort(pos)
	if first, last := pos[0], pos[len(pos)-1]; last-first == len(pos)-1 {
		// Neighbours in the log (it is in time order, as git writes it):
		// that piece of it, not a copy, and capped so that an append
		// copies it.
		return ix.log[first : last+1 : last+1]
	}
	out := make([]Commit, len(pos))
	for i, p := range pos {
		out[i] = ix.log[p]
	}
	return out
}
