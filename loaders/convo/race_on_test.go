//go:build race

package convo

// raceDetector: built with -race, which makes decoding ten times slower
// and finds nothing in these one-goroutine readers: the exactness tests
// read fewer files.
const raceDetector = true
