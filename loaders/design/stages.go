package design

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Stage is one of the /design command's eight stages (seed 003).
type Stage struct {
	Num  int
	Name string
	// Checkpoint is the checkpoint key prefix the stage saves under
	// (stage_1_rules…); stage 3 saves two, stage_3a_alternatives and
	// stage_3b_design.
	Checkpoint string
}

// Stages are the eight stages, in order.
var Stages = []Stage{
	{0, "Clarification", "stage_0"},
	{1, "Business Rules", "stage_1"},
	{2, "Analysis", "stage_2"},
	{3, "Design", "stage_3"},
	{4, "Contracts", "stage_4"},
	{5, "BDD", "stage_5"},
	{6, "Tickets", "stage_6"},
	{7, "Review", "stage_7"},
}

// LastStage is get_resume_stage's answer when every stage is complete.
const LastStage = 7

// PhaseName is a stage as pickup names the phase: "Stage 3: Design".
func PhaseName(n int) string {
	return fmt.Sprintf("Stage %d: %s", n, Stages[n].Name)
}

// The normalized stage statuses of stage_status.
const (
	stComplete   = "complete"
	stInProgress = "in_progress"
	stPending    = "pending"
)

// normStatus reads a stage_status value. Agents drift ("completed",
// "In Progress", "done"); known is false for a word pickup does not
// know, which is then read as pending.
func normStatus(raw string) (status string, known bool) {
	w := strings.ToLower(strings.TrimSpace(raw))
	w = strings.NewReplacer("-", "_", " ", "_").Replace(w)
	switch w {
	case "complete", "completed", "done", "approved", "finished", "skipped":
		return stComplete, true
	case "in_progress", "inprogress", "started", "active", "current", "running", "partial":
		return stInProgress, true
	case "pending", "todo", "not_started", "":
		return stPending, true
	}
	return stPending, false
}

// StageArg is a parsed --stage value: a stage 0-7, optionally a
// sub-stage of stage 3 ("3a", "3b").
type StageArg struct {
	Num int
	Sub string
}

func (s StageArg) String() string { return strconv.Itoa(s.Num) + s.Sub }

// ParseStage reads a --stage value: 0-7, 3a or 3b (a leading "stage" or
// "stage_" is accepted). Its error is said in lang.
func ParseStage(lang i18n.Lang, v string) (StageArg, error) {
	w := strings.ToLower(strings.TrimSpace(v))
	w = strings.TrimPrefix(strings.TrimPrefix(w, "stage"), "_")
	w = strings.TrimSpace(w)
	switch w {
	case "3a", "3b":
		return StageArg{Num: 3, Sub: w[1:]}, nil
	}
	n, err := strconv.Atoi(w)
	if err != nil || n < 0 || n > LastStage {
		return StageArg{}, errors.New(Catalogs.For(lang).NotAStage.F(strconv.Quote(v)))
	}
	return StageArg{Num: n}, nil
}

// ValidFeature checks a feature name, as it is used to build a file name
// under .claude/design/sessions/. Its error is said in lang.
func ValidFeature(lang i18n.Lang, f string) error {
	t := Catalogs.For(lang)
	switch {
	case f == "":
		return errors.New(t.FeatureNameEmpty)
	case f == "." || f == ".." || strings.ContainsAny(f, `/\`) || strings.ContainsRune(f, 0):
		return errors.New(t.NotAFeatureName.F(strconv.Quote(f)))
	}
	return nil
}
