package convo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// Find reads only the lines that can change a conversation and only as
// far as they go (a rollout's first line first, a transcript's tail
// from its end); these tests hold it to the plain reading, every line
// of the bytes read decoded in order, over many generated files,
// hostile ones among them.

// plainLines are the lines of data's first n bytes (head) or last n
// bytes (tail), read the plain way: a head loses a last line it ends
// inside of, a tail (shorter than the file) its first line.
func plainLines(data []byte, n int, head bool) [][]byte {
	nl := []byte("\n")
	if len(data) <= n {
		return bytes.Split(data, nl)
	}
	if head {
		ls := bytes.Split(data[:n], nl)
		return ls[:len(ls)-1]
	}
	tail := data[len(data)-n:]
	i := bytes.IndexByte(tail, '\n')
	if i < 0 {
		return nil
	}
	return bytes.Split(tail[i+1:], nl)
}

// claudePlain reads a transcript the plain way: every line of its head
// and of its tail decoded, in order.
func claudePlain(path string, data []byte, mod time.Time) (Conversation, bool) {
	decode := func(ls [][]byte) []claudeLine {
		var out []claudeLine
		for _, l := range ls {
			var ln claudeLine
			if json.Unmarshal(l, &ln) == nil && !ln.IsSidechain {
				out = append(out, ln)
			}
		}
		return out
	}
	head, tail := decode(plainLines(data, headSize, true)), decode(plainLines(data, tailSize, false))
	c := Conversation{Agent: Claude, Path: path, Last: mod}
	var summary, first string
	for _, ln := range head {
		if ln.Type == "summary" && ln.Summary != "" {
			summary = ln.Summary
			break
		}
	}
	for _, ln := range head {
		if ln.SessionID == "" || ln.Cwd == "" {
			continue
		}
		if c.ID == "" {
			c.ID, c.Cwd, c.Branch, c.Start = ln.SessionID, ln.Cwd, ln.GitBranch, parseTime(ln.Timestamp)
		}
		if ln.Type == "user" && !ln.IsMeta && !ln.CompactSum && ln.Message != nil {
			if first = userText(ln.Message.Content); first != "" {
				break
			}
		}
	}
	if c.ID == "" {
		return Conversation{}, false
	}
	var custom, ai string
	for _, ln := range tail {
		if ln.Type == "custom-title" && ln.CustomTitle != "" {
			custom = ln.CustomTitle
		}
		if ln.Type == "ai-title" && ln.AITitle != "" {
			ai = ln.AITitle
		}
		if ts := parseTime(ln.Timestamp); !ts.IsZero() {
			c.Last = ts
			if ln.Cwd != "" {
				c.Branch = ln.GitBranch
			}
		}
	}
	for _, s := range []string{custom, ai, summary, first} {
		if strings.TrimSpace(s) != "" {
			c.Title = title(s)
			break
		}
	}
	return c, true
}

// codexPlain reads a rollout the plain way: its whole head (metaSize)
// split, the first line, the title among the next 63 lines, every line
// of the tail decoded, in order.
func codexPlain(path string, data []byte, roots []string) (Conversation, bool) {
	ls := plainLines(data, metaSize, true)
	if len(ls) == 0 {
		return Conversation{}, false
	}
	c, ok := codexMeta(path, ls[0])
	if !ok || !within(c.Cwd, roots) {
		return Conversation{}, false
	}
	for _, l := range ls[1:min(len(ls), 64)] {
		if s := codexUserText(l); s != "" {
			c.Title = title(s)
			break
		}
	}
	for _, l := range plainLines(data, tailSize, false) {
		var ln codexLine
		if json.Unmarshal(l, &ln) == nil {
			if ts := parseTime(ln.Timestamp); !ts.IsZero() {
				c.Last = ts
			}
		}
	}
	if c.Last.IsZero() {
		c.Last = c.Start
	}
	return c, true
}

