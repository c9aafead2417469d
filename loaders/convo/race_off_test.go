//go:build !race

package convo

const raceDetector = false
