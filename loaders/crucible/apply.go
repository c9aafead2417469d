package crucible

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/loaders/git"
	"github.com/pickup-dev/pickup/model"
)

// Guard kinds Apply refuses with (model.GuardError; the CLI exits 5).
const (
	GuardBranch      = "branch_mismatch"
	GuardHeadMoved   = "head_moved"
	GuardPlanChanged = "plan_changed"
)

// Apply carries out a choice. Every write first re-reads the marker and
// the manifest and refuses (fsx.ErrChanged) if either changed since load.
//
//   - CONTINUE: the branch guard, then (when the plan restores a
//     checkpoint and the person said yes) a pre-restore-safety checkpoint
//     and `git checkout <checkpoint> -- .` in the shadow repository.
//     Without a restore it writes nothing.
//   - RESTART: archives the marker, the .dispatch-active-<sid> marker and
//     the stale handoff files (the manifest stays as history), so the
//     skill starts a fresh pipeline.
//   - DISCARD: archives the same, and the pipeline's own dispatch
//     directories (renamed with .discarded.<unix-ms>): folders named
//     crucible-dispatch-<pipeline_id> in the scratch directory or the
//     temp folder, never one a marker names elsewhere.
func (l *Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	a := model.Applied{Choice: c}
	switch c {
	case model.Review:
	case model.Continue:
		a.Changed, a.Err = l.continueResume(s, now)
	case model.Restart:
		a.Changed, a.Err = l.restart(s, now)
	case model.Discard:
		a.Changed, a.ArchivedTo, a.Err = l.discard(s, now)
	default:
		a.Err = errors.New(l.t().UnknownChoice.F(strconv.Quote(string(c))))
	}
	return a
}

// reload reads the session's files again and refuses when they no longer
// hold what was loaded.
func (l *Loader) reload(s *model.Session) (*pipeline, error) {
	// The branch and HEAD guards below compare with git as it is now,
	// not as the run first read it.
	git.Forget(s.Project)
	p, err := l.read(s.Project, s.Path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && p == nil) {
		return nil, &fsx.ChangedError{Path: s.Path, Gone: true}
	}
	if err != nil {
		return nil, err
	}
	if p.fingerprint() != s.Fingerprint {
		changed := s.Path
		if p.manifestPath != "" && p.markerPath != "" {
			changed = p.manifestPath // the marker rarely changes; say which one if it did
			if l.markerFP(s) != "" && l.markerFP(s) != p.markerFP {
				changed = p.markerPath
			}
		}
		return nil, &fsx.ChangedError{Path: changed}
	}
	return p, nil
}

func (l *Loader) markerFP(s *model.Session) string { return l.loadedInfo(s).markerFP }

func (l *Loader) loadedInfo(s *model.Session) loadedInfo {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.loaded[s]
}

