package kiln

// keyMatch is keyRe.FindStringSubmatchIndex(t) for one line (t holds no
// newline), without the regular expression: a `key: value` line's
// indent, key and value, as submatch offsets. The value is everything
// after the colon, so a line of any length costs no more than its key
// (docs/performance.md, "One long line").
func keyMatch(t string) []int {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	i := 0
	for i < len(t) && space(t[i]) {
		i++
	}
	letter := func(c byte) bool { return c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
	if i == len(t) || !letter(t[i]) {
		return nil
	}
	j := i + 1
	for j < len(t) && (letter(t[j]) || t[j] >= '0' && t[j] <= '9') {
		j++
	}
	k := j
	for k < len(t) && space(t[k]) {
		k++
	}
	if k == len(t) || t[k] != ':' {
		return nil
	}
	for p := k + 1; p < len(t); p++ {
		if t[p] == '\n' { // keyRe's "." stops at a newline
			return nil
		}
	}
	return []int{0, len(t), 0, i, i, j, k + 1, len(t)}
}
