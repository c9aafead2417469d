package crucible

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
	"unsafe"

	"github.com/pickup-dev/pickup/internal/textin"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// lineReader reads a lean manifest's lines again, for what the manifest
// did not keep (Entry.Summary): `plan --json` keeps a few bits per
// dispatch while the manifest is parsed and reads each row's line again
// from where it starts (Entry.off) as the row is written. The rows come
// in nearly the order of their lines, so the file is read forward
// through a buffer that keeps at least lineWindow bytes before the line
// asked for; a line before that opens the file again.
//
// Only the bytes read the first time count (up to Manifest.Size), and
// the file must be the same one (an appended line changes nothing
// before it); each line read must give the seq its entry has. Anything
// else is an error, never a row made from other bytes.
type lineReader struct {
	m    *Manifest
	tx   *Text // says errChanged
	f    *fsx.File
	buf  []byte // the file's bytes from `from`
	from int64
	pos  int64 // the bytes of the file read so far
	sc   lineScanner
	// reopened counts the times the file was opened again (a line
	// before the window); decoded the lines decoded again.
	reopened, decoded int
}

// lineWindow is how many bytes before the line asked for the reader
// keeps; lineChunk how many it reads at once, into a buffer of lineBuf
// bytes: the bytes kept are moved to its start when it is full, a
// window for every few windows read.
const (
	lineWindow = 256 << 10
	lineChunk  = 64 << 10
	lineBuf    = 2 << 20
)

func newLineReader(m *Manifest, t *Text) *lineReader { return &lineReader{m: m, tx: t} }

// errChanged: the manifest is not the file its entries were read from.
// The reader's errors are a changedError, which is errChanged
// (errors.Is) and says so in the plan's language.
var errChanged = errors.New("changed since it was read")

type changedError struct{ msg string }

func (e *changedError) Error() string        { return e.msg }
func (e *changedError) Is(target error) bool { return target == errChanged }

func (r *lineReader) changed() error {
	return &changedError{r.tx.ChangedSince.F(r.m.Path)}
}

func (r *lineReader) open() error {
	if r.f != nil {
		r.f.Close()
		r.f = nil
	}
	if r.m.info == nil {
		return errChanged
	}
	f, err := fsx.Open(r.m.Path, r.m.Size)
	if err != nil {
		return err
	}
	if !os.SameFile(f.Info, r.m.info) || f.Info.Size() < r.m.Size {
		f.Close()
		return errChanged
	}
	if r.buf == nil {
		r.buf = make([]byte, 0, lineBuf)
	}
	r.f, r.buf, r.from, r.pos = f, r.buf[:0], 0, 0
	return nil
}

func (r *lineReader) close() {
	if r.f != nil {
		r.f.Close()
		r.f = nil
	}
}

// line is the bytes of the line starting at off, without its newline
// (valid until the next call).
func (r *lineReader) line(off int64) ([]byte, error) {
	if r.f == nil || off < r.from {
		if r.f != nil {
			r.reopened++
		}
		if err := r.open(); err != nil {
			return nil, err
		}
	}
	for {
		if off < r.from+int64(len(r.buf)) {
			if i := bytes.IndexByte(r.buf[off-r.from:], '\n'); i >= 0 {
				return r.buf[off-r.from : off-r.from+int64(i)], nil
			}
		}
		if r.pos >= r.m.Size {
			if off > r.from+int64(len(r.buf)) {
				return nil, errChanged
			}
			return r.buf[off-r.from:], nil // the last line, with no newline
		}
		want := min(int64(lineChunk), r.m.Size-r.pos)
		// When the buffer is full, drop what lies more than a window
		// before the line.
		if drop := min(off-lineWindow, r.from+int64(len(r.buf))) - r.from; drop > 0 && cap(r.buf)-len(r.buf) < int(want) {
			n := copy(r.buf, r.buf[drop:])
			r.buf = r.buf[:n]
			r.from += drop
		}
		if len(r.buf) == 0 {
			r.from = r.pos
		}
		at := len(r.buf)
		if cap(r.buf)-at < int(want) { // a line longer than the window
			r.buf = append(r.buf[:cap(r.buf)], make([]byte, max(int(want)-(cap(r.buf)-at), cap(r.buf)))...)
		}
		r.buf = r.buf[:at+int(want)]
		n, err := io.ReadFull(r.f, r.buf[at:])
		r.buf = r.buf[:at+n]
		r.pos += int64(n)
		if err != nil {
			return nil, errChanged
		}
	}
}

// summary is e's summary, read again from its line (valid until the
// next call).
func (r *lineReader) summary(e *Entry) (string, error) {
	b, err := r.line(int64(e.off))
	if err != nil {
		return "", r.changed()
	}
	// As the parse read it (Manifest.add).
	if e.Line == 1 {
		b = textin.TrimBOM(b)
	}
	b = bytes.TrimSpace(b)
	// A line as crucible writes it starts with its seq, and the parse
	// noted where its summary is when it is the line's bytes as they are:
	// taken from there, without decoding the line again.
	if e.sumN != 0 && seqFirst(b, e.Seq) {
		if e.sumN == 1 {
			return "", nil
		}
		at, n := int(e.sumAt), int(e.sumN)-1
		if at >= 1 && at+n < len(b) && b[at-1] == '"' && b[at+n] == '"' && unquoted(b[at:at+n]) {
			if n == 0 {
				return "", nil
			}
			return unsafe.String(&b[at], n), nil
		}
	}
	r.decoded++
	raw := r.sc.entry()
	if len(b) == 0 || b[0] != '{' || r.sc.decode(b, raw) != nil {
		return "", r.changed()
	}
	if seq, ok := raw.Seq.int(); !ok || seq != e.Seq {
		return "", r.changed()
	}
	return raw.Summary.s, nil
}

// seqFirst says whether line starts with {"seq":<seq>, as crucible
// writes it.
func seqFirst(line []byte, seq int) bool {
	const head = `{"seq":`
	var d [24]byte
	n := strconv.AppendInt(d[:0], int64(seq), 10)
	return len(line) > len(head)+len(n) && string(line[:len(head)]) == head &&
		string(line[len(head):len(head)+len(n)]) == string(n) && (line[len(head)+len(n)] == ',' || line[len(head)+len(n)] == '}')
}

// unquoted says whether b holds no quote, backslash or control byte: a
// JSON string's bytes as they are.
func unquoted(b []byte) bool {
	for _, c := range b {
		if c == '"' || c == '\\' || c < 0x20 {
			return false
		}
	}
	return true
}
