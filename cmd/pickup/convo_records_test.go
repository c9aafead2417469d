package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// recordedEverywhere is recordedIn's answer found the plain way: every
// line of both generations' tails decoded, each cwd checked with within.
func recordedEverywhere(t *testing.T, project string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, p := range fsx.RecordGenerations(conversationRecords) {
		data, size, err := fsx.ReadTail(p, conversationRecordLimit)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if int64(len(data)) < size {
			lines = lines[1:]
		}
		for _, l := range lines {
			var r conversationRecord
			if json.Unmarshal([]byte(l), &r) == nil && r.SessionID != "" && r.Cwd != "" && within(project, r.Cwd) {
				out[convo.RecordKey(r.Agent, r.SessionID)] = true
			}
		}
	}
	return out
}

// The hook's records are searched by the project's quoted path: what is
// found must be exactly what decoding every line finds, for folders
// whose names encoding/json escapes, the project itself, a sibling
// sharing its prefix, the root, an unclean and a relative project, and
// a file read from inside a line (over 4 MiB, rotated to the older
// generation by the next record).
func TestRecordedInFindsWhatDecodingEveryLineFinds(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	base := t.TempDir()
	names := []string{
		"plain", "plain-sibling", `quo"te`, `back\slash`, "a<b>&c", "tab\there", "line\u2028sep",
		"ação", "bad\xffutf8", "nested/deeper/still",
	}
	a := newApp(context.Background(), stdio{out: io.Discard, err: io.Discard})
	n := 0
	record := func(cwd string) {
		n++
		a.recordConversation("claude", hookInput{SessionID: fmt.Sprintf("s%05d", n), Cwd: cwd, Source: "startup"})
	}
	for _, name := range names {
		record(filepath.Join(base, name))
		record(filepath.Join(base, name, "sub"))
	}
	record(base)
	// A record another tool's line break or a hand edit left broken.
	path := fsx.RecordPath(conversationRecords)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "{\"agent\":\"claude\",\"session_id\":\"broken\",\"cwd\":%q\n", filepath.Join(base, "plain"))
	f.Close()

	queries := []string{base, base + "/", base + "/./plain", "plain", "/"}
	for _, name := range names {
		queries = append(queries, filepath.Join(base, name))
	}
	check := func(stage string) {
		t.Helper()
		a := newApp(context.Background(), stdio{out: io.Discard, err: io.Discard})
		for _, q := range queries {
			want := recordedEverywhere(t, q)
			got := a.recordedIn(q)
			if !maps.Equal(got, want) {
				t.Errorf("%s: recordedIn(%q) = %v, decoding every line finds %v", stage, q, got, want)
			}
			if again := a.recordedIn(q); !maps.Equal(again, want) {
				t.Errorf("%s: recordedIn(%q) asked again = %v", stage, q, again)
			}
		}
	}
	check("small file")
	if got := recordedEverywhere(t, filepath.Join(base, "plain")); len(got) != 2 || !got[convo.RecordKey("claude", "s00002")] {
		t.Fatalf("the oracle itself finds %v for plain", got)
	}

	// Past 4 MiB the file is read from inside a line: fill it with
	// other projects' records, then more of the named folders (the
	// first of which rotates the full file to the older generation).
	fillRecords(t, path, conversationRecordLimit+1000)
	for _, name := range names {
		record(filepath.Join(base, name, "late"))
	}
	older := fsx.RecordGenerations(conversationRecords)[1]
	if st, err := os.Stat(older); err != nil || st.Size() <= conversationRecordLimit {
		t.Fatalf("the older generation: %v (%v), want over %d bytes", st, err, conversationRecordLimit)
	}
	check("an older generation over 4 MiB")
}

// fillRecords appends other projects' records to the record file at
// path, as many as keep it at most size bytes.
func fillRecords(t *testing.T, path string, size int) {
	t.Helper()
	other := []byte(`{"agent":"codex","session_id":"x","cwd":"/elsewhere/project","at":"2026-11-27T10:00:00Z"}` + "\n")
	data := mustRead(t, path)
	data = append(data, bytes.Repeat(other, max(size-len(data), 0)/len(other))...)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// A conversation recorded just before the file was rotated is still
// found, in the older generation, with the ones recorded after; the
// next rotation drops it, as fsx.AppendRecord says.
func TestRecordedInFindsARecordInTheOlderGeneration(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := filepath.Join(t.TempDir(), "project")
	a := newApp(context.Background(), stdio{out: io.Discard, err: io.Discard})
	record := func(id string) {
		a.recordConversation("claude", hookInput{SessionID: id, Cwd: filepath.Join(project, "sub"), Source: "startup"})
	}
	gens := fsx.RecordGenerations(conversationRecords)
	path, older := gens[0], gens[1]
	a.recordConversation("codex", hookInput{SessionID: "elsewhere", Cwd: "/elsewhere/project"})
	fillRecords(t, path, conversationRecordLimit)
	record("before") // the last line under the limit
	record("after")  // rotates the full file
	if !bytes.Contains(mustRead(t, older), []byte(`"session_id":"before"`)) || bytes.Contains(mustRead(t, path), []byte(`"before"`)) {
		t.Fatal("the file was not rotated with the record before in the older generation")
	}
	want := map[string]bool{convo.RecordKey("claude", "before"): true, convo.RecordKey("claude", "after"): true}
	fresh := newApp(context.Background(), stdio{out: io.Discard, err: io.Discard})
	for range 2 {
		if got := fresh.recordedIn(project); !maps.Equal(got, want) {
			t.Errorf("recordedIn = %v, want %v", got, want)
		}
	}

	fillRecords(t, path, conversationRecordLimit)
	record("latest")
	record("newest")
	fresh = newApp(context.Background(), stdio{out: io.Discard, err: io.Discard})
	got := fresh.recordedIn(project)
	if got[convo.RecordKey("claude", "before")] || !got[convo.RecordKey("claude", "latest")] || !got[convo.RecordKey("claude", "newest")] {
		t.Errorf("after a second rotation recordedIn = %v, want latest and newest, and before dropped", got)
	}
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// BenchmarkRecordedIn is the hook's look into full record files (4 MiB
// of other projects' conversations, a few of this one's, and an older
// generation of 4 MiB of others').
func BenchmarkRecordedIn(b *testing.B) {
	state := b.TempDir()
	b.Setenv("XDG_STATE_HOME", state)
	a := newApp(context.Background(), stdio{out: io.Discard, err: io.Discard})
	project := filepath.Join(b.TempDir(), "project")
	for i := range 5 {
		a.recordConversation("claude", hookInput{SessionID: fmt.Sprintf("mine-%d", i), Cwd: project, Source: "startup"})
	}
	path := fsx.RecordPath(conversationRecords)
	var lines bytes.Buffer
	for i := 0; lines.Len() < conversationRecordLimit; i++ {
		fmt.Fprintf(&lines, `{"agent":"claude","session_id":"%08x-0000-4000-8000-000000000000","transcript_path":"/home/user/.claude/projects/-home-user-src-p%d/%08x.jsonl","cwd":"/home/user/src/p%d","source":"startup","at":"2026-11-27T10:00:00Z"}`+"\n", i, i%300, i, i%300)
	}
	if err := os.WriteFile(path, append(lines.Bytes(), mustRead(b, path)...), 0o600); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(fsx.RecordGenerations(conversationRecords)[1], lines.Bytes(), 0o600); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		a := newApp(context.Background(), stdio{out: io.Discard, err: io.Discard})
		if got := a.recordedIn(project); len(got) != 5 {
			b.Fatalf("found %d of the project's 5 conversations", len(got))
		}
	}
}
