package crucible

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// What DISCARD and RESTART may move. A marker is a file anyone could
// have written (the project is not the person's own): its dispatch_dir
// is never taken on trust. A folder is moved only when it is named
// crucible-dispatch-<pipeline_id>, sits in the scratch directory or the
// system temp folder, is a real folder (not a link), and is neither the
// project, an ancestor of it, nor $HOME or an ancestor of it.

// dispatchDirOK says whether DISCARD may move dir: one of the
// pipeline's own dispatch directories (namedDispatchDir) that sits in
// the scratch directory or the temp folder. why says what is wrong when
// it may not, in t's language.
func dispatchDirOK(t *Text, dir, sid, scratch, project string) (ok bool, why string) {
	if ok, why := namedDispatchDir(t, dir, sid, project); !ok {
		return false, why
	}
	parent := placeOf(filepath.Dir(filepath.Clean(dir)))
	if !parent.same(scratch) && !parent.same(TmpRoot) && !parent.same(os.TempDir()) {
		return false, t.NotInScratch
	}
	return true, ""
}

// namedDispatchDir says whether dir can be the pipeline's own dispatch
// directory, wherever it is: a real folder (not a link) named
// crucible-dispatch-<sid> that is neither the project, $HOME, nor an
// ancestor of either. why is in t's language.
func namedDispatchDir(t *Text, dir, sid, project string) (ok bool, why string) {
	dir = filepath.Clean(dir)
	d := placeOf(dir)
	if project != "" && placeOf(project).in(d) {
		return false, t.IsProject
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" && placeOf(home).in(d) {
		return false, t.IsHome
	}
	if sid == "" || filepath.Base(dir) != DispatchPrefix+sid {
		return false, t.NotNamed.F(DispatchPrefix + orWord(sid, "<pipeline_id>"))
	}
	st, err := os.Lstat(dir)
	switch {
	case err != nil:
		return false, t.DirNotFound
	case !st.IsDir():
		return false, t.NotAFolder
	}
	return true, ""
}

// place is a path cleaned, and resolved through links where it exists:
// each is resolved once however many paths it is compared with.
type place struct{ path, real string }

func placeOf(p string) place {
	p = filepath.Clean(p)
	return place{p, resolved(p)}
}

// in reports whether p is dir or lies inside it, by either name.
func (p place) in(dir place) bool {
	for _, a := range []string{p.path, p.real} {
		for _, d := range []string{dir.path, dir.real} {
			if a == d || strings.HasPrefix(a, strings.TrimSuffix(d, string(filepath.Separator))+string(filepath.Separator)) {
				return true
			}
		}
	}
	return false
}

// resolved is p cleaned and, when it exists, resolved through links.
func resolved(p string) string {
	p = filepath.Clean(p)
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// same reports whether p and the folder b are the same folder.
func (p place) same(b string) bool {
	if b == "" {
		return false
	}
	b = filepath.Clean(b)
	return p.path == b || p.real == resolved(b)
}

// sameDir reports whether a and b name the same folder.
func sameDir(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	return placeOf(a).same(b)
}

// sessionID is the pipeline's id: the marker's, else the manifest
// folder's crucible-dispatch-<sid> name.
func (p *pipeline) sessionID() string {
	if p.marker != nil {
		return p.marker.PipelineID
	}
	if p.manifestPath != "" {
		return sessionFromDir(filepath.Dir(p.manifestPath))
	}
	return ""
}

// discardTargets is what a DISCARD of p moves: the dispatch directories
// that pass dispatchDirOK, and, for each other folder it knows of (the
// marker's dispatch_dir, a manifest's folder), why it is left alone.
func (p *pipeline) discardTargets() (dirs []string, left map[string]string) {
	sid := p.sessionID()
	var cands []string
	seen := map[string]bool{}
	add := func(d string) {
		if d = filepath.Clean(d); d != "." && !seen[d] {
			seen[d] = true
			cands = append(cands, d)
		}
	}
	for _, d := range p.dispatchD {
		add(d)
	}
	if p.marker != nil && p.marker.DispatchDir != "" && filepath.IsAbs(p.marker.DispatchDir) {
		if isDir(p.marker.DispatchDir) {
			add(p.marker.DispatchDir)
		}
	}
	for _, d := range cands {
		if ok, why := dispatchDirOK(p.t(), d, sid, p.scratch, p.project); ok {
			dirs = append(dirs, d)
		} else {
			if left == nil {
				left = map[string]string{}
			}
			left[d] = why
		}
	}
	return dirs, left
}

// staleHandoffs are the scratch directory's handoff-N-to-M.md files: a
// pipeline set aside leaves them behind, and the next one would read
// them as its own.
func (p *pipeline) staleHandoffs() []string {
	if p.scratch == "" {
		return nil
	}
	var out []string
	for _, h := range p.handoffs {
		out = append(out, filepath.Join(p.scratch, h.File))
	}
	return out
}

// discardQuestion names everything a DISCARD moves, and the folders it
// leaves alone.
func (p *pipeline) discardQuestion() string {
	dirs, left := p.discardTargets()
	var items []string
	t := p.t()
	if p.markerPath != "" {
		items = append(items, t.TheMarker.F(p.markerPath))
		if hs := p.staleHandoffs(); len(hs) > 0 {
			names := make([]string, len(hs))
			for i, h := range hs {
				names[i] = filepath.Base(h)
			}
			items = append(items, t.HandoffFiles.N(len(hs), strings.Join(names, ", ")))
		}
	}
	if m := p.looseManifest(dirs); m != "" {
		items = append(items, t.TheManifest.F(m))
	}
	for _, d := range dirs {
		items = append(items, t.TheFolder.F(d))
	}
	q := t.Discard.F(strings.Join(items, ", "))
	if len(items) == 0 {
		q = t.DiscardNothing
	}
	for _, d := range sortedKeys(left) {
		q += t.NotMoved.F(d, left[d])
	}
	return q
}

// looseManifest is the manifest DISCARD archives on its own: the one a
// session without a marker was loaded from, when no folder moved holds
// it. A marker's manifest elsewhere is not the pipeline's to move.
func (p *pipeline) looseManifest(dirs []string) string {
	if p.manifestPath == "" || p.markerPath != "" || contains(dirs, filepath.Dir(p.manifestPath)) {
		return ""
	}
	return p.manifestPath
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
