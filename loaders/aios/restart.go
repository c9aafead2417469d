package aios

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// RestartState returns data with the story's workflow reset, as RESTART
// writes it. It is pure: Apply checks the fingerprint and writes.
//
// What changes, in both layouts (everything else is kept):
//   - last_updated: now;
//   - workflow: current_phase null, phase_results {}; the core layout also
//     gets attempt_count 0 and started_at now (its schema requires them);
//     the seed layout gets completed_phases [] and, where it has them,
//     attempt_count 0 and started_at now. current_executor becomes null
//     (no phase is running), phase_attempts is zeroed (0, {} or []), and
//     every other workflow key (pr_url: a PR opened for the story still
//     exists) is kept as it is. A file without a workflow mapping gets
//     one;
//   - last_action (core layout): type STORY_STARTED, timestamp now, story
//     the progress.current_story being restarted, phase null, as
//     aios-core's own restart does;
//   - resume_instructions (core layout, or wherever the file has them):
//     written again as aios-core's generateResumeInstructions writes
//     them after its restart (see resumeInstructions);
//   - crash_recovery.is_crash (seed layout), when true: false, since the
//     crash has been dealt with (last_active_phase and uncommitted_files
//     stay as a record).
//
// epic, progress and all other keys are untouched. New timestamps are
// UTC RFC 3339, quoted like the file's last_updated and with milliseconds
// when it has them.
//
// The edit is made on the yaml.Node tree and written back by replacing
// only the text of the values that change (valueSplice), so every other
// byte of the file (key order, quoting, flow or block style, comments and
// the spaces before them, blank lines) stays as it was. When that cannot
// be done safely, the lines of the changed top-level entries are
// re-encoded instead (splice), and failing that the whole tree (which
// still keeps key order, quoting, styles and most comments). Every way is
// checked to read back as the edited tree.
func RestartState(data []byte, now time.Time) ([]byte, error) {
	out, _, err := restartState(&english, data, now)
	return out, err
}

// restartState is RestartState, its errors said in t's language;
// spliced says whether the text was spliced (true) or the whole tree was
// encoded (false).
func restartState(t *Text, data []byte, now time.Time) (out []byte, spliced bool, err error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, false, fmt.Errorf("%s: %w", t.InvalidYAML, err)
	}
	root := docRoot(&doc)
	if !isMap(root) {
		return nil, false, errors.New(t.NoStateMapping)
	}
	ssKey, ss := pair(root, "session_state")
	if !isMap(ss) {
		return nil, false, errors.New(t.NoStateMapping)
	}
	lay := detectLayout(ss)
	lu := get(ss, "last_updated")
	now = now.UTC()

	trailing := map[*yaml.Node]bool{}
	for i := 1; i < len(ss.Content); i += 2 {
		trailingChain(ss.Content[i], trailing)
	}
	ed := newEditor(&doc)

	ed.set(ss, "last_updated", stampNode(lu, lu, now))

	wf := get(ss, "workflow")
	if !isMap(wf) {
		wf = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		ed.set(ss, "workflow", wf)
	}
	ed.set(wf, "current_phase", nullNode())
	ed.set(wf, "phase_results", &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle})
	if lay == layoutCore || has(wf, "attempt_count") {
		ed.set(wf, "attempt_count", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "0"})
	}
	if lay == layoutCore || has(wf, "started_at") {
		ed.set(wf, "started_at", stampNode(get(wf, "started_at"), lu, now))
	}
	if lay == layoutSeed || has(wf, "completed_phases") {
		ed.set(wf, "completed_phases", &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle})
	}
	if has(wf, "current_executor") {
		ed.set(wf, "current_executor", nullNode())
	}
	if pa := get(wf, "phase_attempts"); pa != nil {
		ed.set(wf, "phase_attempts", zeroLike(pa))
	}

	if la := get(ss, "last_action"); isMap(la) {
		typ := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "STORY_STARTED"}
		if old := get(la, "type"); old != nil && old.Kind == yaml.ScalarNode && !isNull(old) {
			typ.Style = old.Style & (yaml.SingleQuotedStyle | yaml.DoubleQuotedStyle)
		}
		ed.set(la, "type", typ)
		ed.set(la, "timestamp", stampNode(get(la, "timestamp"), lu, now))
		if cs := get(get(ss, "progress"), "current_story"); cs != nil && cs.Kind == yaml.ScalarNode && !isNull(cs) {
			ed.set(la, "story", copyNode(cs))
		}
		ed.set(la, "phase", nullNode())
	}

	if cr := get(ss, "crash_recovery"); isMap(cr) && strings.EqualFold(str(get(cr, "is_crash")), "true") {
		ed.set(cr, "is_crash", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "false"})
	}

	if lay == layoutCore || has(ss, "resume_instructions") {
		ed.set(ss, "resume_instructions", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.LiteralStyle,
			Value: resumeInstructions(ss)})
	}

	var want any
	if err := doc.Decode(&want); err != nil {
		return nil, false, fmt.Errorf("%s: %w", t.ReadingEdited, err)
	}
	style := detectStyle(root, ssKey, ss)
	if out, ok := valueSplice(data, ed, style); ok && sameData(out, want) {
		return out, true, nil
	}
	if out, ok := splice(data, root, ssKey, ss, ed.topKeys(ss), trailing, style); ok && sameData(out, want) {
		return out, true, nil
	}
	out, err = encode(t, &doc, style)
	if err != nil {
		return nil, false, err
	}
	if !sameData(out, want) {
		return nil, false, errors.New(t.NotReadBack)
	}
	return out, false, nil
}

