//go:build !linux

package play

// lowerThreadPriority does nothing where threads have no priority of their
// own that we can set portably.
func lowerThreadPriority() {}
