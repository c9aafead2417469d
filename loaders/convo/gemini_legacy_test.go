package convo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// legacyMember is one top-level member of a legacy Gemini chat.
type legacyMember struct {
	key   string
	value any
}

// legacyMsg is a message as Gemini CLI's ChatRecordingService records
// it (the fields pickup reads, and a model).
type legacyMsg struct {
	ID        string `json:"id"`
	Timestamp string `json:"timestamp"`
	Type      string `json:"type"`
	Content   any    `json:"content"`
	Model     string `json:"model,omitempty"`
}

// legacyLayout writes members as the writer does, JSON.stringify(record,
// null, 2): a member a line at two spaces' indent, values indented two
// spaces further, no newline at the end.
func legacyLayout(t testing.TB, members []legacyMember) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("{")
	for i, m := range members {
		if i > 0 {
			b.WriteString(",")
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			t.Fatal(err)
		}
		v, err := json.MarshalIndent(m.value, "  ", "  ")
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n  ")
		b.Write(k)
		b.WriteString(": ")
		b.Write(v)
	}
	b.WriteString("\n}")
	return b.Bytes()
}

// legacyText is n bytes or so of text a person or a model could write:
// words, quotes, backslashes, a newline, accents and a \u2028.
func legacyText(r *rand.Rand, n int) string {
	parts := []string{"resume", "the", "pipeline", `"quoted"`, `back\slash`, "ação", "naïve", "line\nbreak", "tab\there", "\u2028", "<b>&amp;</b>", "🎯"}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(parts[r.IntN(len(parts))])
		b.WriteByte(' ')
	}
	return b.String()
}

// randomLegacy is a legacy chat: mostly as the writer lays it out, with
// its variations (a summary or none, directories short or long, a first
// message past the head, a long last message, messages other than the
// person's first) and, now and then, what no writer makes but a file can
// hold (keys in another case, a key twice, a second "messages", a
// value of the wrong type, the summary before the messages, no indent).
func randomLegacy(t testing.TB, r *rand.Rand) []byte {
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(r.IntN(1e6)) * time.Second)
	ts := func(i int) string { return at.Add(time.Duration(i) * time.Second).Format("2006-01-02T15:04:05.000Z") }
	var msgs []legacyMsg
	n := r.IntN(80)
	for i := range n {
		typ := []string{"user", "gemini", "gemini", "info", "error"}[r.IntN(5)]
		if i == 0 && r.IntN(3) == 0 {
			typ = "info"
		}
		size := 20 + r.IntN(3000)
		switch {
		case r.IntN(25) == 0:
			size = 70<<10 + r.IntN(100<<10) // past the head or the tail
		case i == n-1 && r.IntN(4) == 0:
			size = 40<<10 + r.IntN(80<<10)
		}
		var content any = legacyText(r, size)
		if r.IntN(2) == 0 {
			content = []map[string]string{{"text": legacyText(r, size)}}
		}
		if typ == "user" && r.IntN(15) == 0 {
			content = ""
		}
		msgs = append(msgs, legacyMsg{ID: fmt.Sprintf("m-%d", i), Timestamp: ts(i), Type: typ, Content: content, Model: "gemini-2.5-pro"})
	}
	members := []legacyMember{
		{"sessionId", fmt.Sprintf("8d41c0b2-7e6a-4f19-b3d5-%012d", r.IntN(1e6))},
		{"projectHash", "549df1e2e63b588ddd2563983ddfa9ff29a133ae610f24e9f73048e8cd15c502"},
		{"startTime", ts(0)},
		{"lastUpdated", ts(n)},
		{"messages", msgs},
	}
	if r.IntN(3) == 0 {
		dirs := []string{"/home/ana/shop"}
		if r.IntN(3) == 0 {
			for i := range 3000 {
				dirs = append(dirs, fmt.Sprintf("/home/ana/shop/packages/module-%04d/src", i))
			}
		}
		members = append(members, legacyMember{"directories", dirs})
	}
	if r.IntN(2) == 0 {
		members = append(members, legacyMember{"kind", "main"})
	}
	if r.IntN(2) == 0 {
		members = append(members, legacyMember{"summary", legacyText(r, 10+r.IntN(200))})
	}
	switch r.IntN(40) {
	case 0:
		members[0].key = "SessionID"
	case 1:
		members = append(members, legacyMember{"sessionId", "9e52d1c3-0000-4000-8000-000000000001"})
	case 2:
		members = append(members, legacyMember{"messages", []legacyMsg{{ID: "x", Type: "user", Content: "the last list wins"}}})
	case 3:
		members = append(members, legacyMember{"summary", 42})
	case 4:
		members = append(members, legacyMember{"summary", []string{"not", "text"}})
	case 5:
		members = append([]legacyMember{{"summary", "said before the messages"}}, members...)
	case 6:
		members = append(members, legacyMember{"lastUpdated", nil})
	case 7:
		members = append(members, legacyMember{"sUMMARY", "another case"})
	case 8:
		members[0].value = ""
	case 9:
		members[4].value = "not a list"
	case 10:
		data, err := json.Marshal(map[string]any{"sessionId": members[0].value, "projectHash": members[1].value, "messages": msgs})
		if err != nil {
			t.Fatal(err)
		}
		return data // no indent
	}
	return legacyLayout(t, members)
}