// resumeInstructions is the text aios-core's generateResumeInstructions
// writes for the restarted state ss (its last_action.phase is null, so
// the story is "em fase de início"): the story line when there is a
// current story, the executor line when context_snapshot names the last
// executor, the progress line and the next step. The producer counts
// progress.stories_done and prints epic.total_stories as they are; a
// file without them (the seed layout) gets the counts pickup shows, and
// "?" for a total nothing records.
func resumeInstructions(ss *yaml.Node) string {
	progress, epic := get(ss, "progress"), get(ss, "epic")
	var b strings.Builder
	if story := str(get(progress, "current_story")); story != "" {
		fmt.Fprintf(&b, "Story %s estava em fase de %s.\n", story, or(str(get(get(ss, "last_action"), "phase")), "início"))
	}
	if ex := str(get(get(ss, "context_snapshot"), "last_executor")); ex != "" {
		fmt.Fprintf(&b, "%s estava trabalhando no desenvolvimento.\n", ex)
	}
	c := countStories(epic, progress)
	total := "?"
	if c.totalKnown {
		total = strconv.Itoa(c.total)
	}
	fmt.Fprintf(&b, "Progresso: %d de %s stories completas.\n", c.done, total)
	b.WriteString("Próximo passo: continuar implementação ou revisar o que foi feito.")
	return b.String()
}

// setKey sets key in mapping m to val, in place when the key exists
// (keeping the key node and any comments written on the old value) and
// appended otherwise.
func setKey(m *yaml.Node, key string, val *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			old := m.Content[i+1]
			val.HeadComment, val.LineComment = old.HeadComment, old.LineComment
			m.Content[i+1] = val
			return
		}
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, val)
}

func nullNode() *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"} }

// stampNode is now as a timestamp scalar styled like old, or like the
// file's last_updated (fallback) when old is missing or null: the same
// quotes, and milliseconds when the model has a fractional part.
func stampNode(old, fallback *yaml.Node, now time.Time) *yaml.Node {
	like := old
	if like == nil || like.Kind != yaml.ScalarNode || isNull(like) {
		like = fallback
	}
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.SingleQuotedStyle}
	format := "2006-01-02T15:04:05Z07:00"
	if like != nil && like.Kind == yaml.ScalarNode && !isNull(like) {
		n.Style = like.Style & (yaml.SingleQuotedStyle | yaml.DoubleQuotedStyle)
		if strings.Contains(like.Value, ".") {
			format = "2006-01-02T15:04:05.000Z07:00"
		}
	}
	if n.Style == 0 {
		n.Tag = "!!timestamp" // plain, as the file has it
	}
	n.Value = now.Format(format)
	return n
}

// zeroLike is the empty value of old's kind: {} for a mapping, [] for a
// list, 0 for a number, null otherwise.
func zeroLike(old *yaml.Node) *yaml.Node {
	switch {
	case old.Kind == yaml.MappingNode:
		return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}
	case old.Kind == yaml.SequenceNode:
		return &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	case old.Tag == "!!int":
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "0"}
	}
	return nullNode()
}

// copyNode deep-copies n, forgetting its position and comments.
func copyNode(n *yaml.Node) *yaml.Node {
	c := *n
	c.Line, c.Column = 0, 0
	c.HeadComment, c.LineComment, c.FootComment = "", "", ""
	c.Anchor = ""
	c.Content = nil
	for _, ch := range n.Content {
		c.Content = append(c.Content, copyNode(ch))
	}
	return &c
}

// trailingChain collects n and, down from it, the last key and last
// value of each mapping (the last item of each list): the nodes yaml.v3
// hangs comments on when they follow a block's last line. It is taken
// before the edit, since the edit may append keys after them.
func trailingChain(n *yaml.Node, set map[*yaml.Node]bool) {
	for n != nil {
		set[n] = true
		if len(n.Content) == 0 || n.Kind == yaml.AliasNode {
			return
		}
		if n.Kind == yaml.MappingNode && len(n.Content) >= 2 {
			set[n.Content[len(n.Content)-2]] = true
		}
		n = n.Content[len(n.Content)-1]
	}
}

// copyForSplice deep-copies n without the foot comments of the nodes in
// trailing: those comment lines lie after a spliced range and stay in
// the file's own text, so encoding them again would repeat them.
func copyForSplice(n *yaml.Node, trailing map[*yaml.Node]bool) *yaml.Node {
	c := *n
	if trailing[n] {
		c.FootComment = ""
	}
	c.Content = nil
	for _, ch := range n.Content {
		c.Content = append(c.Content, copyForSplice(ch, trailing))
	}
	return &c
}

