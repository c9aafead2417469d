package tui

import (
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
)

// The preview colours JSON and YAML with chroma's core package: two
// lexers and one style per background defined here, the lexers' rules
// compiled on the first preview. chroma's lexers and styles packages
// are not imported: their init registers hundreds of lexers and styles
// (15 to 30 ms on every command, `pickup --version` included); the
// browser needs two. Tokens are coloured with lipgloss.

// jsonLexer splits (pretty-printed) JSON: keys (a string a colon
// follows), strings, numbers, true/false/null, punctuation.
var jsonLexer = chroma.MustNewLexer(&chroma.Config{Name: "JSON", Aliases: []string{"json", "jsonl", "ndjson"}}, func() chroma.Rules {
	return chroma.Rules{"root": {
		{Pattern: `\n`, Type: chroma.Text},
		{Pattern: ` +`, Type: chroma.Whitespace},
		{Pattern: jsonString + `(?= *:)`, Type: chroma.NameTag},
		{Pattern: jsonString, Type: chroma.LiteralString},
		{Pattern: `[{}\[\],:]`, Type: chroma.Punctuation},
		{Pattern: `[-0-9][0-9.eE+\-]*`, Type: chroma.LiteralNumber},
		{Pattern: `(?:true|false|null)(?!` + wordRune + `)`, Type: chroma.KeywordConstant},
		{Pattern: wordRune + `+`, Type: chroma.Text},
		{Pattern: `.`, Type: chroma.Text},
	}}
})

const (
	// jsonString is a double-quoted string to its closing quote, or to
	// the line's end when it is not closed; never a part of that (an
	// unclosed string is not a key because a colon is inside it).
	jsonString = `(?>"(?:[^"\\\n]|\\[^\n])*(?:"|\\)?)`
	wordRune   = `(?:[_a-zA-Z0-9]|[^\x00-\x7f])`
)

// yamlLexer splits YAML line by line: the indent, list dashes, a
// comment, a document marker, a mapping key and its colon ("root" and
// "line"), then the value (a quoted string, a number, a keyword, a flow
// collection's punctuation, or plain text) and a trailing comment
// ("value").
var yamlLexer = chroma.MustNewLexer(&chroma.Config{Name: "YAML", Aliases: []string{"yaml", "yml"}}, func() chroma.Rules {
	return chroma.Rules{
		"root": {
			{Pattern: `\n`, Type: chroma.Text},
			{Pattern: ` +`, Type: chroma.Whitespace, Mutator: chroma.Push("line")},
			chroma.Default(chroma.Push("line")),
		},
		"line": {
			{Pattern: `\n`, Type: chroma.Text, Mutator: chroma.Pop(1)},
			{Pattern: `-(?=[ \n]|\z)`, Type: chroma.Punctuation},
			{Pattern: ` +`, Type: chroma.Whitespace},
			{Pattern: `#.*`, Type: chroma.Comment},
			{Pattern: `(?:---|\.\.\.)(?=\n|\z)`, Type: chroma.Punctuation},
			{Pattern: `((?>"(?:[^"\\\n]|\\[^\n])*")|'[^'\n]*')(:)(?=[ \n]|\z)`, Type: chroma.ByGroups(chroma.NameTag, chroma.Punctuation), Mutator: chroma.Push("value")},
			{Pattern: `((?!:(?:[ \n]|\z))[^\[{"'#|>&*!%@\x60\n ](?:[^:#\n]|:(?![ \n]|\z)|(?<! )#)*)(:)(?=[ \n]|\z)`, Type: chroma.ByGroups(chroma.NameTag, chroma.Punctuation), Mutator: chroma.Push("value")},
			chroma.Default(chroma.Push("value")),
		},
		"value": {
			{Pattern: `\n`, Type: chroma.Text, Mutator: chroma.Pop(2)},
			{Pattern: ` +`, Type: chroma.Whitespace},
			{Pattern: `(?<= )#.*`, Type: chroma.Comment},
			{Pattern: jsonString, Type: chroma.LiteralString},
			{Pattern: `'[^'\n]*'?`, Type: chroma.LiteralString},
			{Pattern: `[\[\]{},]`, Type: chroma.Punctuation},
			// A scalar: up to a flow character or a comment, without
			// the spaces before them.
			{Pattern: `[^\n](?: *(?:[^\[\]{},\n# ]|(?<! )#))*`, Type: chroma.EmitterFunc(func(groups []string, _ *chroma.LexerState) chroma.Iterator {
				return chroma.Literator(chroma.Token{Type: yamlScalar(groups[0]), Value: groups[0]})
			})},
		},
	}
})

