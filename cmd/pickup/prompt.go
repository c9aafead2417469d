package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// promptFieldMax caps a one-line value quoted in --emit prompt's
// markdown; promptBlockLines a multi-line one.
const (
	promptFieldMax   = 1000
	promptBlockLines = 200
)

// continuePrompt is what `--emit prompt` prints: the source's own prompt
// when it builds one, else a markdown rendering of the decision. Every
// value read from the state file (the title, the phase, the context) is
// quoted: «…» on one line, a multi-line value as a "> " block quote,
// after one sentence saying so; none is pickup's own words.
func continuePrompt(s *model.Session, doc resumeDoc, t promptText, c *msg.Catalog) string {
	if s.Prompt != "" {
		if !strings.HasSuffix(s.Prompt, "\n") {
			return s.Prompt + "\n"
		}
		return s.Prompt
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", t.Title.F(textsafe.Quote(s.Title, promptFieldMax)))
	fmt.Fprintf(&b, "%s\n\n", doc.NextStep)
	if doc.ResumePoint != nil && doc.ResumePoint.Phase != "" {
		fmt.Fprintf(&b, "%s\n\n", t.ResumeAt.F(textsafe.Quote(c.Phase(doc.ResumePoint.Phase), promptFieldMax), doc.ResumePoint.Reason))
	}
	if len(doc.RestoredContext) > 0 {
		b.WriteString(t.Context + "\n\n" + t.Quoted + "\n\n")
		keys := make([]string, 0, len(doc.RestoredContext))
		for k := range doc.RestoredContext {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := fmt.Sprint(doc.RestoredContext[k])
			if strings.Contains(strings.TrimRight(v, "\n"), "\n") {
				fmt.Fprintf(&b, "- %s:\n\n%s\n\n", k, indentLines(textsafe.QuoteBlock(v, promptBlockLines), "  "))
			} else {
				fmt.Fprintf(&b, "- %s: %s\n", k, textsafe.Quote(v, promptFieldMax))
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s\n", t.StateFile.F(textsafe.Quote(model.ShowName(s.Path), promptFieldMax), s.Source))
	return b.String()
}

// indentLines puts prefix before every line of text.
func indentLines(text, prefix string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	return prefix + strings.Join(lines, "\n"+prefix)
}
