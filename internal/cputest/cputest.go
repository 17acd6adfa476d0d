// Package cputest measures the processor time this process has used, for
// benchmarks on a machine shared with other jobs: there the wall clock
// also counts their work, and CPU time counts only ours.
package cputest

import "time"

// Process is the user and system time this process has used so far; 0
// where the system does not say (the benchmarks then report wall time).
func Process() time.Duration { return processCPU() }