// codeStyle is the colour of each kind of token on one background: the
// colours glamour gave code blocks (its dark and light themes), so a
// JSON file and a JSON block in a markdown file look alike.
var codeStyle = sync.OnceValue(func() [2]*chroma.Style {
	entries := func(text, key, str, num, kw, punct, comment string) chroma.StyleEntries {
		return chroma.StyleEntries{
			chroma.Text: text, chroma.NameTag: key, chroma.LiteralString: str, chroma.LiteralNumber: num,
			chroma.KeywordConstant: kw, chroma.Punctuation: punct, chroma.Comment: comment,
		}
	}
	return [2]*chroma.Style{
		chroma.MustNewStyle("pickup-light", entries("#2A2A2A", "#581290", "#7E5B38", "#22CCAE", "#279EFC", "#FA7878", "#8D8D8D")),
		chroma.MustNewStyle("pickup-dark", entries("#C4C4C4", "#B083EA", "#C69669", "#6EEFC0", "#00AAFF", "#E8E8A8", "#676767")),
	}
})

// highlight colours src (already made safe and with tabs expanded) as
// lang ("json", "yaml") and returns its lines. Only foreground colours
// are used: the terminal's background stays. ok is false for another
// language. The text is src's, unchanged: only colour is added.
func highlight(src, lang string, dark bool) (lines []string, ok bool) {
	var lexer *chroma.RegexLexer
	switch strings.ToLower(lang) {
	case "json", "jsonl", "ndjson":
		lexer = jsonLexer
	case "yaml", "yml":
		lexer = yamlLexer
	default:
		return nil, false
	}
	it, err := lexer.Tokenise(&chroma.TokeniseOptions{State: "root"}, src)
	if err != nil {
		return nil, false
	}
	style := codeStyle()[0]
	if dark {
		style = codeStyle()[1]
	}
	colours := map[chroma.TokenType]lipgloss.Style{}
	var b strings.Builder
	add := func(text string, tt chroma.TokenType) {
		if strings.TrimSpace(text) == "" {
			b.WriteString(text) // spaces need no colour
			return
		}
		st, ok := colours[tt]
		if !ok {
			st = lipgloss.NewStyle().Foreground(lipgloss.Color(style.Get(tt).Colour.String()))
			colours[tt] = st
		}
		b.WriteString(st.Render(text))
	}
	for t := it(); t != chroma.EOF; t = it() {
		for {
			before, after, nl := strings.Cut(t.Value, "\n")
			add(before, t.Type)
			if !nl {
				break
			}
			lines = append(lines, strings.TrimRight(b.String(), " "))
			b.Reset()
			t.Value = after
		}
	}
	lines = append(lines, strings.TrimRight(b.String(), " "))
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, true
}

// yamlScalar is a plain scalar's kind: a number, a keyword or a string.
func yamlScalar(v string) chroma.TokenType {
	switch strings.ToLower(v) {
	case "true", "false", "null", "~", "yes", "no", "on", "off":
		return chroma.KeywordConstant
	case "|", ">", "|-", ">-", "|+", ">+":
		return chroma.Punctuation
	}
	digits := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9':
			digits++
		case strings.IndexByte("+-.eE_xXoabcdefABCDEF", c) >= 0:
		default:
			return chroma.LiteralString
		}
	}
	if digits > 0 && (v[0] >= '0' && v[0] <= '9' || v[0] == '-' || v[0] == '+' || v[0] == '.') {
		return chroma.LiteralNumber
	}
	return chroma.LiteralString
}
