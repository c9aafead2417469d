package i18n

import "strconv"

// Count is n with its noun in the right number: "1 file", "2 files",
// "0 files". Every count in a sentence goes through it, so no text says
// "file(s)". one and many are the catalog's words; the rule (one for 1
// and -1, many otherwise) holds for English and Brazilian Portuguese.
func Count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}
