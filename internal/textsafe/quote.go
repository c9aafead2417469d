package textsafe

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text read from a project's files reaches an agent (the `--emit prompt`
// markdown, the session-start hook) as a quotation, never as pickup's
// own words: Quote puts a value between « and » on one line; QuoteBlock
// puts a multi-line value behind "> " on every line. A value cannot
// close its own quotation: a « or » it holds is shown as ‹ or ›.

// Line is s on one line, for an agent's context: newlines, tabs and
// runs of white space become one space, control and format characters
// and bytes that are not UTF-8 are dropped, and the result is at most
// max bytes (cut at a character, with "…"). It reads no more of s than
// it keeps, so a value of any size costs at most max bytes.
func Line(s string, max int) string {
	const more = "…"
	out := make([]byte, 0, min(len(s), max))
	cut := 0 // the longest length that leaves room for "…"
	space := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case unicode.IsSpace(r):
			space = len(out) > 0
			continue
		case unicode.IsControl(r), r == utf8.RuneError && n == 1, Hidden(r):
			continue
		}
		if space {
			out = append(out, ' ')
			space = false
		}
		if len(out)+utf8.RuneLen(r) > max {
			return string(append(out[:cut], more...))
		}
		out = utf8.AppendRune(out, r)
		if len(out) <= max-len(more) {
			cut = len(out)
		}
	}
	return string(out)
}

var guillemets = strings.NewReplacer("«", "‹", "»", "›")

// Quote is s quoted for an agent: «…» around Line(s, max).
func Quote(s string, max int) string {
	return "«" + guillemets.Replace(Line(s, max)) + "»"
}

// QuoteBlock is s, a multi-line value read from a file, as a markdown
// block quote: every line behind "> ", so no line of it can stand as a
// heading or an instruction of the text around it. At most maxLines
// lines are kept (the rest counted in the last line, "> …").
func QuoteBlock(s string, maxLines int) string {
	s = strings.TrimRight(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	var b strings.Builder
	for n := 0; s != "" || n == 0; n++ {
		line, rest, _ := strings.Cut(s, "\n")
		if n == maxLines {
			b.WriteString("> …\n")
			break
		}
		b.WriteString(strings.TrimRight("> "+Text(line), " ") + "\n")
		s = rest
		if s == "" {
			break
		}
	}
	return b.String()
}

// plainName is what Name shows as it is: letters, digits and . _ , / -,
// the characters of an id, a tag or a file name that cannot pass for a
// sentence.
func plainName(s string) bool { return plainWord(s, 40) }

// plainWord: letters, digits and . _ , / - only, 1 to max bytes.
func plainWord(s string, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("._,/-", c) >= 0) {
			return false
		}
	}
	return true
}

// Name is a name read from a file (an id, a tag, a folder or file name,
// a heading) as a sentence says it: as it is when it is a plain name of
// at most 40 characters, else quoted as data (Quote), so nothing read
// from a project can pass for pickup's own words.
func Name(s string, max int) string {
	if plainName(s) {
		return s
	}
	return Quote(s, max)
}

// Path is a path or a file's name read from a project (a file or folder
// a file names, a name found on disk, relative to the project) as a
// sentence says it: as it is when each of its parts between slashes is
// plain (Name's characters, up to 80 of them: a folder named after a
// phase's title, "01-subprocess-management-and-backend-abstraction", is
// longer than an id), else quoted as data (Quote).
func Path(s string, max int) string {
	if plainPath(s) {
		return s
	}
	return Quote(s, max)
}

// plainPath: every part between slashes is plain (empty parts, as in a
// path that starts with one, aside), at most 240 bytes in all.
func plainPath(s string) bool {
	if s == "" || len(s) > 240 {
		return false
	}
	for _, part := range strings.Split(s, "/") {
		if part != "" && !plainWord(part, 80) {
			return false
		}
	}
	return true
}
