//go:build !unix

package crucible

import "github.com/pickup-dev/pickup/loaders/fsx"

// readHead reads up to len(buf) bytes from the start of the file at path.
func readHead(path string, buf []byte) (int, error) {
	data, _, err := fsx.ReadHead(path, len(buf))
	return copy(buf, data), err
}
