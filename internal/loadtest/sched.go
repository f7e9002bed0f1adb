package loadtest

import (
	"math"
	"runtime/metrics"
	"time"
)

// The load client shares the machine with the server: its own goroutines
// wait to run, and that wait is part of every latency it measures (from
// the action written to its answer read). Result.ClientSched reports it:
// the quantiles of the Go runtime's /sched/latencies (the time goroutines
// spent runnable before running) in the client's process during the run.

const schedMetric = "/sched/latencies:seconds"

func readSched() *metrics.Float64Histogram {
	s := []metrics.Sample{{Name: schedMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64Histogram {
		return nil
	}
	return s[0].Value.Float64Histogram()
}

// schedQuantiles answers the quantiles qs of the latencies counted between
// the histograms a and b (each the upper bound of its bucket), or nil.
func schedQuantiles(a, b *metrics.Float64Histogram, qs ...float64) []time.Duration {
	if a == nil || b == nil || len(a.Counts) != len(b.Counts) {
		return nil
	}
	var total uint64
	d := make([]uint64, len(b.Counts))
	for i := range b.Counts {
		d[i] = b.Counts[i] - a.Counts[i]
		total += d[i]
	}
	if total == 0 {
		return nil
	}
	out := make([]time.Duration, len(qs))
	for k, q := range qs {
		want := uint64(math.Ceil(q * float64(total)))
		var n uint64
		for i, c := range d {
			n += c
			if n >= want {
				hi := b.Buckets[i+1]
				if math.IsInf(hi, 1) {
					hi = b.Buckets[i]
				}
				out[k] = time.Duration(hi * float64(time.Second))
				break
			}
		}
	}
	return out
}
