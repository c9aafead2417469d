package msg

import (
	"fmt"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// VetoText is VETO-2's wording for the files it lists by class and the
// way out it advises.
type VetoText struct {
	// Class heads each group of files.
	Class map[model.FileClass]string
	// Why says how pickup knows a file is the run's (model.WhyArtifact,
	// model.WhyDuringRun).
	Why map[string]string
	// RenamedFrom follows a renamed file: "from old.go".
	RenamedFrom i18n.M
	// The files that do not block (NotCounted): the session's own state
	// and pickup's own, by count, one group or both.
	UncountedState, UncountedPickup i18n.M
	UncountedBoth                   i18n.M
	Uncounted                       i18n.M
	// Ignored follows a file git ignores that changed since the
	// session's recorded start (model.GitIgnored).
	Ignored string
	// Cut says the scan of ignored files stopped at its cap of n files.
	Cut i18n.M
	// Stash and Commit introduce the two commands; Again ends the steps.
	Stash, Commit, Again string
}

var englishVeto = VetoText{
	Class: map[model.FileClass]string{
		model.ClassOther:  "Your other changes",
		classAlone:        "Your changes",
		model.ClassRun:    "Written by the interrupted run",
		model.ClassState:  "The session's own state",
		model.ClassPickup: "pickup's own archives and log",
	},
	Why: map[string]string{
		model.WhyArtifact:  "recorded by the session",
		model.WhyDuringRun: "changed while the run was at work",
	},
	RenamedFrom:     i18n.T("from {orig}"),
	UncountedState:  i18n.T("the session's own state ({n})"),
	UncountedPickup: i18n.T("pickup's own archives and log ({n})"),
	UncountedBoth:   i18n.T("{state} and {pickup}"),
	Uncounted:       i18n.T("Not counted, restart leaves them be: {files}."),
	Ignored:         "ignored by git, changed since the session started",
	Cut:             i18n.T("The scan of files git ignores stopped after {n} files: the rest were not looked at."),
	Stash:           "Stash them (git stash pop brings them back):",
	Commit:          "OR commit the listed files by name:",
	Again:           "Then run restart again",
}

// NotCounted names the files that do not block (the session's own
// state and pickup's own), by count; "" when there are none.
func (v VetoText) NotCounted(state, pickup int) string {
	var st, pk string
	if state > 0 {
		st = v.UncountedState.F(state)
	}
	if pickup > 0 {
		pk = v.UncountedPickup.F(pickup)
	}
	switch {
	case st != "" && pk != "":
		return v.Uncounted.F(v.UncountedBoth.F(st, pk))
	case st != "" || pk != "":
		return v.Uncounted.F(st + pk)
	}
	return ""
}

// classAlone keys VetoText.Class's head for the person's files when
// they are the only group ("Your changes": "other" only beside the
// run's files).
const classAlone model.FileClass = "alone"

// VetoClassHead heads the veto's group of class cl.
func (c *Catalog) VetoClassHead(v *model.Veto, cl model.FileClass) string {
	if cl == model.ClassOther {
		alone := true
		for _, o := range model.Classes {
			if o != cl && o.Blocks() && v.CountClass(o) > 0 {
				alone = false
			}
		}
		if h := c.Veto.Class[classAlone]; alone && h != "" {
			return h
		}
	}
	return c.Veto.Class[cl]
}

// VetoFileLine is one file of the veto: its status, its path, and
// what more there is to say (a rename's origin, why it is the run's). A
// name with control characters is shown escaped (model.ShowName), so it
// cannot add lines of its own to the list.
func (c *Catalog) VetoFileLine(f model.VetoFile) string {
	line := model.ShowName(f.Path)
	if f.Status != "" {
		line = fmt.Sprintf("%-10s %s", c.Word(string(f.Status)), line)
	}
	var more []string
	if f.OrigPath != "" {
		more = append(more, c.Veto.RenamedFrom.F(model.ShowName(f.OrigPath)))
	}
	if f.Status == model.GitIgnored {
		more = append(more, c.Veto.Ignored)
	}
	if w := c.Veto.Why[f.Why]; w != "" {
		more = append(more, w)
	}
	if len(more) > 0 {
		line += " (" + strings.Join(more, "; ") + ")"
	}
	return line
}

// VetoLines is VETO-2's detail as plain text, after the one-line
// reason: the blocking files grouped by class, what was not counted,
// and the commands that clear the way.
func (c *Catalog) VetoLines(v *model.Veto) []string {
	var out []string
	if len(v.Changes) == 0 {
		for _, f := range v.Files {
			out = append(out, "  "+model.ShowName(f))
		}
	}
	for _, cl := range model.Classes {
		if !cl.Blocks() {
			continue
		}
		files := v.OfClass(cl)
		if len(files) == 0 {
			continue
		}
		out = append(out, c.VetoClassHead(v, cl)+":")
		for _, f := range files {
			out = append(out, "  "+c.VetoFileLine(f))
		}
	}
	if nc := c.Veto.NotCounted(v.CountClass(model.ClassState), v.CountClass(model.ClassPickup)); nc != "" {
		out = append(out, nc)
	}
	if v.IgnoredCut {
		out = append(out, c.Veto.Cut.F(model.MaxIgnored))
	}
	heads := []string{c.Veto.Stash, c.Veto.Commit}
	for i, cmd := range v.Advice {
		if i < len(heads) {
			out = append(out, heads[i])
		}
		out = append(out, "  "+cmd)
	}
	return out
}
