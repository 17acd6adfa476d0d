//go:build unix

package render

import (
	"syscall"
	"time"
)

// cpuTime is the processor time this process has used, user and system:
// on a machine shared with other jobs it measures our work where wall
// time also counts theirs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
