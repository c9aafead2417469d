//go:build unix

package crucible

import "syscall"

// readHead reads up to len(buf) bytes from the start of the file at
// path. It goes straight to the system calls: os.Open would register
// each of a pipeline's thousands of dispatch files with the runtime's
// poller (and fail to, for a regular file), several calls per file.
// O_NONBLOCK: a named pipe where a file should be is not waited on, and
// the read is bounded by buf (a link to /dev/zero fills it and stops).
func readHead(path string, buf []byte) (int, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	if err != nil {
		return 0, err
	}
	defer syscall.Close(fd)
	return readFD(fd, buf)
}

// readFD reads once into buf from fd, again when a signal interrupted
// the call.
func readFD(fd int, buf []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if n < 0 {
			n = 0
		}
		return n, err
	}
}
