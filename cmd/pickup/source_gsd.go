package main

import (
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/gsd"
)

func init() {
	registerSource(sourceSpec{
		name:    gsd.SourceName,
		factory: func(o loaders.Options) loaders.Loader { return gsd.New(o.Lang) },
		help:    "gsd: GSD (get-shit-done) .planning/ projects (STATE.md, ROADMAP.md, phases/, HANDOFF.json) and gsd-2 .gsd/ projects (STATE.md, auto.lock)",
		title:   "GSD",
		order:   7,
		demo:    "a GSD phase paused mid-plan",
	})
}
