package model

import (
	"reflect"
	"testing"
	"time"
)

func TestStatusOf(t *testing.T) {
	for xy, want := range map[string]GitStatus{
		" M": GitModified, "M ": GitModified, "MM": GitModified, " T": GitModified,
		"A ": GitAdded, "AM": GitAdded, "C ": GitAdded,
		" D": GitDeleted, "D ": GitDeleted, "AD": GitDeleted,
		"R ": GitRenamed, "RM": GitRenamed, "RD": GitRenamed,
		"??": GitUntracked,
		"UU": GitConflicted, "AA": GitConflicted, "DD": GitConflicted, "UD": GitConflicted,
	} {
		if got := StatusOf(xy); got != want {
			t.Errorf("StatusOf(%q) = %s, want %s", xy, got, want)
		}
	}
}

// TestClassify is the veto's classification, one row per rule.
func TestClassify(t *testing.T) {
	start := t0.Add(-3 * time.Hour)
	s := session(func(s *Session) {
		s.StateFiles = []string{"/p/.aios/memory"}
		s.Artifacts = []Artifact{
			{Path: "docs/stories/12.3.story.md"},   // relative to the project
			{Path: "/p/src/auth/jwt.go"},           // absolute, inside
			{Path: "/elsewhere/notes.md"},          // outside: never matched
			{Path: "/p/build/out", Dir: true},      // a folder
			{Path: "../sibling.md"},                // outside by ..
			{Path: "/p/.aios/.session-state.yaml"}, // the state itself stays state
		}
		s.Recorded.Started = start
	})
	during := start.Add(time.Hour)
	tests := []struct {
		name string
		c    Change
		want FileClass
		why  string
	}{
		{"the state file", Change{Path: ".aios/.session-state.yaml", XY: " M", ModTime: during}, ClassState, ""},
		{"inside a state folder", Change{Path: ".aios/memory/x.md", XY: "??"}, ClassState, ""},
		{"pickup's own archive", Change{Path: ".aios/.session-state.yaml.discarded.20261124T134512Z", XY: "??", Own: true}, ClassPickup, ""},
		{"pickup's own wins over an artifact", Change{Path: "docs/stories/12.3.story.md", XY: "??", Own: true}, ClassPickup, ""},
		{"a relative artifact", Change{Path: "docs/stories/12.3.story.md", XY: " M"}, ClassRun, WhyArtifact},
		{"an absolute artifact", Change{Path: "src/auth/jwt.go", XY: "A "}, ClassRun, WhyArtifact},
		{"under a folder artifact", Change{Path: "build/out/app.js", XY: "??"}, ClassRun, WhyArtifact},
		{"beside a folder artifact", Change{Path: "build/outside.js", XY: "??"}, ClassOther, ""},
		{"changed while the run was at work", Change{Path: "src/b.go", XY: " M", ModTime: during}, ClassRun, WhyDuringRun},
		{"changed exactly at the start", Change{Path: "src/b.go", XY: " M", ModTime: start}, ClassRun, WhyDuringRun},
		{"changed exactly at the last update", Change{Path: "src/b.go", XY: " M", ModTime: t0}, ClassRun, WhyDuringRun},
		{"changed before the run started", Change{Path: "src/c.go", XY: " M", ModTime: start.Add(-time.Second)}, ClassOther, ""},
		{"changed after the last update", Change{Path: "src/d.go", XY: " M", ModTime: t0.Add(time.Second)}, ClassOther, ""},
		{"deleted: no time, the person's", Change{Path: "src/e.go", XY: " D"}, ClassOther, ""},
		{"an outside artifact's name inside is the person's", Change{Path: "notes.md", XY: "??"}, ClassOther, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Classify(s, []Change{tc.c})
			if len(got) != 1 || got[0].Class != tc.want || got[0].Why != tc.why {
				t.Fatalf("Classify = %+v, want class %s why %q", got, tc.want, tc.why)
			}
			if got[0].Class.Blocks() != (tc.want == ClassRun || tc.want == ClassOther) {
				t.Fatal("Blocks disagrees with the class")
			}
		})
	}
}

