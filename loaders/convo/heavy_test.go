package convo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// The heavy stores of a person who uses the agents all day: Codex
// rollouts of megabytes, most of them other projects', and hundreds of
// long Claude transcripts in the project's own folder.

// filler is n bytes or so of JSON string text (escaped newlines in it).
func filler(n, seed int) string {
	words := []string{"the", "pipeline", "resume", "checkout", "flow", "state", "agent", "test", "build", "slice"}
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(words[(i*7+seed)%len(words)])
		if i%13 == 12 {
			b.WriteString(`\n`)
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// heavyRollout is a Codex rollout of about size bytes: a session_meta
// with 10 KB of base instructions, a turn context, an environment
// message, the person's first message, then tool outputs of 4 KB.
func heavyRollout(id, cwd string, start time.Time, size int) string {
	ts := func(d time.Duration) string { return start.Add(d).UTC().Format("2006-01-02T15:04:05.000Z") }
	var b strings.Builder
	fmt.Fprintf(&b, `{"timestamp":"%s","type":"session_meta","payload":{"id":"%s","timestamp":"%s","cwd":%s,"originator":"codex_cli_rs","cli_version":"0.150.1","source":"cli","model_provider":"openai","base_instructions":{"text":"%s"},"git":{"commit_hash":"4f1c2d9e","branch":"main","repository_url":"https://example.com/r"}}}`+"\n",
		ts(0), id, ts(0), strconv.Quote(cwd), filler(10000, len(id)))
	fmt.Fprintf(&b, `{"timestamp":"%s","type":"turn_context","payload":{"turn_id":"t1","cwd":%s,"approval_policy":"on-request","model":"gpt-5-codex","effort":"medium"}}`+"\n", ts(time.Second), strconv.Quote(cwd))
	fmt.Fprintf(&b, `{"timestamp":"%s","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context>%s</environment_context>"}]}}`+"\n", ts(2*time.Second), filler(1500, 1))
	fmt.Fprintf(&b, `{"timestamp":"%s","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Continue task %s from the handoff."}]}}`+"\n", ts(3*time.Second), id)
	for j := 0; b.Len() < size; j++ {
		fmt.Fprintf(&b, `{"timestamp":"%s","type":"response_item","payload":{"type":"function_call_output","call_id":"c%d","output":"%s"}}`+"\n", ts(time.Duration(4+j)*time.Second), j, filler(4000, j))
	}
	return b.String()
}

// writeCodexStore writes n rollouts of about size bytes under
// home/sessions, ten a day back from at, one in ten run in root, the
// others in other projects' folders; it returns how many are root's.
func writeCodexStore(tb testing.TB, home, root string, at time.Time, n, size int) int {
	tb.Helper()
	mine := 0
	for i := range n {
		start := at.Add(-time.Duration(i) * 144 * time.Minute)
		cwd := "/home/ana/other" + strconv.Itoa(i%7)
		if i%10 == 0 {
			cwd, mine = root, mine+1
		}
		id := fmt.Sprintf("019f2b7e-3c41-7a20-9d5e-%012d", i)
		dir := filepath.Join(home, "sessions", start.Format("2006/01/02"))
		testkit.Write(tb, filepath.Join(dir, "rollout-"+start.Format("2006-01-02T15-04-05")+"-"+id+".jsonl"), heavyRollout(id, cwd, start, size))
	}
	return mine
}

// heavyTranscript is a Claude transcript of n lines of about 2.5 KB:
// the person's first message, then assistant and user turns.
func heavyTranscript(id, cwd string, start time.Time, n int) string {
	var b strings.Builder
	for j := range n {
		ts := start.Add(time.Duration(j) * time.Second).UTC().Format("2006-01-02T15:04:05.000Z")
		typ, content := "user", strconv.Quote(filler(2400, j))
		switch {
		case j == 0:
			content = strconv.Quote("Resume the pipeline of " + id)
		case j%2 == 1:
			typ, content = "assistant", `[{"type":"text","text":"`+filler(2400, j)+`"}]`
		}
		fmt.Fprintf(&b, `{"parentUuid":"u%d","isSidechain":false,"userType":"external","cwd":%s,"sessionId":"%s","version":"2.1.278","gitBranch":"main","type":"%s","message":{"role":"%s","content":%s},"uuid":"u%d","timestamp":"%s"}`+"\n",
			j, strconv.Quote(cwd), id, typ, typ, content, j+1, ts)
	}
	return b.String()
}

// writeClaudeStore writes n transcripts of lines lines each in root's
// folder under home/projects.
func writeClaudeStore(tb testing.TB, home, root string, n, lines int) {
	tb.Helper()
	at := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	for i := range n {
		id := fmt.Sprintf("7c1e4a52-9b3d-4f0e-8a61-%012d", i)
		testkit.Write(tb, filepath.Join(home, "projects", ClaudeFolder(root), id+".jsonl"), heavyTranscript(id, root, at.Add(-time.Duration(i)*time.Hour), lines))
	}
}

// BenchmarkFindCodexHeavy: 400 rollouts of 1 MB, one in ten the
// project's (40 of 512 KB under -short).
func BenchmarkFindCodexHeavy(b *testing.B) {
	n, size := 400, 1<<20
	if testing.Short() {
		n, size = 40, 512<<10
	}
	home := b.TempDir()
	mine := writeCodexStore(b, home, "/home/ana/shop", time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC), n, size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if got := Find(Stores{Codex: home}, []string{"/home/ana/shop"}, time.Time{}); len(got) != mine {
			b.Fatalf("found %d conversations, want %d", len(got), mine)
		}
	}
}

// BenchmarkFindClaudeHeavy: 400 transcripts of 300 lines (0.75 MB) in
// the project's folder (40 of 60 lines under -short).
func BenchmarkFindClaudeHeavy(b *testing.B) {
	n, lines := 400, 300
	if testing.Short() {
		n, lines = 40, 60
	}
	home := b.TempDir()
	writeClaudeStore(b, home, "/home/ana/shop", n, lines)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if got := Find(Stores{Claude: home}, []string{"/home/ana/shop"}, time.Time{}); len(got) != n {
			b.Fatalf("found %d conversations, want %d", len(got), n)
		}
	}
}

