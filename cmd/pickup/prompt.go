package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// promptFieldMax caps a one-line value quoted in --emit prompt's
// markdown.
const promptFieldMax = 1000

// continuePrompt is what `--emit prompt` prints: the source's own prompt
// when it builds one, else a markdown rendering of the decision. Every
// value read from the state file (the title, the phase, the context) is
// quoted: «…» on one line, a multi-line value as a "> " block quote,
// after one sentence saying so; none is pickup's own words. The markdown
// is internal/promptdoc's.
func continuePrompt(s *model.Session, doc resumeDoc, t promptText, c *msg.Catalog, lang i18n.Lang) string {
	if s.Prompt != "" {
		if !strings.HasSuffix(s.Prompt, "\n") {
			return s.Prompt + "\n"
		}
		return s.Prompt
	}
	p := model.Prompt{
		Title:     t.Title.F(textsafe.Quote(s.Title, promptFieldMax)),
		Sections:  []model.PromptSection{{Lines: []string{doc.NextStep}}},
		StateFile: model.ShowName(s.Path),
		Source:    s.Source,
	}
	if doc.ResumePoint != nil && doc.ResumePoint.Phase != "" {
		p.Sections = append(p.Sections, model.PromptSection{Lines: []string{
			t.ResumeAt.F(textsafe.Quote(c.Phase(doc.ResumePoint.Phase), promptFieldMax), doc.ResumePoint.Reason)}})
	}
	if len(doc.RestoredContext) > 0 {
		keys := make([]string, 0, len(doc.RestoredContext))
		for k := range doc.RestoredContext {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		ctx := model.PromptSection{Heading: t.Context, Note: true}
		for _, k := range keys {
			ctx.Fields = append(ctx.Fields, model.PromptField{Label: k, Value: fmt.Sprint(doc.RestoredContext[k]), Block: true})
		}
		p.Sections = append(p.Sections, ctx)
	}
	return promptdoc.Render(p, lang)
}
