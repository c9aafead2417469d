package main

import (
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/aios"
)

func init() {
	registerSource(sourceSpec{
		name:    aios.SourceName,
		factory: func(loaders.Options) loaders.Loader { return aios.New() },
		help:    "aios: AIOS Bob sessions (.aios/, .aiox/ or docs/stories/.session-state.yaml)",
	})
}
