package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff"
	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// hookSettings is one agent's settings file, read for an install or an
// uninstall.
type hookSettings struct {
	agent  hookAgent
	scope  string
	path   string
	before []byte // the bytes read; nil when the file does not exist
	exists bool
	// project is the folder whose operation log records the write: DIR
	// for the project and local scopes; for the user scope, pickup's
	// state folder (userLogDir), so the current folder is left alone.
	project string
}

// userLogDir is the folder whose operation log records writes to a
// user-scope settings file: $XDG_STATE_HOME/pickup (else
// ~/.local/state/pickup), beside the log's key.

func userLogDir() string { return filepath.Dir(fsx.KeyPath()) }

// installHook merges pickup's entry into the agent's settings file,
// keeping every other key and hook; uninstall takes it out. With dryRun
// it prints the diff and changes nothing. command, when set, is what the
// entry runs instead of this pickup's absolute path (a bare "pickup"
// found on PATH, for a settings file others share).
func (a *app) installHook(agentName, scope, project, command string, uninstall, dryRun, statusline bool) error {
	ag, ok := hookAgentNamed(agentName)
	if !ok {
		return fail(exitUsage, &errs.BadAgent, strings.Join(hookAgentNames(), ", "), strconv.Quote(agentName))
	}
	if scope == "" {
		scope = "user"
	}
	pathOf, ok := ag.paths[scope]
	if !ok {
		return fail(exitUsage, &errs.NoScope, ag.title, scope, strings.Join(ag.scopes(), ", "))
	}
	home, err := os.UserHomeDir()
	if err != nil && scope == "user" {
		return fail(exitError, &errs.NoHome, err)
	}
	st := hookSettings{agent: ag, scope: scope, path: pathOf(home, project, a.claudeHome), project: project}
	if scope == "user" {
		st.project = userLogDir()
	}
	bin, err := hookCommand(command)
	if err != nil {
		return err
	}
	if !dryRun {
		// One writer at a time: a second pickup installing into the same
		// file waits for none and is refused (exit 5).
		lock, err := fsx.AcquireLock(st.path, a.now())
		if err != nil {
			return fail(exitBlocked, &errs.Unchanged, err)
		}
		defer lock.Release()
	}
	if err := st.read(); err != nil {
		return err
	}
	var after []byte
	var removed int
	if uninstall {
		after, removed, err = unmergeHook(st.before, ag, bin)
	} else {
		after, err = mergeHook(st.before, ag, bin)
	}
	if err == nil && statusline {
		var ee *codeError
		after, err = withStatusline(ag.name, st.path, after, bin, uninstall, &removed)
		if errors.As(err, &ee) {
			return err
		}
	}
	if err != nil {
		return fail(exitCorrupted, &errs.SettingsUnreadable, st.path, err)
	}
	if !uninstall && !dryRun && scope != "user" && command == "" {
		fmt.Fprintln(a.io.err, words().hookShared(st.path, bin, onPath(bin)))
	}
	return a.finishHookEdit(st, after, uninstall, removed, dryRun, bin)
}

// hookCommand is what pickup's entry runs: this pickup's absolute path,
// or command (--command), which must be found on PATH when it is a bare
// name, or be an absolute path.
func hookCommand(command string) (string, error) {
	if command == "" {
		bin, err := selfPath()
		if err != nil {
			return "", fail(exitError, &errs.OwnPath, err)
		}
		return bin, nil
	}
	if filepath.IsAbs(command) {
		return command, nil
	}
	if strings.ContainsRune(command, filepath.Separator) {
		return "", fail(exitUsage, &errs.CommandBare, command)
	}
	if _, err := exec.LookPath(command); err != nil {
		return "", fail(exitUsage, &errs.CommandNotOnPath, command, err)
	}
	return command, nil
}

// onPath reports whether the bare name "pickup" on PATH is bin.
func onPath(bin string) bool {
	p, err := exec.LookPath("pickup")
	if err != nil {
		return false
	}
	a, errA := filepath.EvalSymlinks(p)
	b, errB := filepath.EvalSymlinks(bin)
	return errA == nil && errB == nil && a == b
}