// outputStyle is how the file is laid out, so re-encoded parts match it.
type outputStyle struct {
	indent int
	// compactSeq: block lists are written at their key's column
	// ("key:\n- a") rather than indented ("key:\n  - a").
	compactSeq bool
}

func detectStyle(root, ssKey, ss *yaml.Node) outputStyle {
	st := outputStyle{indent: 2}
	if len(ss.Content) > 0 && ss.Style&yaml.FlowStyle == 0 {
		if d := ss.Content[0].Column - ssKey.Column; d >= 2 && d <= 9 {
			st.indent = d
		}
	}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil || st.compactSeq {
			return
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if v.Kind == yaml.SequenceNode && v.Style&yaml.FlowStyle == 0 && len(v.Content) > 0 && v.Column == k.Column {
					st.compactSeq = true
					return
				}
			}
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(root)
	return st
}

func newEncoder(b *bytes.Buffer, st outputStyle) *yaml.Encoder {
	enc := yaml.NewEncoder(b)
	enc.SetIndent(st.indent)
	if st.compactSeq {
		enc.CompactSeqIndent()
	}
	return enc
}

// encode writes the whole document.
func encode(t *Text, doc *yaml.Node, st outputStyle) ([]byte, error) {
	var b bytes.Buffer
	enc := newEncoder(&b, st)
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("%s: %w", t.EncodingState, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("%s: %w", t.EncodingState, err)
	}
	return b.Bytes(), nil
}

// sameData reports whether out parses to want.
func sameData(out []byte, want any) bool {
	var got any
	if err := yaml.Unmarshal(out, &got); err != nil {
		return false
	}
	return reflect.DeepEqual(got, want)
}

// splice rewrites only the lines of session_state's entries named in
// keys, each re-encoded from the edited tree, and copies every other line
// of src unchanged. ok is false when the entries do not sit on lines of
// their own (flow style, or text the ranges cannot be told apart in).
func splice(src []byte, root, ssKey, ss *yaml.Node, keys []string, trailing map[*yaml.Node]bool, st outputStyle) ([]byte, bool) {
	if root.Style&yaml.FlowStyle != 0 || ss.Style&yaml.FlowStyle != 0 {
		return nil, false
	}
	text := string(src)
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	eol := "\n"
	if strings.Contains(text, "\r\n") {
		eol = "\r\n"
	}
	// The first line after session_state's block.
	after := len(lines) + 1
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i] == ssKey && i+2 < len(root.Content) {
			after = root.Content[i+2].Line
		}
	}
	type replacement struct {
		start, end int // 1-based, inclusive
		text       string
	}
	var reps []replacement
	found := map[string]bool{}
	for i := 0; i+1 < len(ss.Content); i += 2 {
		k, v := ss.Content[i], ss.Content[i+1]
		if k.Kind != yaml.ScalarNode || !slices.Contains(keys, k.Value) || found[k.Value] {
			continue
		}
		found[k.Value] = true
		start, ind := k.Line, k.Column-1
		if start < 1 || start > len(lines) || ind < 0 || len(lines[start-1]) < ind ||
			strings.Trim(lines[start-1][:ind], " ") != "" {
			return nil, false
		}
		if len(reps) > 0 && start <= reps[len(reps)-1].end {
			return nil, false
		}
		next := after
		if i+2 < len(ss.Content) {
			next = ss.Content[i+2].Line
		}
		end := next - 1
		for end > start && blankOrComment(lines[end-1]) {
			end--
		}
		if end < start || maxLine(v) > end {
			return nil, false
		}
		kc := *k
		kc.HeadComment, kc.FootComment = "", ""
		entry := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{&kc, copyForSplice(v, trailing)}}
		var b bytes.Buffer
		enc := newEncoder(&b, st)
		if enc.Encode(entry) != nil || enc.Close() != nil {
			return nil, false
		}
		pad := strings.Repeat(" ", ind)
		var out strings.Builder
		for _, l := range strings.SplitAfter(strings.TrimSuffix(b.String(), "\n"), "\n") {
			l = strings.TrimSuffix(l, "\n")
			if l != "" {
				out.WriteString(pad)
				out.WriteString(l)
			}
			out.WriteString(eol)
		}
		rt := out.String()
		if !strings.HasSuffix(lines[end-1], "\n") {
			rt = strings.TrimSuffix(rt, eol) // the file ends without a newline
		}
		reps = append(reps, replacement{start, end, rt})
	}
	if len(reps) != len(keys) {
		return nil, false
	}
	var b strings.Builder
	ln := 1
	for _, r := range reps {
		for ; ln < r.start; ln++ {
			b.WriteString(lines[ln-1])
		}
		b.WriteString(r.text)
		ln = r.end + 1
	}
	for ; ln <= len(lines); ln++ {
		b.WriteString(lines[ln-1])
	}
	return []byte(b.String()), true
}

func blankOrComment(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "#")
}

// maxLine is the last line any node under n starts on.
func maxLine(n *yaml.Node) int {
	m := n.Line
	if n.Kind == yaml.AliasNode {
		return m
	}
	for _, c := range n.Content {
		if l := maxLine(c); l > m {
			m = l
		}
	}
	return m
}
