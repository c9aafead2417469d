//go:build linux

package crucible

import "syscall"

// dirReader reads dispatch file headers by name in a list of folders,
// each opened once: openat from a folder's descriptor walks one name,
// where a full path walks every folder above it again, for each of
// thousands of files.
type dirReader struct {
	fds []int // -1 where the folder could not be opened
}

func newDirReader(dirs []string) *dirReader {
	r := &dirReader{fds: make([]int, len(dirs))}
	for i, d := range dirs {
		fd, err := syscall.Open(d, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		if err != nil {
			fd = -1
		}
		r.fds[i] = fd
	}
	return r
}

func (r *dirReader) close() {
	for _, fd := range r.fds {
		if fd >= 0 {
			syscall.Close(fd)
		}
	}
}

// header reads the header time of the first file called name in the
// folders, in order; ok is false when no folder has one that reads. It
// opens with O_NONBLOCK: a pipe where a file should be is not waited on
// (a regular file ignores the flag).
func (r *dirReader) header(name string, buf []byte) (dir int, hs headerStart, ok bool) {
	for i, dfd := range r.fds {
		if dfd < 0 {
			continue
		}
		fd, err := syscall.Openat(dfd, name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != nil {
			if err == syscall.ENOENT {
				continue
			}
			return 0, headerStart{}, false // unreadable: left to readStarts
		}
		n, err := readFD(fd, buf)
		syscall.Close(fd)
		if n == 0 && err != nil {
			return 0, headerStart{}, false
		}
		hs = newHeaderStart(headerTimeIn(buf[:n]))
		return i, hs, true
	}
	return 0, headerStart{}, false
}
