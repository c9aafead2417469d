package crucible

import (
	"fmt"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// DiffText is the words of seed 004's Replay Diff report (`pickup diff`):
// its headings, table heads and labels, and its warnings. The values of
// the structured signal (--json) stay as the seed writes them.
type DiffText struct {
	DiffTitle                                       func(orig, repl string) string
	NoMutations, Outcome, MetricHead, MetricRule    string
	TotalDispatches, GateRounds, WallClock          string
	AcceptanceTests, AccChanged                     string
	PerDispatch, DispatchHead, DispatchRule         string
	NewSeq                                          func(seq int) string
	NewDispatch                                     func(summary string) string
	NotInOriginal, NotReplayed, SameSummary, NoText string
	ArtifactDiff, NoFinalSHAs, NoSHAsHint           string
	CannotDiff                                      func(err string) string
	FilesChanged                                    func(files, ins, del int) string
	DiffMoreBad                                     func(path string, n int) string
	DiffBadLine                                     func(path string, line int, reason string) string
	NoReplayEntry                                   string
}

// ErrText is the reasons DISCARD leaves a folder alone, the problems of a
// marker that cannot be read, and the errors of a write.
type ErrText struct {
	// Why a folder is not moved (shown in DISCARD's "Not moved: … (why)").
	NotInScratch, IsProject, IsHome, DirNotFound, NotAFolder string
	NotNamed                                                 func(name string) string

	// A marker that cannot be read.
	NotJSONObject func(reason string) string
	WrongType     func(field string) string
	NoPipelineID  string
	NotASession   func(id string) string

	// A manifest over the size limit.
	TooLarge func(path string, size, limit int64) string

	// Writes.
	UnknownChoice  func(choice string) string
	CPGoneApply    func(short, reason, dir string) string
	TakingCP       func(reason, dir, err string) string
	ListingCP      func(short, err string) string
	RestoringCP    func(short, err, project, undo string) string
	ArchiveExists  func(dir, name string) string
	NothingArchive string
	AlreadyDone    func(err, paths string) string
	NotRegular     func(path string) string
	ProjectNotDir  func(path string) string

	// --mutate.
	BadMutation func(v string) string
}

var englishDiff = DiffText{
	DiffTitle:       func(orig, repl string) string { return "# Replay Diff: " + orig + " vs " + repl },
	NoMutations:     "- none (a faithful replay)",
	Outcome:         "## Outcome Comparison",
	MetricHead:      "| Metric | Original | Replayed | Delta |",
	MetricRule:      "|--------|----------|----------|-------|",
	TotalDispatches: "Total dispatches", GateRounds: "Quality gate rounds", WallClock: "Wall clock time",
	AcceptanceTests: "Acceptance tests", AccChanged: "changed",
	PerDispatch:   "## Per-Dispatch Comparison",
	DispatchHead:  "| Seq | Role | Original Status | Replayed Status | Summary Delta |",
	DispatchRule:  "|-----|------|----------------|-----------------|---------------|",
	NewSeq:        func(seq int) string { return fmt.Sprintf("new %d", seq) },
	NewDispatch:   func(summary string) string { return "new dispatch: " + summary },
	NotInOriginal: "not in the original", NotReplayed: "not replayed", SameSummary: "same", NoText: "(none)",
	ArtifactDiff: "## Artifact Diff",
	NoFinalSHAs:  "- git diff <original-final-sha>..<replayed-final-sha>",
	NoSHAsHint:   "  the manifests do not record the final commits: pass --original-sha and --replay-sha",
	CannotDiff:   func(err string) string { return "  cannot diff: " + err },
	FilesChanged: func(files, ins, del int) string {
		return fmt.Sprintf("  %d files changed, +%d/-%d lines", files, ins, del)
	},
	DiffMoreBad: func(path string, n int) string {
		return fmt.Sprintf("%s: %s skipped", path, i18n.Count(n, "more bad line", "more bad lines"))
	},
	DiffBadLine: func(path string, line int, reason string) string {
		return fmt.Sprintf("%s line %d skipped: %s", path, line, reason)
	},
	NoReplayEntry: "no replay entry found (no entry has a replay_session)",
}

var portugueseDiff = DiffText{
	DiffTitle:       func(orig, repl string) string { return "# Diff do Replay: " + orig + " vs " + repl },
	NoMutations:     "- nenhuma (um replay fiel)",
	Outcome:         "## Comparação de resultados",
	MetricHead:      "| Métrica | Original | No replay | Diferença |",
	MetricRule:      "|---------|----------|-----------|-----------|",
	TotalDispatches: "Total de despachos", GateRounds: "Rodadas de quality gate", WallClock: "Tempo de relógio",
	AcceptanceTests: "Testes de aceitação", AccChanged: "mudou",
	PerDispatch:   "## Comparação por despacho",
	DispatchHead:  "| Seq | Papel | Status original | Status no replay | Diferença no resumo |",
	DispatchRule:  "|-----|-------|-----------------|------------------|---------------------|",
	NewSeq:        func(seq int) string { return fmt.Sprintf("novo %d", seq) },
	NewDispatch:   func(summary string) string { return "despacho novo: " + summary },
	NotInOriginal: "ausente do original", NotReplayed: "sem replay", SameSummary: "igual", NoText: "(nenhum)",
	ArtifactDiff: "## Diff dos artefatos",
	NoFinalSHAs:  "- git diff <sha-final-do-original>..<sha-final-do-replay>",
	NoSHAsHint:   "  os manifestos não registram os commits finais: passe --original-sha e --replay-sha",
	CannotDiff:   func(err string) string { return "  não dá para comparar: " + err },
	FilesChanged: func(files, ins, del int) string {
		return fmt.Sprintf("  %s, +%d/-%d linhas", ptCount(files, "arquivo alterado", "arquivos alterados"), ins, del)
	},
	DiffMoreBad: func(path string, n int) string {
		return fmt.Sprintf("%s: mais %s", path, ptCount(n, "linha inválida pulada", "linhas inválidas puladas"))
	},
	DiffBadLine: func(path string, line int, reason string) string {
		return fmt.Sprintf("%s linha %d pulada: %s", path, line, reason)
	},
	NoReplayEntry: "nenhuma entrada de replay encontrada (nenhuma entrada tem replay_session)",
}

var englishErrs = ErrText{
	NotInScratch: "not in the scratch directory or the temp folder",
	IsProject:    "the project or an ancestor of it",
	IsHome:       "the home folder or an ancestor of it",
	DirNotFound:  "not found",
	NotAFolder:   "not a folder (a link or a file)",
	NotNamed:     func(name string) string { return "not named " + name },

	NotJSONObject: func(reason string) string { return "not a JSON object: " + reason },
	WrongType:     func(field string) string { return fmt.Sprintf("field %s has the wrong type", field) },
	NoPipelineID:  "no pipeline_id: the dispatch directory cannot be found",
	NotASession:   func(id string) string { return fmt.Sprintf("pipeline_id %q is not a session id", id) },

	TooLarge: func(path string, size, limit int64) string {
		return fmt.Sprintf("%s: %d bytes is over pickup's %d byte (1 GiB) limit for a manifest: not read", path, size, limit)
	},

	UnknownChoice: func(choice string) string { return fmt.Sprintf("crucible: unknown choice %q", choice) },
	CPGoneApply: func(short, reason, dir string) string {
		return fmt.Sprintf("checkpoint %s (%s) is no longer in the shadow repository %s; nothing was restored", short, reason, dir)
	},
	TakingCP: func(reason, dir, err string) string {
		return fmt.Sprintf("taking the %s checkpoint in %s: %s; nothing was restored", reason, dir, err)
	},
	ListingCP: func(short, err string) string {
		return fmt.Sprintf("listing the files checkpoint %s restores: %s; nothing was restored", short, err)
	},
	RestoringCP: func(short, err, project, undo string) string {
		return fmt.Sprintf("restoring checkpoint %s: %s. The working directory may be partly restored; pickup undo in %s puts back the files as they were (or: %s)", short, err, project, undo)
	},
	ArchiveExists: func(dir, name string) string {
		return fmt.Sprintf("%s: archive name %s already exists; nothing was moved", dir, name)
	},
	NothingArchive: "crucible: there is nothing to archive for this pipeline",
	AlreadyDone:    func(err, paths string) string { return err + " (already archived: " + paths + ")" },
	NotRegular: func(path string) string {
		return path + ": is not a regular file, so pickup could not undo the restore; nothing was restored"
	},
	ProjectNotDir: func(path string) string { return "project " + path + " is not a directory" },

	BadMutation: func(v string) string {
		return fmt.Sprintf("--mutate %q: want original=replacement (for example quality-gate-prompt.md=alt-gate.md)", v)
	},
}

var portugueseErrs = ErrText{
	NotInScratch: "fora do diretório de scratch e da pasta temporária",
	IsProject:    "é o projeto ou uma pasta acima dele",
	IsHome:       "é a pasta pessoal ou uma pasta acima dela",
	DirNotFound:  "não encontrada",
	NotAFolder:   "não é uma pasta (é um link ou um arquivo)",
	NotNamed:     func(name string) string { return "o nome não é " + name },

	NotJSONObject: func(reason string) string { return "não é um objeto JSON: " + reason },
	WrongType: func(field string) string {
		if field == "" {
			return "o valor tem o tipo errado"
		}
		return fmt.Sprintf("o campo %s tem o tipo errado", field)
	},
	NoPipelineID: "sem pipeline_id: a pasta de despachos não pode ser encontrada",
	NotASession:  func(id string) string { return fmt.Sprintf("pipeline_id %q não é um id de sessão", id) },

	TooLarge: func(path string, size, limit int64) string {
		return fmt.Sprintf("%s: %d bytes passam do limite de %d bytes (1 GiB) do pickup para um manifesto: não lido", path, size, limit)
	},

	UnknownChoice: func(choice string) string { return fmt.Sprintf("crucible: escolha desconhecida %q", choice) },
	CPGoneApply: func(short, reason, dir string) string {
		return fmt.Sprintf("o checkpoint %s (%s) não está mais no repositório sombra %s; nada foi restaurado", short, reason, dir)
	},
	TakingCP: func(reason, dir, err string) string {
		return fmt.Sprintf("ao tirar o checkpoint %s em %s: %s; nada foi restaurado", reason, dir, err)
	},
	ListingCP: func(short, err string) string {
		return fmt.Sprintf("ao listar os arquivos que o checkpoint %s restaura: %s; nada foi restaurado", short, err)
	},
	RestoringCP: func(short, err, project, undo string) string {
		return fmt.Sprintf("ao restaurar o checkpoint %s: %s. O diretório de trabalho pode ter sido restaurado em parte; pickup undo em %s devolve os arquivos como estavam (ou: %s)", short, err, project, undo)
	},
	ArchiveExists: func(dir, name string) string {
		return fmt.Sprintf("%s: o nome de arquivamento %s já existe; nada foi movido", dir, name)
	},
	NothingArchive: "crucible: não há nada a arquivar deste pipeline",
	AlreadyDone:    func(err, paths string) string { return err + " (já arquivados: " + paths + ")" },
	NotRegular: func(path string) string {
		return path + ": não é um arquivo comum, então o pickup não poderia desfazer a restauração; nada foi restaurado"
	},
	ProjectNotDir: func(path string) string { return "o projeto " + path + " não é uma pasta" },

	BadMutation: func(v string) string {
		return fmt.Sprintf("--mutate %q: use original=substituto (por exemplo quality-gate-prompt.md=alt-gate.md)", v)
	},
}

// wrapped is an error whose text is said in the run's language and that
// still unwraps to its cause (errors.Is and errors.As see through it).
type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// jsonWords is a JSON reader's reason (jsonReason's English) in t's
// language: Go's own syntax error text stays, its " at byte N" and the
// wrong-type sentence follow the language.
func (t *Text) jsonWords(r string) string {
	if t.JSONReason == english.JSONReason {
		return r
	}
	if rest, ok := strings.CutPrefix(r, "field "); ok && strings.HasSuffix(rest, " has the wrong type") {
		return t.WrongType(strings.TrimSuffix(rest, " has the wrong type"))
	}
	if i := strings.LastIndex(r, " at byte "); i >= 0 {
		return r[:i] + " (byte " + r[i+len(" at byte "):] + ")"
	}
	return r
}
