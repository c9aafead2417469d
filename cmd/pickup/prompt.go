package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// continuePrompt is what `--emit prompt` prints: the source's own prompt
// when it builds one, else a markdown rendering of the decision.
func continuePrompt(s *model.Session, doc resumeDoc, t promptText, c *msg.Catalog) string {
	if s.Prompt != "" {
		if !strings.HasSuffix(s.Prompt, "\n") {
			return s.Prompt + "\n"
		}
		return s.Prompt
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", t.Title(s.Title))
	fmt.Fprintf(&b, "%s\n\n", doc.NextStep)
	if doc.ResumePoint != nil && doc.ResumePoint.Phase != "" {
		fmt.Fprintf(&b, "%s\n\n", t.ResumeAt(c.Phase(doc.ResumePoint.Phase), doc.ResumePoint.Reason))
	}
	if len(doc.RestoredContext) > 0 {
		b.WriteString(t.Context + "\n\n")
		keys := make([]string, 0, len(doc.RestoredContext))
		for k := range doc.RestoredContext {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := fmt.Sprint(doc.RestoredContext[k])
			if strings.Contains(v, "\n") {
				fmt.Fprintf(&b, "- %s:\n\n  %s\n", k, strings.ReplaceAll(v, "\n", "\n  "))
			} else {
				fmt.Fprintf(&b, "- %s: %s\n", k, v)
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s\n", t.StateFile(s.Path, s.Source))
	return b.String()
}
