package fsx

import (
	"errors"
	"io"
)

// ReadEnds reads what ReadHead(path, head) reads and, when that is not
// the whole file, what ReadTail(path, tail) reads, through one open
// (Open's checks), into buf when it has room for both (a caller reading
// many files passes the same buf each time; what it returns is only
// valid until then). h and size are ReadHead's; t is ReadTail's bytes,
// h itself when h holds the whole file, nil when the tail could not be
// read.
func ReadEnds(path string, head, tail int, buf []byte) (h, t []byte, size int64, err error) {
	f, err := Open(path, int64(max(head, 0)))
	if err != nil {
		return nil, nil, 0, err
	}
	defer f.Close()
	// As ReadHead: no more than a little over the size the file said it
	// had when opened.
	hn := min(int64(max(head, 0)), f.Info.Size()+512)
	tn := min(int64(max(tail, 0)), f.Info.Size())
	if int64(cap(buf)) < hn+tn {
		buf = make([]byte, hn+tn)
	}
	got, err := io.ReadFull(f, buf[:hn])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, nil, 0, wrapError(err, &english.Reading, path, err)
	}
	h, size = buf[:got:got], max(f.Info.Size(), int64(got))
	if int64(got) >= size {
		return h, h, size, nil
	}
	// As ReadTail: the last tail bytes of the size the file has.
	t = buf[got : int64(got)+tn]
	n, err := f.f.ReadAt(t, f.Info.Size()-tn)
	if err != nil && !errors.Is(err, io.EOF) {
		return h, nil, size, nil
	}
	return h, t[:n], size, nil
}
