package tui

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/charmbracelet/x/term"
)

// pagersThatWait are pagers (and viewers) that keep the file on screen
// until the person leaves them. Any other command given as $PAGER (cat,
// a script) is followed by a wait for a key, so its output stays on
// screen instead of vanishing under the browser at once.
var pagersThatWait = []string{"less", "more", "most", "moar", "moor", "lv", "pg", "w3m", "bat", "vimpager", "nvimpager", "view", "vi", "vim", "nvim"}

// pagerWaits reports whether the pager argv (with $LESS, lessEnv) keeps
// the file on screen by itself. less with -F (--quit-if-one-screen, as in
// the common LESS=FRX) exits at once on a short file, so it does not;
// nor does bat told not to page.
func pagerWaits(argv []string, lessEnv string) bool {
	if len(argv) == 0 {
		return false
	}
	base := filepath.Base(argv[0])
	if !slices.Contains(pagersThatWait, base) {
		return false
	}
	switch base {
	case "less":
		opts := append(strings.Fields(lessEnv), argv[1:]...)
		for i, o := range opts {
			if o == "--quit-if-one-screen" {
				return false
			}
			// Short options run together; in $LESS the dash is optional.
			short := strings.HasPrefix(o, "-") && !strings.HasPrefix(o, "--")
			fromEnv := i < len(strings.Fields(lessEnv)) && !strings.HasPrefix(o, "-")
			if (short || fromEnv) && strings.Contains(o, "F") {
				return false
			}
		}
	case "bat":
		for _, o := range argv[1:] {
			if o == "--paging=never" || o == "-P" {
				return false
			}
		}
	}
	return true
}

// waitingCmd is a pager run that, once the pager has finished, says so
// and waits for one key on the terminal before the wizard draws again. A
// pager that failed or was interrupted (ctrl+c) goes straight back: the
// person has already left it.
type waitingCmd struct {
	foregroundCmd
	prompt string
}

func (c *waitingCmd) Run() error {
	err := c.foregroundCmd.Run()
	if err == nil {
		waitForKey(c.Stdin, c.Stdout, c.prompt)
	}
	return err
}

// waitForKey prints prompt and reads one key press: in raw mode on a
// terminal (any key, ctrl+c included, is read as a key and not a
// signal), else one read of whatever comes.
func waitForKey(in io.Reader, out io.Writer, prompt string) {
	if in == nil {
		return
	}
	if out != nil {
		fmt.Fprint(out, "\r\n"+prompt)
	}
	if f, ok := in.(*os.File); ok && term.IsTerminal(f.Fd()) {
		if st, err := term.MakeRaw(f.Fd()); err == nil {
			defer func() { _ = term.Restore(f.Fd(), st) }()
		}
	}
	// One read takes a whole key (an arrow's escape sequence arrives at
	// once), so none of it is left for the wizard.
	buf := make([]byte, 64)
	_, _ = in.Read(buf)
	if out != nil {
		fmt.Fprint(out, "\r\n")
	}
}
