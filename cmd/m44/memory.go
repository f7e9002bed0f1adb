package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// The server's memory (issue 14, tenth pass; docs/web-api.md). By default
// m44 serve collects at GOGC=serveGOGC: the heap grows to three times what
// is live before a collection. A server given a memory budget
// (--memory) collects only as its heap nears the budget, while what is live
// stays under half of it: at 1,000 games each collection marks some 200 MB
// in ~0.13 s with the two cores already busy, and the actions answered
// meanwhile wait (the p99 at 5,000 actions/s was these waits). Once the
// live heap passes half the budget, the server collects at serveGOGC again
// (under the budget still: Go's memory limit), so a budget too small for
// the games does not make the collector run without pause; back under
// three eighths, it collects rarely again.

// parseSize reads a memory size: a whole number of bytes with a unit, KiB,
// MiB or GiB (also KB, MB, GB, as powers of 1,000).
func parseSize(s string) (int64, error) {
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
			if err != nil || n <= 0 || n > (1<<50)/u.mult {
				break
			}
			return n * u.mult, nil
		}
	}
	return 0, fmt.Errorf("%q: want a size such as 1200MiB or 2GiB", s)
}

// minMemory is the smallest budget --memory takes: below it the server
// would collect at serveGOGC from the start, the budget doing nothing.
const minMemory = 64 << 20

// gcPercentFor is the GOGC for a live heap of live bytes under a memory
// budget of limit, the current one being cur: collections only as the heap
// nears the budget (-1: off, the limit still holding) while live is under
// half the budget, at serveGOGC once it is over, and back off once it is
// under three eighths (the gap keeps a heap near half the budget from
// switching at every check).
func gcPercentFor(live, limit uint64, cur int) int {
	switch {
	case live > limit/2:
		return serveGOGC
	case live < limit/8*3:
		return -1
	}
	return cur
}

// manageMemory sets the budget of limit bytes and keeps GOGC to
// gcPercentFor, reading the live heap every second, until ctx is done.
func manageMemory(ctx context.Context, limit int64) {
	debug.SetMemoryLimit(limit)
	debug.SetGCPercent(-1)
	cur := -1
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			continue
		}
		if p := gcPercentFor(sample[0].Value.Uint64(), uint64(limit), cur); p != cur {
			debug.SetGCPercent(p)
			cur = p
		}
	}
}
