package tui

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/artifacts"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// The previews of files people read most while deciding: key: value
// memory files, front matter, YAML and JSONL in colour, a folder, a file
// a phase should have written.

const memoryMD = "# Kiln Project Memory\n\n## Runtime\nstage: build\nstatus: paused\nphase_number: 3\n\n## Handoff\nhandoff_note: round 3 next\n"

const summaryMD = "---\nphase: 2\nverdict: approved\n---\n# Phase 2 summary\nTwo tasks done.\nOne left.\n"

// previewWorld is a project with those files, as a session's artifacts.
func previewWorld(t *testing.T) browserWorld {
	t.Helper()
	p := filepath.Join(testkit.RealTempDir(t), "shop")
	testkit.Write(t, filepath.Join(p, ".aios", ".session-state.yaml"), "session_state:\n  last_updated: '2026-02-15T10:30:00Z'\n")
	testkit.Write(t, filepath.Join(p, "memory", "MEMORY.md"), memoryMD)
	testkit.Write(t, filepath.Join(p, "memory", "phase-2.md"), summaryMD)
	testkit.Write(t, filepath.Join(p, "config", "settings.yaml"), "# pipeline\nname: shop\nwaves: 2\nstrict: true\ntags: [auth, jwt]\n")
	testkit.Write(t, filepath.Join(p, "dispatch", "events.jsonl"), "{\"seq\":1,\"ok\":true}\n{\"seq\":2,\"ok\":null}\n")
	testkit.Write(t, filepath.Join(p, "dispatch", "1-writer.md"), "# Dispatch\n")
	testkit.Write(t, filepath.Join(p, "dispatch", "waves", "1.json"), "{}\n")
	arts := []model.Artifact{
		{Path: "memory/MEMORY.md", Kind: "memory"},
		{Path: "memory/phase-2.md", Kind: "summary", Phase: "2"},
		{Path: "config/settings.yaml", Kind: "config"},
		{Path: "dispatch/events.jsonl", Kind: "events"},
		{Path: "dispatch", Kind: "dispatch directory"},
		{Path: "notes/plan.md", Kind: "plan"},
	}
	s := aiosSession(func(s *model.Session) {
		s.Project, s.Path, s.Artifacts = p, filepath.Join(p, ".aios", ".session-state.yaml"), arts
	})
	return browserWorld{project: p, s: s}
}

// withEntries is realFiles with folders listed.
func withEntries() *Files {
	f := realFiles(nil)
	f.Entries = func(s *model.Session, a model.Artifact, limit int) (Listing, error) {
		l, err := artifacts.Entries(s, a, limit)
		return Listing{Names: l.Names, Total: l.Total}, err
	}
	return f
}

func previewBrowser(t *testing.T, w browserWorld, width, height int, path string) Model {
	t.Helper()
	pinEnv(t)
	m := New(Config{State: loaded(t, w.s), Project: "shop", Now: now, Files: withEntries()})
	m = update(t, m, tea.WindowSizeMsg{Width: width, Height: height})
	m, _ = keys(t, m, keyRune('v'))
	return selectPath(t, m, path)
}

func TestBrowserPreviewGolden(t *testing.T) {
	for _, sc := range []struct{ name, path string }{
		{"memory", "memory/MEMORY.md"},
		{"front_matter", "memory/phase-2.md"},
		{"yaml", "config/settings.yaml"},
		{"jsonl", "dispatch/events.jsonl"},
		{"folder", "dispatch"},
		{"missing", "notes/plan.md"},
	} {
		t.Run(sc.name, func(t *testing.T) {
			for _, sz := range [][2]int{{80, 24}, {120, 40}} {
				t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
					w := previewWorld(t)
					m := previewBrowser(t, w, sz[0], sz[1], sc.path)
					checkFits(t, m, sz[0], sz[1])
					golden.RequireEqual(t, bytes.ReplaceAll([]byte(pinned(m)), []byte(w.project), []byte("/project")))
				})
			}
		})
	}
}

// TestMarkdownKeepsLineBreaks: key: value lines of a markdown file stay
// one per line (glamour used to join them into a paragraph), front
// matter included.
func TestMarkdownKeepsLineBreaks(t *testing.T) {
	for _, plainStyle := range []bool{true, false} {
		out := render(&msg.English, "MEMORY.md", Head{Data: []byte(memoryMD)}, 60, true, plainStyle)
		text := stripANSI(strings.Join(out.lines, "\n"))
		for _, want := range []string{"stage: build\n", "status: paused\n", "phase_number: 3\n"} {
			if !strings.Contains(text, want) {
				t.Fatalf("plain %v: no line %q in:\n%s", plainStyle, want, text)
			}
		}
		out = render(&msg.English, "phase-2.md", Head{Data: []byte(summaryMD)}, 60, true, plainStyle)
		text = stripANSI(strings.Join(out.lines, "\n"))
		if !strings.Contains(text, "phase: 2\n") || !strings.Contains(text, "verdict: approved\n") ||
			!strings.Contains(text, "Two tasks done.\n") || strings.Contains(text, "---") {
			t.Fatalf("plain %v: front matter:\n%s", plainStyle, text)
		}
	}
}