// TestClassifyPickupsMove: a tracked file pickup archived shows as
// deleted where it was and untracked in the archive; both are pickup's.
// A deletion with no archive of it is the person's.
func TestClassifyPickupsMove(t *testing.T) {
	got := Classify(session(), []Change{
		{Path: ".atelier/sessions/a.json", XY: " D"},
		{Path: ".atelier/sessions/a.json.discarded.1795540910799", XY: "??", Own: true, ArchiveOf: ".atelier/sessions/a.json"},
		{Path: ".kiln/STATE.md", XY: "D "},
		{Path: ".kiln.discarded.20261124T101500Z/STATE.md", XY: "??", Own: true, ArchiveOf: ".kiln/STATE.md"},
		{Path: "src/gone.go", XY: " D"},
		{Path: "src/kept.go", XY: " M"},
		{Path: "src/kept.go.discarded.1", XY: "??", Own: true, ArchiveOf: "src/kept.go"},
	})
	want := []FileClass{ClassPickup, ClassPickup, ClassPickup, ClassPickup, ClassOther, ClassOther, ClassPickup}
	for i, f := range got {
		if f.Class != want[i] {
			t.Errorf("%s: %s, want %s", f.Path, f.Class, want[i])
		}
	}
}

func TestClassifyWithoutAStartOrUpdate(t *testing.T) {
	for name, s := range map[string]*Session{
		"no start recorded": session(),
		"no last update":    session(func(s *Session) { s.Recorded.Started = t0.Add(-time.Hour); s.HasLastUpdated = false }),
		"start after update": session(func(s *Session) {
			s.Recorded.Started = t0.Add(time.Hour)
		}),
	} {
		got := Classify(s, []Change{{Path: "src/a.go", XY: " M", ModTime: t0.Add(-time.Minute)}})
		if got[0].Class != ClassOther {
			t.Errorf("%s: class %s, want other", name, got[0].Class)
		}
	}
}

// TestVetoEachClass: a git answer holding a file of every class blocks
// with the run's and the person's files only, keeps every file with its
// status, and advises a stash that leaves the state and pickup's own out
// by name, and a commit of the blocking files by name.
func TestVetoEachClass(t *testing.T) {
	s := session(func(s *Session) {
		s.Artifacts = []Artifact{{Path: "docs/stories/12.3.story.md"}}
	})
	g := GitChecked{Available: true, Cwd: "/p", Changes: []Change{
		{Path: ".aios/.session-state.yaml", XY: " M"},
		{Path: ".aios/.session-state.yaml.discarded.1764000000000", XY: "??", Own: true},
		{Path: "docs/stories/12.3.story.md", XY: "??"},
		{Path: "src/new name.go", XY: "R ", OrigPath: "src/old.go"},
		{Path: "gone.txt", XY: "D "},
		{Path: "it's.md", XY: " M"},
	}}
	st, effs := run(load(s), Chose{Restart}, g)
	if st.Screen != ScreenVeto || len(effs) != 1 {
		t.Fatalf("screen %s effects %v", st.Screen, effectKinds(effs))
	}
	v := st.Veto
	if want := []string{"docs/stories/12.3.story.md", "src/new name.go", "gone.txt", "it's.md"}; !reflect.DeepEqual(v.Files, want) {
		t.Fatalf("files %q, want %q", v.Files, want)
	}
	wantChanges := []VetoFile{
		{Path: ".aios/.session-state.yaml", Status: GitModified, Class: ClassState},
		{Path: ".aios/.session-state.yaml.discarded.1764000000000", Status: GitUntracked, Class: ClassPickup},
		{Path: "docs/stories/12.3.story.md", Status: GitUntracked, Class: ClassRun, Why: WhyArtifact},
		{Path: "src/new name.go", Status: GitRenamed, OrigPath: "src/old.go", Class: ClassOther, Staged: true},
		{Path: "gone.txt", Status: GitDeleted, Class: ClassOther, Staged: true},
		{Path: "it's.md", Status: GitModified, Class: ClassOther},
	}
	if !reflect.DeepEqual(v.Changes, wantChanges) {
		t.Fatalf("changes\n%+v\nwant\n%+v", v.Changes, wantChanges)
	}
	wantAdvice := []string{
		`git stash push --include-untracked -m 'before pickup restart' -- ':(top)' ':(exclude).aios/.session-state.yaml' ':(exclude).aios/.session-state.yaml.discarded.1764000000000'`,
		`git add -- docs/stories/12.3.story.md 'it'\''s.md' && git commit -m 'work in progress before pickup restart' -- docs/stories/12.3.story.md 'src/new name.go' src/old.go gone.txt 'it'\''s.md'`,
	}
	if !reflect.DeepEqual(v.Advice, wantAdvice) {
		t.Fatalf("advice\n%q\nwant\n%q", v.Advice, wantAdvice)
	}
	if v.CountClass(ClassOther) != 3 || len(v.OfClass(ClassRun)) != 1 {
		t.Fatal("counts by class")
	}
}

