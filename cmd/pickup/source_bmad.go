package main

import (
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/bmad"
)

func init() {
	registerSource(sourceSpec{
		name:    bmad.SourceName,
		factory: func(o loaders.Options) loaders.Loader { return bmad.Loader{Lang: o.Lang, Now: o.Now} },
		help:    "bmad: BMAD method v6 sprints (each sprint-status.yaml in _bmad/bmm/config.yaml's implementation_artifacts, _bmad-output/implementation-artifacts/ or docs/sprint-artifacts/, with its story files)",
		title:   "BMAD",
		order:   8,
		demo:    "a BMAD sprint with a story in progress",
	})
}