// TestCodeColour: JSON, JSONL and YAML are coloured, differently on a
// dark and a light background, with the same text; under NO_COLOR they
// carry no escape at all. A JSON file without the extension is JSON.
func TestCodeColour(t *testing.T) {
	files := map[string]string{
		"plan.json":      `{"tasks":[{"id":1,"done":true}],"note":null}`,
		"events.jsonl":   "{\"seq\":1}\n{\"seq\":2}\n",
		"state.yaml":     "session_state:\n  phase: build # now\n  done: [1, 2]\n",
		"pipeline-state": "{\"phase\": \"4\"}\n",
	}
	for name, src := range files {
		h := Head{Data: []byte(src)}
		dark := render(&msg.English, name, h, 60, true, false)
		light := render(&msg.English, name, h, 60, false, false)
		bare := render(&msg.English, name, h, 60, true, true)
		d, l, b := strings.Join(dark.lines, "\n"), strings.Join(light.lines, "\n"), strings.Join(bare.lines, "\n")
		if !strings.Contains(d, "\x1b[") || d == l {
			t.Errorf("%s: not coloured for the background:\n%q\n%q", name, d, l)
		}
		if strings.Contains(b, "\x1b") {
			t.Errorf("%s: colour under NO_COLOR: %q", name, b)
		}
		if ansi.Strip(d) != b || ansi.Strip(l) != b {
			t.Errorf("%s: the colour changed the text:\n%s\n%s", name, ansi.Strip(d), b)
		}
	}
}

// TestCodeColourKeepsHostileTextVisible: a control sequence inside a
// YAML value is shown as text (\x1b), never sent, with colour on.
func TestCodeColourKeepsHostileTextVisible(t *testing.T) {
	out := render(&msg.English, "s.yaml", Head{Data: []byte("title: \"a\x1b]0;pwned\x07b\"\n")}, 60, true, false)
	text := strings.Join(out.lines, "\n")
	if strings.Contains(text, "\x1b]") || strings.Contains(text, "\x07") || !strings.Contains(ansi.Strip(text), `\x1b]0;pwned\x07`) {
		t.Fatalf("%q", text)
	}
}

// TestFolderPanel lists what a folder holds, sorted, folders marked, and
// says how many more there are; a folder outside the project is refused.
func TestFolderPanel(t *testing.T) {
	w := previewWorld(t)
	m := previewBrowser(t, w, 100, 30, "dispatch")
	v := plain(m)
	for _, want := range []string{"A folder holding 3 entries:", "1-writer.md", "events.jsonl", "waves/"} {
		if !strings.Contains(v, want) {
			t.Fatalf("no %q in:\n%s", want, v)
		}
	}
	for i := range 5 {
		testkit.Write(t, filepath.Join(w.project, "many", fmt.Sprintf("f%d", i)), "x")
	}
	l, err := artifacts.Entries(w.s, model.Artifact{Path: "many"}, 2)
	if err != nil || l.Total != 5 || strings.Join(l.Names, ",") != "f0,f1" {
		t.Fatalf("%+v %v", l, err)
	}
	if got := strings.Join(folderLines(&msg.English, Listing{Names: l.Names, Total: l.Total}), "|"); got != "A folder holding 5 entries:|  f0|  f1|  … and 3 more" {
		t.Fatalf("%q", got)
	}
	if got := folderLines(&msg.English, Listing{}); len(got) != 1 || got[0] != "An empty folder." {
		t.Fatalf("%q", got)
	}
	out := filepath.Join(filepath.Dir(w.project), "outside")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := artifacts.Entries(w.s, model.Artifact{Path: out}, 10); err == nil {
		t.Fatal("a folder outside the project was listed")
	}
	if _, err := artifacts.Entries(w.s, model.Artifact{Path: "memory/MEMORY.md"}, 10); err == nil {
		t.Fatal("a file was listed as a folder")
	}
}

// TestMissingPanel says which phase should have written a missing file,
// or what the session calls it.
func TestMissingPanel(t *testing.T) {
	c := &msg.English
	got := missingLines(c, model.Artifact{Path: "tdd.md", Phase: "3b"})
	if got[0] != "This file is not there." || got[2] != "Phase 3b should have produced it: that step has not run yet, or what it wrote was moved or deleted since." {
		t.Fatalf("%q", got)
	}
	got = missingLines(c, model.Artifact{Path: "x", Kind: "plan"})
	if !strings.HasPrefix(got[2], "The session refers to it (plan), but") {
		t.Fatalf("%q", got)
	}
}

