package bmad

import (
	"bytes"
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
)

// Story is what a story file (<story-key>.md) says.
type Story struct {
	// Title is the first "# " heading; Status the "Status:" line's word
	// as written (lower-cased), StatusLine its 1-based line (0: none).
	Title, Status string
	StatusLine    int
	// StatusAt and StatusLen place the word in the file's bytes.
	StatusAt, StatusLen int
	// Tasks and Done count the checkboxes under "## Tasks / Subtasks"
	// (subtasks included); FirstOpen is the first unchecked one's text.
	Tasks, Done int
	FirstOpen   string
	// FirstFollowup is the first unchecked Review Follow-up (AI): what
	// dev-story takes first when the story has been reviewed.
	FirstFollowup string
	// Reviewed: a "Senior Developer Review (AI)" section exists; OpenFollowups
	// counts unchecked items under "Review Follow-ups (AI)".
	Reviewed      bool
	OpenFollowups int
}

var (
	statusLine = lazyre.New(`^(?:\*\*)?Status(?:\*\*)?\s*:\s*(?:\*\*)?\s*([A-Za-z][A-Za-z-]*)`)
	checkbox   = lazyre.New(`^\s*[-*+]\s+\[([ xX])\]\s*(.*)$`)
)

// parseStory reads a story file leniently: any part may be missing.
func parseStory(data []byte) Story {
	var s Story
	section, sub := "", ""
	off := 0
	for n := 1; off < len(data) || n == 1; n++ {
		end := bytes.IndexByte(data[off:], '\n')
		line := data[off:]
		next := len(data)
		if end >= 0 {
			line, next = data[off:off+end], off+end+1
		}
		text := strings.TrimRight(string(line), "\r")
		switch {
		case strings.HasPrefix(text, "# ") && s.Title == "":
			s.Title = strings.TrimSpace(text[2:])
		case strings.HasPrefix(text, "## "):
			section, sub = strings.ToLower(strings.TrimSpace(text[3:])), ""
			if strings.Contains(section, "senior developer review") {
				s.Reviewed = true
			}
		case strings.HasPrefix(text, "### "):
			sub = strings.ToLower(strings.TrimSpace(text[4:]))
		}
		if s.StatusLine == 0 && section == "" {
			if m := statusLine.FindStringSubmatchIndex(text); m != nil {
				s.Status = strings.ToLower(text[m[2]:m[3]])
				s.StatusLine, s.StatusAt, s.StatusLen = n, off+m[2], m[3]-m[2]
			}
		}
		if strings.HasPrefix(section, "tasks") {
			if m := checkbox.FindStringSubmatch(text); m != nil {
				ticked := m[1] != " "
				if strings.Contains(sub, "review follow") && !ticked {
					s.OpenFollowups++
					if s.FirstFollowup == "" {
						s.FirstFollowup = strings.TrimSpace(m[2])
					}
				}
				s.Tasks++
				if ticked {
					s.Done++
				} else if s.FirstOpen == "" {
					s.FirstOpen = strings.TrimSpace(m[2])
				}
			}
		}
		if end < 0 {
			break
		}
		off = next
	}
	return s
}

// storyStatusWord normalizes a story file's Status word the way the
// ledger's is ("draft"/"drafted" count as ready-for-dev); "" is unknown.
func storyStatusWord(w string) string {
	switch w {
	case "draft", "drafted":
		return StReady
	case "in-review":
		return StReview
	}
	return storyStatus(w)
}
