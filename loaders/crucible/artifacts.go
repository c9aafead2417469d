package crucible

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pickup-dev/pickup/model"
)

// artifacts lists the files the pipeline refers to: its manifest,
// pipeline-status.md and the handoff manifests in the scratch directory,
// then each dispatch's file and recorded output, in seq order. A dispatch
// file is looked for in each dispatch directory that exists (the
// manifest's own first); one found nowhere is listed as missing under
// the manifest's directory, with the phase of its dispatch.
func (p *pipeline) artifacts() []model.Artifact {
	var out []model.Artifact
	if p.manifestPath != "" {
		out = append(out, model.Artifact{Path: p.manifestPath, Kind: "manifest", Exists: isFile(p.manifestPath)})
	}
	if p.scratch != "" {
		if st := filepath.Join(p.scratch, StatusFileName); isFile(st) {
			out = append(out, model.Artifact{Path: st, Kind: "pipeline_status", Exists: true})
		}
		for _, h := range p.handoffs {
			out = append(out, model.Artifact{Path: filepath.Join(p.scratch, h.File), Kind: "handoff", Phase: h.From, Exists: true})
		}
	}
	if p.manifest == nil {
		return out
	}
	n := 0
	for _, s := range p.manifest.Seqs {
		e := p.manifest.BySeq(s)
		if e.HasFile() {
			n++
		}
		if e.Output() != "" {
			n++
		}
	}
	if n > 0 {
		out = slices.Grow(out, n) // a pipeline has a file per dispatch: 100,000 and more
	}
	for _, e := range p.manifest.Entries() {
		for _, f := range []struct{ name, kind string }{{e.File(), "dispatch"}, {e.Output(), "output"}} {
			if f.name == "" {
				continue
			}
			path, ok := p.dispatchFile(f.name)
			out = append(out, model.Artifact{Path: path, Kind: f.kind, Phase: e.EPhase(), Exists: ok})
		}
	}
	return out
}

// dispatchFile finds a file a manifest entry names.
func (p *pipeline) dispatchFile(name string) (string, bool) {
	if filepath.IsAbs(name) {
		return name, isFile(name)
	}
	for _, d := range p.dispatchD {
		if p.listedFile(d, name) {
			return joinPlain(d, name), true
		}
	}
	dir := ""
	if p.manifestPath != "" {
		dir = filepath.Dir(p.manifestPath)
	} else if len(p.dispatchD) > 0 {
		dir = p.dispatchD[0]
	}
	return joinPlain(dir, name), false
}

// joinPlain is filepath.Join(dir, name), without Join's cleaning pass
// when dir is already clean and name is a plain file name (the usual
// case, a hundred thousand times for a large pipeline).
func joinPlain(dir, name string) string {
	if dir == "" || name == "" || name == "." || name == ".." || strings.ContainsRune(name, filepath.Separator) ||
		dir[len(dir)-1] == filepath.Separator || filepath.Clean(dir) != dir {
		return filepath.Join(dir, name)
	}
	return dir + string(filepath.Separator) + name
}

// listedFile is isFile(filepath.Join(dir, name)) answered from one
// listing of dir (a pipeline names a file per dispatch: tens of thousands
// of stats otherwise). Links are followed with a stat, as isFile does;
// a name with a separator in it is stat'ed.
func (p *pipeline) listedFile(dir, name string) bool {
	if strings.ContainsRune(name, filepath.Separator) || name == "." || name == ".." || name == "" {
		return isFile(filepath.Join(dir, name))
	}
	if p.listings == nil {
		p.listings = dirCache{}
	}
	l := p.listings.listed(dir)
	t, ok := l.find(name)
	switch {
	case l.err != nil || t&fs.ModeSymlink != 0:
		return isFile(filepath.Join(dir, name))
	case !ok:
		return false
	}
	return t.IsRegular()
}
