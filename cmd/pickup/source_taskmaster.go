package main

import (
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/taskmaster"
)

func init() {
	registerSource(sourceSpec{
		name:    taskmaster.SourceName,
		factory: func(o loaders.Options) loaders.Loader { return taskmaster.Loader{Lang: o.Lang} },
		help:    "taskmaster: task-master's .taskmaster/tasks/tasks.json, a session per tag (current from .taskmaster/state.json), or the legacy tasks/tasks.json",
		title:   "task-master",
		order:   9,
		demo:    "a task-master tag with a task in progress",
	})
}