// The head and tail give what decoding the whole chat gives, on
// hundreds of chats of every size around the head and the tail; and
// the head and tail alone settle most of those bigger than the head,
// so what is compared is their reading, not the whole decode again.
func TestGeminiLegacyEndsReadWhatTheWholeDecodeReads(t *testing.T) {
	runs := 400
	if testing.Short() || raceDetector {
		runs = 120
	}
	r := rand.New(rand.NewPCG(11, uint64(time.Now().UnixNano())))
	dir := t.TempDir()
	buf := make([]byte, headSize+tailSize)
	big, settled := 0, 0
	for i := range runs {
		data := randomLegacy(t, r)
		path := filepath.Join(dir, fmt.Sprintf("session-%04d.json", i))
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		want, wantOK := geminiDoc(path, data)
		got, gotOK := geminiJSON(path, buf)
		if gotOK != wantOK || got.ID != want.ID || got.Title != want.Title || !got.Start.Equal(want.Start) ||
			!got.Last.Equal(want.Last) || got.projectHash != want.projectHash || got.Path != want.Path {
			t.Fatalf("chat %d (%d bytes): ends read %v %+v, the whole decode %v %+v\n%s", i, len(data), gotOK, got, wantOK, want, clip(data))
		}
		if len(data) > headSize {
			big++
			head, tail, size := data[:headSize], data[max(0, len(data)-tailSize):], int64(len(data))
			if _, _, ok := geminiEnds(path, head, tail, size); ok {
				settled++
			}
		}
	}
	t.Logf("%d chats, %d bigger than the head, %d of those settled by head and tail", runs, big, settled)
	if big < runs/10 || settled < big/2 {
		t.Errorf("only %d of %d chats bigger than the head were settled by head and tail", settled, big)
	}
}

// clip is the start and end of a chat, for a failure's message.
func clip(data []byte) string {
	if len(data) <= 600 {
		return string(data)
	}
	return string(data[:300]) + "\n…\n" + string(data[len(data)-300:])
}

// A chat past metaSize, which the whole decode never read, is listed
// from its head and tail; a chat whose middle is broken (cut while
// Gemini rewrote it) is listed from them too, as the whole decode
// cannot.
func TestGeminiLegacyEndsListWhatTheWholeDecodeCannot(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	var msgs []legacyMsg
	msgs = append(msgs, legacyMsg{ID: "m-0", Timestamp: "2026-03-01T09:00:00.000Z", Type: "user", Content: "Draft chapter two."})
	for i := 1; i < 2200; i++ {
		msgs = append(msgs, legacyMsg{ID: fmt.Sprintf("m-%d", i), Timestamp: "2026-03-01T09:30:00.000Z", Type: "gemini", Content: legacyText(r, 2500)})
	}
	data := legacyLayout(t, []legacyMember{
		{"sessionId", "8d41c0b2-7e6a-4f19-b3d5-0a9c2e7f1b64"},
		{"projectHash", "549df1e2e63b588ddd2563983ddfa9ff29a133ae610f24e9f73048e8cd15c502"},
		{"startTime", "2026-03-01T09:00:00.000Z"},
		{"lastUpdated", "2026-03-01T11:42:07.000Z"},
		{"messages", msgs},
		{"kind", "main"},
		{"summary", "Chapter two, the harbour"},
	})
	if len(data) <= metaSize {
		t.Fatalf("the chat is %d bytes, want more than %d", len(data), metaSize)
	}
	dir := t.TempDir()
	long := filepath.Join(dir, "session-2026-03-01T09-00-8d41c0b2.json")
	broken := filepath.Join(dir, "session-2026-03-01T09-00-broken.json")
	mid := len(data) / 2
	if err := os.WriteFile(long, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(broken, append(append(append([]byte(nil), data[:mid]...), "\x00}{ cut here"...), data[mid:]...), 0o600); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := geminiDoc(broken, whole); ok {
		t.Fatal("the whole decode read a broken chat")
	}
	for _, p := range []string{long, broken} {
		c, ok := geminiJSON(p, nil)
		if !ok || c.ID != "8d41c0b2-7e6a-4f19-b3d5-0a9c2e7f1b64" || c.Title != "Chapter two, the harbour" ||
			!c.Last.Equal(time.Date(2026, 3, 1, 11, 42, 7, 0, time.UTC)) || !c.Start.Equal(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)) {
			t.Errorf("%s: got %v %+v", filepath.Base(p), ok, c)
		}
	}
}

