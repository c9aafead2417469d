package hostile

import (
	"regexp"

	"github.com/pickup-dev/pickup/model"
)

// QuotedSpan is one «…» a sentence quotes from a file.
var QuotedSpan = regexp.MustCompile(`«[^«»]*»`)

// SessionSentences are the sentences pickup builds for a session: the
// resume point, alerts, warnings, each choice's words, REVIEW's lines,
// the grid's cells and the prompt. A format's test checks that a name
// read from its files reaches them only inside QuotedSpan.
func SessionSentences(s *model.Session) []string {
	out := []string{s.ResumePoint.Phase, s.ResumePoint.Reason, s.Prompt}
	for _, a := range s.Alerts {
		out = append(out, a.Text)
	}
	out = append(out, s.Warnings...)
	for _, c := range model.AllChoices {
		p := s.Policy[c]
		out = append(out, p.Disabled, p.Hint, p.Confirm, p.Why, s.Outcomes[c])
	}
	for _, sec := range s.Sections {
		out = append(out, sec.Lines...)
	}
	if s.Grid != nil {
		for _, r := range s.Grid.Rows {
			for _, c := range r.Cells {
				out = append(out, c.Reason)
			}
		}
	}
	return out
}
