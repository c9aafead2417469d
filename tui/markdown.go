package tui

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// The preview draws markdown itself, line by line: headings, lists,
// quotes, rules, fenced code (JSON and YAML in colour), tables as they
// are, and bold, italic, code and links inside a line. A line break in
// the file stays a line break (memory files are key: value lines). A
// markdown library and its highlighter cost every command their start-up
// (`pickup --version` included); this costs nothing until a preview.

// mdPalette is markdown's styles on one background.
type mdPalette struct {
	heading, code, link, quote lipgloss.Style
}

func newMDPalette(dark, plain bool) mdPalette {
	if plain {
		return mdPalette{}
	}
	heading, code, link, quote := "#5FAFFF", "#FF5F5F", "#00AF87", "#8A8A8A"
	if !dark {
		heading, code, link, quote = "#005FD7", "#D70000", "#008787", "#6C6C6C"
	}
	return mdPalette{
		heading: lipgloss.NewStyle().Foreground(lipgloss.Color(heading)).Bold(true),
		code:    lipgloss.NewStyle().Foreground(lipgloss.Color(code)),
		link:    lipgloss.NewStyle().Foreground(lipgloss.Color(link)).Underline(true),
		quote:   lipgloss.NewStyle().Foreground(lipgloss.Color(quote)),
	}
}

// mdSyntax is the patterns of markdown's lines and spans, compiled on
// the first preview (not when the program starts).
type mdSyntax struct {
	fence, heading, item, rule, quote, span *regexp.Regexp
}

var mdRegexps = sync.OnceValue(func() *mdSyntax {
	return &mdSyntax{
		fence:   regexp.MustCompile("^ {0,3}(`{3,}|~{3,})\\s*([^`\\s]*)"),
		heading: regexp.MustCompile(`^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$`),
		item:    regexp.MustCompile(`^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$`),
		rule:    regexp.MustCompile(`^ {0,3}((\*\s*){3,}|(-\s*){3,}|(_\s*){3,})$`),
		quote:   regexp.MustCompile(`^ {0,3}>\s?(.*)$`),
		span:    regexp.MustCompile("`[^`]+`|\\*\\*[^*]+\\*\\*|__[^_]+__|\\*[^*\\s][^*]*\\*|(?:^|\\b)_[^_\\s][^_]*_(?:\\b|$)|!?\\[[^\\]]*\\]\\([^)\\s]*\\)"),
	}
})

// renderMarkdown renders markdown for the terminal's background: the
// dark or light colours, or none without colour (NO_COLOR).
func renderMarkdown(src string, width int, dark, plain bool) ([]string, bool) {
	// A margin of two columns, as the markdown the terminal shows
	// elsewhere has (glamour's), so the text stands off the pane's edge.
	const margin = "  "
	full := max(width, 1)
	width = max(full-len(margin), 1)
	pal := newMDPalette(dark, plain)
	re := mdRegexps()
	bold, italic := lipgloss.NewStyle(), lipgloss.NewStyle()
	if !plain {
		bold, italic = bold.Bold(true), italic.Italic(true)
	}
	in := strings.Split(strings.TrimRight(clean(strings.ReplaceAll(fenceFrontMatter(src), "\t", "    ")), "\n"), "\n")
	var out []string
	blank := func() {
		if len(out) > 0 && out[len(out)-1] != "" {
			out = append(out, "")
		}
	}
	// wrapped adds text wrapped to the width, the first line after lead
	// (a bullet) and the others after next (spaces, a quote's bar).
	wrapped := func(lead, next, text string) {
		room := max(width-ansi.StringWidth(lead), 1)
		for i, l := range strings.Split(ansi.Wrap(text, room, ""), "\n") {
			if i > 0 {
				lead = next
			}
			out = append(out, trimRightStyled(lead+l))
		}
	}
	inline := func(s string) string { return mdInline(s, pal, bold, italic) }
	for i := 0; i < len(in); i++ {
		line := in[i]
		switch {
		case strings.TrimSpace(line) == "":
			blank()
		case re.fence.MatchString(line):
			m := re.fence.FindStringSubmatch(line)
			fence, lang := m[1], m[2]
			var body []string
			for i++; i < len(in); i++ {
				if strings.HasPrefix(strings.TrimSpace(in[i]), fence[:3]) && strings.Trim(strings.TrimSpace(in[i]), fence[:1]) == "" {
					break
				}
				body = append(body, in[i])
			}
			blank()
			code := strings.Join(body, "\n")
			var lines []string
			if hl, ok := highlight(code, lang, dark); ok && !plain {
				lines = wrapLines(hl, max(width-2, 1))
			} else {
				lines = wrapLines(strings.Split(code, "\n"), max(width-2, 1))
				if !plain {
					for j, l := range lines {
						lines[j] = pal.code.Render(l)
					}
				}
			}
			for _, l := range lines {
				out = append(out, trimRightStyled("  "+l))
			}
			blank()
		case re.heading.MatchString(line):
			m := re.heading.FindStringSubmatch(line)
			text := m[2]
			if len(m[1]) > 1 {
				text = m[1] + " " + text
			}
			blank()
			wrapped("", "", pal.heading.Render(ansi.Strip(inline(text))))
			blank()
		case re.rule.MatchString(line):
			out = append(out, pal.quote.Render(strings.Repeat("─", min(width, 40))))
		case re.quote.MatchString(line):
			bar := pal.quote.Render("│ ")
			wrapped(bar, bar, inline(re.quote.FindStringSubmatch(line)[1]))
		case re.item.MatchString(line):
			m := re.item.FindStringSubmatch(line)
			mark := m[2]
			if _, err := strconv.Atoi(strings.TrimRight(mark, ".)")); err != nil {
				mark = "•"
			}
			wrapped(m[1]+mark+" ", strings.Repeat(" ", len(m[1])+ansi.StringWidth(mark)+1), inline(m[3]))
		case strings.HasPrefix(strings.TrimSpace(line), "|"):
			// A table row, as it is, cut to the width.
			out = append(out, ansi.Truncate(inline(line), width, "…"))
		default:
			wrapped("", "", inline(strings.TrimRight(line, " ")))
		}
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if full > len(margin) {
		for i, l := range out {
			if l != "" {
				out[i] = margin + l
			}
		}
	}
	return out, true
}

// mdInline styles a line's spans: `code`, **bold**, *italic*, and
// [links](url) as their text and address.
func mdInline(s string, pal mdPalette, bold, italic lipgloss.Style) string {
	var b strings.Builder
	at := 0
	for _, loc := range mdRegexps().span.FindAllStringIndex(s, -1) {
		b.WriteString(s[at:loc[0]])
		span := s[loc[0]:loc[1]]
		switch {
		case strings.HasPrefix(span, "`"):
			b.WriteString(pal.code.Render(span[1 : len(span)-1]))
		case strings.HasPrefix(span, "**"), strings.HasPrefix(span, "__"):
			b.WriteString(bold.Render(span[2 : len(span)-2]))
		case strings.HasPrefix(span, "*"), strings.HasPrefix(span, "_"):
			b.WriteString(italic.Render(span[1 : len(span)-1]))
		default:
			span = strings.TrimPrefix(span, "!")
			text, url, _ := strings.Cut(span[1:len(span)-1], "](")
			if text != "" {
				b.WriteString(text + " ")
			}
			b.WriteString(pal.link.Render(url))
		}
		at = loc[1]
	}
	b.WriteString(s[at:])
	return b.String()
}