// sameAsPlain checks that Find found, among the files in paths, exactly
// the conversations plain reads, field by field.
func sameAsPlain(t *testing.T, got []Conversation, paths []string, plain func(path string) (Conversation, bool)) {
	t.Helper()
	want := map[string]Conversation{}
	for _, p := range paths {
		if c, ok := plain(p); ok && validID(c.ID) {
			c.Live = Unknown
			want[p] = c
		}
	}
	found := map[string]Conversation{}
	for _, c := range got {
		found[c.Path] = c
	}
	if len(found) != len(want) {
		t.Errorf("found %d conversations, the plain reading %d", len(found), len(want))
	}
	for p, w := range want {
		g, ok := found[p]
		if !ok {
			t.Errorf("%s: not found; the plain reading gives %+v", filepath.Base(p), w)
			continue
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s:\n got   %+v\n plain %+v", filepath.Base(p), g, w)
		}
	}
	for p := range found {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: found, the plain reading drops it", filepath.Base(p))
		}
	}
}

// hostileText is a line's worth of text: words, and now and then what a
// reader might take for a field (quotes escaped, as in any string).
func hostileText(r *rand.Rand, n int) string {
	bits := []string{"resume", "the", "$HOME", "pipeline", `\"type\":\"summary\"`, `"summary"`, `\"custom-title\"`, "response_item", `\"user\"`, "\\n", "é", "🎉", "<env>", `{"x":1}`}
	if r.IntN(8) == 0 {
		bits = append(bits, `\\u0073`) // a line that may be anything
	}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(bits[r.IntN(len(bits))])
		b.WriteByte(' ')
	}
	return strconv.Quote(b.String())
}

// claudeHostileLine is one transcript line of many kinds, some broken:
// one in odd is not a plain user or assistant line.
func claudeHostileLine(r *rand.Rand, id, root string, at time.Time, odd int) string {
	cwds := []string{root, root, root + "/sub", root + "2", "", "relative/path"}
	cwd, branch := strconv.Quote(cwds[r.IntN(len(cwds))]), strconv.Quote([]string{"main", "feat-x", ""}[r.IntN(3)])
	ts := strconv.Quote(at.UTC().Format(time.RFC3339Nano))
	switch r.IntN(8) {
	case 0:
		ts = strconv.Quote(at.In(time.FixedZone("", 2*3600)).Format(time.RFC3339))
	case 1:
		ts = `"yesterday"`
	}
	side := []string{"false", "false", "false", "true"}[r.IntN(4)]
	common := `"isSidechain":` + side + `,"cwd":` + cwd + `,"sessionId":"` + id + `","gitBranch":` + branch + `,"timestamp":` + ts
	pad := hostileText(r, r.IntN(3000))
	kind := 99
	if r.IntN(odd) == 0 {
		kind = r.IntN(18)
	}
	switch kind {
	case 0:
		return `{"type":"summary","summary":` + []string{`""`, `"  "`, `"Checkout flow"`, pad}[r.IntN(4)] + `,"leafUuid":"x"}`
	case 1:
		return `{"type":"\u0073ummary","summary":"escaped summary"}`
	case 2:
		return `{"type":"custom-title","customTitle":` + []string{`""`, `"  "`, `"my name"`, `"name \n two lines"`}[r.IntN(4)] + `,"sessionId":"` + id + `"}`
	case 3:
		return `{"type":"ai-title","aiTitle":` + []string{`""`, `"auto title"`, pad}[r.IntN(3)] + `,"sessionId":"` + id + `"` + []string{"", `,"timestamp":` + ts}[r.IntN(2)] + `}`
	case 4:
		return `{"type":"custom\u002dtitle","customTitle":"escaped name",` + common + `}`
	case 5:
		return `{"TYPE":"ai-title","AITitle":"upper-case keys",` + common + `}`
	case 6:
		return `{"type":"user","isMeta":true,` + common + `,"message":{"role":"user","content":"meta text"}}`
	case 7:
		return `{"type":"user","isCompactSummary":true,` + common + `,"message":{"role":"user","content":"compact summary"}}`
	case 8:
		return `{"type":"user",` + common + `,"message":{"role":"user","content":[{"type":"tool_result","content":"out"}]}}`
	case 9:
		return `{"type":"user",` + common + `,"message":{"role":"user","content":[{"type":"text","text":` + pad + `}]}}`
	case 10:
		return `{"type":"user","cwd":5,` + `"sessionId":"` + id + `","timestamp":` + ts + `,"message":{"role":"user","content":"wrong cwd type"}}`
	case 11:
		return []string{`[1,2]`, `null`, `"str"`, `{"type":`, ``, `{}`, "\r", `{"type":"user","message":"not an object"}`}[r.IntN(8)]
	case 12:
		return `{"type":"system","subtype":"compact_boundary",` + common + `}`
	case 13:
		return `{"type":"user","Type":"assistant",` + common + `,"message":{"role":"user","content":"duplicate keys"}}`
	case 14:
		return `{"type":"us\u0065r",` + common + `,"message":{"role":"user","content":"escaped user"}}` + "\r"
	case 15:
		return `{"note":"summary","summary":"not a summary line","type":"assistant",` + common + `}`
	case 16:
		return `{"type":"user","isSidechain":"yes","cwd":` + cwd + `,"sessionId":"` + id + `","timestamp":` + ts + `}`
	case 17:
		return `{"type":"assistant",` + common + `,"message":{"role":"assistant","content":[{"type":"text","text":` + hostileText(r, r.IntN(40000)) + `}]}}`
	}
	typ := []string{"user", "assistant"}[r.IntN(2)]
	return `{"parentUuid":null,"type":"` + typ + `",` + common + `,"message":{"role":"` + typ + `","content":` + pad + `},"uuid":"u"}`
}

