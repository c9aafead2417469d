package main

import (
	"bytes"
	"errors"
	"strings"

	"github.com/tidwall/gjson"
)

// errForeignStatusLine refuses to replace a status line that is not
// pickup's: a settings file holds one, and the person chose it.
// withStatusline says it in the run's language.
var errForeignStatusLine = errors.New("a statusLine that is not pickup's")

// statuslineEntry is Claude Code's statusLine setting running pickup's.
func statuslineEntry(bin string) orderedJSON {
	return orderedJSON{{"type", "command"}, {"command", shellQuote(bin) + " statusline"}}
}

// isPickupStatusline reports whether a statusLine value runs pickup's
// statusline (this bin, or any pickup: an older install).
func isPickupStatusline(v gjson.Result, bin string) bool {
	words := shellWords(v.Get("command").String())
	if len(words) < 2 || words[len(words)-1] != "statusline" {
		return false
	}
	name := words[len(words)-2]
	return name == bin || name == "pickup" || strings.HasSuffix(name, "/pickup")
}

// mergeStatusline adds Claude Code's statusLine running pickup's
// statusline to doc (a settings file, maybe empty); pickup's own older
// entry is replaced, another program's is refused.
func mergeStatusline(doc []byte, bin string) ([]byte, error) {
	want := statuslineEntry(bin)
	if len(bytes.TrimSpace(doc)) == 0 {
		doc = []byte("{}\n")
	}
	d, err := newJdoc(doc, false)
	if err != nil {
		return nil, err
	}
	if err := jsonProblem(d.view); err != nil {
		return nil, err
	}
	r := root(d.view)
	cur := r.Get("statusLine")
	if cur.Exists() {
		if !isPickupStatusline(cur, bin) {
			return nil, errForeignStatusLine
		}
		if sameJSON(cur.Raw, want) {
			return doc, nil
		}
		if err := removeKey(d, r, "statusLine"); err != nil {
			return nil, err
		}
		r = root(d.view)
	}
	if err := insert(d, r, "statusLine", want); err != nil {
		return nil, err
	}
	return d.bytes(), nil
}

// unmergeStatusline takes pickup's statusLine out of doc (another
// program's stays); removed says whether it did.
func unmergeStatusline(doc []byte, bin string) ([]byte, bool, error) {
	if len(bytes.TrimSpace(doc)) == 0 {
		return doc, false, nil
	}
	d, err := newJdoc(doc, false)
	if err != nil {
		return nil, false, err
	}
	r := root(d.view)
	cur := r.Get("statusLine")
	if !cur.Exists() || !isPickupStatusline(cur, bin) {
		return doc, false, nil
	}
	if err := removeKey(d, r, "statusLine"); err != nil {
		return nil, false, err
	}
	return d.bytes(), true, nil
}

// withStatusline applies --statusline to a settings file's new bytes.
func withStatusline(agent, path string, after []byte, bin string, uninstall bool, removed *int) ([]byte, error) {
	if agent != "claude" {
		return nil, fail(exitUsage, &errs.StatuslineAgent, agent)
	}
	if uninstall {
		out, gone, err := unmergeStatusline(after, bin)
		if gone {
			*removed++
		}
		return out, err
	}
	out, err := mergeStatusline(after, bin)
	if errors.Is(err, errForeignStatusLine) {
		// A guard, not a damaged file: exit 5.
		return nil, fail(exitBlocked, &errs.ForeignStatusline, path)
	}
	return out, err
}
