package tui

import (
	"slices"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/internal/shellwrap"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/tui/msg"
)

// seg is a run of text in one style; views build lines from segs so that
// wrapping never splits an escape sequence.
type seg struct {
	text string
	st   *lipgloss.Style // shared, never changed: a style is 648 bytes
}

func sg(text string, st *lipgloss.Style) seg { return seg{text: text, st: st} }

// srcBreak marks a token that is a line break in the text; srcSpace a
// space between words.
const (
	srcSpace = -1
	srcBreak = -2
)

// token is one word (or a piece of a word too long for a line), tagged
// with the index of the seg it came from.
type token struct {
	text string
	src  int
}

// wrapSegs word-wraps segs to width cells. Runs of spaces collapse to one;
// a date and the time after it ("2026-11-24 12:30:44 UTC") stay on one
// line; a path longer than the width is shortened in the middle (ell
// marks the cut), and any other word longer than the width is cut into
// pieces.
func wrapSegs(segs []seg, width int, ell string) [][]token {
	width = max(width, 1)
	var words []token
	var glued []bool // word follows the previous one with no space
	prevSpace := true
	for i, s := range segs {
		for j, para := range strings.Split(clean(s.text), "\n") {
			if j > 0 {
				// A line break in the text: a break token.
				words = append(words, token{src: srcBreak})
				glued = append(glued, false)
				prevSpace = true
			}
			for k, f := range strings.Split(para, " ") {
				if k > 0 {
					prevSpace = true
				}
				if f == "" {
					continue
				}
				words = append(words, token{text: f, src: i})
				glued = append(glued, !prevSpace && len(words) > 1)
				prevSpace = false
			}
		}
	}
	words, glued = glueTimes(words, glued)
	words, glued = glueTicks(words, glued)
	var lines [][]token
	var cur []token
	curW := 0
	flush := func() {
		lines = append(lines, cur)
		cur, curW = nil, 0
	}
	for i, w := range words {
		if w.src == srcBreak {
			flush()
			continue
		}
		ww := textWidth(w.text)
		sep := 1
		if glued[i] || len(cur) == 0 {
			sep = 0
		}
		if len(cur) > 0 && curW+sep+ww > width {
			flush()
			sep = 0
		}
		if ww > width && looksLikePath(w.text) && ell != "" {
			w.text = shortenPath(w.text, width, ell)
			ww = textWidth(w.text)
		}
		if len(cur) == 0 && ww > width {
			if pieces, ok := tickedCommand(w.text, width); ok {
				// A `command` wider than the line: shell-safe lines.
				for _, p := range pieces[:len(pieces)-1] {
					cur = append(cur, token{text: p, src: w.src})
					flush()
				}
				w.text = pieces[len(pieces)-1]
				ww = textWidth(w.text)
			}
		}
		for len(cur) == 0 && ww > width {
			// A word wider than the whole line (a path): cut it, after a
			// / . - or _ when there is one in the second half. Each cut
			// reads only the piece it cuts: linear in the word's length.
			at, cells := cutPoint(w.text, width)
			cur = append(cur, token{text: w.text[:at], src: w.src})
			flush()
			w.text = w.text[at:]
			ww -= cells
		}
		if ww == 0 {
			continue
		}
		if sep == 1 {
			cur = append(cur, token{text: " ", src: srcSpace})
		}
		cur = append(cur, w)
		curW += sep + ww
	}
	if len(cur) > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// glueTimes joins a date word and the time (and time zone) after it
// into one word, so a line never breaks inside a timestamp.
func glueTimes(words []token, glued []bool) ([]token, []bool) {
	for i := 0; i+1 < len(words); i++ {
		if words[i].src < 0 || !isDate(words[i].text) {
			continue
		}
		for _, want := range []func(string) bool{isClock, isZone} {
			j := i + 1
			if j >= len(words) || words[j].src != words[i].src || glued[j] || !want(words[j].text) {
				break
			}
			words[i].text += " " + words[j].text
			words = append(words[:j], words[j+1:]...)
			glued = append(glued[:j], glued[j+1:]...)
		}
	}
	return words, glued
}

// glueTicks joins the words of a `command` in backticks into one word,
// so a line never breaks inside it (tickedCommand lays out one wider
// than a line).
func glueTicks(words []token, glued []bool) ([]token, []bool) {
	for i := 0; i < len(words); i++ {
		if words[i].src < 0 || strings.Count(words[i].text, "`")%2 == 0 || !strings.HasPrefix(strings.TrimLeft(words[i].text, "(\"'"), "`") {
			continue
		}
		j := i + 1
		for j < len(words) && words[j].src == words[i].src && !strings.Contains(words[j].text, "`") {
			j++
		}
		if j >= len(words) || words[j].src != words[i].src {
			continue
		}
		for k := i + 1; k <= j; k++ {
			sep := " "
			if glued[k] {
				sep = ""
			}
			words[i].text += sep + words[k].text
		}
		words = append(words[:i+1], words[j+1:]...)
		glued = append(glued[:i+1], glued[j+1:]...)
	}
	return words, glued
}

// tickedCommand lays out a word that is a `command` in backticks (with
// what surrounds it: "(`…`)," ) on lines of width cells, shell-safe
// (internal/shellwrap).
func tickedCommand(w string, width int) ([]string, bool) {
	open := strings.Index(w, "`")
	end := strings.LastIndex(w, "`")
	if open < 0 || end <= open {
		return nil, false
	}
	head, cmd, tail := w[:open+1], w[open+1:end], w[end:]
	lines := shellwrap.Lines(cmd, width-textWidth(tail), head, "  ")
	lines[len(lines)-1] += tail
	return lines, true
}

// isDate: "2026-11-24", perhaps after "(" or "[".
func isDate(w string) bool {
	w = strings.TrimLeft(w, "([")
	return len(w) == 10 && w[4] == '-' && w[7] == '-' && digits(w[:4]) && digits(w[5:7]) && digits(w[8:10])
}

// isClock: "12:30", "12:30:44", "12:30:44.5", perhaps with punctuation after.
func isClock(w string) bool {
	w = strings.TrimRight(w, ".,;:)]")
	if len(w) < 5 || w[2] != ':' || !digits(w[:2]) || !digits(w[3:5]) {
		return false
	}
	rest := w[5:]
	if rest == "" {
		return true
	}
	return len(rest) >= 3 && rest[0] == ':' && digits(strings.SplitN(rest[1:], ".", 2)[0])
}

// isZone: "UTC", "Z", "+02:00", perhaps with punctuation after.
func isZone(w string) bool {
	w = strings.TrimRight(w, ".,;:)]")
	return w == "UTC" || w == "Z" || w == "GMT" || (len(w) == 6 && (w[0] == '+' || w[0] == '-') && w[3] == ':')
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// renderTokens styles one wrapped line, merging neighbours of one seg.
func renderTokens(segs []seg, toks []token) string {
	var b strings.Builder
	for i := 0; i < len(toks); {
		src := toks[i].src
		if src < 0 {
			// A space between words takes the style of both neighbours
			// when they share one, else none.
			if i+1 < len(toks) && i > 0 && toks[i-1].src == toks[i+1].src {
				src = toks[i+1].src
			} else {
				b.WriteString(" ")
				i++
				continue
			}
		}
		var run strings.Builder
		for i < len(toks) {
			t := toks[i]
			if t.src == src {
				run.WriteString(t.text)
				i++
				continue
			}
			if t.src < 0 && i+1 < len(toks) && toks[i+1].src == src {
				run.WriteString(" ")
				i++
				continue
			}
			break
		}
		b.WriteString(segs[src].st.Render(run.String()))
	}
	return b.String()
}

// doc collects the lines of a screen body at a given width.
type doc struct {
	w       int
	compact bool // no blank lines
	// ell marks a path shortened in the middle; roots name the paths in
	// the text by their labelled roots (Model.newDoc sets both).
	ell   string
	roots pathRoots
	lines []string
	// lazy docs lay lines out (wrapping decides how many there are) but
	// style them only when asked (render): a long body is styled only
	// where it is on screen. later[i] renders line i; nil for a line
	// that is already text (blank lines).
	lazy   bool
	later  []func() string
	done   []bool
	blanks []string
	// view is the body render returned last, for the window win: the
	// same window returns it again, so a key that does not move the
	// window allocates nothing however long the body is.
	view []string
	win  [2]int
	// clip, when above 0, is the most lines one hang may take: a longer
	// text (a 1 MB title, note or field) shows its first clip-1 lines
	// and then the catalog's Cut mark (its size in all) in cutSt. The text is cut to a
	// byte budget before it is wrapped, so drawing it costs the same
	// whatever its length.
	clip  int
	cat   *msg.Catalog
	cutSt lipgloss.Style
}

// clipLines is the most lines a title, note, field or message takes on
// a wizard screen; the JSON, the file and the artifact browser keep the
// whole text.
const clipLines = 8

func newDoc(w int, compact bool) *doc { return &doc{w: max(w, 1), compact: compact, ell: "…"} }

// newLazyDoc is a doc whose lines are styled on demand (see render).
func newLazyDoc(w int, compact bool) *doc {
	d := newDoc(w, compact)
	d.lazy = true
	return d
}

// newDoc is a doc that names paths by the wizard's labelled roots and
// shortens long ones with its ellipsis.
func (m Model) newDoc(w int, compact bool) *doc {
	d := newDoc(w, compact)
	d.ell, d.roots = m.styles.Glyphs.Ellipsis, m.roots
	d.clip, d.cutSt = clipLines, m.styles.Subtle
	d.cat = m.cat
	return d
}

// newLazyDoc is Model.newDoc, styled on demand.
func (m Model) newLazyDoc(w int, compact bool) *doc {
	d := m.newDoc(w, compact)
	d.lazy = true
	return d
}

// verbatim is hang for text meant to be copied (a command): its paths
// keep their real names, unshortened, wrapped whole.
func (d *doc) verbatim(prefix []seg, segs ...seg) {
	roots, ell, clip := d.roots, d.ell, d.clip
	d.roots, d.ell, d.clip = nil, "", 0
	d.hang(prefix, segs...)
	d.roots, d.ell, d.clip = roots, ell, clip
}

// command adds a shell command line, meant to be copied: laid out by
// shellwrap (a line ends only after && or with a trailing backslash, so
// what a terminal copies runs as shown), its paths as they are. The
// first line starts with lead (a sentence, or an indent), the others
// with indent.
func (d *doc) command(lead, indent, cmd string, st *lipgloss.Style) {
	for _, l := range shellwrap.Lines(clean(cmd), d.w, clean(lead), indent) {
		d.add(func() string { return st.Render(l) })
	}
}

// sentenceCommand adds a sentence that ends in a command (the undo
// hint, the next step): the words before the command lead its first
// line, and the command is laid out as command does.
func (d *doc) sentenceCommand(text, cmd string, st *lipgloss.Style) {
	lead, ok := strings.CutSuffix(text, cmd)
	if !ok || cmd == "" {
		d.verbatim(nil, sg(text, st))
		return
	}
	d.command(lead, "  ", cmd, st)
}

// add appends a line: text, or for a lazy doc its renderer.
func (d *doc) add(f func() string) {
	if !d.lazy {
		d.lines = append(d.lines, f())
		return
	}
	d.lines = append(d.lines, "")
	d.later = append(d.later, f)
	d.done = append(d.done, false)
}

// addText appends a line that is already text.
func (d *doc) addText(s string) {
	d.lines = append(d.lines, s)
	if d.lazy {
		d.later = append(d.later, nil)
		d.done = append(d.done, true)
	}
}

// isBlank reports whether line i is an empty line (not one waiting to be
// rendered).
func (d *doc) isBlank(i int) bool {
	return d.lines[i] == "" && (!d.lazy || d.later[i] == nil)
}

// render styles the lazy doc's lines [from, to) (each once) and returns
// the body with only those lines filled in: the rest are empty, so what
// the viewport measures and keeps is the part on screen. With nothing to
// fill, it returns one all-empty body, shared (no one writes to a body),
// and a window asked for twice in a row returns the same body.
func (d *doc) render(from, to int) []string {
	from, to = max(from, 0), min(to, len(d.lines))
	if from >= to {
		if len(d.blanks) != len(d.lines) {
			d.blanks = make([]string, len(d.lines))
		}
		return d.blanks
	}
	if d.view != nil && d.win == [2]int{from, to} && len(d.view) == len(d.lines) {
		return d.view
	}
	out := make([]string, len(d.lines))
	d.view, d.win = out, [2]int{from, to}
	for i := from; i < to; i++ {
		if !d.done[i] {
			d.lines[i], d.done[i] = d.later[i](), true
		}
		out[i] = d.lines[i]
	}
	return out
}

// blank adds an empty line, never two in a row nor at the top.
func (d *doc) blank() {
	if d.compact || len(d.lines) == 0 || d.isBlank(len(d.lines)-1) {
		return
	}
	d.addText("")
}

// gap adds an empty line unless compact, even at the top (under a
// screen's sticky title).
func (d *doc) gap() {
	if !d.compact {
		d.addText("")
	}
}

// text wraps segs to the width.
func (d *doc) text(segs ...seg) { d.hang(nil, segs...) }

// hang wraps segs after a prefix; wrapped lines are indented by the
// prefix's width.
func (d *doc) hang(prefix []seg, segs ...seg) {
	// A prefix can be a state file's word too (a field's label): made
	// safe as the text is (wrapSegs cleans that).
	for i := range prefix {
		if !textsafe.Safe(prefix[i].text) {
			prefix = slices.Clone(prefix)
			for j := range prefix {
				prefix[j].text = oneLine(prefix[j].text)
			}
			break
		}
	}
	segs, size := d.precut(segs)
	if len(d.roots) > 0 {
		segs = slices.Clone(segs)
		for i := range segs {
			segs[i].text = d.roots.replace(segs[i].text)
		}
	}
	if !d.lazy {
		d.hangNow(prefix, segs, size)
		return
	}
	// Copies, which the renderers keep: the arguments themselves stay on
	// the callers' stacks.
	d.hangLater(slices.Clone(prefix), slices.Clone(segs), size)
}

// precut cuts segs to the bytes clip lines can show at the width (four
// bytes a cell at most), at a character's start. size is the length of
// the whole text when it was cut, else 0.
func (d *doc) precut(segs []seg) (out []seg, size int) {
	if d.clip <= 0 {
		return segs, 0
	}
	budget := d.clip * d.w * utf8.UTFMax
	for _, s := range segs {
		size += len(s.text)
	}
	if size <= budget {
		return segs, 0
	}
	out = slices.Clone(segs)
	for i := range out {
		t := out[i].text
		if len(t) > budget {
			at := budget
			for at > 0 && !utf8.RuneStart(t[at]) {
				at--
			}
			t = t[:at]
		}
		out[i].text = t
		budget -= len(t)
	}
	return out, size
}

// wrapClipped is wrapSegs within the doc's clip: when the text takes
// more lines (or was cut before, size > 0), its first clip-1 lines and
// the mark that says it was cut, with the text's whole size.
func (d *doc) wrapClipped(segs []seg, width, size int) (lines [][]token, mark string) {
	lines = wrapSegs(segs, width, d.ell)
	if d.clip <= 0 || (size == 0 && len(lines) <= d.clip) {
		return lines, ""
	}
	if size == 0 {
		for _, s := range segs {
			size += len(s.text)
		}
	}
	lines = lines[:min(len(lines), d.clip-1)]
	mark = "…"
	if d.cat != nil {
		mark = d.cat.Cut.F(d.cat.Size(int64(size)))
	}
	return lines, truncate(mark, width, d.ell)
}

// hangLater is hang for a lazy doc: the lines are wrapped now, styled
// when rendered.
func (d *doc) hangLater(prefix, segs []seg, size int) {
	pw := 0
	for _, p := range prefix {
		pw += ansi.StringWidth(p.text)
	}
	pre := func() string {
		s := ""
		for _, p := range prefix {
			s += p.st.Render(p.text)
		}
		return s
	}
	if pw >= d.w {
		// No room for a hanging indent: put the prefix on its own line.
		d.lineFunc(pre)
		pre, pw = func() string { return "" }, 0
	}
	lines, mark := d.wrapClipped(segs, d.w-pw, size)
	for i, toks := range lines {
		d.add(func() string {
			lead := strings.Repeat(" ", pw)
			if i == 0 {
				lead = pre()
			}
			return lead + renderTokens(segs, toks)
		})
	}
	if mark != "" {
		st := d.cutSt
		d.add(func() string { return strings.Repeat(" ", pw) + st.Render(mark) })
	}
}

// hangNow is hang for a doc that renders as it goes.
func (d *doc) hangNow(prefix []seg, segs []seg, size int) {
	pre := ""
	pw := 0
	for _, p := range prefix {
		pre += p.st.Render(p.text)
		pw += ansi.StringWidth(p.text)
	}
	if pw >= d.w {
		// No room for a hanging indent: put the prefix on its own line.
		d.line(pre)
		pre, pw = "", 0
	}
	lines, mark := d.wrapClipped(segs, d.w-pw, size)
	for i, toks := range lines {
		lead := pre
		if i > 0 {
			lead = strings.Repeat(" ", pw)
		}
		d.lines = append(d.lines, lead+renderTokens(segs, toks))
	}
	if mark != "" {
		d.lines = append(d.lines, strings.Repeat(" ", pw)+d.cutSt.Render(mark))
	}
}

// line adds one pre-rendered line, cut to the width.
func (d *doc) line(s string) {
	if !d.lazy {
		d.lines = append(d.lines, truncate(s, d.w, "…"))
		return
	}
	d.add(func() string { return truncate(s, d.w, "…") })
}

// lineFunc adds one line that f renders, cut to the width.
func (d *doc) lineFunc(f func() string) {
	d.add(func() string { return truncate(f(), d.w, "…") })
}

// trimBlank drops a trailing blank line.
func (d *doc) trimBlank() []string {
	for len(d.lines) > 0 && d.isBlank(len(d.lines)-1) {
		d.lines = d.lines[:len(d.lines)-1]
		if d.lazy {
			d.later, d.done = d.later[:len(d.later)-1], d.done[:len(d.done)-1]
		}
	}
	return d.lines
}

// truncate cuts a (possibly styled) line to w cells, ending with tail.
func truncate(s string, w int, tail string) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	if ansi.StringWidth(tail) >= w {
		tail = ""
	}
	return ansi.Truncate(s, w, tail)
}

// truncateLeft keeps the end of a path: "…/auth/jwt-handler.js".
func truncateLeft(s string, w int, tail string) string {
	sw := ansi.StringWidth(s)
	if sw <= w {
		return s
	}
	tw := ansi.StringWidth(tail)
	if tw >= w {
		return ansi.Cut(s, sw-w, sw)
	}
	return tail + ansi.Cut(s, sw-(w-tw), sw)
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// cutPoint is where to cut a word too long for width cells, as a byte
// offset and the cells before it: just after the last path-like
// separator in its second half, else at the width. It reads the word
// only up to the width (one grapheme cluster at least, so a cluster
// wider than the line still moves on).
func cutPoint(word string, width int) (at, cells int) {
	if n := min(width, len(word)); printable(word[:n]) && (n == len(word) || word[n] < utf8.RuneSelf) {
		// Printable ASCII: a byte is a cell (the byte after the cut is
		// ASCII too, so no mark joins it to the piece).
		for i := n; i > width/2; i-- {
			if strings.IndexByte("/.-_", word[i-1]) >= 0 {
				return i, i
			}
		}
		return n, n
	}
	bestAt, bestCells := 0, 0
	for at < len(word) {
		g, gw := ansi.FirstGraphemeCluster(word[at:], ansi.GraphemeWidth)
		if cells+gw > width && at > 0 {
			break
		}
		at, cells = at+len(g), cells+gw
		if len(g) == 1 && strings.IndexByte("/.-_", g[0]) >= 0 && cells > width/2 {
			bestAt, bestCells = at, cells
		}
		if cells >= width {
			break
		}
	}
	if bestAt > 0 {
		return bestAt, bestCells
	}
	return at, cells
}

// printable reports whether s is printable ASCII, where a byte is a
// cell.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// textWidth is s's width in cells (ansi.StringWidth), without measuring
// printable ASCII cluster by cluster.
func textWidth(s string) int {
	if printable(s) {
		return len(s)
	}
	return ansi.StringWidth(s)
}

// clean makes text from state files safe to print: what a terminal
// would act on (an escape sequence, a bidi override, a zero-width
// character) is shown visibly, as everywhere pickup prints
// (internal/textsafe); tabs become spaces and a line's CR is dropped, so
// the layout's widths hold.
func clean(s string) string {
	s = textsafe.Text(s)
	if strings.ContainsAny(s, "\t\r") {
		s = tabs.Replace(s)
	}
	return s
}

var tabs = strings.NewReplacer("\r\n", "\n", "\t", " ")

// oneLine is clean text on a single line (file names, table cells).
func oneLine(s string) string {
	return strings.ReplaceAll(clean(s), "\n", " ")
}
