package artifacts

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// world is a project with a state file in it and a secret file beside it,
// outside the project.
type world struct {
	project, outside, secret string
	s                        *model.Session
}

func newWorld(t *testing.T) world {
	t.Helper()
	base := t.TempDir()
	w := world{project: filepath.Join(base, "shop"), outside: filepath.Join(base, "elsewhere")}
	w.secret = filepath.Join(w.outside, "secret.txt")
	testkit.Write(t, w.secret, "do not show\n")
	testkit.Write(t, filepath.Join(w.project, ".aios", ".session-state.yaml"), "session_state: {}\n")
	w.s = &model.Session{Source: "aios", Project: w.project, Path: filepath.Join(w.project, ".aios", ".session-state.yaml")}
	return w
}

func (w world) with(arts ...model.Artifact) *model.Session {
	s := *w.s
	s.Artifacts = arts
	return &s
}

func TestInspectEscapes(t *testing.T) {
	w := newWorld(t)
	testkit.Write(t, filepath.Join(w.project, "docs", "story.md"), "# Story\n")
	testkit.Symlink(t, w.outside, filepath.Join(w.project, "docs", "out"))
	testkit.Symlink(t, w.secret, filepath.Join(w.project, "docs", "secret-link.md"))
	testkit.Symlink(t, filepath.Join(w.project, "loop-b"), filepath.Join(w.project, "loop-a"))
	testkit.Symlink(t, filepath.Join(w.project, "loop-a"), filepath.Join(w.project, "loop-b"))
	testkit.Symlink(t, "story.md", filepath.Join(w.project, "docs", "inside-link.md"))

	// A refused path never says whether it exists (no existence
	// oracle): exists is false for all of them.
	cases := []struct {
		path    string
		refused string
		exists  bool
	}{
		{"docs/story.md", "", true},
		{"docs/inside-link.md", "", true},                         // a symlink that stays in
		{"../elsewhere/secret.txt", model.ArtifactOutside, false}, // ..
		{w.secret, model.ArtifactOutside, false},                  // an absolute path elsewhere
		{"docs/secret-link.md", model.ArtifactOutside, false},     // a symlink out
		{"docs/out/secret.txt", model.ArtifactOutside, false},     // through a symlinked folder
		{"docs/out/missing.md", model.ArtifactOutside, false},     // missing, but it would be outside
		{"loop-a", model.ArtifactLoop, false},                     // a symlink loop
		{"docs/missing.md", "", false},
		{filepath.Join(w.project, "docs", "story.md"), "", true}, // absolute inside
	}
	var arts []model.Artifact
	for _, c := range cases {
		arts = append(arts, model.Artifact{Path: c.path, Kind: "k"})
	}
	s := w.with(arts...)
	got := Inspect(s)
	if got[0].Kind != StateKind || got[0].Path != s.Path || !got[0].Exists || got[0].Refused != "" {
		t.Fatalf("state file first: %+v", got[0])
	}
	got = got[1:]
	for i, c := range cases {
		a := got[i]
		if a.Refused != c.refused || a.Exists != c.exists {
			t.Errorf("%s: refused %q exists %v, want %q %v", c.path, a.Refused, a.Exists, c.refused, c.exists)
		}
		if a.Path != c.path {
			t.Errorf("path rewritten: %q -> %q", c.path, a.Path)
		}
		_, perr := Path(s, a)
		_, rerr := ReadHead(s, a, 1024)
		switch {
		case c.refused != "":
			var re *RefusedError
			if !errors.As(perr, &re) || re.Reason != c.refused || !errors.Is(rerr, ErrRefused) {
				t.Errorf("%s: Path err %v, ReadHead err %v, want refused %s", c.path, perr, rerr, c.refused)
			}
		case !c.exists:
			if !errors.Is(perr, ErrNotFile) || !errors.Is(rerr, ErrNotFile) {
				t.Errorf("%s: missing file gave %v / %v", c.path, perr, rerr)
			}
		default:
			if perr != nil || rerr != nil {
				t.Errorf("%s: %v / %v", c.path, perr, rerr)
			}
		}
	}
	if got[0].Size != int64(len("# Story\n")) || got[0].ModTime.IsZero() {
		t.Errorf("size %d mod %v", got[0].Size, got[0].ModTime)
	}
}

