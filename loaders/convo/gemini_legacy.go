package convo

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"sync"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// geminiJSON reads the legacy form, one object with the messages inside,
// as Gemini CLI wrote it before its JSONL chats (google-gemini/gemini-cli
// @dcf5afafda:packages/core/src/services/chatRecordingService.ts,
// writeConversation: JSON.stringify(record, null, 2), a key a line at two
// spaces' indent, in the order sessionId, projectHash, startTime,
// lastUpdated, messages, then kind, and summary when one was saved).
// A chat can be megabytes of messages, and only its metadata, its first
// person's message and the keys after the messages are wanted: the
// head is decoded up to that first message and the tail's top-level
// keys are read (geminiEnds). A file they do not settle, or not in that
// form, is decoded whole as before (at most metaSize); one that fits in
// the head is decoded whole from it. buf is read into.
func geminiJSON(path string, buf []byte) (geminiChat, bool) {
	head, tail, size, err := fsx.ReadEnds(path, headSize, tailSize, buf)
	if err != nil {
		return geminiChat{}, false
	}
	if int64(len(head)) >= size {
		return geminiDoc(path, head)
	}
	if c, ok, settled := geminiEnds(path, head, tail, size); settled {
		return c, ok
	}
	if size > metaSize {
		return geminiChat{}, false
	}
	data, err := fsx.ReadFile(path)
	if err != nil || len(data) > metaSize {
		return geminiChat{}, false
	}
	return geminiDoc(path, data)
}

// geminiEnds is what geminiDoc makes of a legacy chat, read from its
// head and tail: settled is false when they cannot tell (another
// layout, the first person's message past the head, a value of the
// wrong type, keys after the messages not all in the tail), and
// geminiJSON then decodes the whole file. Unlike the whole decode, the
// messages between the first person's and the tail are not read: a
// chat whose middle is broken is still listed.
func geminiEnds(path string, head, tail []byte, size int64) (c geminiChat, ok, settled bool) {
	if !bytes.HasPrefix(head, []byte("{\n  \"")) {
		return c, false, false
	}
	var meta geminiMeta
	dec := json.NewDecoder(bytes.NewReader(head))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return c, false, false
	}
	first, at := "", int64(0)
	for {
		t, err := dec.Token()
		key, isKey := t.(string)
		if err != nil || !isKey {
			return c, false, false // the head ends before the messages
		}
		at = dec.InputOffset() // just after the key
		if !strings.EqualFold(key, "messages") {
			var raw json.RawMessage
			if dec.Decode(&raw) != nil || !setMeta(&meta, key, raw) {
				return c, false, false
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return c, false, false
		}
		found := false
		for !found && dec.More() {
			var m geminiMessage
			if dec.Decode(&m) != nil {
				return c, false, false
			}
			if m.Type == "user" {
				first, found = userText(m.Content), true
			}
		}
		if !found {
			return c, false, false
		}
		break
	}
	pairs, done := topKeysAfterMessages(tail, size, at)
	if !done {
		return c, false, false
	}
	for _, p := range pairs {
		if !setMeta(&meta, p.key, p.value) {
			return c, false, false
		}
	}
	if meta.SessionID == "" {
		return c, false, true
	}
	c = geminiChat{projectHash: meta.ProjectHash}
	c.Agent, c.ID, c.Path = Gemini, meta.SessionID, path
	c.Start, c.Last = parseTime(meta.StartTime), parseTime(meta.LastUpdated)
	c.Title = title(firstNonEmpty(meta.Summary, first))
	return c, true, true
}

// setMeta decodes the member key: value into meta as the whole decode
// would (encoding/json's key matching, the last of a key winning);
// false when the value does not fit the field.
func setMeta(meta *geminiMeta, key string, value []byte) bool {
	k, err := json.Marshal(key)
	if err != nil {
		return false
	}
	obj := make([]byte, 0, len(k)+len(value)+3)
	obj = append(append(append(append(obj, '{'), k...), ':'), value...)
	return json.Unmarshal(append(obj, '}'), meta) == nil
}