// hostileID is the i-th file's conversation id: now and then one no
// agent writes, which must never come back.
func hostileID(format string, i int) string {
	switch i % 37 {
	case 15:
		return "x; touch pwned"
	case 16:
		return "-rf"
	}
	return fmt.Sprintf(format, i)
}

// writeHostileTranscripts writes n transcripts (n > 13) of every size
// around the head and tail bounds into root's folder and returns their
// paths.
func writeHostileTranscripts(t *testing.T, r *rand.Rand, home, root string, n int) []string {
	t.Helper()
	dir := filepath.Join(home, "projects", ClaudeFolder(root))
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	var paths []string
	for i := range n {
		id := hostileID("c0ffee00-0000-4000-8000-%012d", i)
		var b strings.Builder
		want := []int{0, 200, 30 << 10, 64 << 10, 100 << 10, 130 << 10, 300 << 10}[r.IntN(7)] + r.IntN(20<<10)
		if i%23 == 7 {
			b.WriteString(`{"type":"user","cwd":"` + root + `","sessionId":"` + id + `","message":{"role":"user","content":` + hostileText(r, 70<<10) + "}}\n")
		}
		odd := []int{1, 3, 12, 60}[r.IntN(4)]
		for j := 0; b.Len() < want; j++ {
			b.WriteString(claudeHostileLine(r, id, root, at.Add(time.Duration(i)*time.Hour+time.Duration(j)*time.Second), odd))
			if r.IntN(30) != 0 || b.Len() < want {
				b.WriteByte('\n')
			}
		}
		if i == 13 { // a summary right after the first message, the rest plain
			b.Reset()
			b.WriteString(`{"type":"user","cwd":"` + root + `","sessionId":"` + id + `","message":{"role":"user","content":"first"}}` + "\n" + `{"type":"summary","summary":"late summary"}` + "\n")
			for b.Len() < 100<<10 {
				b.WriteString(`{"type":"assistant","cwd":"` + root + `","sessionId":"` + id + `","timestamp":"2026-11-27T10:00:00Z","message":{"content":"plain words"}}` + "\n")
			}
		}
		if i == 11 || i == 12 { // a blank name after an automatic one (a sidechain's in 12)
			side := strconv.FormatBool(i == 12)
			b.WriteString("\n" + `{"type":"ai-title","isSidechain":` + side + `,"aiTitle":"auto name","sessionId":"` + id + `"}` + "\n" +
				`{"type":"custom-title","customTitle":"  ","sessionId":"` + id + `"}` + "\n" + claudeHostileLine(r, id, root, at, 1000) + "\n")
		}
		p := filepath.Join(dir, id+".jsonl")
		testkit.Write(t, p, b.String())
		paths = append(paths, p)
	}
	return paths
}