// TestBrowserFilterHintOffersOnlyWhatWorks: while a filter is typed,
// the help line offers no key the filter takes as text.
func TestBrowserFilterHintOffersOnlyWhatWorks(t *testing.T) {
	w := newBrowserWorld(t, false)
	m := newBrowser(t, w, 120, 30, nil)
	m, _ = keys(t, m, keyRune('/'))
	m, _ = keys(t, m, keyRune('o'))
	lines := strings.Split(plain(m), "\n")
	help := lines[len(lines)-1]
	if !strings.Contains(help, "enter apply") || !strings.Contains(help, "esc clear filter") {
		t.Fatalf("help %q", help)
	}
	for _, swallowed := range []string{"e edit", "/ filter", "q quit", "? more", "open in pager"} {
		if strings.Contains(help, swallowed) {
			t.Fatalf("while typing, the help offers %q: %q", swallowed, help)
		}
	}
}

func TestPagerWaits(t *testing.T) {
	for _, tt := range []struct {
		argv []string
		less string
		want bool
	}{
		{[]string{"less", "-R"}, "", true},
		{[]string{"/usr/bin/less", "-R"}, "", true},
		{[]string{"less", "-RF"}, "", false},
		{[]string{"less", "--quit-if-one-screen"}, "", false},
		{[]string{"less", "-R"}, "FRX", false},
		{[]string{"less", "-R"}, "-R -X", true},
		{[]string{"more"}, "", true},
		{[]string{"bat"}, "", true},
		{[]string{"bat", "--paging=never"}, "", false},
		{[]string{"cat"}, "", false},
		{[]string{"/bin/cat", "-n"}, "", false},
		{[]string{"my-script"}, "", false},
	} {
		if got := pagerWaits(tt.argv, tt.less); got != tt.want {
			t.Errorf("pagerWaits(%q, LESS=%q) = %v, want %v", tt.argv, tt.less, got, tt.want)
		}
	}
}

// TestPagerOutputStays: after a pager that exits at once (cat), the
// prompt is printed and one key is read before the wizard comes back.
func TestPagerOutputStays(t *testing.T) {
	var out bytes.Buffer
	// A pipe as the terminal: the pager is handed the file itself, as a
	// real terminal is, and leaves the key there.
	in, keys, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if _, err := keys.WriteString("x"); err != nil {
		t.Fatal(err)
	}
	keys.Close()
	var fg []bool
	c := &waitingCmd{foregroundCmd: foregroundCmd{Cmd: exec.Command("sh", "-c", "echo page text"), hook: func(on bool) { fg = append(fg, on) }},
		prompt: msg.English.Browser.PagerDone}
	c.SetStdin(in)
	c.SetStdout(&out)
	c.SetStderr(&out)
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "page text\n\r\nPress any key to go back to pickup.\r\n" {
		t.Fatalf("%q", got)
	}
	if rest, _ := io.ReadAll(in); len(rest) != 0 {
		t.Fatalf("the key was not read: %q left", rest)
	}
	if len(fg) != 2 || !fg[0] || fg[1] {
		t.Fatalf("foreground hook %v", fg)
	}
	// A pager that failed or was interrupted is not waited after.
	out.Reset()
	c = &waitingCmd{foregroundCmd: foregroundCmd{Cmd: exec.Command("sh", "-c", "kill -INT $$")}, prompt: "wait"}
	c.SetStdin(strings.NewReader("x"))
	c.SetStdout(&out)
	if err := c.Run(); err == nil || out.Len() != 0 {
		t.Fatalf("err %v, out %q", err, out.String())
	}
}

// BenchmarkRenderCode is a preview's whole head (PreviewLimit) of JSON
// and of YAML rendered in colour and without (NO_COLOR): the cost of
// chroma on the largest preview.
func BenchmarkRenderCode(b *testing.B) {
	var js, ym strings.Builder
	js.WriteString("[")
	for i := 0; js.Len() < PreviewLimit-100; i++ {
		if i > 0 {
			js.WriteString(",")
		}
		fmt.Fprintf(&js, `{"seq":%d,"status":"completed","ok":true,"note":null}`, i)
	}
	js.WriteString("]")
	for i := 0; ym.Len() < PreviewLimit-100; i++ {
		fmt.Fprintf(&ym, "step_%d:\n  status: completed # done\n  tags: [a, b]\n", i)
	}
	for _, f := range []struct{ name, src string }{{"plan.json", js.String()}, {"state.yaml", ym.String()}} {
		for _, plainStyle := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/plain=%v", f.name, plainStyle), func(b *testing.B) {
				h := Head{Data: []byte(f.src)}
				for b.Loop() {
					render(&msg.English, f.name, h, 100, true, plainStyle)
				}
			})
		}
	}
}

// TestBinaryKindFromItsName: a binary file is summed up with the kind
// its name gives, parameters cut off, and the generic kind when the
// name gives none.
func TestBinaryKindFromItsName(t *testing.T) {
	bin := Head{Data: []byte("\x89PNG\r\n\x1a\n\x00\x00\x00"), Size: 11}
	for name, want := range map[string]string{
		"logo.PNG":   "binary file (image/png), 11 B",
		"notes.html": "binary file (text/html), 11 B",
		"blob.zzq":   "binary file (application/octet-stream), 11 B",
		"Makefile":   "binary file (application/octet-stream), 11 B",
	} {
		if got := render(&msg.English, name, bin, 60, true, true).lines; len(got) != 1 || got[0] != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}
