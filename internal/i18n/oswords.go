package i18n

import (
	"io/fs"
	"strings"
	"syscall"
)

// osText are the operating system's own words at the end of an error
// ("stat /x: no such file or directory"), one field per error, in every
// language pickup speaks: a sentence's {err} or {problem} is said with
// them (fill), so a pt-BR sentence does not end in English. English's
// values are only a reminder of the words: what is replaced is the
// error's text as this system writes it (osErrors). They are part of
// the package's own messages (OwnBundle, under "OS").
type osText struct {
	NoSuchFile, Permission, NotPermitted, Exists, NotADirectory, IsADirectory,
	NotEmpty, ReadOnly, NoSpace, Quota, TooManyLinks, CrossDevice, Busy,
	TextBusy, NameTooLong, TooManyOpen, TooManyOpenSystem, IO, Invalid,
	NoDevice, TooLarge, Interrupted, NotExist, AlreadyExists, Closed string
}

var englishOS = osText{
	NoSuchFile:        "no such file or directory",
	Permission:        "permission denied",
	NotPermitted:      "operation not permitted",
	Exists:            "file exists",
	NotADirectory:     "not a directory",
	IsADirectory:      "is a directory",
	NotEmpty:          "directory not empty",
	ReadOnly:          "read-only file system",
	NoSpace:           "no space left on device",
	Quota:             "disk quota exceeded",
	TooManyLinks:      "too many levels of symbolic links",
	CrossDevice:       "invalid cross-device link",
	Busy:              "device or resource busy",
	TextBusy:          "text file busy",
	NameTooLong:       "file name too long",
	TooManyOpen:       "too many open files",
	TooManyOpenSystem: "too many open files in system",
	IO:                "input/output error",
	Invalid:           "invalid argument",
	NoDevice:          "no such device or address",
	TooLarge:          "file too large",
	Interrupted:       "interrupted system call",
	NotExist:          "file does not exist",
	AlreadyExists:     "file already exists",
	Closed:            "file already closed",
}

// osErrors are the errors whose words are said in the run's language:
// each error, and its words in a catalog. The list is constants and
// functions, so it costs nothing until a sentence says an error.
var osErrors = [...]struct {
	err   error
	words func(*osText) string
}{
	{syscall.ENOENT, func(t *osText) string { return t.NoSuchFile }},
	{syscall.EACCES, func(t *osText) string { return t.Permission }},
	{syscall.EPERM, func(t *osText) string { return t.NotPermitted }},
	{syscall.EEXIST, func(t *osText) string { return t.Exists }},
	{syscall.ENOTDIR, func(t *osText) string { return t.NotADirectory }},
	{syscall.EISDIR, func(t *osText) string { return t.IsADirectory }},
	{syscall.ENOTEMPTY, func(t *osText) string { return t.NotEmpty }},
	{syscall.EROFS, func(t *osText) string { return t.ReadOnly }},
	{syscall.ENOSPC, func(t *osText) string { return t.NoSpace }},
	{syscall.EDQUOT, func(t *osText) string { return t.Quota }},
	{syscall.ELOOP, func(t *osText) string { return t.TooManyLinks }},
	{syscall.EXDEV, func(t *osText) string { return t.CrossDevice }},
	{syscall.EBUSY, func(t *osText) string { return t.Busy }},
	{syscall.ETXTBSY, func(t *osText) string { return t.TextBusy }},
	{syscall.ENAMETOOLONG, func(t *osText) string { return t.NameTooLong }},
	{syscall.EMFILE, func(t *osText) string { return t.TooManyOpen }},
	{syscall.ENFILE, func(t *osText) string { return t.TooManyOpenSystem }},
	{syscall.EIO, func(t *osText) string { return t.IO }},
	{syscall.EINVAL, func(t *osText) string { return t.Invalid }},
	{syscall.ENXIO, func(t *osText) string { return t.NoDevice }},
	{syscall.EFBIG, func(t *osText) string { return t.TooLarge }},
	{syscall.EINTR, func(t *osText) string { return t.Interrupted }},
	{fs.ErrNotExist, func(t *osText) string { return t.NotExist }},
	{fs.ErrExist, func(t *osText) string { return t.AlreadyExists }},
	{fs.ErrClosed, func(t *osText) string { return t.Closed }},
}

// OSWords is an error's text with the operating system's words at its
// end said in l: "stat /x: no such file or directory" is "stat /x:
// arquivo ou pasta inexistente" in pt-BR. Only a whole last part (after
// the last ": ", or the whole text) that is exactly an error's words as
// this system writes them is replaced; any other text, a path or a
// name quoted from a file included, stays as it is.
func OSWords(l Lang, s string) string {
	if l == English || l == "" || s == "" {
		return s
	}
	head, tail := "", s
	if i := strings.LastIndex(s, ": "); i >= 0 {
		head, tail = s[:i+2], s[i+2:]
	}
	for _, e := range osErrors {
		if e.err.Error() != tail {
			continue
		}
		if w := e.words(&OwnBundle.For(l).OS); w != "" {
			return head + w
		}
		return s
	}
	return s
}

// saysError is whether a placeholder takes an error's text: its words
// are then said in the sentence's language (OSWords).
func saysError(name string) bool { return name == "err" || name == "problem" }