// read loads the settings file; a missing file is an empty one. Anything
// but a regular file (a folder, a link pickup will not write through) is
// refused before any change.
func (st *hookSettings) read() error {
	info, err := os.Lstat(st.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fail(exitError, &errs.PathUnchanged, st.path, err)
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(st.path)
		return fail(exitError, &errs.SymbolicLink, st.path, target, target)
	}
	data, err := fsx.ReadFile(st.path)
	if err != nil {
		return fail(exitError, &errs.Unchanged, err)
	}
	st.before, st.exists = data, true
	return nil
}

// finishHookEdit writes (or, with dryRun, shows) the new settings and
// says what happened.
func (a *app) finishHookEdit(st hookSettings, after []byte, uninstall bool, removed int, dryRun bool, bin string) error {
	out := a.io.out
	what := fmt.Sprintf("%s (%s scope, %s)", st.agent.title, st.scope, st.path)
	if bytes.Equal(after, st.before) {
		switch {
		case uninstall:
			fmt.Fprintf(out, "pickup's hook is not in %s; nothing was changed.\n", what)
		default:
			fmt.Fprintf(out, "pickup's hook is already installed for %s; nothing was changed.\n", what)
		}
		return nil
	}
	if dryRun {
		old := "/dev/null"
		if st.exists {
			old = st.path
		}
		fmt.Fprint(out, udiff.Unified(old, st.path, string(st.before), string(after)))
		fmt.Fprintln(out, "(dry run: nothing was changed)")
		return nil
	}
	command := "hook install --agent " + st.agent.name
	if uninstall {
		command = "hook uninstall --agent " + st.agent.name
	}
	// A file pickup's install made, left holding nothing, goes: the
	// person's folder is as it was before the install.
	drop := uninstall && emptySettings(after, st.agent) && madeByInstall(st.project, st.path)
	if st.scope == "user" {
		if _, err := fsx.StateDir(); err != nil {
			return fail(exitError, &errs.StateFolder, st.project, err)
		}
	}
	if err := a.logged(st.project, fsx.Record{Command: command, Lock: st.path}, func() error {
		if drop {
			return fsx.RemoveIfUnchanged(st.path, fsx.Fingerprint(st.before))
		}
		return writeSettings(st.path, st.before, st.exists, after)
	}); err != nil {
		if errors.Is(err, fsx.ErrChanged) {
			return failErr(exitBlocked, err)
		}
		return failErr(exitError, err)
	}
	defer fmt.Fprintln(a.io.err, a.msg().UndoHint.F(undoCommand(st.project)))
	if uninstall {
		fmt.Fprintln(out, words().HookRemoved.N(removed, what))
		if drop {
			fmt.Fprintln(out, words().HookFileRemoved.F(st.path))
		}
		return nil
	}
	fmt.Fprintln(out, words().HookInstalled.F(what, bin, st.agent.name, strconv.Itoa(st.agent.timeout)+st.agent.unit))
	fmt.Fprintln(out, st.agent.trust)
	if inTemp(bin) {
		fmt.Fprintln(a.io.err, words().HookInTemp.F(bin))
	}
	return nil
}

// emptySettings reports whether doc holds nothing but what a new file
// of ag's starts with (Cursor's "version").
func emptySettings(doc []byte, ag hookAgent) bool {
	d, err := newJdoc(doc, ag.jsonc)
	if err != nil {
		return false
	}
	r := root(d.view)
	if !r.IsObject() {
		return false
	}
	for k, v := range r.Map() {
		if k != "version" || ag.version == 0 || v.Int() != int64(ag.version) {
			return false
		}
	}
	return true
}

// madeByInstall reports whether the newest write to path recorded in
// logDir's operation log (signed by this account) created it.
func madeByInstall(logDir, path string) bool {
	entries, err := fsx.ReadLog(logDir)
	if err != nil {
		return false
	}
	abs, _ := filepath.Abs(path)
	for _, e := range entries {
		if e.Problem != "" {
			continue
		}
		for i := len(e.Steps) - 1; i >= 0; i-- {
			if s := e.Steps[i]; s.Failed == "" && (s.Path == abs || s.To == abs) {
				return s.Kind == fsx.StepCreate && strings.HasPrefix(e.Command, "hook install")
			}
		}
	}
	return false
}

