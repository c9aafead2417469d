package fsx

import (
	"bytes"
	"testing"
)

// ReadEnds reads what ReadHead and ReadTail read (the tail the head
// itself when the head is the whole file), into the buffer it is given
// when it has room, a fresh one when not.
func TestReadEndsIsReadHeadAndReadTail(t *testing.T) {
	var shared []byte
	for path := range lineFiles(t) {
		for _, n := range []int{0, 1, 5, 100, 64 << 10, 100 << 10, 4 << 20} {
			for _, m := range []int{0, 1, 7, 64 << 10, 4 << 20} {
				head, size, err := ReadHead(path, n)
				if err != nil {
					t.Fatal(err)
				}
				tail := head
				if size > int64(len(head)) {
					if tail, _, err = ReadTail(path, m); err != nil {
						t.Fatal(err)
					}
				}
				for _, buf := range [][]byte{nil, shared, make([]byte, 3)} {
					h, tl, sz, err := ReadEnds(path, n, m, buf)
					if err != nil || !bytes.Equal(h, head) || !bytes.Equal(tl, tail) || sz != size {
						t.Errorf("%s, head %d, tail %d: %d+%d bytes, size %d (%v); ReadHead and ReadTail read %d+%d, size %d", path, n, m, len(h), len(tl), sz, err, len(head), len(tail), size)
					}
				}
				if shared == nil {
					shared = make([]byte, 8<<20)
				}
			}
		}
	}
}

// ReadEnds refuses what ReadHead refuses and reads what it reads.
func TestReadEndsRefusesWhatReadHeadRefuses(t *testing.T) {
	for _, c := range refusalCases(t) {
		_, _, headErr := ReadHead(c.path, 100)
		h, _, _, err := ReadEnds(c.path, 100, 100, nil)
		if (err != nil) != c.refused || (headErr != nil) != c.refused || (len(h) > 0) == c.refused {
			t.Errorf("%s: ReadEnds %v with %q read, ReadHead %v: want refused %v", c.path, err, h, headErr, c.refused)
		}
	}
}
