//go:build !unix

package sim

import "time"

// processCPU: not told on this system.
func processCPU() (time.Duration, bool) { return 0, false }
