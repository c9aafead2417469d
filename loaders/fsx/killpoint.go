//go:build !pickup_killloop

package fsx

// killPoint marks a point of a write where the kill loop's build
// (killpoint_loop.go, tag pickup_killloop) may pause or die. In every
// other build it does nothing.
func killPoint(what, path string) {}