// Chats no writer makes, each bigger than head and tail: whatever the
// head and tail can read of them, the whole decode reads the same.
func TestGeminiLegacyEndsOnOddChats(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pad := legacyMsg{ID: "pad", Timestamp: "2026-03-01T09:10:00.000Z", Type: "gemini", Content: legacyText(r, 200<<10)}
	info := legacyMsg{ID: "m-0", Timestamp: "2026-03-01T09:00:00.000Z", Type: "info", Content: "Resumed."}
	user := legacyMsg{ID: "m-1", Timestamp: "2026-03-01T09:00:01.000Z", Type: "user", Content: []map[string]string{{"text": "Fix the tests"}}}
	meta := []legacyMember{
		{"sessionId", "8d41c0b2-7e6a-4f19-b3d5-0a9c2e7f1b64"},
		{"projectHash", "549df1e2e63b588ddd2563983ddfa9ff29a133ae610f24e9f73048e8cd15c502"},
		{"startTime", "2026-03-01T09:00:00.000Z"},
		{"lastUpdated", "2026-03-01T09:20:00.000Z"},
	}
	with := func(extra ...legacyMember) []byte {
		ms := append(append([]legacyMember(nil), meta...), legacyMember{"messages", []legacyMsg{info, user, pad}})
		return legacyLayout(t, append(ms, extra...))
	}
	cases := map[string][]byte{
		"as written":                    with(legacyMember{"kind", "main"}),
		"a summary":                     with(legacyMember{"kind", "main"}, legacyMember{"summary", "Tests green again"}),
		"a second list of messages":     with(legacyMember{"messages", []legacyMsg{{ID: "x", Type: "user", Content: "the last list wins"}}}),
		"a second empty list":           with(legacyMember{"messages", []legacyMsg{}}),
		"a second id after":             with(legacyMember{"sessionId", "9e52d1c3-0000-4000-8000-000000000001"}),
		"a summary that is a list":      with(legacyMember{"summary", []string{"a", "b"}}),
		"a summary that is an object":   with(legacyMember{"summary", map[string]string{"a": "b"}}),
		"a summary that is a number":    with(legacyMember{"summary", 7}),
		"a key in another case":         with(legacyMember{"SUMMARY", "Loud"}),
		"a comma before the end":        bytes.Replace(with(legacyMember{"kind", "main"}), []byte("\"main\"\n}"), []byte("\"main\",\n}"), 1),
		"a newline at the end":          append(with(legacyMember{"kind", "main"}), '\n'),
		"a summary with escapes":        with(legacyMember{"summary", "a \"quoted\" \\ back\u2028slash, ação"}),
		"a long list after":             with(legacyMember{"directories", strings.Split(legacyText(r, 90<<10), " ")}, legacyMember{"summary", "After the list"}),
		"messages that are not a list":  legacyLayout(t, append(append([]legacyMember(nil), meta...), legacyMember{"messages", "none"}, legacyMember{"pad", pad})),
		"the first message not a match": with(legacyMember{"summary", ""}),
	}
	dir := t.TempDir()
	for name, data := range cases {
		if len(data) <= headSize+tailSize {
			t.Fatalf("%s: %d bytes, want more than head and tail", name, len(data))
		}
		path := filepath.Join(dir, "session-x.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		want, wantOK := geminiDoc(path, data)
		got, gotOK := geminiJSON(path, nil)
		if gotOK != wantOK || got.ID != want.ID || got.Title != want.Title || !got.Last.Equal(want.Last) {
			t.Errorf("%s: ends read %v %q %q %v, the whole decode %v %q %q %v", name, gotOK, got.ID, got.Title, got.Last, wantOK, want.ID, want.Title, want.Last)
		}
	}
}

// FuzzGeminiEnds: any head and tail of any bytes are read without a
// panic; when they cover a whole valid document and settle it, they
// read what the whole decode reads.
func FuzzGeminiEnds(f *testing.F) {
	f.Add([]byte("{\n  \"sessionId\": \"a\",\n  \"messages\": [\n    {\n      \"type\": \"user\",\n      \"content\": \"hi\"\n    }\n  ],\n  \"summary\": \"s\"\n}"), 10, 20)
	f.Add([]byte("{\n  \"sessionId\": \"a\",\n  \"messages\": [],\n  \"messages\": [\n    {\n      \"type\": \"user\"\n    }\n  ]\n}"), 40, 60)
	f.Fuzz(func(t *testing.T, data []byte, h, tl int) {
		if h < 0 || tl < 0 || h > len(data) || tl > len(data) {
			return
		}
		c, ok, settled := geminiEnds("p", data[:h], data[len(data)-tl:], int64(len(data)))
		if !settled || h+tl < len(data) || !json.Valid(data) {
			return
		}
		if want, wantOK := geminiDoc("p", data); ok != wantOK || want.ID != c.ID || want.Title != c.Title || !want.Last.Equal(c.Last) {
			t.Fatalf("ends %v %+v, whole %v %+v", ok, c, wantOK, want)
		}
	})
}
