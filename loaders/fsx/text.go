package fsx

import (
	"embed"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is every sentence fsx says, one flat catalog: why an undo is
// refused (UndoRefusedError.Reason), and fsx's errors and refusals
// (Error: Error() in English, SayIn in a language; cmd says them with
// i18n.ErrorIn), with the words they take (a folder's name, what was
// not done).
type Text struct {
	Outside, Unreachable, LinkedFolder, NotAFolder                    i18n.M
	CannotUndo, StillWriting, Unreadable, UnknownStep, CannotPutBack  i18n.M
	GoneSinceRewrote, ChangedSinceWrote, ChangedSinceMade, PlaceTaken i18n.M
	GoneSinceMoved, ChangedSinceMoved, OldPlaceTaken                  i18n.M

	// fsx's errors.
	Reading, Writing, Archiving, Removing, Exists, ArchiveNameTaken      i18n.M
	NotATempFile, NotAPlainName, OverLimit, OverLimitSize                i18n.M
	CreatingFolder, LinkedFolderOnTheWay, NotAFolderOnTheWay, LinkedFile i18n.M
	IsADirectory, IsASymbolicLink, IsANamedPipe, IsASocket, IsADevice    i18n.M
	IsNotRegular, Changed, Removed, Locked, LockedBy, LockOwnedByOther   i18n.M
	CannotUseLock, CannotLock, CannotWriteLock, LockKeepsChanging        i18n.M
	KeepingBytes, RecordingWrite, LogKey, LogDirLinked, LogDirNotAFolder i18n.M
	LogDirUnsafe, GitignoreNotAFile, NoFreeNumber, KeyReadable, NotAKey  i18n.M
	NoSignature, BadSignature, CannotCreate, CannotUse, RefusingFolder   i18n.M
	ReadingLog, InOperationLog, KeptBytes, KeptBytesChanged              i18n.M
	FileChanged, StateFileLink, NoKey, About                             i18n.M
	TookOverFrom, TookOverStale                                          i18n.M

	// Words the errors take.
	Written, Moved, Made, StateFile, CacheFile, TemporaryFile, LockFile i18n.M
	LockFolder, KeyFolder, OperationLog, OperationLogAt                 i18n.M
	UnsafeLink, UnsafeNotAFolder, UnsafeWritable, UnsafeOwner           i18n.M
}

var english = Text{
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

	Reading:              i18n.T("{path}: reading: {err}"),
	Writing:              i18n.T("{path}: writing: {err}"),
	Archiving:            i18n.T("{path}: archiving: {err}"),
	Removing:             i18n.T("{path}: removing: {err}"),
	Exists:               i18n.T("{path}: already exists; nothing was written: {err}"),
	ArchiveNameTaken:     i18n.T("{path}: archive name {name} already exists; nothing was moved"),
	NotATempFile:         i18n.T("{path}: not a temporary file of pickup's; left as it is"),
	NotAPlainName:        i18n.T("cache file {name}: not a plain name"),
	OverLimit:            i18n.T("{path}: over pickup's {limit} byte limit for a state file"),
	OverLimitSize:        i18n.T("{path}: {size} bytes is over pickup's {limit} byte limit for a state file"),
	CreatingFolder:       i18n.T("{what}: creating the folder {folder}: {err}"),
	LinkedFolderOnTheWay: i18n.T("{what}: the folder {folder} is a symbolic link to {target}; pickup does not write or move anything through links, nothing was {done}: {err}"),
	NotAFolderOnTheWay:   i18n.T("{what}: {folder} is not a folder; nothing was {done}"),
	LinkedFile:           i18n.T("{path}: is a symbolic link to {target}; pickup does not write through links, nothing was written: {err}"),
	IsADirectory:         i18n.T("{path}: is a directory, not a {noun}"),
	IsASymbolicLink:      i18n.T("{path}: is a symbolic link, not a {noun}"),
	IsANamedPipe:         i18n.T("{path}: is a named pipe, not a {noun}"),
	IsASocket:            i18n.T("{path}: is a socket, not a {noun}"),
	IsADevice:            i18n.T("{path}: is a device, not a {noun}"),
	IsNotRegular:         i18n.T("{path}: is not a regular file, not a {noun}"),
	Changed:              i18n.T("{path}: the file changed on disk since pickup loaded it; nothing was written (reload and choose again)"),
	Removed:              i18n.T("{path}: the file was removed since pickup loaded it; nothing was written"),
	Locked:               i18n.T("{path}: open in another pickup; this one can only look, nothing was written"),
	LockedBy:             i18n.T("{path}: open in another pickup (pid {pid}, since {since}); this one can only look, nothing was written"),
	LockOwnedByOther:     i18n.T("{path}: is owned by another user (uid {uid}), not a lock pickup made"),
	CannotUseLock:        i18n.T("{path}: cannot use the lock file: {err}"),
	CannotLock:           i18n.T("{path}: cannot lock {lock}: {err}"),
	CannotWriteLock:      i18n.T("{path}: cannot write the lock file {lock}: {err}"),
	LockKeepsChanging:    i18n.T("{path}: the lock file {lock} keeps changing; try again"),
	KeepingBytes:         i18n.T("{path}: keeping its bytes in the operation log: {err}; nothing was written"),
	RecordingWrite:       i18n.T("{path}: recording the write in the operation log: {err}; nothing was written"),
	LogKey:               i18n.T("{what}: the operation log's key: {err}; nothing was written"),
	LogDirLinked:         i18n.T("{dir} is a symbolic link to {target}: pickup keeps its operation log only in a real folder of the project; remove the link and run again (nothing was written): {err}"),
	LogDirNotAFolder:     i18n.T("{dir} is not a folder: pickup keeps its operation log there; move that file away and run again (nothing was written)"),
	LogDirUnsafe:         i18n.T("{dir} {why}: pickup keeps its operation log only in a folder of yours that no one else can write; remove it and run again (nothing was written)"),
	GitignoreNotAFile:    i18n.T("{path} is not a regular file: pickup keeps a .gitignore of \"*\" there so git never lists its log; remove it and run again (nothing was written)"),
	NoFreeNumber:         i18n.T("{dir}: cannot find a free operation number"),
	KeyReadable:          i18n.T("refusing the operation log's key {path}: others can read it (mode {mode}); make it yours alone (chmod 600 {path}) and run again"),
	NotAKey:              i18n.T("{path}: is not a key pickup made (remove it: pickup makes a new one, and operations recorded before can no longer be undone)"),
	NoSignature:          i18n.T("it carries no signature"),
	BadSignature:         i18n.T("its signature does not match this account's key"),
	CannotCreate:         i18n.T("cannot create {what} {dir}: {err}"),
	CannotUse:            i18n.T("cannot use {what} {dir}: {err}"),
	RefusingFolder:       i18n.T("refusing {what} {dir}: it {why}; pickup keeps it in a folder only you can write (remove it, and pickup makes a new one)"),
	ReadingLog:           i18n.T("reading the operation log {dir}: {err}"),
	InOperationLog:       i18n.T("pickup's operation log: {err}"),
	KeptBytes:            i18n.T("the bytes kept for it ({path}): {err}"),
	KeptBytesChanged:     i18n.T("the bytes kept for it ({path}) no longer match their hash"),
	FileChanged:          i18n.T("file changed on disk since it was loaded"),
	StateFileLink:        i18n.T("state file is a symbolic link"),
	NoKey:                i18n.T("no operation log key on this account"),
	About:                i18n.T("{what}: {err}"),
	TookOverFrom:         i18n.T("took over the lock on {state} left by pid {pid} (since {since}), which is no longer running"),
	TookOverStale:        i18n.T("took over a stale lock on {state} ({lock})"),

	Written:          i18n.T("written"),
	Moved:            i18n.T("moved"),
	Made:             i18n.T("made"),
	StateFile:        i18n.T("state file"),
	CacheFile:        i18n.T("cache file"),
	TemporaryFile:    i18n.T("temporary file"),
	LockFile:         i18n.T("lock file"),
	LockFolder:       i18n.T("the lock folder"),
	KeyFolder:        i18n.T("the operation log's key folder"),
	OperationLog:     i18n.T("pickup's operation log"),
	OperationLogAt:   i18n.T("pickup's operation log {dir}"),
	UnsafeLink:       i18n.T("is a symbolic link"),
	UnsafeNotAFolder: i18n.T("is not a folder"),
	UnsafeWritable:   i18n.T("is writable by others ({mode})"),
	UnsafeOwner:      i18n.T("is owned by another user (uid {uid})"),
}

//go:embed messages
var messages embed.FS

// Catalogs are fsx's sentences by language.
var Catalogs = i18n.NewBundle(&english, messages, "messages")