// The session's own state folder is a root too: kiln and crucible keep
// their files under the Claude home, outside the project.
func TestInspectStateFolderIsARoot(t *testing.T) {
	base := t.TempDir()
	project := filepath.Join(base, "shop")
	scratch := filepath.Join(base, "claude", "projects", "h", "memory")
	testkit.Write(t, filepath.Join(project, "README.md"), "x\n")
	testkit.Write(t, filepath.Join(scratch, ".pipeline-active"), "{}\n")
	testkit.Write(t, filepath.Join(scratch, "pipeline-status.md"), "**Skill:** build\n")
	testkit.Write(t, filepath.Join(base, "claude", "projects", "h", "other.md"), "not the session's\n")
	s := &model.Session{Project: project, Path: filepath.Join(scratch, ".pipeline-active"), Artifacts: []model.Artifact{
		{Path: filepath.Join(scratch, "pipeline-status.md")},
		{Path: filepath.Join(base, "claude", "projects", "h", "other.md")},
	}}
	got := Inspect(s)[1:]
	if got[0].Refused != "" || !got[0].Exists {
		t.Errorf("state folder file: %+v", got[0])
	}
	if got[1].Refused != model.ArtifactOutside {
		t.Errorf("above the state folder: %+v", got[1])
	}
}

// A project reached through a symlinked path (as /tmp is on some systems)
// still holds its own files.
func TestInspectSymlinkedProjectRoot(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "real")
	testkit.Write(t, filepath.Join(real, "docs", "a.md"), "a\n")
	link := filepath.Join(base, "link")
	testkit.Symlink(t, real, link)
	s := &model.Session{Project: link, Artifacts: []model.Artifact{{Path: "docs/a.md"}}}
	if a := Inspect(s)[0]; a.Refused != "" || !a.Exists {
		t.Fatalf("%+v", a)
	}
}

func TestInspectIntegrity(t *testing.T) {
	w := newWorld(t)
	body := "scene one\n"
	testkit.Write(t, filepath.Join(w.project, "scene.md"), body)
	sum := sha256.Sum256([]byte(body))
	good := hex.EncodeToString(sum[:])
	s := w.with(
		model.Artifact{Path: "scene.md", Hash: good},
		model.Artifact{Path: "scene.md", Hash: "sha256:" + strings.ToUpper(good)},
		model.Artifact{Path: "scene.md", Hash: strings.Repeat("0", 64)},
		model.Artifact{Path: "gone.md", Hash: good},
		model.Artifact{Path: "scene.md"},
	)
	got := Inspect(s)[1:]
	want := []string{model.IntegrityOK, model.IntegrityOK, model.IntegrityChanged, model.IntegrityUnchecked, ""}
	for i, w := range want {
		if got[i].Integrity != w {
			t.Errorf("%d: integrity %q, want %q", i, got[i].Integrity, w)
		}
	}
}