func (l *Loader) continueResume(s *model.Session, now time.Time) ([]string, error) {
	p, err := l.reload(s)
	if err != nil {
		return nil, err
	}
	if p.problem != nil || p.plan == nil {
		return nil, errors.New(p.t().CannotResume.F(s.Path, problemWords(p)))
	}
	if p.marker != nil && p.marker.Branch != "" && p.isRepo {
		current := p.git.Branch()
		if current == "" {
			current = p.t().DetachedHead
		}
		if current != p.marker.Branch {
			return nil, &model.GuardError{Kind: GuardBranch, Message: p.t().BranchMismatch.F(p.marker.Branch, current)}
		}
	}
	l.mu.Lock()
	info := l.loaded[s]
	l.mu.Unlock()
	if info.head != "" && p.head != info.head {
		return nil, &model.GuardError{Kind: GuardHeadMoved, Message: p.t().HeadMoved.F(short(info.head), short(p.head))}
	}
	pl := p.plan
	ctx := copyContext(s.Context)
	r := pl.Resume.Restore
	if r == nil {
		s.Context = ctx
		return nil, nil
	}
	if want, _ := ctx["checkpoint"].(map[string]any); want == nil || want["id"] != r.ID {
		return nil, &model.GuardError{Kind: GuardPlanChanged, Message: p.t().PlanChanged.F(r.Short, r.Reason)}
	}
	sh, t := p.shadow, p.t()
	if !sh.Exists(r.ID) {
		return nil, errors.New(t.CPGoneApply.F(r.Short, r.Reason, sh.Dir))
	}
	safety, stamp, err := sh.Snapshot(safetyReason, now)
	if err != nil {
		return nil, &wrapped{t.TakingCP.F(safetyReason, sh.Dir, t.shadowNote(err)), err}
	}
	files, err := sh.Touched(safety, r.ID)
	if err != nil {
		return nil, &wrapped{t.ListingCP.F(r.Short, err.Error()), err}
	}
	staying, stayErr := sh.Added(r.ID, safety)
	if err := recordRestore(t, sh.Work, files); err != nil {
		return nil, err
	}
	err = sh.Restore(r.ID)
	if ferr := restored(); err == nil && ferr != nil {
		err = ferr
	}
	if err != nil {
		return nil, &wrapped{t.RestoringCP.F(r.Short, err.Error(), p.project, sh.UndoCommand(safety)), err}
	}
	changed := make([]string, 0, len(files)+1)
	for _, f := range files {
		changed = append(changed, filepath.Join(p.project, filepath.FromSlash(f)))
	}
	changed = append(changed, sh.Dir)
	ctx["safety_checkpoint"] = map[string]any{"id": safety, "reason": safetyReason, "taken_at": stamp}
	ctx["undo_restore"] = sh.UndoCommand(safety)
	ctx["restored_files"] = len(files)
	stays := ""
	if stayErr == nil {
		if staying == nil {
			staying = []string{}
		}
		ctx["files_staying"] = staying
		if len(staying) > 0 {
			stays = " " + p.t().stayingSentence(r.Reason, staying)
		}
	}
	if err := sh.AppendRow(short8(safety), stamp, safetyReason); err != nil {
		ctx["warning"] = p.t().SafetyNotAdded.F(CheckpointTable, err.Error())
	}
	s.Context = ctx
	s.Outcomes = map[model.Choice]string{model.Continue: continueOutcome(s.Title, pl, p.t().RestoredMsg.N(len(files), r.Reason, safetyReason, short8(safety), stays))}
	return changed, nil
}

func (l *Loader) restart(s *model.Session, now time.Time) ([]string, error) {
	p, err := l.reload(s)
	if err != nil {
		return nil, err
	}
	ctx := map[string]any{"source": SourceName, "action": "start_fresh"}
	if p.marker != nil {
		ctx["skill"], ctx["previous_pipeline"] = p.marker.Skill, p.marker.PipelineID
		if p.marker.Branch != "" {
			ctx["branch"] = p.marker.Branch
		}
	}
	if p.manifestPath != "" {
		ctx["previous_manifest"] = p.manifestPath
	}
	var changed []string
	if p.markerPath != "" {
		dst, err := fsx.Archive(p.markerPath, p.markerFP, now)
		if err != nil {
			return nil, err
		}
		ctx["marker_archived_to"] = dst
		changed = append(changed, p.markerPath)
		beside := p.archiveBeside(now)
		changed = append(changed, beside...)
		if len(beside) > 0 {
			ctx["archived_with_marker"] = beside
		}
	}
	s.Context = ctx
	skill := ""
	if p.marker != nil {
		skill = p.marker.Skill
	}
	s.Outcomes = map[model.Choice]string{model.Restart: p.t().startFresh(skill, p.markerPath != "") + "."}
	return changed, nil
}

