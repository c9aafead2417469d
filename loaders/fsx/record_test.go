package fsx

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestAppendRecordConcurrentLinesNeverMix(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			line := strings.Repeat(string(rune('a'+i)), 300)
			if err := AppendRecord("r.jsonl", []byte(line), 1<<20); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	data, err := os.ReadFile(RecordPath("r.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 20 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if len(l) != 300 || strings.Trim(l, l[:1]) != "" {
			t.Errorf("mixed line %q", l[:min(len(l), 40)])
		}
	}
	if st, _ := os.Stat(RecordPath("r.jsonl")); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
}

func TestAppendRecordRefusesAPlantedLinkAndKeepsItsLimit(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	if err := os.MkdirAll(filepath.Join(state, "pickup"), 0o700); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, RecordPath("r.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := AppendRecord("r.jsonl", []byte("x"), 1<<20); err == nil {
		t.Error("appended through a symbolic link")
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep\n" {
		t.Errorf("the link's target was written: %q", b)
	}
	os.Remove(RecordPath("r.jsonl"))
	if err := AppendRecord("r.jsonl", []byte("two\nlines"), 1<<20); err == nil {
		t.Error("a line break was accepted")
	}
	for i := range 3 {
		if err := AppendRecord("r.jsonl", []byte(fmt.Sprint("012345678", i)), 15); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(RecordPath("r.jsonl")); string(b) != "0123456782\n" {
		t.Errorf("limit not kept: %q", b)
	}
}
