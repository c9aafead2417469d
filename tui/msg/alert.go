package msg

import "github.com/pickup-dev/pickup/model"

// GuardText is the words of the guards beside VETO-2's.
type GuardText struct {
	// RunTwice follows the evidence that the workflow is still at work
	// (an AlertRunning's text).
	RunTwice string
}

var englishGuard = GuardText{RunTwice: "resuming now could run the work twice"}

// AlertLine is an alert as one line of plain text: the running evidence
// says what resuming risks.
func (c *Catalog) AlertLine(a model.Alert) string {
	if a.Kind == model.AlertRunning {
		return a.Text + ": " + c.Guard.RunTwice
	}
	return a.Text
}