func TestVetoAdvice(t *testing.T) {
	other := func(p string) VetoFile { return VetoFile{Path: p, Class: ClassOther} }
	tests := []struct {
		name  string
		files []VetoFile
		dir   string
		want  []string
	}{
		{"every change blocks: a bare stash", []VetoFile{other("a.go")}, "",
			[]string{`git stash push --include-untracked -m 'before pickup restart'`,
				`git add -- a.go && git commit -m 'work in progress before pickup restart' -- a.go`}},
		{"another folder: git -C", []VetoFile{other("a.go")}, "/home/ana/my shop",
			[]string{`git -C '/home/ana/my shop' stash push --include-untracked -m 'before pickup restart'`,
				`git -C '/home/ana/my shop' add -- a.go && git -C '/home/ana/my shop' commit -m 'work in progress before pickup restart' -- a.go`}},
		{"only staged: nothing to add", []VetoFile{{Path: "a.go", Class: ClassOther, Staged: true}}, "",
			[]string{`git stash push --include-untracked -m 'before pickup restart'`,
				`git commit -m 'work in progress before pickup restart' -- a.go`}},
		{"a wildcard or a colon is read literally", []VetoFile{other("*.go"), other(":x"), {Path: "b[1].md", Class: ClassState}}, "",
			[]string{`git stash push --include-untracked -m 'before pickup restart' -- ':(top)' ':(exclude,literal)b[1].md'`,
				`git --literal-pathspecs add -- '*.go' :x && git --literal-pathspecs commit -m 'work in progress before pickup restart' -- '*.go' :x`}},
		{"a leading dash stays after --", []VetoFile{other("-rf")}, "",
			[]string{`git stash push --include-untracked -m 'before pickup restart'`,
				`git add -- -rf && git commit -m 'work in progress before pickup restart' -- -rf`}},
		{"an escape in a name never reaches the terminal raw", []VetoFile{other("a\x1b[31m.go")}, "",
			[]string{`git stash push --include-untracked -m 'before pickup restart'`,
				`git --literal-pathspecs add -- $'a\x1b[31m.go' && git --literal-pathspecs commit -m 'work in progress before pickup restart' -- $'a\x1b[31m.go'`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := vetoAdvice(tc.files, tc.dir); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"src/a.go":       "src/a.go",
		"":               "''",
		"a b":            "'a b'",
		"it's":           `'it'\''s'`,
		"$(rm -rf ~)":    `'$(rm -rf ~)'`,
		"caf\xe9.md":     `$'caf\xe9.md'`,
		"é.md":           `'é.md'`,
		"a\u202eb":       `$'a\xe2\x80\xaeb'`,
		"new\nline's\\x": `$'new\x0aline\'s\\x'`,
	} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestVetoWithoutChanges: a git answer with paths only (no statuses)
// is classified by path: the state file does not block, the rest does.
func TestVetoWithoutChanges(t *testing.T) {
	st, _ := run(load(session()), Chose{Restart}, GitChecked{Available: true, Files: []string{".aios/.session-state.yaml", "x.go"}})
	if st.Veto == nil || !reflect.DeepEqual(st.Veto.Files, []string{"x.go"}) || st.Veto.Changes[1].Status != "" {
		t.Fatalf("veto %+v", st.Veto)
	}
}

// TestOnlyPickupAndStateNeverVeto: a second restart sees the first
// one's archive and the rewritten state file, and goes ahead.
func TestOnlyPickupAndStateNeverVeto(t *testing.T) {
	st, effs := run(load(session()), Chose{Restart}, GitChecked{Available: true, Changes: []Change{
		{Path: ".aios/.session-state.yaml", XY: " M"},
		{Path: ".aios/.session-state.yaml.discarded.20261124T134512Z", XY: "??", Own: true},
		{Path: ".pickup/log.jsonl", XY: "??", Own: true},
	}})
	if st.Screen != ScreenApplying || st.Veto != nil || len(effs) != 2 {
		t.Fatalf("screen %s veto %+v", st.Screen, st.Veto)
	}
}