// againstPlain writes stores of n files (few under -short or -race),
// one for each seed, with write, and holds what Find finds in them for
// each set of roots to the plain reading; it returns what it found for
// the first set.
func againstPlain(t *testing.T, n, few int, write func(r *rand.Rand, home string, n int) []string, stores func(home string) Stores, rootSets [][]string, plain func(path string, data []byte, roots []string) (Conversation, bool)) [][]Conversation {
	t.Helper()
	seeds := uint64(2)
	if testing.Short() || raceDetector {
		n, seeds = few, 1
	}
	var out [][]Conversation
	for seed := range seeds {
		home := t.TempDir()
		paths := write(rand.New(rand.NewPCG(seed, uint64(n))), home, n)
		files := map[string][]byte{}
		for _, p := range paths {
			files[p] = []byte(testkit.Read(t, p))
		}
		for i, roots := range rootSets {
			got := Find(stores(home), roots, time.Time{})
			sameAsPlain(t, got, paths, func(p string) (Conversation, bool) { return plain(p, files[p], roots) })
			if i == 0 {
				out = append(out, got)
			}
		}
	}
	return out
}

// hostileRoot is the project the hostile stores are read for.
const hostileRoot = "/home/ana/shop"

// Every field of every transcript Find returns is the plain reading's,
// and it returns exactly the ones the plain reading does.
func TestClaudeFindIsThePlainReading(t *testing.T) {
	write := func(r *rand.Rand, home string, n int) []string {
		return writeHostileTranscripts(t, r, home, hostileRoot, n)
	}
	found := againstPlain(t, 240, 100, write, func(home string) Stores { return Stores{Claude: home} }, [][]string{{hostileRoot}}, func(p string, data []byte, roots []string) (Conversation, bool) {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		c, ok := claudePlain(p, data, st.ModTime())
		return c, ok && within(c.Cwd, roots)
	})
	for _, got := range found {
		if len(got) < 30 {
			t.Errorf("only %d transcripts found: the generator makes too few readable ones", len(got))
		}
	}
}

// codexHostileLine is one rollout line after the first, of many kinds.
func codexHostileLine(r *rand.Rand, at time.Time) string {
	ts := `"timestamp":"` + at.UTC().Format(time.RFC3339Nano) + `",`
	if r.IntN(6) == 0 {
		ts = ""
	}
	user := func(text string) string {
		return `{` + ts + `"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":` + text + `}]}}`
	}
	switch r.IntN(14) {
	case 0:
		return user(`"Continue the checkout flow"`)
	case 1:
		return user(`"<environment_context>cwd</environment_context>"`)
	case 2:
		return user(`""`)
	case 3:
		return `{` + ts + `"type":"response\u005fitem","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"escaped type"}]}}`
	case 4:
		return `{` + ts + `"type":"event_msg","payload":{"type":"user_message","message":"a \"response_item\" in text"}}`
	case 5:
		return `{` + ts + `"type":"response_item","payload":{"type":"message","role":"developer","content":[{"type":"input_text","text":"dev"}]}}`
	case 6:
		return `{` + ts + `"type":"response_item","payload":{"type":"message","role":"user","content":"not an array"}}`
	case 7:
		return []string{`{"type":`, ``, `null`, `[]`, `{"timestamp":5}`, "\r"}[r.IntN(6)]
	case 8:
		return user(hostileText(r, r.IntN(200)))
	case 9:
		return `{` + ts + `"type":"response_item","payload":{"type":"function_call_output","output":` + hostileText(r, r.IntN(30000)) + `}}`
	}
	return `{` + ts + `"type":"turn_context","payload":{"cwd":"/elsewhere","model":"m"}}`
}

