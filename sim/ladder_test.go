package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"m44/bots"
	"m44/rules"
)

// stripLadder drops what depends on the machine (thinking times).
func stripLadder(rs []*PairResult) []*PairResult {
	var out []*PairResult
	for _, r := range rs {
		c := *r
		c.Time = [2]Percentiles{{Choices: r.Time[0].Choices}, {Choices: r.Time[1].Choices}}
		c.CPU = [2]Percentiles{}
		out = append(out, &c)
	}
	return out
}

// A ladder is reproducible from its seeds whatever the workers, and its
// cache gives back the same games without playing them; each pair plays
// every scenario with the level under test on each side in every round.
func TestLadderReproduces(t *testing.T) {
	small := smallSetup()
	other := smallSetup()
	other.First = rules.Axis
	cfg := LadderConfig{
		Battles: []Battle{{"small", small}, {"axis-first", other}},
		Pairs:   []Pair{{Level: "medium", Opponent: "easy", Rounds: 2, Seed: 3}, {Level: "easy", Opponent: "random", Rounds: 3, Seed: 4}},
		Options: bots.Options{Iterations: 4, Time: bots.NoCap},
		Cache:   t.TempDir(),
	}
	run := func(workers int) ([]*PairResult, int) {
		c := cfg
		c.Workers = workers
		cached := 0
		c.Progress = func(p Pair, r int, fromCache bool) {
			if fromCache {
				cached++
			}
		}
		rs, err := RunLadder(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		return rs, cached
	}
	first, cached := run(1)
	if cached != 0 {
		t.Fatalf("%d rounds from an empty cache", cached)
	}
	for _, r := range first {
		wins, played, draws := r.Totals()
		if r.Rounds != r.Pair.Rounds || played != [2]int{2 * r.Rounds, 2 * r.Rounds} {
			t.Errorf("%s vs %s: %d rounds, %v games by side; want %d rounds, one game per scenario and side each",
				r.Pair.Level, r.Pair.Opponent, r.Rounds, played, r.Pair.Rounds)
		}
		if wins[0]+wins[1]+draws > played[0]+played[1] {
			t.Errorf("more results than games: %v wins, %d draws, %v played", wins, draws, played)
		}
		if r.Time[0].Choices == 0 || r.Time[0].Max < r.Time[0].P99 || r.Time[0].P99 < r.Time[0].P50 {
			t.Errorf("%s's time per choice %+v", r.Pair.Level, r.Time[0])
		}
		if _, ok := processCPU(); ok && r.CPU[0].Choices != r.Time[0].Choices {
			t.Errorf("%s: CPU time of %d choices, want all %d (games one at a time)", r.Pair.Level, r.CPU[0].Choices, r.Time[0].Choices)
		}
	}
	again, cached := run(1)
	if cached != 5 {
		t.Errorf("%d of 5 rounds read from the cache", cached)
	}
	if !equalJSON(t, first, again) {
		t.Error("the cache gave back other results (times included)")
	}
	cfg.Cache = ""
	fresh, _ := run(2)
	if !equalJSON(t, stripLadder(first), stripLadder(fresh)) {
		t.Error("replayed with 2 workers: other games")
	}
	var buf bytes.Buffer
	if err := WriteLadder(&buf, first); err != nil {
		t.Fatal(err)
	}
	wins, _, _ := first[1].Totals()
	want := "**" + itoa(wins[0]+wins[1]) + "/12 = "
	if out := buf.String(); !strings.Contains(out, "#### easy vs random — 12 games") || !strings.Contains(out, want) ||
		!strings.Contains(out, "| axis-first |") || !strings.Contains(out, "| easy | ") {
		t.Errorf("markdown lacks the pair's heading, total %q, a scenario's row or the time table:\n%s", want, out)
	}
}

func TestPercentiles(t *testing.T) {
	var ts []time.Duration
	for i := 100; i >= 1; i-- {
		ts = append(ts, time.Duration(i)*time.Millisecond)
	}
	p := percentiles(ts)
	if p.Choices != 100 || p.P50 != 50*time.Millisecond || p.P99 != 99*time.Millisecond || p.Max != 100*time.Millisecond ||
		p.Mean != 50500*time.Microsecond {
		t.Errorf("percentiles of 1..100 ms: %+v", p)
	}
	if (percentiles(nil) != Percentiles{}) {
		t.Error("percentiles of nothing")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func equalJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(ja, jb)
}
