package bmad

import (
	"strings"

	"github.com/pickup-dev/pickup/model"
)

// listMax is how many keys an alert or warning names before "and N
// more".
const listMax = 8

// list joins items, naming at most listMax.
func (r *reading) list(items []string) string {
	if len(items) <= listMax {
		return strings.Join(items, ", ")
	}
	return r.t.ListMore.F(strings.Join(items[:listMax], ", "), len(items)-listMax)
}

// check compares the ledger with the story files and with itself. Each
// disagreement between the two ledgers is an alert, never settled in
// favour of done (BMAD-METHOD#2341); the ledger's own risks
// (bmad-sprint-status's list) are warnings.
func (r *reading) check() {
	t, lg := r.t, r.ledger
	var doneSays, doneMissing, disagree, allTicked, openTicks, orphans []string
	epics := map[string]bool{}
	for _, e := range lg.Entries {
		if e.Kind == KindEpic {
			epics[e.Epic] = true
		}
	}
	for _, e := range lg.Entries {
		if e.Kind != KindStory || e.Status == "" {
			continue
		}
		if e.Epic == "" || !epics[e.Epic] {
			orphans = append(orphans, shownKey(e.Key))
		}
		f := r.stories[e.Key]
		if f == nil {
			continue
		}
		if !f.exists {
			if e.Status == StDone {
				doneMissing = append(doneMissing, shownKey(e.Key))
			}
			continue
		}
		st := f.story
		fileSt := storyStatusWord(st.Status)
		switch {
		case st.Status == "":
		case e.Status == StDone && fileSt != StDone:
			doneSays = append(doneSays, t.FileSaysItem.F(shownKey(e.Key), st.Status))
		case fileSt != e.Status:
			disagree = append(disagree, t.DisagreeItem.F(shownKey(e.Key), shownWord(e.Raw), st.Status))
		}
		if st.Tasks == 0 {
			continue
		}
		switch {
		case (e.Status == StInProgress || fileSt == StInProgress) && st.Done == st.Tasks:
			allTicked = append(allTicked, t.TicksItem.F(shownKey(e.Key), st.Done, st.Tasks))
		case (e.Status == StReview || e.Status == StDone) && st.Done < st.Tasks:
			openTicks = append(openTicks, t.TicksItem.F(shownKey(e.Key), st.Done, st.Tasks))
		}
	}
	alert := func(items []string, text func(n int) string) {
		if len(items) > 0 {
			r.alerts = append(r.alerts, model.Alert{Kind: model.AlertConflict, Text: text(len(items))})
		}
	}
	alert(doneSays, func(n int) string { return t.DoneFileSays.N(n, shownPath(r.rel), r.list(doneSays)) })
	alert(doneMissing, func(n int) string {
		return t.DoneNoFile.N(n, shownPath(r.rel), shownPath(r.storyDir), r.list(doneMissing))
	})
	alert(disagree, func(n int) string { return t.Disagree.N(n, shownPath(r.rel), r.list(disagree)) })
	alert(allTicked, func(n int) string { return t.AllTicked.N(n, r.list(allTicked)) })
	alert(openTicks, func(n int) string { return t.OpenTicks.N(n, r.list(openTicks)) })
	r.epicsDone()
	if n := r.next; n.has && n.entry.Kind == KindStory && n.entry.Status != StBacklog {
		if f := r.stories[n.entry.Key]; f != nil && !f.exists {
			r.alerts = append(r.alerts, model.Alert{Kind: model.AlertConflict, Text: t.StoryNoFileYet.F(shownKey(n.entry.Key), shownWord(n.entry.Raw), shownPath(r.rel), shownPath(f.rel))})
		}
		if f := r.stories[n.entry.Key]; n.entry.Status == StReview && f != nil && f.exists && !f.story.Reviewed {
			r.warnings = append(r.warnings, t.ReviewNoReview.F(shownKey(n.entry.Key)))
		}
	}
	if len(orphans) > 0 {
		r.warnings = append(r.warnings, t.Orphans.N(len(orphans), r.list(orphans)))
	}
	if len(lg.Unknown) > 0 {
		var u []string
		for _, e := range lg.Unknown {
			u = append(u, shownKey(e.Key)+": "+shownWord(e.Raw))
		}
		r.warnings = append(r.warnings, t.UnknownStatus.N(len(u), r.list(u)))
	}
	if lg.OpenActions > 0 {
		r.warnings = append(r.warnings, t.OpenActions.N(lg.OpenActions))
	}
	r.fileOrder()
}

// fileOrder warns when the story dev-story or create-story would take
// by itself (the first in file order) is not the one bmad-sprint-status
// names (the first sorted by epic and story number).
func (r *reading) fileOrder() {
	n := r.next
	if !n.has || n.entry.Kind != KindStory || (n.entry.Status != StReady && n.entry.Status != StBacklog) {
		return
	}
	if e, ok := r.ledger.firstInFile(n.entry.Status); ok && e.Key != n.entry.Key {
		r.warnings = append(r.warnings, r.t.FileOrder.F(n.entry.Status, shownKey(e.Key), shownKey(n.entry.Key)))
	}
}

// epicsDone alerts when an epic is done in the ledger while some of its
// stories are not: the ledger disagrees with itself, and the epic's word
// is not taken for the stories'.
func (r *reading) epicsDone() {
	open := map[string][]string{}
	for _, e := range r.ledger.Entries {
		if e.Kind == KindStory && e.Status != "" && e.Status != StDone {
			open[e.Epic] = append(open[e.Epic], shownKey(e.Key)+" ("+shownWord(e.Raw)+")")
		}
	}
	for _, e := range r.ledger.Entries {
		if e.Kind == KindEpic && e.Status == StDone && len(open[e.Epic]) > 0 {
			keys := open[e.Epic]
			r.alerts = append(r.alerts, model.Alert{Kind: model.AlertConflict, Text: r.t.EpicDoneOpen.N(len(keys), e.Key, shownPath(r.rel), r.list(keys))})
		}
	}
}