// codexHostileMeta is a rollout's first line: the project's, another's,
// a subagent's, escaped, broken, long.
func codexHostileMeta(r *rand.Rand, id, root string) string {
	cwds := []string{strconv.Quote(root), strconv.Quote(root + "/sub"), `"\/home\/ana\/shop"`, `"\u002fhome/ana/shop"`, strconv.Quote(root + "2"), `"/other"`, `""`, `5`,
		`"/home/ana/../ana/shop"`, `"/x/../home/ana/shop/sub/."`, `"/home/ana//shop"`, `"/home/ana/sho\u0070"`, `"/home/ana/shopping"`, `"/home/ana/shop\/sub"`, `"/home/ana/sh\"op"`, `"/"`, `"shop"`}
	cwd := cwds[r.IntN(len(cwds))]
	extra := []string{``, `,"source":{"subagent":"review"}`, `,"parent_thread_id":"p"`, `,"git":{"branch":"feat-x"}`, `,"git":null`, `,"source":"cli","git":{"branch":"main"}`}[r.IntN(6)]
	instr := ""
	switch r.IntN(10) {
	case 0:
		instr = `,"base_instructions":` + hostileText(r, 100<<10)
	case 1, 2, 3:
		instr = `,"instructions":` + hostileText(r, r.IntN(12<<10))
	}
	line := `{"timestamp":"2026-11-27T10:00:00.000Z","type":"session_meta","payload":{"id":"` + id + `","timestamp":"2026-11-27T10:00:00.000Z","cwd":` + cwd + extra + instr + `}}`
	switch r.IntN(20) {
	case 0:
		return `{"type":"session_meta","payload":{"id":"` + id + `"},"payload":{"cwd":` + strconv.Quote(root) + `}}`
	case 1:
		return `{"type":"turn_context","payload":{"id":"` + id + `","cwd":` + strconv.Quote(root) + `}}`
	case 2:
		return line[:len(line)/2]
	}
	return line
}

// writeHostileRollouts writes n rollouts (n > 42) into one day's folder
// (three past metaSize, the first line or the title line across it,
// three with the title about line 64, one with no time but its first
// line's, three in "/" and a folder with a quote) and returns their
// paths.
func writeHostileRollouts(t *testing.T, r *rand.Rand, home, root string, n int) []string {
	t.Helper()
	dir := filepath.Join(home, "sessions", "2026", "11", "27")
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	var paths []string
	for i := range n {
		id := hostileID("019f0000-0000-7000-8000-%012d", i)
		var b strings.Builder
		meta := codexHostileMeta(r, id, root)
		if i%10 == 0 || i > 40 && i < 50 {
			cwd := map[int]string{46: `/`, 47: `/home/ana/sh\"op`, 48: `/home/ana/sh\"op/x`}[i]
			if cwd == "" {
				cwd = root
			}
			meta = `{"timestamp":"2026-11-27T10:00:00.412Z","type":"session_meta","payload":{"id":"` + id + `","timestamp":"2026-11-27T10:00:00.000Z","cwd":"` + cwd + `"}}`
		}
		b.WriteString(meta + "\n")
		switch i {
		case 10: // the first line past metaSize
			b.Reset()
			b.WriteString(`{"type":"session_meta","payload":{"id":"` + id + `","cwd":"` + root + `","instructions":"` + strings.Repeat("x", metaSize) + "\"}}\n")
		case 20, 30: // the title line across metaSize, or just inside it
			b.WriteString(`{"type":"turn_context","payload":{"output":"` + strings.Repeat("y", metaSize-b.Len()-200+(i-20)*10) + "\"}}\n")
		case 40, 41, 42: // the title on line 63, 64 (the last looked at) or 65
			for range 61 + i - 40 {
				b.WriteString(`{"type":"turn_context","payload":{"cwd":"/elsewhere"}}` + "\n")
			}
			b.WriteString(`{"type":"response_item","payload":{"role":"user","content":[{"text":"title on line ` + strconv.Itoa(63+i-40) + `"}]}}` + "\n")
		}
		want := []int{0, 1 << 10, 60 << 10, 70 << 10, 200 << 10}[r.IntN(5)] + r.IntN(10<<10)
		if i == 45 { // no time after the first line's
			b.WriteString(`{"type":"turn_context","payload":{}}` + "\n" + `{"type":"event_msg"}`)
			want = 0
		}
		for j := 0; b.Len() < want || j < 3 && i != 45; j++ {
			b.WriteString(codexHostileLine(r, at.Add(time.Duration(i)*time.Minute+time.Duration(j)*time.Second)))
			if r.IntN(20) != 0 {
				b.WriteByte('\n')
			}
		}
		p := filepath.Join(dir, "rollout-2026-11-27T10-00-00-"+id+".jsonl")
		testkit.Write(t, p, b.String())
		paths = append(paths, p)
	}
	return paths
}

