package i18n

import "strconv"

// Count is n with its noun in the right number: "1 file", "2 files",
// "0 files"; one and many are the caller's words (one for 1 and -1,
// many otherwise).
//
// Deprecated: a count is an i18n.P message (Plural), whose forms come
// from CLDR; Count goes once no caller is left.
func Count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}
