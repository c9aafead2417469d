package main

import (
	"time"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/speckit"
)

func init() {
	registerSource(sourceSpec{
		name:    speckit.SourceName,
		factory: func(o loaders.Options) loaders.Loader { return speckit.Loader{Lang: o.Lang} },
		help:    "speckit: GitHub spec-kit's feature folders (specs/NNN-name/tasks.md, .specify/feature.json), resumed at the first unticked task of the earliest unfinished phase",
		title:   "spec-kit",
		order:   10,
		demo:    "a spec-kit feature six tasks in",
		// tasks.md's time is the session's: half an hour before the
		// AIOS crash, so the picker's order is the same on every run.
		sample: &formatSample{ages: []sampleAge{{"project/specs/", 150 * time.Minute}, {"project/.specify/", 150 * time.Minute}}},
	})
}
