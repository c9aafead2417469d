//go:build !unix

package crucible

import "os"

// readHead reads up to len(buf) bytes from the start of the file at path.
func readHead(path string, buf []byte) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return f.Read(buf)
}