// member is one top-level key of a legacy chat and its value as written.
type member struct {
	key   string
	value []byte
}

// metaKeys are the top-level keys geminiMeta takes: its fields' JSON
// names, read from the struct when first needed.
var metaKeys = sync.OnceValue(func() []string {
	t := reflect.TypeFor[geminiMeta]()
	keys := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		keys = append(keys, name)
	}
	return keys
})

func isMetaKey(key string) bool {
	for _, k := range metaKeys() {
		if strings.EqualFold(k, key) {
			return true
		}
	}
	return false
}

// topKeysAfterMessages are the top-level members after a legacy chat's
// messages, in the file's order, read from its tail in the two-space
// layout: the last line is "}", a member is a line at two spaces'
// indent ("  \"summary\": \"…\","), a list or object value ends on a
// line "  ]" or "  }" and starts at its member's line. Reading back
// from the end, the first of those ends whose start is not in the tail,
// or whose member is the messages the head read (its key ends at the
// file offset at), ends the messages. done is false when the tail does
// not read that way, holds another "messages" (the whole decode keeps
// the last), or holds a list or object for a key geminiMeta takes (the
// whole decode would refuse it).
func topKeysAfterMessages(tail []byte, size, at int64) (out []member, done bool) {
	type line struct {
		b   []byte
		off int64 // in the file
	}
	var ls []line
	start := size - int64(len(tail))
	body := int64(-1) // where the tail's whole lines start in the file
	backward(tail, false, start > 0, size, func(l, rest []byte) bool {
		if body < 0 {
			body = start + int64(len(tail)-len(rest)) // rest is all of them at first
		}
		ls = append(ls, line{l, body + int64(len(rest)-len(l))})
		return true
	})
	if len(ls) < 2 || string(ls[0].b) != "}" || bytes.HasSuffix(ls[1].b, []byte(",")) {
		return nil, false
	}
	for i := 1; i < len(ls); i++ {
		l := ls[i].b
		if isTopClose(l) {
			j := i + 1
			for j < len(ls) && !bytes.HasPrefix(ls[j].b, []byte(`  "`)) {
				j++
			}
			if j == len(ls) {
				return reversed(out), true // its start is before the tail: the messages'
			}
			key, value, end, ok := topMember(ls[j].b)
			if !ok || (value != "[" && value != "{") {
				return nil, false
			}
			if strings.EqualFold(key, "messages") {
				return reversed(out), ls[j].off+int64(end) == at
			}
			if isMetaKey(key) {
				return nil, false
			}
			i = j
			continue
		}
		key, value, _, ok := topMember(l)
		if !ok || value == "[" || value == "{" || strings.EqualFold(key, "messages") {
			return nil, false // the head read a list of messages, not this
		}
		out = append(out, member{key, []byte(value)})
	}
	return nil, false
}

// isTopClose reports whether l ends a top-level list or object.
func isTopClose(l []byte) bool {
	switch string(l) {
	case "  ]", "  ],", "  }", "  },":
		return true
	}
	return false
}

// topMember reads a line at two spaces' indent holding a member: its key,
// its value as written (a trailing comma left out), and where the key
// ends in the line.
func topMember(l []byte) (key, value string, end int, ok bool) {
	if !bytes.HasPrefix(l, []byte(`  "`)) {
		return "", "", 0, false
	}
	end = 3
	for ; end < len(l) && l[end] != '"'; end++ {
		if l[end] == '\\' {
			end++
		}
	}
	if end >= len(l) || json.Unmarshal(l[2:end+1], &key) != nil {
		return "", "", 0, false
	}
	rest, found := bytes.CutPrefix(l[end+1:], []byte(": "))
	if !found {
		return "", "", 0, false
	}
	rest = bytes.TrimSuffix(rest, []byte(","))
	return key, string(rest), end + 1, len(rest) > 0
}

func reversed(ms []member) []member {
	for i, j := 0, len(ms)-1; i < j; i, j = i+1, j-1 {
		ms[i], ms[j] = ms[j], ms[i]
	}
	return ms
}
