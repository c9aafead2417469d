package tui

import (
	"bytes"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/styles"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/tui/msg"
)

// rendered is a preview ready for the pane: its lines at a width, and a
// note to show above them.
type rendered struct {
	lines []string
	note  string
	width int
	dark  bool
}

// render turns a file's head into preview lines: markdown through
// glamour (styled for the background), JSON and JSONL pretty-printed,
// text as it is (control characters dropped, tabs expanded, long lines
// wrapped), and binary files as a one-line summary. It is pure and runs
// inside a command.
func render(c *msg.Catalog, name string, h Head, width int, dark, plain bool) rendered {
	width = max(width, 1)
	r := rendered{width: width, dark: dark}
	b := c.Browser
	data := h.Data
	if h.Truncated {
		r.note = b.Head(c.Size(int64(len(data))), c.Size(h.Size))
		// Never show half a character at the cut.
		for len(data) > 0 && !utf8.FullRune(data[max(len(data)-utf8.UTFMax, 0):]) {
			data = data[:len(data)-1]
		}
	}
	if isBinary(data) {
		kind := strings.SplitN(http.DetectContentType(h.Data), ";", 2)[0]
		r.lines, r.note = []string{b.Binary(kind, c.Size(h.Size))}, ""
		return r
	}
	if len(bytes.TrimSpace(data)) == 0 {
		r.lines = []string{b.Empty}
		return r
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".mdx":
		if out, ok := renderMarkdown(string(data), width, dark, plain); ok {
			r.lines = out
			return r
		}
	case ".json":
		var buf bytes.Buffer
		if err := json.Indent(&buf, data, "", "  "); err == nil {
			r.lines = wrapText(buf.String(), width)
			return r
		}
		if r.note == "" {
			r.note = b.NotJSON
		}
	case ".jsonl", ".ndjson":
		var out []string
		for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			var buf bytes.Buffer
			if err := json.Indent(&buf, []byte(line), "", "  "); err == nil {
				line = buf.String()
			}
			out = append(out, wrapText(line, width)...)
		}
		r.lines = out
		return r
	}
	r.lines = wrapText(string(data), width)
	return r
}

// isBinary: a NUL byte, or bytes that are not UTF-8.
func isBinary(data []byte) bool {
	return bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data)
}

// wrapText makes text safe to show and fits it to width: control
// characters dropped, tabs expanded to four columns, long lines wrapped.
func wrapText(s string, width int) []string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\t", "    ")
	s = clean(s)
	var out []string
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if ansi.StringWidth(line) <= width {
			out = append(out, line)
			continue
		}
		out = append(out, strings.Split(ansi.Wrap(line, width, ""), "\n")...)
	}
	return out
}

// renderMarkdown renders markdown for the terminal's background: the
// dark or light style, or the plain one without colour.
func renderMarkdown(src string, width int, dark, plain bool) ([]string, bool) {
	style := styles.DarkStyle
	switch {
	case plain:
		style = styles.NoTTYStyle
	case !dark:
		style = styles.LightStyle
	}
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(width))
	if err != nil {
		return nil, false
	}
	out, err := r.Render(clean(src))
	if err != nil {
		return nil, false
	}
	lines := strings.Split(strings.Trim(out, "\n"), "\n")
	for i, l := range lines {
		lines[i] = trimRightStyled(l)
	}
	// glamour pads with blank lines; keep one at most between blocks.
	var kept []string
	for _, l := range lines {
		if strings.TrimSpace(ansi.Strip(l)) == "" && (len(kept) == 0 || strings.TrimSpace(ansi.Strip(kept[len(kept)-1])) == "") {
			continue
		}
		kept = append(kept, l)
	}
	return kept, true
}

// trimRightStyled drops trailing spaces from a styled line, keeping its
// escape sequences (glamour pads every line to the wrap width).
func trimRightStyled(l string) string {
	w := ansi.StringWidth(strings.TrimRight(ansi.Strip(l), " "))
	if w == ansi.StringWidth(l) {
		return l
	}
	return ansi.Truncate(l, w, "")
}