// writeSettings is the one place a settings file is written, through
// fsx (atomic: temporary file, fsync, rename; an existing file only if it
// still holds the bytes read), inside an operation of the log (fsx
// records the bytes before, so pickup undo puts them back).
var writeSettings = func(path string, before []byte, existed bool, after []byte) error {
	if existed {
		return fsx.ReplaceIfUnchanged(path, fsx.Fingerprint(before), after)
	}
	return fsx.CreateNew(path, after, 0o644)
}

// mergeHook returns doc with pickup's entry for ag in it, running bin.
// An entry already equal to it leaves doc as it is; an older pickup entry
// (another path, timeout or matcher) is replaced.
func mergeHook(doc []byte, ag hookAgent, bin string) ([]byte, error) {
	want := ag.entry(bin)
	if len(bytes.TrimSpace(doc)) == 0 {
		return newSettings(ag, want)
	}
	d, err := newJdoc(doc, ag.jsonc)
	if err != nil {
		return nil, err
	}
	if err := jsonProblem(d.view); err != nil {
		return nil, err
	}
	found, err := pickupEntries(d.view, ag, bin)
	if err != nil {
		return nil, err
	}
	if len(found) == 1 && sameJSON(found[0].entry.Raw, want) {
		return doc, nil
	}
	if _, err = removePickup(d, ag, bin, false); err != nil {
		return nil, err
	}
	r := root(d.view)
	hooks := r.Get("hooks")
	switch {
	case !hooks.Exists():
		err = insert(d, r, "hooks", orderedJSON{{ag.event, []any{want}}})
	case !hooks.Get(gjson.Escape(ag.event)).Exists():
		err = insert(d, hooks, ag.event, []any{want})
	default:
		err = insert(d, hooks.Get(gjson.Escape(ag.event)), "", want)
	}
	return d.bytes(), err
}

// unmergeHook returns doc without pickup's entries for ag, and how many
// it removed; a group, list or "hooks" object left empty goes too.
func unmergeHook(doc []byte, ag hookAgent, bin string) ([]byte, int, error) {
	if len(bytes.TrimSpace(doc)) == 0 {
		return doc, 0, nil
	}
	d, err := newJdoc(doc, ag.jsonc)
	if err != nil {
		return nil, 0, err
	}
	if err := jsonProblem(d.view); err != nil {
		return nil, 0, err
	}
	n, err := removePickup(d, ag, bin, true)
	return d.bytes(), n, err
}

// newSettings is a new settings file holding only pickup's entry (and
// Cursor's version), indented with two spaces.
func newSettings(ag hookAgent, want orderedJSON) ([]byte, error) {
	doc := orderedJSON{}
	if ag.version != 0 {
		doc = append(doc, kv{"version", ag.version})
	}
	doc = append(doc, kv{"hooks", orderedJSON{{ag.event, []any{want}}}})
	s, err := marshalIndented(doc, "", "  ", true)
	if err != nil {
		return nil, err
	}
	return []byte(s + "\n"), nil
}

// pickupFound is one pickup handler in the session-start list: the list
// element it is in (a group, or the handler) and where.
type pickupFound struct {
	elem    int // index in the list
	handler int // index in the group's hooks; -1 when the element is the handler
	alone   bool
	entry   gjson.Result // the list element
}

// pickupEntries finds pickup's handlers in ag's session-start list. A
// "hooks" or list of the wrong type is refused.
func pickupEntries(doc []byte, ag hookAgent, bin string) ([]pickupFound, error) {
	r := root(doc)
	hooks := r.Get("hooks")
	if !hooks.Exists() {
		return nil, nil
	}
	if !hooks.IsObject() {
		return nil, errors.New(words().Settings.HooksNotObject.F(strconv.Quote("hooks")))
	}
	list := hooks.Get(gjson.Escape(ag.event))
	if !list.Exists() {
		return nil, nil
	}
	if !list.IsArray() {
		return nil, errors.New(words().Settings.EventNotList.F(strconv.Quote("hooks." + ag.event)))
	}
	var found []pickupFound
	for i, e := range list.Array() {
		if !ag.grouped {
			if isPickupHandler(e, bin) {
				found = append(found, pickupFound{elem: i, handler: -1, alone: true, entry: e})
			}
			continue
		}
		hs := e.Get("hooks")
		if !hs.IsArray() {
			continue
		}
		all := hs.Array()
		for j, h := range all {
			if isPickupHandler(h, bin) {
				found = append(found, pickupFound{elem: i, handler: j, alone: len(all) == 1, entry: e})
			}
		}
	}
	return found, nil
}

