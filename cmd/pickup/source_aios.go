package main

import (
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/aios"
)

func init() {
	registerSource(sourceSpec{
		name:    aios.SourceName,
		factory: func(o loaders.Options) loaders.Loader { return aios.NewIn(o.Lang) },
		help:    "aios: AIOS Bob sessions (.aios/, .aiox/ or docs/stories/.session-state.yaml)",
		title:   "AIOS",
		order:   1,
		demo:    "an AIOS story that crashed two hours ago",
	})
}