func (l *Loader) discard(s *model.Session, now time.Time) ([]string, string, error) {
	p, err := l.reload(s)
	if err != nil {
		return nil, "", err
	}
	// Decide every move before making one: only the folders the
	// confirmation named (and that still qualify) are moved.
	dirs, _ := p.discardTargets()
	if named := l.loadedInfo(s).discardDirs; named != nil {
		var keep []string
		for _, d := range dirs {
			if contains(named, d) {
				keep = append(keep, d)
			}
		}
		dirs = keep
	}
	loose := p.looseManifest(dirs)
	if p.manifest != nil {
		if err := sameContent(p.manifestPath, p.manifest.Fingerprint); err != nil {
			return nil, "", err
		}
	}
	for _, d := range dirs {
		if _, err := os.Lstat(fsx.ArchiveName(d, now)); err == nil {
			return nil, "", errors.New(p.t().ArchiveExists.F(d, fsx.ArchiveName(d, now)))
		}
	}
	var changed []string
	archived := ""
	if p.markerPath != "" {
		dst, err := fsx.Archive(p.markerPath, p.markerFP, now)
		if err != nil {
			return nil, "", err
		}
		changed, archived = append(changed, p.markerPath), dst
		changed = append(changed, p.archiveBeside(now)...)
	}
	if loose != "" {
		dst, err := fsx.Archive(loose, fsx.Fingerprint(mustRead(loose)), now)
		if err != nil {
			return changed, archived, p.t().moved(err, changed)
		}
		changed = append(changed, loose)
		if archived == "" {
			archived = dst
		}
	}
	for _, d := range dirs {
		dst := fsx.ArchiveName(d, now)
		if err := fsx.RenameNoReplace(d, dst); err != nil {
			return changed, archived, p.t().moved(err, changed)
		}
		changed = append(changed, d)
		if archived == "" {
			archived = dst
		}
	}
	if len(changed) == 0 {
		return nil, "", errors.New(p.t().NothingArchive)
	}
	return changed, archived, nil
}

// archiveBeside archives, once the marker is archived, what the next
// pipeline must not take for its own: the .dispatch-active-<sid> marker
// and the stale handoff-N-to-M.md files. Each is a rename that checks
// the file still holds what was read; one that fails is left in place.
func (p *pipeline) archiveBeside(now time.Time) []string {
	var files []string
	if p.marker != nil && p.scratch != "" {
		files = append(files, filepath.Join(p.scratch, dispatchActive+p.marker.PipelineID))
	}
	files = append(files, p.staleHandoffs()...)
	var done []string
	for _, f := range files {
		data, err := fsx.ReadFile(f)
		if err != nil {
			continue
		}
		if _, err := fsx.Archive(f, fsx.Fingerprint(data), now); err == nil {
			done = append(done, f)
		}
	}
	return done
}

// moved adds to an error what was already archived.
func (t *Text) moved(err error, changed []string) error {
	if len(changed) == 0 {
		return err
	}
	return &wrapped{t.AlreadyDone.F(err.Error(), strings.Join(changed, ", ")), err}
}

func mustRead(p string) []byte {
	b, _ := fsx.ReadFile(p)
	return b
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// sameContent checks a possibly large file against a fingerprint,
// streaming.
func sameContent(path, fp string) error {
	f, err := fsx.Open(path, fsx.MaxStreamFile+1)
	if errors.Is(err, fs.ErrNotExist) {
		return &fsx.ChangedError{Path: path, Gone: true}
	}
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	if hex.EncodeToString(h.Sum(nil)) != fp {
		return &fsx.ChangedError{Path: path}
	}
	return nil
}

func copyContext(in map[string]any) map[string]any {
	out := make(map[string]any, len(in)+4)
	for k, v := range in {
		out[k] = v
	}
	return out
}

func problemWords(p *pipeline) string {
	if p.problem == nil {
		return p.t().NoPlan
	}
	if p.problem.Message != "" {
		return p.problem.Message
	}
	return p.problem.Detail
}

func short8(h string) string {
	if len(h) > 8 {
		return h[:8]
	}
	return h
}
