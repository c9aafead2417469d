package i18ntest

import (
	"strings"
	"unicode"
)

// englishWords are English words that are not Portuguese words: one of
// them left in a pt-BR text is a sentence nobody translated. The list
// holds grammar words and the words pickup's own sentences use most;
// names a format gives its steps ("phase", "stage", "slice") are not in
// it, since they are often values read from a file.
var englishWords = set(
	"the", "is", "are", "was", "were", "be", "been", "being", "with", "and", "not", "of", "to",
	"from", "this", "that", "these", "those", "it", "its", "has", "have", "had", "will", "would",
	"can", "cannot", "could", "should", "for", "on", "in", "at", "by", "or", "when", "which",
	"after", "before", "first", "then", "still", "only", "none", "nothing", "unknown", "there",
	"here", "what", "where", "why", "how", "yet", "already", "again", "but", "if", "into", "than",
	"does", "did", "doesn", "isn", "wasn", "don", "every", "each", "their", "they",
	"you", "your", "we", "our", "run", "runs", "ran", "running", "file", "files", "found", "missing",
	"written", "wrote", "writes", "read", "reads", "kept", "keeps", "starts", "start", "next",
	"last", "done", "left", "waiting", "paused", "crashed", "archived", "recorded", "because",
	"since", "until", "while", "without", "about", "over", "under", "between", "through",
)

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// words splits s into lower-case words: runs of letters, digits and
// underscores (a field name or an enum value, in_progress, is one word),
// joined by a hyphen between two of them (dry-run, handoff-2-to-3).
// A word in capitals (DONE, CONTINUE) is a name, an enum value or a
// verb, not a sentence's word: it comes back as "" (never English).
func words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			w := b.String()
			if strings.ToUpper(w) == w && strings.ToLower(w) != w && len(w) > 1 {
				w = ""
			}
			out = append(out, strings.ToLower(w))
			b.Reset()
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			b.WriteRune(r)
			continue
		}
		if r == '-' && b.Len() > 0 && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])) {
			b.WriteRune(r)
			continue
		}
		flush()
	}
	flush()
	return out
}

// English returns the English words (in order, repeats kept) left in
// text, a text pickup wrote in another language, once the words it
// quotes from the files it read are taken out. sources are those files'
// contents, or any other text that is not pickup's own (names, values).
// A word counts as quoted when it is part of a run of three words of
// text that occurs in a source in the same order, or of a whole source
// of one or two words; so a value read from a file may hold English,
// while pickup's sentence around it may not.
func English(text string, sources ...string) []string {
	tw := words(text)
	quoted := make([]bool, len(tw))
	grams := map[string]int{}
	for _, src := range sources {
		sw := words(src)
		n := min(3, len(sw))
		for i := 0; n > 0 && i+n <= len(sw); i++ {
			grams[strings.Join(sw[i:i+n], " ")] = n
		}
	}
	for n := 1; n <= 3; n++ {
		for i := 0; i+n <= len(tw); i++ {
			if grams[strings.Join(tw[i:i+n], " ")] == n {
				for j := i; j < i+n; j++ {
					quoted[j] = true
				}
			}
		}
	}
	var out []string
	for i, w := range tw {
		if !quoted[i] && englishWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// NoEnglish fails t when text, which pickup wrote in a language other
// than English, still holds English words of its own (English). what
// names the text in the failure.
func NoEnglish(t TB, what, text string, sources ...string) {
	t.Helper()
	if left := English(text, sources...); len(left) > 0 {
		t.Errorf("%s: English left (%s) in:\n%s", what, strings.Join(left, ", "), text)
	}
}
