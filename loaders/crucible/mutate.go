package crucible

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Mutation is one --mutate original=replacement.
type Mutation struct {
	Original    string `json:"original"`
	Replacement string `json:"replacement"`
	// Exists says whether the replacement file was found.
	Exists bool `json:"replacement_exists"`
	// Dispatches counts the re-executed dispatches it applies to.
	Dispatches int `json:"dispatches"`
	// Stale is set when the original template was modified after the
	// original run started.
	Stale bool `json:"stale,omitempty"`
}

// ParseMutation reads "original=replacement".
func ParseMutation(s string) (Mutation, error) { return ParseMutationIn(s, i18n.English) }

// ParseMutationIn is ParseMutation, its error in lang.
func ParseMutationIn(s string, lang i18n.Lang) (Mutation, error) {
	o, r, ok := strings.Cut(s, "=")
	o, r = strings.TrimSpace(o), strings.TrimSpace(r)
	if !ok || o == "" || r == "" {
		return Mutation{}, errors.New(Catalogs.For(lang).BadMutation.F(strconv.Quote(s)))
	}
	return Mutation{Original: o, Replacement: r}, nil
}

func (pl *ReplayPlan) mutations(in planInput) {
	for _, mu := range in.opts.Mutations {
		mu.Exists = isFile(absFrom(in.project, mu.Replacement))
		// The re-executed dispatches whose template the index swaps for
		// this mutation's replacement (their rows' Mutation).
		for i := pl.point; i < len(pl.phases); i++ {
			for _, e := range pl.phases[i].Dispatches {
				t := e.Template()
				if _, ok := pl.mut[templateKey(t)]; !ok || t == "" {
					continue
				}
				// As the row's Mutation ("<template> -> <replacement>")
				// reads back: up to its first " -> ".
				if i := strings.Index(t, " -> "); i >= 0 {
					t = t[:i]
				}
				if templateKey(t) == templateKey(mu.Original) {
					mu.Dispatches++
				}
			}
		}
		if !mu.Exists {
			pl.Warnings = append(pl.Warnings, pl.text().MutateMissing.F(mu.Original, mu.Replacement))
		}
		if mu.Dispatches == 0 {
			pl.Warnings = append(pl.Warnings, pl.text().MutateUnused.F(mu.Original, filepath.Base(mu.Original)))
		}
		// Staleness: the original template, when it can be found, against
		// the original run's first entry.
		if first, ok := pl.firstTime(in); ok {
			if st, err := os.Stat(absFrom(in.project, mu.Original)); err == nil && !st.IsDir() && st.ModTime().After(first) {
				mu.Stale = true
				pl.Warnings = append(pl.Warnings, pl.text().TemplateNewer.F(filepath.Base(mu.Original)))
			}
		}
		pl.Mutations = append(pl.Mutations, mu)
	}
}

func mutationIndex(ms []Mutation) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		out[templateKey(m.Original)] = m.Replacement
	}
	return out
}

// templateKey compares templates by file name, with or without ".md".
func templateKey(s string) string {
	return strings.TrimSuffix(strings.ToLower(filepath.Base(strings.TrimSpace(s))), ".md")
}

func absFrom(base, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	if wd, err := os.Getwd(); err == nil {
		if c := filepath.Join(wd, p); isFile(c) || base == "" {
			return c
		}
	}
	if base != "" {
		return filepath.Join(base, p)
	}
	return p
}