func TestInspectFolder(t *testing.T) {
	w := newWorld(t)
	if err := os.MkdirAll(filepath.Join(w.project, "prompts"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := w.with(model.Artifact{Path: "prompts"})
	a := Inspect(s)[1]
	if !a.Exists || !a.Dir {
		t.Fatalf("%+v", a)
	}
	if _, err := ReadHead(s, a, 10); !errors.Is(err, ErrNotFile) {
		t.Fatalf("reading a folder: %v", err)
	}
}

// A large file gives only its head: never more than the limit is read.
func TestReadHeadLarge(t *testing.T) {
	w := newWorld(t)
	big := bytes.Repeat([]byte("0123456789abcdef\n"), 1<<16) // 1.06 MiB
	p := filepath.Join(w.project, "big.log")
	if err := os.WriteFile(p, big, 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.with(model.Artifact{Path: "big.log"})
	h, err := ReadHead(s, s.Artifacts[0], 4096)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Data) != 4096 || !h.Truncated || h.Size != int64(len(big)) || !bytes.Equal(h.Data, big[:4096]) {
		t.Fatalf("len %d truncated %v size %d", len(h.Data), h.Truncated, h.Size)
	}
	small := w.with(model.Artifact{Path: ".aios/.session-state.yaml"})
	h, err = ReadHead(small, small.Artifacts[0], 4096)
	if err != nil || h.Truncated || string(h.Data) != "session_state: {}\n" {
		t.Fatalf("%q %v %v", h.Data, h.Truncated, err)
	}
	// Exactly the limit is not truncated.
	h, err = ReadHead(small, small.Artifacts[0], len("session_state: {}\n"))
	if err != nil || h.Truncated {
		t.Fatalf("at the limit: truncated %v err %v", h.Truncated, err)
	}
}

// A named pipe is not read (it would block).
func TestReadHeadRefusesSpecialFiles(t *testing.T) {
	w := newWorld(t)
	p := filepath.Join(w.project, "fifo")
	if err := mkfifo(p); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	s := w.with(model.Artifact{Path: "fifo"})
	if _, err := ReadHead(s, s.Artifacts[0], 10); !errors.Is(err, ErrNotFile) {
		t.Fatalf("fifo: %v", err)
	}
}

// The state file is listed once, even when the loader lists it too.
func TestListStateOnce(t *testing.T) {
	w := newWorld(t)
	s := w.with(model.Artifact{Path: ".aios/.session-state.yaml", Kind: "memory"}, model.Artifact{Path: "docs/a.md", Kind: "doc"})
	got := List(s)
	if len(got) != 2 || got[0].Kind != "memory" {
		t.Fatalf("%+v", got)
	}
	s.Artifacts = s.Artifacts[1:]
	if got := List(s); len(got) != 2 || got[0].Kind != StateKind || got[1].Kind != "doc" {
		t.Fatalf("%+v", got)
	}
}

// A path relative to the tool's own folder (bookforge's are relative to
// the book) is found by going up from the session's state; a path found
// nowhere stays relative to the project.
func TestLocateBesideTheState(t *testing.T) {
	base := t.TempDir()
	project := filepath.Join(base, "shop")
	book := filepath.Join(project, "workspace", "books", "salt-road")
	hist := filepath.Join(book, "draft", "context", "phase_history")
	testkit.Write(t, filepath.Join(hist, "ch001_sc001.json"), "{}")
	testkit.Write(t, filepath.Join(hist, "ch001_sc001", "scene_card.json"), `{"title":"x"}`)
	testkit.Write(t, filepath.Join(project, "notes.md"), "n\n")
	s := &model.Session{Project: project, Path: hist, Artifacts: []model.Artifact{
		{Path: "draft/context/phase_history/ch001_sc001/scene_card.json", Kind: "scene_card"},
		{Path: "notes.md"},
		{Path: "draft/context/phase_history/ch001_sc009/scene_card.json"},
		{Path: "../../../../../elsewhere.md"},
	}}
	testkit.Write(t, filepath.Join(base, "elsewhere.md"), "x\n")
	got := Inspect(s)
	if got[0].Kind != StateKind || !got[0].Dir {
		t.Fatalf("state folder: %+v", got[0])
	}
	card := got[1]
	if card.Path != filepath.Join(hist, "ch001_sc001", "scene_card.json") || !card.Exists {
		t.Fatalf("scene card: %+v", card)
	}
	if h, err := ReadHead(s, s.Artifacts[0], 100); err != nil || string(h.Data) != `{"title":"x"}` {
		t.Fatalf("read through the loader's path: %q %v", h.Data, err)
	}
	if got[2].Path != "notes.md" || !got[2].Exists {
		t.Fatalf("project-relative: %+v", got[2])
	}
	if got[3].Path != "draft/context/phase_history/ch001_sc009/scene_card.json" || got[3].Exists {
		t.Fatalf("missing: %+v", got[3])
	}
	if got[4].Refused != model.ArtifactOutside {
		t.Fatalf("found by going up, but outside: %+v", got[4])
	}
}