// Every field of every rollout Find returns is the plain reading's, and
// it returns exactly the ones the plain reading does.
func TestCodexFindIsThePlainReading(t *testing.T) {
	write := func(r *rand.Rand, home string, n int) []string {
		return writeHostileRollouts(t, r, home, hostileRoot, n)
	}
	// The project; "/" and a root whose name JSON escapes, where every
	// first line is decoded; the parent; a subfolder and a sibling.
	rootSets := [][]string{{hostileRoot}, {"/"}, {`/home/ana/sh"op`}, {"/home/ana"}, {hostileRoot + "/sub", "/home/ana/shop2"}}
	found := againstPlain(t, 200, 80, write, func(home string) Stores { return Stores{Codex: home} }, rootSets, func(p string, data []byte, roots []string) (Conversation, bool) {
		return codexPlain(p, data, roots)
	})
	for _, got := range found {
		titled := 0
		for _, c := range got {
			if c.Title != "" {
				titled++
			}
		}
		if len(got) < 8 || titled < len(got)/3 {
			t.Errorf("%d rollouts found, %d with a title: the generator makes too few readable ones", len(got), titled)
		}
	}
}

// mayBe never says no to a line whose decoded field is the string it
// looks for (or holds the part it looks for), however the line spells
// it: as itself, one character or every character escaped.
func TestMayBeMissesNoSpelling(t *testing.T) {
	for want, part := range map[string]string{"user": `"user"`, "summary": `"summary"`, "custom-title": `-title"`, "ai-title": `-title"`, "response_item": `"response_item"`} {
		every := ""
		for _, c := range want {
			every += fmt.Sprintf(`\u%04X`, c)
		}
		for _, s := range []string{strconv.Quote(want), `"\u` + fmt.Sprintf("%04x", want[0]) + want[1:] + `"`, `"` + every + `"`} {
			line := []byte(`{"TYPE":` + s + `}`)
			var v struct{ Type string }
			if json.Unmarshal(line, &v) != nil || v.Type != want {
				t.Fatalf("%s does not decode to %q", line, want)
			}
			if !mayBe(line, part) {
				t.Errorf("mayBe(%s, %s) = false", line, part)
			}
		}
		if mayBe([]byte(`{"type":"x","text":"\"`+want[:len(want)-1]+`\""}`), part) {
			t.Errorf("mayBe takes an escaped %q inside a string for the value", want)
		}
	}
}

// forward and backward give the lines a plain split gives (a head's
// last line dropped when cut, a tail's first), in order and reversed,
// each with the rest of the bytes from it (to it).
func TestForwardAndBackwardAreTheSplitLines(t *testing.T) {
	for _, data := range []string{"", "\n", "a", "a\n", "a\nb", "a\nb\n", "\n\na\n\n", "{\"x\":1}\r\n{}\n{"} {
		for _, c := range []struct {
			head, tail bool
			size       int64
		}{{false, false, 0}, {true, false, int64(len(data))}, {true, false, int64(len(data)) + 1}, {false, true, int64(len(data))}, {false, true, int64(len(data)) + 1}} {
			want := strings.Split(data, "\n")
			cut := int64(len(data)) < c.size
			switch {
			case c.tail && cut && !strings.Contains(data, "\n"), c.head && cut && len(want) == 1:
				want = nil
			case c.tail && cut:
				want = want[1:]
			case c.head && cut:
				want = want[:len(want)-1]
			}
			var fw, bw []string
			forward([]byte(data), c.head, c.tail, c.size, func(l, rest []byte) bool {
				if !bytes.HasPrefix(rest, l) {
					t.Errorf("%q %+v: forward's rest %q does not start with %q", data, c, rest, l)
				}
				fw = append(fw, string(l))
				return true
			})
			backward([]byte(data), c.head, c.tail, c.size, func(l, rest []byte) bool {
				if !bytes.HasSuffix(rest, l) {
					t.Errorf("%q %+v: backward's rest %q does not end with %q", data, c, rest, l)
				}
				bw = append([]string{string(l)}, bw...)
				return true
			})
			if !slices.Equal(fw, want) || !slices.Equal(bw, want) {
				t.Errorf("%q %+v: forward %q, backward reversed %q, split %q", data, c, fw, bw, want)
			}
		}
	}
}