// removePickup takes pickup's handlers out of ag's list: a group holding
// only pickup's handler goes whole. With tidy, a list and then a "hooks"
// object left empty go too.
func removePickup(d *jdoc, ag hookAgent, bin string, tidy bool) (int, error) {
	removed := 0
	for {
		found, err := pickupEntries(d.view, ag, bin)
		if err != nil {
			return 0, err
		}
		if len(found) == 0 {
			break
		}
		f := found[0]
		list := root(d.view).Get("hooks").Get(gjson.Escape(ag.event))
		if f.alone {
			err = remove(d, list, f.elem)
		} else {
			err = remove(d, list.Array()[f.elem].Get("hooks"), f.handler)
		}
		if err != nil {
			return 0, err
		}
		removed++
	}
	if !tidy || removed == 0 {
		return removed, nil
	}
	hooks := root(d.view).Get("hooks")
	if list := hooks.Get(gjson.Escape(ag.event)); list.IsArray() && len(list.Array()) == 0 {
		if err := removeKey(d, hooks, ag.event); err != nil {
			return 0, err
		}
		r := root(d.view)
		if hooks = r.Get("hooks"); hooks.IsObject() && len(hooks.Map()) == 0 {
			if err := removeKey(d, r, "hooks"); err != nil {
				return 0, err
			}
		}
	}
	return removed, nil
}

// removeKey removes member key from object obj.
func removeKey(d *jdoc, obj gjson.Result, key string) error {
	ms, err := members(d.view, obj)
	if err != nil {
		return err
	}
	for i, m := range ms {
		if m.key == key {
			return remove(d, obj, i)
		}
	}
	return nil
}

// isPickupHandler reports whether h runs `pickup hook …`: in exec form
// (command plus args) or as a shell command line, with this binary or
// any program named pickup.
func isPickupHandler(h gjson.Result, bin string) bool {
	cmd := h.Get("command").String()
	var words []string
	if args := h.Get("args"); args.IsArray() {
		words = []string{cmd}
		for _, a := range args.Array() {
			words = append(words, a.String())
		}
	} else {
		words = shellWords(cmd)
	}
	if len(words) < 2 || words[1] != "hook" {
		return false
	}
	prog := words[0]
	return prog == bin || filepath.Base(prog) == filepath.Base(bin) || filepath.Base(prog) == "pickup"
}

// shellWords splits a simple shell command line into words, honouring
// single and double quotes and backslashes (enough to read back what
// shellQuote writes).
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	in, quote, escaped := false, byte(0), false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case escaped:
			cur.WriteByte(c)
			escaped, in = false, true
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				escaped = true
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == '\\':
			escaped = true
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// sameJSON reports whether raw and v are the same JSON value.
func sameJSON(raw string, v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		return false
	}
	var x, y any
	if json.Unmarshal([]byte(raw), &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// selfPath is the absolute path of the running pickup as it was invoked
// (a symbolic link on PATH is kept, so an upgrade behind it keeps
// working), else the executable's resolved path.
func selfPath() (string, error) {
	arg := os.Args[0]
	if !strings.ContainsRune(arg, filepath.Separator) {
		if p, err := exec.LookPath(arg); err == nil {
			arg = p
		}
	}
	if abs, err := filepath.Abs(arg); err == nil {
		if st, err := os.Stat(abs); err == nil && st.Mode().IsRegular() {
			return abs, nil
		}
	}
	return os.Executable()
}

// inTemp reports whether path is under the temporary folder.
func inTemp(path string) bool {
	rel, err := filepath.Rel(os.TempDir(), path)
	return err == nil && filepath.IsLocal(rel)
}
