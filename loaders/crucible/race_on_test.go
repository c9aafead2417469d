//go:build race

package crucible

// raceDetector: built with -race, whose instrumentation allocates and
// whose sync.Pool drops a quarter of what it is given, at random.
const raceDetector = true
