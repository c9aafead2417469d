package fsx

import (
	"embed"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// UndoText is why an undo is refused, one message per reason: the
// error's Error() says it in English, and cmd says it in the run's
// language (UndoRefusedError.Reason).
type UndoText struct {
	Outside, Unreachable, LinkedFolder, NotAFolder                    i18n.M
	CannotUndo, StillWriting, Unreadable, UnknownStep, CannotPutBack  i18n.M
	GoneSinceRewrote, ChangedSinceWrote, ChangedSinceMade, PlaceTaken i18n.M
	GoneSinceMoved, ChangedSinceMoved, OldPlaceTaken                  i18n.M
}

var undoEnglish = UndoText{
	Outside:           i18n.T("is outside the project {project} (operation {id} names it): pickup undoes nothing outside the folder that holds its log"),
	Unreachable:       i18n.T("cannot be reached: {err}"),
	LinkedFolder:      i18n.T("the folder {folder} is a symbolic link to {target}: pickup undoes nothing through links"),
	NotAFolder:        i18n.T("{folder} is not a folder"),
	CannotUndo:        i18n.T("operation {id} cannot be undone: {problem}"),
	StillWriting:      i18n.T("operation {id} is still being written by pickup (pid {pid})"),
	Unreadable:        i18n.T("cannot be read: {err}"),
	UnknownStep:       i18n.T("operation {id} has a step pickup does not know ({kind})"),
	CannotPutBack:     i18n.T("its old bytes cannot be put back: {err}"),
	GoneSinceRewrote:  i18n.T("is gone since operation {id} rewrote it"),
	ChangedSinceWrote: i18n.T("changed since operation {id} wrote it"),
	ChangedSinceMade:  i18n.T("changed since operation {id} made it"),
	PlaceTaken:        i18n.T("its place is taken since operation {id} took it away"),
	GoneSinceMoved:    i18n.T("is gone since operation {id} moved {from} there"),
	ChangedSinceMoved: i18n.T("changed since operation {id} moved it there"),
	OldPlaceTaken:     i18n.T("its old place is taken: something is there since operation {id} moved it to {to}"),
}

//go:embed messages
var messages embed.FS

// UndoCatalogs are the undo refusals' reasons by language.
var UndoCatalogs = i18n.NewBundle(&undoEnglish, messages, "messages")