// geminiPlain reads a chat the plain way: the first line, the first user
// message of the head, then every line of the tail in order, a $set's
// time replacing the last activity and a message's passing it.
func geminiPlain(path string, data []byte, hash string) (Conversation, bool) {
	head := plainLines(data, headSize, true)
	var meta geminiMeta
	if len(head) == 0 || json.Unmarshal(head[0], &meta) != nil || meta.SessionID == "" || meta.Kind == "subagent" || meta.ProjectHash != hash {
		return Conversation{}, false
	}
	c := Conversation{Agent: Gemini, ID: meta.SessionID, Path: path, Start: parseTime(meta.StartTime), Last: parseTime(meta.LastUpdated)}
	first, summary := "", ""
	for _, l := range head[1:] {
		var m geminiMessage
		if json.Unmarshal(l, &m) == nil && m.Type == "user" && first == "" {
			first = userText(m.Content)
		}
	}
	for _, l := range plainLines(data, tailSize, false) {
		var set struct {
			Set *geminiMeta `json:"$set"`
		}
		var m geminiMessage
		switch {
		case json.Unmarshal(l, &set) == nil && set.Set != nil:
			if ts := parseTime(set.Set.LastUpdated); !ts.IsZero() {
				c.Last = ts
			}
			if set.Set.Summary != "" {
				summary = set.Set.Summary
			}
		case json.Unmarshal(l, &m) == nil && parseTime(m.Timestamp).After(c.Last):
			c.Last = parseTime(m.Timestamp)
		}
	}
	c.Title = title(firstNonEmpty(summary, first))
	return c, true
}

// geminiHostileLine is one chat line after the first: messages, $set
// lines of every kind, times in other zones equal to others, broken ones.
func geminiHostileLine(r *rand.Rand, at time.Time) string {
	at = at.Add(time.Duration(r.IntN(5)-2) * time.Minute) // times out of order, some equal
	ts := strconv.Quote(at.UTC().Format(time.RFC3339Nano))
	if r.IntN(4) == 0 {
		ts = strconv.Quote(at.In(time.FixedZone("", -3*3600)).Format(time.RFC3339))
	}
	switch r.IntN(16) {
	case 0:
		return `{"$set":{"lastUpdated":` + ts + `}}`
	case 1:
		return `{"$set":{"summary":` + []string{`""`, `"  "`, `"Chat summary"`, hostileText(r, 300)}[r.IntN(4)] + `}}`
	case 2:
		return `{"$set":{"lastUpdated":` + ts + `,"summary":"both at once"}}`
	case 3:
		return []string{`{"$SET":{"summary":"upper-case key"}}`, `{"\u0024set":{"lastUpdated":` + ts + `}}`, `{"$set":null,"timestamp":` + ts + `}`, `{"$set":{"lastUpdated":5}}`, `{"$set":{"lastUpdated":"never"}}`, `{"\u0024set":{"summary":"escaped key"}}`}[r.IntN(6)]
	case 4:
		return []string{`{"type":`, ``, `null`, `[]`, `{"timestamp":5}`, "\r", `{"$rewindTo":"m-1"}`}[r.IntN(7)]
	case 5:
		return `{"id":"m","timestamp":` + ts + `,"type":"user","content":[{"text":` + hostileText(r, r.IntN(200)) + `}]}`
	case 6:
		return `{"id":"m","timestamp":` + ts + `,"type":"user","content":""}`
	}
	return `{"id":"m","timestamp":` + ts + `,"type":"gemini","content":` + hostileText(r, r.IntN(6000)) + `,"model":"gemini-2.5-pro"}`
}