// heavyChat is a Gemini JSONL chat of n exchanges: a person's message
// of 200 bytes and an answer of 2.5 KB, each followed by a $set of the
// time, and a summary after the first.
func heavyChat(id, hash string, start time.Time, n int) string {
	var b strings.Builder
	ts := func(j int) string {
		return start.Add(time.Duration(j) * time.Second).UTC().Format("2006-01-02T15:04:05.000Z")
	}
	fmt.Fprintf(&b, `{"sessionId":"%s","projectHash":"%s","startTime":"%s","lastUpdated":"%s","kind":"main"}`+"\n", id, hash, ts(0), ts(0))
	for j := range n {
		fmt.Fprintf(&b, `{"id":"u%d","timestamp":"%s","type":"user","content":[{"text":"%s"}]}`+"\n", j, ts(2*j), filler(200, j))
		fmt.Fprintf(&b, `{"id":"g%d","timestamp":"%s","type":"gemini","content":"%s","model":"gemini-2.5-pro"}`+"\n", j, ts(2*j+1), filler(2500, j))
		fmt.Fprintf(&b, `{"$set":{"lastUpdated":"%s"}}`+"\n", ts(2*j+1))
		if j == 0 {
			b.WriteString(`{"$set":{"summary":"Resume the pipeline"}}` + "\n")
		}
	}
	return b.String()
}

// BenchmarkFindGeminiHeavy: 400 chats of 150 exchanges (0.4 MB) in the
// project's folder (40 of 20 under -short).
func BenchmarkFindGeminiHeavy(b *testing.B) {
	n, exchanges := 400, 150
	if testing.Short() {
		n, exchanges = 40, 20
	}
	home, root := b.TempDir(), "/home/ana/shop"
	sum := sha256.Sum256([]byte(root))
	hash := hex.EncodeToString(sum[:])
	at := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	for i := range n {
		id := fmt.Sprintf("3f2a9c1e-5b7d-4e80-a1c3-%012d", i)
		testkit.Write(b, filepath.Join(home, "tmp", hash, "chats", fmt.Sprintf("session-2026-11-27T10-00-%04d.jsonl", i)), heavyChat(id, hash, at.Add(-time.Duration(i)*time.Hour), exchanges))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if got := Find(Stores{Gemini: home}, []string{root}, time.Time{}); len(got) != n {
			b.Fatalf("found %d conversations, want %d", len(got), n)
		}
	}
}

