package fsx

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// The one reader. Every file pickup reads is opened here (Open, ReadFile,
// ReadHead): only a regular file is read (a folder, a named pipe that
// would wait for a writer forever, a socket or a device like /dev/zero
// is refused, named); it is opened without blocking and checked again
// once open, so a file swapped meanwhile is refused too; and every read
// is bounded. A test (TestOneReader) fails when code outside the allowed
// places opens a file itself.

// stateFile is what the one reader expects to find.
var stateFile = &english.StateFile

// ErrNotRegular is matched by errors.Is when a path is refused because it
// is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// notRegular is a refused path: what it is instead of a file (msg, a
// sentence of the catalog), and what pickup expected there (noun, a word
// of the catalog or a string).
type notRegular struct {
	path string
	msg  *i18n.M
	noun any
}

func (e *notRegular) Error() string { return e.msg.F(e.path, e.noun) }

// SayIn is the error in l.
func (e *notRegular) SayIn(l i18n.Lang) string { return sayIn(l, e.msg, []any{e.path, e.noun}) }

func (e *notRegular) Is(target error) bool { return target == ErrNotRegular }

// regular refuses what is not a regular file; noun is what pickup
// expected there ("state file").
func regular(path string, st fs.FileInfo, noun any) error {
	if st.Mode().IsRegular() {
		return nil
	}
	what := &english.IsNotRegular
	switch t := st.Mode().Type(); {
	case st.IsDir():
		what = &english.IsADirectory
	case t&fs.ModeSymlink != 0:
		what = &english.IsASymbolicLink
	case t&fs.ModeNamedPipe != 0:
		what = &english.IsANamedPipe
	case t&fs.ModeSocket != 0:
		what = &english.IsASocket
	case t&fs.ModeDevice != 0:
		what = &english.IsADevice
	}
	return &notRegular{path: path, msg: what, noun: noun}
}

// openFile opens path with flag, adding O_NONBLOCK (opening a named pipe
// never waits for the other end) and O_CLOEXEC, and refuses it once open
// unless it is a regular file. With O_NOFOLLOW in flag, a symbolic link
// at path is refused, named.
func openFile(path string, flag int, perm fs.FileMode, noun any) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK|syscall.O_CLOEXEC, perm)
	if err != nil {
		if flag&syscall.O_NOFOLLOW != 0 && errors.Is(err, syscall.ELOOP) {
			if st, lerr := os.Lstat(path); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
				return nil, nil, regular(path, st, noun)
			}
		}
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil {
		err = regular(path, st, noun)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// File is a file opened by Open: reads stop at the limit it was opened
// with.
type File struct {
	f *os.File
	r io.LimitedReader
	// Info is the open file's own information (size, time, mode).
	Info fs.FileInfo
}

func (f *File) Read(p []byte) (int, error) { return f.r.Read(p) }

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Open opens path for reading at most limit bytes: the one reader's
// checks (a regular file, not blocking; see above), following symbolic
// links as a read does. Looking before opening keeps devices from being
// opened at all.
func Open(path string, limit int64) (*File, error) {
	st, err := os.Stat(path)
	if err != nil {
		noteRead(path, nil)
		return nil, err
	}
	noteRead(path, st)
	if err := regular(path, st, stateFile); err != nil {
		return nil, err
	}
	f, st, err := openFile(path, os.O_RDONLY, 0, stateFile)
	if err != nil {
		return nil, err
	}
	return &File{f: f, r: io.LimitedReader{R: f, N: max(limit, 0)}, Info: st}, nil
}

// ReadFile reads a state file whole, refusing anything but a regular
// file and files over MaxStateFile, with an error naming the path. A
// file grown past the cap while it is read is refused too.
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path, MaxStateFile+1)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size := f.Info.Size(); size > MaxStateFile {
		return nil, newError(&english.OverLimitSize, path, size, MaxStateFile)
	}
	data, err := readSized(f, f.Info.Size())
	if err != nil {
		return nil, wrapError(err, &english.Reading, path, err)
	}
	if len(data) > MaxStateFile {
		return nil, newError(&english.OverLimit, path, MaxStateFile)
	}
	return data, nil
}

// readSized reads r to its end into one buffer sized to the file (and a
// little over, for a file that grew or says it has no size): a file is
// held once in memory, not in the doubling copies io.ReadAll makes
// (docs/performance.md, "One long line").
func readSized(r io.Reader, size int64) ([]byte, error) {
	data := make([]byte, 0, max(size, 0)+512)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
	}
}

// ReadHead reads at most n bytes from the start of path (a preview, a
// header, a small side file) and returns them with the file's size.
func ReadHead(path string, n int) ([]byte, int64, error) {
	f, err := Open(path, int64(max(n, 0)))
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	// Sized to the file, not to n (a header of a few lines); a little
	// over, for a file that grew or says it has no size (/proc).
	buf := make([]byte, min(int64(max(n, 0)), f.Info.Size()+512))
	got, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, 0, wrapError(err, &english.Reading, path, err)
	}
	return buf[:got], max(f.Info.Size(), int64(got)), nil
}

// ReadKernel reads what a kernel file says (/proc/<pid>/comm, status)
// into buf, in one read: no size is asked (such files have none) and no
// *os.File is made, since a process scan reads one per process. The
// open never follows a link nor waits (O_NOFOLLOW, O_NONBLOCK), and
// what is read is bounded by buf.
func ReadKernel(path string, buf []byte) (int, error) {
	fd, err := ignoringEINTR(func() (int, error) {
		return syscall.Open(path, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	})
	if err != nil {
		return 0, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	n, err := ignoringEINTR(func() (int, error) { return syscall.Read(fd, buf) })
	if err != nil {
		return 0, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if reads.Load() != nil {
		st, _ := os.Lstat(path)
		noteRead(path, st)
	}
	return n, nil
}

func ignoringEINTR(f func() (int, error)) (int, error) {
	for {
		n, err := f()
		if err != syscall.EINTR {
			return n, err
		}
	}
}

// OpenDir opens a folder to list it or to sync it: O_DIRECTORY, so a
// named pipe or anything else at that name is refused at once instead of
// waited on.
func OpenDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(dir, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if reads.Load() != nil {
		var st fs.FileInfo
		if err == nil {
			st, _ = f.Stat()
		}
		noteRead(dir, st)
	}
	return f, err
}
