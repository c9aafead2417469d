package tui

import (
	"bytes"
	"encoding/json"
	"mime"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
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

// render turns a file's head into preview lines: markdown drawn for
// the background (renderMarkdown, its line breaks kept), JSON and
// JSONL pretty-printed and YAML as it is, both in syntax colour for the
// background (none when plain: NO_COLOR), text as it is (control characters dropped, tabs expanded, long lines
// wrapped), and binary files as a one-line summary. It runs inside a command:
// a binary file's kind may read the system's mime.types, once.
func render(c *msg.Catalog, name string, h Head, width int, dark, plain bool) rendered {
	width = max(width, 1)
	r := rendered{width: width, dark: dark}
	b := c.Browser
	data := h.Data
	if h.Truncated {
		r.note = b.Head.F(c.Size(int64(len(data))), c.Size(h.Size))
		// Never show half a character at the cut.
		for len(data) > 0 && !utf8.FullRune(data[max(len(data)-utf8.UTFMax, 0):]) {
			data = data[:len(data)-1]
		}
	}
	if isBinary(data) {
		// The kind its name gives (Go's table, then the system's
		// mime.types): content sniffing would mean net/http, and with it
		// TLS and x509, initialised at every start of every command.
		kind, _, _ := strings.Cut(mime.TypeByExtension(filepath.Ext(name)), ";")
		if kind == "" {
			kind = "application/octet-stream"
		}
		r.lines, r.note = []string{b.Binary.F(kind, c.Size(h.Size))}, ""
		return r
	}
	if len(bytes.TrimSpace(data)) == 0 {
		r.lines = []string{b.Empty}
		return r
	}
	ext := strings.ToLower(filepath.Ext(name))
	if t := bytes.TrimSpace(data); ext == "" && len(t) > 0 && (t[0] == '{' || t[0] == '[') && json.Valid(t) {
		// A JSON file without the extension (crucible's .pipeline-active).
		ext = ".json"
	}
	switch ext {
	case ".md", ".markdown", ".mdx":
		if out, ok := renderMarkdown(string(data), width, dark, plain); ok {
			r.lines = out
			return r
		}
	case ".json":
		var buf bytes.Buffer
		if err := json.Indent(&buf, data, "", "  "); err == nil {
			r.lines = codeLines(buf.String(), "json", width, dark, plain)
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
				out = append(out, codeLines(buf.String(), "json", width, dark, plain)...)
				continue
			}
			out = append(out, wrapText(line, width)...)
		}
		r.lines = out
		return r
	case ".yaml", ".yml":
		r.lines = codeLines(string(data), "yaml", width, dark, plain)
		return r
	}
	r.lines = wrapText(string(data), width)
	return r
}

// isBinary: a NUL byte, or bytes that are not UTF-8.
func isBinary(data []byte) bool {
	return bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data)
}

// prepText makes text safe to show: line ends unified, control
// characters made visible, tabs expanded to four columns.
func prepText(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\t", "    ")
	return clean(s)
}

// wrapText makes text safe to show and fits it to width: long lines
// wrapped.
func wrapText(s string, width int) []string {
	return wrapLines(strings.Split(strings.TrimRight(prepText(s), "\n"), "\n"), width)
}

// codeLines is wrapText in syntax colour (highlight) for lang, on this
// background; without colour (NO_COLOR) it is wrapText.
func codeLines(s, lang string, width int, dark, plain bool) []string {
	if !plain {
		if lines, ok := highlight(strings.TrimRight(prepText(s), "\n"), lang, dark); ok {
			return wrapLines(lines, width)
		}
	}
	return wrapText(s, width)
}

// wrapLines wraps each line (styled or not) that is wider than width.
func wrapLines(lines []string, width int) []string {
	var out []string
	for _, line := range lines {
		if ansi.StringWidth(line) <= width {
			out = append(out, line)
			continue
		}
		out = append(out, strings.Split(ansi.Wrap(line, width, ""), "\n")...)
	}
	return out
}

// fenceFrontMatter turns a leading YAML front matter block (between two
// "---" lines) into a fenced yaml block, so its key: value lines show as
// lines (in colour) instead of a rule and a heading run together.
func fenceFrontMatter(src string) string {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	if !strings.HasPrefix(src, "---\n") {
		return src
	}
	end := strings.Index(src[4:], "\n---\n")
	if end < 0 {
		if !strings.HasSuffix(src, "\n---") {
			return src
		}
		end = len(src) - 4 - 4
	}
	body := src[4 : 4+end+1]
	if strings.Contains(body, "```") {
		return src
	}
	rest := ""
	if after := 4 + end + 5; after < len(src) {
		rest = src[after:]
	}
	return "```yaml\n" + body + "```\n" + rest
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

// folderLines is a folder's panel: how many entries it holds and the
// first of them (names made safe: they come from the disk).
func folderLines(c *msg.Catalog, l Listing) []string {
	b := c.Browser
	if l.Total == 0 {
		return []string{b.FolderEmpty}
	}
	out := []string{b.FolderHolds.N(l.Total)}
	for _, n := range l.Names {
		out = append(out, "  "+oneLine(n))
	}
	if more := l.Total - len(l.Names); more > 0 {
		out = append(out, "  "+c.AndMore.F(more))
	}
	return out
}

// missingLines is the panel of an artifact that is not there: that it
// is not, and what should have produced it.
func missingLines(c *msg.Catalog, a model.Artifact) []string {
	b := c.Browser
	return []string{b.MissingTitle, "", b.MissingWhy(oneLine(a.Phase), oneLine(a.Kind))}
}
