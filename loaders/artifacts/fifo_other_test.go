//go:build !unix

package artifacts

import "errors"

func mkfifo(string) error { return errors.New("no named pipes here") }
