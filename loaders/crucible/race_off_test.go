//go:build !race

package crucible

const raceDetector = false
