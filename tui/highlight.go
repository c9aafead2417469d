package tui

import (
	"strings"

	"charm.land/glamour/v2/ansi"
	gstyles "charm.land/glamour/v2/styles"
	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// highlight colours src (already made safe and with tabs expanded) as
// lang ("json", "yaml") with chroma, in the colours glamour gives code
// blocks on this background (so a JSON preview and a JSON block in a
// markdown preview look alike), and returns its lines. Only foreground
// colours and bold are used: the terminal's background stays. ok is
// false when chroma has no lexer for lang or cannot read the text.
func highlight(src, lang string, dark bool) (lines []string, ok bool) {
	lexer := lexers.Get(lang)
	if lexer == nil {
		return nil, false
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, src)
	if err != nil {
		return nil, false
	}
	theme := gstyles.LightStyleConfig.CodeBlock.Chroma
	if dark {
		theme = gstyles.DarkStyleConfig.CodeBlock.Chroma
	}
	cache := map[chroma.TokenType]lipgloss.Style{}
	var cur strings.Builder
	for _, tok := range it.Tokens() {
		st, seen := cache[tok.Type]
		if !seen {
			st = tokenStyle(theme, tok.Type)
			cache[tok.Type] = st
		}
		// A token may span lines (a YAML block scalar): each line is
		// styled on its own, so no escape runs across a line break.
		for i, part := range strings.Split(tok.Value, "\n") {
			if i > 0 {
				lines = append(lines, cur.String())
				cur.Reset()
			}
			switch {
			case part == "":
			case strings.TrimSpace(part) == "":
				cur.WriteString(part) // spaces need no colour
			default:
				cur.WriteString(st.Render(part))
			}
		}
	}
	lines = append(lines, cur.String())
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, true
}

// tokenStyle is a token type's style in glamour's code-block theme: the
// closest entry the theme sets (a JSON key is a NameTag, true and null
// are keywords, strings and numbers literals), else its text colour.
func tokenStyle(th *ansi.Chroma, t chroma.TokenType) lipgloss.Style {
	st := lipgloss.NewStyle()
	if th == nil {
		return st
	}
	p := th.Text
	pick := func(c ansi.StylePrimitive) {
		if c.Color != nil {
			p = c
		}
	}
	switch {
	case t == chroma.NameTag:
		pick(th.NameTag)
	case t == chroma.NameAttribute:
		pick(th.NameAttribute)
	case t == chroma.NameNamespace:
		pick(th.Comment)
	case t.InCategory(chroma.Keyword):
		pick(th.Keyword)
	case t == chroma.LiteralStringEscape:
		pick(th.LiteralStringEscape)
	case t.InSubCategory(chroma.LiteralString):
		pick(th.LiteralString)
	case t.InSubCategory(chroma.LiteralNumber):
		pick(th.LiteralNumber)
	case t.InSubCategory(chroma.LiteralDate):
		pick(th.LiteralDate)
	case t.InCategory(chroma.Literal):
		pick(th.Literal)
	case t.InCategory(chroma.Comment):
		pick(th.Comment)
	case t == chroma.Punctuation:
		pick(th.Punctuation)
	case t.InCategory(chroma.Operator):
		pick(th.Operator)
	case t == chroma.Error:
		// A lexer's "error" is text it did not expect, not a fault of
		// the file: shown as text, not in the theme's alarm colours.
	}
	if p.Color != nil {
		st = st.Foreground(lipgloss.Color(*p.Color))
	}
	if p.Bold != nil && *p.Bold {
		st = st.Bold(true)
	}
	return st
}