// TestWriteHeavyStores writes the heavy stores the hook was timed on
// (docs/performance.md, "Heavy agent stores"), for the project at
// PICKUP_HEAVY_ROOT, into PICKUP_HEAVY_STORES: codex/.codex (400
// rollouts of 3 MB, one in ten the project's, dated back from now),
// claude/home (400 transcripts of 300 lines in the project's folder)
// and gemini/.gemini (400 legacy chats of 0.5 MB, an hour apart back
// from now).
// Skipped unless both are set.
func TestWriteHeavyStores(t *testing.T) {
	out, root := os.Getenv("PICKUP_HEAVY_STORES"), os.Getenv("PICKUP_HEAVY_ROOT")
	if out == "" || root == "" {
		t.Skip("PICKUP_HEAVY_STORES and PICKUP_HEAVY_ROOT name where to write the stores and for which project")
	}
	writeCodexStore(t, filepath.Join(out, "codex", ".codex"), root, time.Now(), 400, 3<<20)
	writeClaudeStore(t, filepath.Join(out, "claude", "home"), root, 400, 300)
	writeGeminiLegacyStore(t, filepath.Join(out, "gemini", ".gemini"), root, time.Now(), 400, 150)
}

// writeGeminiLegacyStore writes n chats in the legacy form (one JSON
// object, as Gemini CLI wrote them before its JSONL chats) of exchanges
// exchanges each (150: 0.5 MB) in root's older folder under home.
func writeGeminiLegacyStore(tb testing.TB, home, root string, at time.Time, n, exchanges int) {
	tb.Helper()
	sum := sha256.Sum256([]byte(root))
	hash := hex.EncodeToString(sum[:])
	for i := range n {
		start := at.Add(-time.Duration(i) * time.Hour)
		ts := func(j int) string {
			return start.Add(time.Duration(j) * time.Second).UTC().Format("2006-01-02T15:04:05.000Z")
		}
		var msgs []legacyMsg
		for j := range exchanges {
			msgs = append(msgs, legacyMsg{ID: fmt.Sprintf("u%d", j), Timestamp: ts(2 * j), Type: "user", Content: []map[string]string{{"text": filler(200, j)}}},
				legacyMsg{ID: fmt.Sprintf("g%d", j), Timestamp: ts(2*j + 1), Type: "gemini", Content: filler(2500, j), Model: "gemini-2.5-pro"})
		}
		id := fmt.Sprintf("3f2a9c1e-5b7d-4e80-a1c3-%012d", i)
		testkit.Write(tb, filepath.Join(home, "tmp", hash, "chats", fmt.Sprintf("session-%s-%s.json", start.UTC().Format("2006-01-02T15-04"), id[:8])), string(legacyLayout(tb, []legacyMember{
			{"sessionId", id}, {"projectHash", hash}, {"startTime", ts(0)}, {"lastUpdated", ts(2 * exchanges)},
			{"messages", msgs}, {"kind", "main"}, {"summary", "Resume the pipeline"},
		})))
	}
}

// BenchmarkFindGeminiLegacyHeavy: 400 legacy chats of 150 exchanges
// (0.5 MB) in the project's older folder (40 of 20 under -short).
func BenchmarkFindGeminiLegacyHeavy(b *testing.B) {
	n, exchanges := 400, 150
	if testing.Short() {
		n, exchanges = 40, 20
	}
	home, root := b.TempDir(), "/home/ana/shop"
	writeGeminiLegacyStore(b, home, root, time.Date(2026, 3, 27, 20, 0, 0, 0, time.UTC), n, exchanges)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if got := Find(Stores{Gemini: home}, []string{root}, time.Time{}); len(got) != n {
			b.Fatalf("found %d conversations, want %d", len(got), n)
		}
	}
}
