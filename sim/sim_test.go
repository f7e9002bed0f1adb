package sim

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"m44/bots"
	"m44/hex"
	"m44/internal/testkit"
	"m44/rules"
	"m44/scenario"
)

func smallSetup() *rules.Setup {
	s := &rules.Setup{Name: "small", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{4, 4}}
	for c := 0; c <= 20; c += 4 {
		s.Units = append(s.Units, rules.UnitSetup{Hex: hex.Hex{Row: 6, Col: int8(c + 2)}, Type: rules.UnitType(c / 4 % 3), Side: rules.Allies})
		s.Units = append(s.Units, rules.UnitSetup{Hex: hex.Hex{Row: 2, Col: int8(c + 2)}, Type: rules.UnitType((c/4 + 1) % 3), Side: rules.Axis})
	}
	return s
}

func levels(t *testing.T, a, b string, o bots.Options) [2]Factory {
	fa, err := Level(a, o)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := Level(b, o)
	if err != nil {
		t.Fatal(err)
	}
	return [2]Factory{fa, fb}
}

// strip drops what depends on the machine (thinking times).
func strip(r *Report) []Game {
	out := make([]Game, len(r.Games))
	for i, g := range r.Games {
		g.Think = [2]time.Duration{}
		g.ChoiceTimes = [2][]time.Duration{}
		out[i] = g
	}
	return out
}

func TestRunDeterministic(t *testing.T) {
	o := bots.Options{Iterations: 10, Time: bots.NoCap}
	var got [][]Game
	for _, workers := range []int{2, 2, 1} {
		cfg := Config{Name: "small", Setup: smallSetup(), Games: 6, Bots: levels(t, "easy", "medium", o),
			Names: [2]string{"easy", "medium"}, Workers: workers, Seed: 11}
		r, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Played != 6 || r.Cancelled || r.Wins[0]+r.Wins[1]+r.Draws != 6 {
			t.Fatalf("report %+v", r)
		}
		got = append(got, strip(r))
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("same seed and workers, different games:\n%v\n%v", got[0], got[1])
	}
	if !reflect.DeepEqual(got[0], got[2]) {
		t.Errorf("1 and 2 workers gave different games")
	}
	cfg := Config{Name: "small", Setup: smallSetup(), Games: 6, Bots: levels(t, "easy", "medium", o), Workers: 2, Seed: 12}
	r, _ := Run(context.Background(), cfg)
	if reflect.DeepEqual(strip(r), got[0]) {
		t.Errorf("another seed gave the same games")
	}
}

// A ladder run reproduces on any machine: with budgets in playouts and no
// wall-clock cap, the same seeds give the same games with one worker on an
// idle machine and with two workers beside goroutines that keep the cores
// busy (every search is slowed, none is cut).
func TestRunReproducesUnderLoad(t *testing.T) {
	o := bots.Options{Iterations: 4, Playouts: 24, Time: bots.NoCap}
	run := func(workers int, busy bool) []Game {
		if busy {
			defer testkit.Spin(3)()
		}
		cfg := Config{Name: "small", Setup: smallSetup(), Games: 4, Bots: levels(t, "hard", "medium", o),
			Names: [2]string{"hard", "medium"}, Workers: workers, Seed: 21, MaxDecisions: 400}
		r, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return strip(r)
	}
	a, b := run(1, false), run(2, true)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same seeds, different games under load:\n%v\n%v", a, b)
	}
}

func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int32
	cfg := Config{Name: "small", Setup: smallSetup(), Games: 50, Bots: levels(t, "random", "easy", bots.Options{}),
		Workers: 2, Seed: 1, Progress: func(p Progress) {
			if calls.Add(1) == 3 {
				cancel()
			}
		}}
	r, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Cancelled || r.Played < 3 || r.Played >= 50 {
		t.Fatalf("cancelled %v after %d games", r.Cancelled, r.Played)
	}
	for _, g := range r.Games {
		if g.Decisions[0]+g.Decisions[1] == 0 {
			t.Errorf("game %d reported without decisions", g.Index)
		}
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{{5, 10, 0.2366, 0.7634}, {0, 10, 0, 0.2775}, {10, 10, 0.7225, 1}, {81, 100, 0.7222, 0.8749}} {
		iv := Wilson(c.k, c.n)
		if math.Abs(iv.Low-c.low) > 1e-3 || math.Abs(iv.High-c.high) > 1e-3 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, iv.Low, iv.High, c.low, c.high)
		}
	}
}

func TestRunRealScenario(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "scenarios", "2-PegasusBridge.m44")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s is absent (the shared corpus is not here): skipping", path)
	}
	setup, rep := scenario.Check(path)
	if setup == nil || !rep.Playable() {
		t.Fatalf("%s is not playable: %v", path, rep)
	}
	cfg := Config{Name: path, Setup: setup, Games: 8, Bots: levels(t, "easy", "random", bots.Options{}), Workers: 2, Seed: 3}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Wins[rules.Allies] < 7 {
		t.Errorf("easy allies won %d of 8 against random", r.Wins[rules.Allies])
	}
	if r.Turns.Mean <= 0 || r.DecisionsPerSecond[0] <= 0 {
		t.Errorf("empty statistics: %+v", r)
	}
}

// Every playable file of the corpus plays to a finish between easy bots,
// sides alternating (issue 17: "every playable file plays to a finish in a
// m44 sim run of easy against easy bots").
func TestCorpusEasyGamesFinish(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "scenarios")
	paths, _ := filepath.Glob(filepath.Join(dir, "*.m44"))
	if len(paths) == 0 {
		t.Skipf("%s is absent (the shared corpus is not here): skipping", dir)
	}
	playable := 0
	for _, path := range paths {
		setup, rep := scenario.Check(path)
		if setup == nil || !rep.Playable() {
			continue
		}
		playable++
		cfg := Config{Name: path, Setup: setup, Games: 2, Bots: levels(t, "easy", "easy", bots.Options{}), Workers: 2, Seed: 5}
		r, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(path), err)
		}
		if r.Played != 2 || r.Draws != 0 || r.Wins[0]+r.Wins[1] != 2 {
			t.Errorf("%s: %d played, %d cut before the end, wins %v", filepath.Base(path), r.Played, r.Draws, r.Wins)
		}
	}
	if playable < 20 {
		t.Errorf("only %d playable files", playable)
	}
}
