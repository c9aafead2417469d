package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/tui/msg"
)

// The README's captures are the binary's real output. Each fenced block
// after a `<!-- capture: NAME -->` line is compared with what pickup
// prints or draws now (in an 80x24 tmux terminal for the wizard's
// screens), with paths and times masked. PICKUP_UPDATE_README=1 writes
// the real output into the README instead (read the diff).

var readmeCapture = regexp.MustCompile("(?s)<!-- capture: ([a-z-]+) -->\n```text\n(.*?)```")

// readmeCaptures makes each capture the README names.
var readmeCaptures = map[string]func(t *testing.T) string{
	"demo-picker": func(t *testing.T) string { return demoScreen(t, nil, false) },
	"demo-aios":   func(t *testing.T) string { return demoScreen(t, nil, true) },
	"demo-aios-pt": func(t *testing.T) string {
		return demoScreen(t, []string{"PICKUP_LANG=", "LANG=pt_BR.UTF-8"}, true)
	},
	"status": func(t *testing.T) string {
		shop, ch := demoWorld(t)
		return pickupEnv(t, shop, []string{"CLAUDE_HOME=" + ch}, "status").want(t, exitOK).stdout
	},
	"hook": func(t *testing.T) string {
		shop, ch := demoWorld(t)
		cmd := exec.Command(bin, "hook", "--source", "aios")
		cmd.Dir = shop
		cmd.Env = append(os.Environ(), "NO_COLOR=1", "CLAUDE_HOME="+ch, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		cmd.Stdin = strings.NewReader("{}")
		return runResult(t, cmd).want(t, exitOK).stdout
	},
}

// demoScreen is the demo's picker, or with aios the options of its AIOS
// session, as an 80x24 terminal shows them.
func demoScreen(t *testing.T, env []string, aios bool) string {
	t.Helper()
	// In colour, as a person sees it (capture-pane drops the colours but
	// keeps the glyphs NO_COLOR would turn into ASCII).
	p := startPane(t, 80, 24, t.TempDir(), append([]string{"NO_COLOR="}, env...), "demo")
	// The whole picker is drawn once its last line, the keys' help, is
	// there (in the run's language), not before; no format's row is
	// named for it, as which is last on the page depends on them all.
	lang, _ := i18n.Detect("", func(k string) string {
		v := os.Getenv(k)
		for _, e := range env {
			if x, ok := strings.CutPrefix(e, k+"="); ok {
				v = x
			}
		}
		return v
	})
	p.waitFor("11", "aios", "q "+msg.For(lang).Keys.Quit)
	if aios {
		p.keys("jjj")
		p.key("Enter")
		p.waitFor("CONTINUE [c]", "DISCARD [D]")
	}
	s := p.screen(false)
	p.quit()
	// The loading notice's lines, when loading was slow enough to show
	// it, are not part of the screen the README shows.
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "pickup: reading ") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// maskCapture takes out what changes from run to run: the demo's
// temporary folder and how long ago things happened.
func maskCapture(s string) string {
	s = regexp.MustCompile(`/tmp/pickup-demo-\d+`).ReplaceAllString(trimLines(s), "/tmp/pickup-demo-N")
	// crucible's id is made from the Claude home's path.
	s = regexp.MustCompile(`crucible [0-9a-f]{12}`).ReplaceAllString(s, "crucible ID")
	s = regexp.MustCompile(`\d+ (minutes?|hours?|minutos?|horas?)\b`).ReplaceAllString(s, "N $1")
	return regexp.MustCompile(`\d+[mh] ago`).ReplaceAllString(s, "N ago")
}

func TestREADMECapturesAreTheBinarysOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("draws the demo in tmux")
	}
	path := filepath.Join("..", "..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	found := readmeCapture.FindAllStringSubmatchIndex(text, -1)
	if len(found) != len(readmeCaptures) {
		t.Fatalf("the README has %d captures, the test makes %d", len(found), len(readmeCaptures))
	}
	update := os.Getenv("PICKUP_UPDATE_README") != ""
	out := text
	for i := len(found) - 1; i >= 0; i-- {
		m := found[i]
		name, shown := text[m[2]:m[3]], text[m[4]:m[5]]
		capture, ok := readmeCaptures[name]
		if !ok {
			t.Fatalf("the README's capture %q is not one the test makes", name)
		}
		real := capture(t)
		if update {
			out = out[:m[4]] + trimLines(real) + out[m[5]:]
			continue
		}
		if got, want := maskCapture(shown), maskCapture(real); got != want {
			t.Errorf("the README's %s capture is stale; PICKUP_UPDATE_README=1 regenerates it.\nREADME:\n%s\nbinary:\n%s", name, got, want)
		}
	}
	if update {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// trimLines is s with no line ending in spaces and one newline at the
// end, as the README keeps a capture.
func trimLines(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n") + "\n"
}

// The README's first screen says what pickup is, for whom (naming and
// linking the workflows), the two commands and where to run them. What
// it says of the status's size is true of the binary's: the lines it
// counts, and a 24-line screen only where 80 columns hold it.
func TestREADMEFirstScreenServesANewcomer(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	first := strings.Join(strings.SplitN(text, "\n", 25)[:24], "\n")
	for _, want := range []string{
		"Run `pickup` in your project", "pickup status", "](https://github.com/SynkraAI/aios-core)", "](https://github.com/Fredasterehub/kiln)",
		"](https://github.com/raddue/crucible)", "](https://github.com/zekenaulty/bookforge)", "/design and atelier", "CONTINUE, REVIEW, RESTART or DISCARD",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("the README's first 24 lines lack %q:\n%s", want, first)
		}
	}
	shop, ch := demoWorld(t)
	status := strings.TrimRight(pickupEnv(t, shop, []string{"CLAUDE_HOME=" + ch}, "status").want(t, exitOK).stdout, "\n")
	lines := strings.Split(status, "\n")
	rows := 0
	for _, l := range lines {
		rows += max(1, (utf8.RuneCountInString(l)+79)/80)
	}
	if strings.Contains(text, "24-line screen") && rows > 24 {
		t.Errorf("the README says the status fits a 24-line screen; it takes %d rows of an 80-column terminal", rows)
	}
	if m := regexp.MustCompile(`sessions take (\d+) lines`).FindStringSubmatch(text); m == nil || m[1] != strconv.Itoa(len(lines)) {
		t.Errorf("the README counts %v lines of status; the binary prints %d", m, len(lines))
	}
}
