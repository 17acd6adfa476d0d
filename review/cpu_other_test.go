//go:build !unix

package review

import "time"

// processCPU is unknown here: the benchmark reports wall time only.
func processCPU() time.Duration { return 0 }
