package crucible

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/gen/synth"
	"github.com/pickup-dev/pickup/loaders"
)

// TestVerifyInPartsMatchesOneByOne holds verification spread over
// several goroutines (a large pipeline) to verifying one dispatch after
// the other: the same evidence, in the same order, on a generated
// pipeline with dispatch files and git history, and on one with git
// history alone (commits matched by task number). Run with -race.
func TestVerifyInPartsMatchesOneByOne(t *testing.T) {
	if testing.Short() {
		t.Skip("writes two pipelines of 12,000 manifest lines")
	}
	isolate(t)
	for _, spec := range []synth.CrucibleSpec{{Lines: 12_000, Files: true, Git: true}, {Lines: 12_000, Git: true}} {
		c, err := synth.WriteCrucible(t.TempDir(), spec)
		if err != nil {
			t.Fatal(err)
		}
		l := New(loaders.Options{ClaudeHome: c.ClaudeHome})
		paths, err := l.Discover(c.Project)
		if err != nil || len(paths) != 1 {
			t.Fatalf("discover: %v %v", paths, err)
		}
		p, err := l.read(c.Project, paths[0])
		if err != nil || p.ev == nil || p.ev.git == nil {
			t.Fatalf("read: %v (evidence %v)", err, p != nil && p.ev != nil)
		}
		var es []*Entry
		kinds := map[string]int{}
		for _, e := range p.manifest.Entries() {
			if e.SupersededBy() == 0 && e.Final(p.manifest) == StatusCompleted {
				es = append(es, e)
				kinds[RoleKind(e.Role())]++
			}
		}
		if len(es) < verifyParallel || kinds[KindCommit] == 0 || kinds[KindReview] == 0 || kinds[KindTrusted] == 0 {
			t.Fatalf("%d dispatches to verify (%v): too few to test parts", len(es), kinds)
		}
		fresh := func() *evidence {
			return &evidence{dirs: p.ev.dirs, git: p.ev.git, start: p.ev.start, listing: p.ev.listing, starts: p.ev.starts}
		}
		one, parts := make([]leanCheck, len(es)), make([]leanCheck, len(es))
		for i, e := range es {
			one[i].e, parts[i].e = e, e
		}
		fresh().verifyIn(one, 1)
		fresh().verifyIn(parts, 3)
		ok := 0
		for i := range one {
			if one[i] != parts[i] {
				t.Fatalf("files %v, dispatch %d (seq %d): one by one %+v, in parts %+v", spec.Files, i, es[i].Seq, one[i], parts[i])
			}
			if one[i].verdict == vVerified {
				ok++
			}
		}
		if ok < len(es)/2 {
			t.Fatalf("files %v: only %d of %d dispatches verified", spec.Files, ok, len(es))
		}
	}
}
