package fsx

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pickup-dev/pickup/internal/statedir"
)

// The operation log's key: 32 random bytes (hex) in a file only this
// account can read, outside every project. Each record carries an
// HMAC-SHA256 of its bytes under it, so a record that a pickup of this
// account did not write (one shipped inside a project, or edited) is
// refused by undo: undoing it would write where its author chose.

// KeyPath is the key's file: $XDG_STATE_HOME/pickup/oplog.key, else
// ~/.local/state/pickup/oplog.key.
func KeyPath() string {
	base, rel := statedir.Base()
	return filepath.Join(base, rel, "oplog.key")
}

// ErrNoKey is matched by errors.Is when there is no key yet (nothing was
// ever recorded on this account).
var ErrNoKey error = phrase(&english.NoKey)

// loadKey reads the key, making it first when create is set.
func loadKey(create bool) ([]byte, error) {
	base, rel := statedir.Base()
	p := filepath.Join(base, rel, "oplog.key")
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		if !create {
			return nil, fmt.Errorf("%s: %w", p, ErrNoKey)
		}
		if _, err := privateDir(base, rel, &english.KeyFolder); err != nil {
			return nil, err
		}
		var raw [32]byte
		if _, err := rand.Read(raw[:]); err != nil {
			return nil, err
		}
		if err := createFile(p, []byte(hex.EncodeToString(raw[:])+"\n"), 0o600); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	} else if _, err := privateDir(base, rel, &english.KeyFolder); err != nil {
		return nil, err
	}
	f, err := openLock(p, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Whoever can read the key can sign records this account's undo
	// would carry out.
	if st, err := f.Stat(); err != nil {
		return nil, err
	} else if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return nil, newError(&english.KeyReadable, p, fmt.Sprintf("%04o", perm))
	}
	data, err := io.ReadAll(io.LimitReader(f, 1024))
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(string(bytes.TrimSpace(data)))
	if err != nil || len(key) != 32 {
		return nil, newError(&english.NotAKey, p)
	}
	return key, nil
}

// macField is how a record's HMAC is written: the last member of the
// record's JSON object.
const (
	macField = ",\n  \"mac\": \""
	macEnd   = "\"\n}\n"
)

func mac(key, body []byte) string {
	h := hmac.New(sha256.New, key)
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// seal adds the HMAC of body (an indented JSON object, ending "\n}") as
// its last member.
func seal(key, body []byte) []byte {
	body = bytes.TrimRight(body, "\n")
	out := make([]byte, 0, len(body)+len(macField)+64+len(macEnd))
	out = append(out, body[:len(body)-2]...)
	out = append(out, macField...)
	out = append(out, mac(key, body)...)
	return append(out, macEnd...)
}

// unseal checks data's HMAC and returns the body it covers.
func unseal(key, data []byte) ([]byte, error) {
	i := bytes.LastIndex(data, []byte(macField))
	if i < 0 || !bytes.HasSuffix(data, []byte(macEnd)) || len(data)-len(macEnd)-(i+len(macField)) != 64 {
		return nil, newError(&english.NoSignature)
	}
	got := data[i+len(macField) : len(data)-len(macEnd)]
	body := append(append([]byte{}, data[:i]...), "\n}"...)
	if !hmac.Equal(got, []byte(mac(key, body))) {
		return nil, newError(&english.BadSignature)
	}
	return body, nil
}

// privateDir makes the folders rel below base (0700), or checks those
// there: each must be a real folder (not a symbolic link), owned by
// this user and writable by nobody else. base itself is made when
// missing (a new account may have no runtime or state folder yet).
func privateDir(base, rel string, what any) (string, error) {
	if _, err := os.Lstat(base); errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(base, 0o700); err != nil {
			return "", wrapError(err, &english.CannotCreate, what, base, err)
		}
	}
	dir := base
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		dir = filepath.Join(dir, name)
		st, err := os.Lstat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
				return "", wrapError(err, &english.CannotCreate, what, dir, err)
			}
			st, err = os.Lstat(dir)
		}
		if err != nil {
			return "", wrapError(err, &english.CannotUse, what, dir, err)
		}
		if why := unsafe(st); why != nil {
			return "", newError(&english.RefusingFolder, what, dir, why)
		}
	}
	return dir, nil
}
