//go:build linux

package crucible

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"unsafe"
)

// readNames lists dir's entries other than folders: their names, and
// the type of each that is not a regular file. It reads the kernel's
// directory records itself (getdents64), because os.ReadDir makes an
// entry object per name: a dispatch directory holds a hundred thousand
// files and more, and only the names and types are wanted. The names are
// copied end to end into one buffer.
func readNames(dir string) (*rawNames, error) {
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	defer syscall.Close(fd)
	buf := make([]byte, 64<<10)
	// A folder's size is about what its records take (ext4: a name, 8
	// bytes and padding each), a fair first guess.
	r := &rawNames{}
	if st, err := os.Stat(dir); err == nil && st.Size() > 0 && st.Size() < 1<<30 {
		r.blob = make([]byte, 0, st.Size()*5/8)
		r.ends = make([]uint32, 0, st.Size()/32)
	}
	for {
		n, err := syscall.ReadDirent(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			break
		}
		for b := buf[:n]; len(b) >= 19; {
			// struct linux_dirent64: ino u64, off s64, reclen u16,
			// type u8, then the name, NUL-terminated.
			reclen := int(*(*uint16)(unsafe.Pointer(&b[16])))
			if reclen < 19 || reclen > len(b) {
				return nil, &fs.PathError{Op: "readdirent", Path: dir, Err: syscall.EIO}
			}
			name := b[19:reclen]
			for i, c := range name {
				if c == 0 {
					name = name[:i]
					break
				}
			}
			typ := b[18]
			b = b[reclen:]
			if len(name) == 0 || string(name) == "." || string(name) == ".." {
				continue
			}
			mode, known := direntMode(typ)
			if !known { // DT_UNKNOWN: some file systems do not say
				st, err := os.Lstat(filepath.Join(dir, string(name)))
				if err != nil {
					continue // gone since: os.ReadDir drops it too
				}
				mode = st.Mode().Type()
			}
			if mode.IsDir() {
				continue
			}
			if len(r.blob)+len(name) > 1<<32-1 {
				return nil, &fs.PathError{Op: "readdirent", Path: dir, Err: syscall.EFBIG}
			}
			r.add(unsafe.String(unsafe.SliceData(name), len(name)), mode)
		}
	}
	return r, nil
}

// direntMode is the file type a dirent's d_type gives; known is false
// for DT_UNKNOWN (and anything unexpected).
func direntMode(t byte) (mode fs.FileMode, known bool) {
	switch t {
	case syscall.DT_REG:
		return 0, true
	case syscall.DT_DIR:
		return fs.ModeDir, true
	case syscall.DT_LNK:
		return fs.ModeSymlink, true
	case syscall.DT_FIFO:
		return fs.ModeNamedPipe, true
	case syscall.DT_SOCK:
		return fs.ModeSocket, true
	case syscall.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice, true
	case syscall.DT_BLK:
		return fs.ModeDevice, true
	}
	return 0, false
}