// writeHostileChats writes n JSONL chats (n > 21) of every size around the head
// and tail bounds into the folder of root's hash (a few recorded under
// another hash or as a subagent's) and returns their paths.
func writeHostileChats(t *testing.T, r *rand.Rand, home, root string, n int) []string {
	t.Helper()
	sum := sha256.Sum256([]byte(root))
	hash := hex.EncodeToString(sum[:])
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	var paths []string
	for i := range n {
		id := hostileID("3f2a9c1e-5b7d-4e80-a1c3-%012d", i)
		h, kind := hash, "main"
		switch r.IntN(12) {
		case 0:
			h = strings.Repeat("0", 64)
		case 1:
			kind = "subagent"
		}
		var b strings.Builder
		b.WriteString(`{"sessionId":"` + id + `","projectHash":"` + h + `","startTime":"2026-11-27T10:00:00.000Z","lastUpdated":` +
			[]string{`"2026-11-27T10:00:00.000Z"`, `"2026-11-27T13:00:00.000Z"`, `""`}[r.IntN(3)] + `,"kind":"` + kind + `"}` + "\n")
		want := []int{0, 200, 30 << 10, 64 << 10, 100 << 10, 130 << 10}[r.IntN(6)] + r.IntN(20<<10)
		for j := 0; b.Len() < want; j++ {
			b.WriteString(geminiHostileLine(r, at.Add(time.Duration(j)*time.Minute)))
			if r.IntN(30) != 0 || b.Len() < want {
				b.WriteByte('\n')
			}
		}
		plain := `{"id":"m","timestamp":"2026-11-27T11:00:00Z","type":"gemini","content":"plain words"}` + "\n"
		if fixed := map[int]string{
			// a summary far before the last time, plain lines between
			14: `{"$set":{"summary":"early summary"}}` + "\n" + strings.Repeat(plain, 40),
			// the newest summary under an escaped key
			17: `{"$set":{"summary":"plain summary"}}` + "\n" + `{"\u0024set":{"summary":"escaped key"}}` + "\n" + plain,
			// the newest summary under a key in capitals, one with a long s
			19: `{"$set":{"summary":"plain summary"}}` + "\n" + `{"$set":{"SUMMARY":"upper-case key"}}` + "\n" + plain,
			20: `{"$set":{"summary":"plain summary"}}` + "\n" + `{"$set":{"ſummary":"long s key"}}` + "\n" + plain,
			// and one whose key ends in an escape
			21: `{"$set":{"summary":"plain summary"}}` + "\n" + `{"$set":{"summar\u0079":"escaped key"}}` + "\n" + plain,
			// a message later than the last time, before it
			18: `{"id":"m","timestamp":"2026-11-27T12:30:00Z","type":"gemini","content":"$HOME"}` + "\n",
		}[i]; fixed != "" {
			b.Reset()
			b.WriteString(`{"sessionId":"` + id + `","projectHash":"` + hash + `","startTime":"2026-11-27T10:00:00.000Z"}` + "\n" + fixed +
				`{"$set":{"lastUpdated":"2026-11-27T12:00:00Z"}}` + "\n" + plain)
		}
		p := filepath.Join(home, "tmp", hash, "chats", fmt.Sprintf("session-2026-11-27T10-00-%04d.jsonl", i))
		testkit.Write(t, p, b.String())
		paths = append(paths, p)
	}
	return paths
}

// Every field of every chat Find returns is the plain reading's, and it
// returns exactly the ones the plain reading does.
func TestGeminiFindIsThePlainReading(t *testing.T) {
	sum := sha256.Sum256([]byte(hostileRoot))
	hash := hex.EncodeToString(sum[:])
	write := func(r *rand.Rand, home string, n int) []string { return writeHostileChats(t, r, home, hostileRoot, n) }
	found := againstPlain(t, 240, 100, write, func(home string) Stores { return Stores{Gemini: home} }, [][]string{{hostileRoot}}, func(p string, data []byte, roots []string) (Conversation, bool) {
		c, ok := geminiPlain(p, data, hash)
		c.Cwd = hostileRoot
		return c, ok
	})
	for _, got := range found {
		if len(got) < 30 {
			t.Errorf("only %d chats found: the generator makes too few readable ones", len(got))
		}
	}
}
