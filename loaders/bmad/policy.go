package bmad

import (
	"strings"
	"unicode"

	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
)

// promptFieldMax caps a value quoted from a file in the prompt.
const promptFieldMax = 300

// policy is the menu in BMAD's terms. CONTINUE is the recommended
// command. RESTART sets an in-progress story back to ready-for-dev (the
// reference's "story back to ready-for-dev, then dev-story"); DISCARD
// leaves an unstarted or in-progress story in backlog and archives its
// file. Neither is offered for a story in review or done: BMAD never
// resets such work (bmad-loop#99).
func (r *reading) policy() (map[model.Choice]model.ChoicePolicy, map[model.Choice][]string) {
	t, n := r.t, r.next
	cmd := n.shownCommand()
	pol := map[model.Choice]model.ChoicePolicy{}
	cont := model.ChoicePolicy{Recommended: cmd != "", Why: n.reason}
	if cmd != "" {
		cont.Hint = t.ContinueHint.F(cmd)
	}
	pol[model.Continue] = cont
	moves := map[model.Choice][]string{}
	st := ""
	if n.has && n.entry.Kind == KindStory {
		st = n.entry.Status
	}
	key := shownKey(n.entry.Key)
	switch st {
	case StInProgress:
		pol[model.Restart] = model.ChoicePolicy{Hint: t.RestartHint.F(key, "/bmad-dev-story "+key), Why: t.RestartWhy.F(key)}
	case StReview:
		pol[model.Restart] = model.ChoicePolicy{Hint: t.RestartBMAD, Disabled: t.RestartReview.F(key, cmd)}
	case StReady, StBacklog:
		pol[model.Restart] = model.ChoicePolicy{Hint: t.RestartBMAD, Disabled: t.RestartNotYet.F(key, shownWord(n.entry.Raw))}
	case "":
		if n.has || n.workflow != "" {
			pol[model.Restart] = model.ChoicePolicy{Hint: t.RestartBMAD, Disabled: t.RestartNone}
		} else {
			pol[model.Restart] = model.ChoicePolicy{Hint: t.RestartBMAD, Disabled: t.AllDone}
		}
	}
	switch st {
	case StInProgress, StReady:
		f := r.stories[n.entry.Key]
		file := ""
		if f != nil {
			file = shownPath(f.rel)
		}
		pol[model.Discard] = model.ChoicePolicy{
			Hint:    t.DiscardHint.F(key, "/bmad-correct-course"),
			Confirm: t.DiscardConfirm.F(key, shownPath(r.rel), file),
		}
		moves[model.Discard] = []string{r.rel}
		if f != nil && f.exists {
			moves[model.Discard] = append(moves[model.Discard], f.rel)
		}
	case StReview:
		pol[model.Discard] = model.ChoicePolicy{Hint: t.DiscardBMAD, Disabled: t.DiscardReview.F(key, cmd)}
	default:
		if n.has || n.workflow != "" {
			pol[model.Discard] = model.ChoicePolicy{Hint: t.DiscardBMAD, Disabled: t.DiscardNone}
		} else {
			pol[model.Discard] = model.ChoicePolicy{Hint: t.DiscardBMAD, Disabled: t.AllDone}
		}
	}
	return pol, moves
}

// prompt is the handoff for `--emit prompt`: BMAD's command, why, the
// story's file and first open task quoted as data, and the alerts.
func (r *reading) prompt(alerts []model.Alert) string {
	t, n := r.t, r.next
	head := model.PromptSection{}
	if cmd := n.command(); cmd != "" {
		head.Lines = append(head.Lines, t.PromptRun.F(code(cmd)))
	}
	head.Lines = append(head.Lines, t.PromptWhy.F(textsafe.Quote(n.reason, promptFieldMax)))
	p := model.Prompt{Title: t.PromptTitle, Sections: []model.PromptSection{head}}
	add := func(s model.PromptSection) { p.Sections = append(p.Sections, s) }
	if f := r.nextFile(); f != nil {
		if f.exists {
			st := f.story
			add(model.PromptSection{Lines: []string{t.PromptStory.F(code(f.rel), textsafe.Quote(st.Status, 40), st.Done, st.Tasks)}})
			first := st.FirstOpen
			if st.Reviewed && st.FirstFollowup != "" {
				// dev-story takes the review's follow-ups first.
				first = st.FirstFollowup
			}
			if first != "" {
				add(model.PromptSection{Heading: t.PromptFirstOpen, Quote: first, QuoteLines: 4})
			}
			if st.OpenFollowups > 0 {
				add(model.PromptSection{Lines: []string{t.PromptFollowups.N(st.OpenFollowups)}})
			}
		} else if n.entry.Status != StBacklog {
			add(model.PromptSection{Lines: []string{t.PromptNoFile.F(code(f.rel))}})
		}
	}
	if len(alerts) > 0 {
		al := model.PromptSection{Heading: t.PromptAlerts}
		for _, a := range alerts {
			al.Lines = append(al.Lines, "- "+textsafe.Quote(a.Text, promptFieldMax*4))
		}
		add(al)
	}
	add(model.PromptSection{Lines: []string{t.PromptRule}})
	return promptdoc.Render(p, t.Lang)
}

// code is s (a command or path holding a ledger key, which is data read
// from a file) as markdown code when it is plain (letters, digits and
// "/._-" and one space between words), else quoted (textsafe.Quote), so
// no key can close the code span or carry a line of its own.
func code(s string) string {
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("/._- ", r)) {
			return textsafe.Quote(s, promptFieldMax)
		}
	}
	return "`" + s + "`"
}
