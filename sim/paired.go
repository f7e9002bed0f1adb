package sim

import (
	"fmt"
	"math"
	"os"
	"slices"
)

// PairedResult compares two levels played against the same opponent on the
// same deals (two ladder pairs with the same opponent and seed), game by
// game: the same round, side and scenario give the same deal to both, so a
// game one level won and the other lost measures the levels rather than
// the deal.
type PairedResult struct {
	A, B  Pair
	Games int    // games both played
	Wins  [2]int // A's and B's wins in those games
	// Only[0]: games A won and B did not; Only[1] the other way.
	Only [2]int
	// P is the two-sided sign test of Only: the chance of a split at least
	// this uneven between two equally strong levels.
	P float64
}

// ComparePairs reads the rounds of pairs a and b saved in a ladder cache
// directory (LadderConfig.Cache) and compares them game by game, over the
// rounds both have (at most a's and b's Rounds, where set). The pairs must
// share their opponent and seed (the same deals), and each round the same
// scenarios and bot options.
func ComparePairs(dir string, a, b Pair) (*PairedResult, error) {
	if a.Opponent != b.Opponent || a.Seed != b.Seed {
		return nil, fmt.Errorf("%s-%s:%d and %s-%s:%d are not played on the same deals (want the same opponent and seed)",
			a.Level, a.Opponent, a.Seed, b.Level, b.Opponent, b.Seed)
	}
	res := &PairedResult{A: a, B: b}
	for r := 0; (a.Rounds <= 0 || r < a.Rounds) && (b.Rounds <= 0 || r < b.Rounds); r++ {
		ra, errA := readRound(dir, a, r)
		rb, errB := readRound(dir, b, r)
		if os.IsNotExist(errA) || os.IsNotExist(errB) {
			break
		}
		if errA != nil {
			return nil, errA
		}
		if errB != nil {
			return nil, errB
		}
		if !slices.Equal(ra.Scenarios, rb.Scenarios) {
			return nil, fmt.Errorf("round %d: the two pairs played other scenarios (%v, %v)", r, ra.Scenarios, rb.Scenarios)
		}
		if ra.Options != rb.Options {
			return nil, fmt.Errorf("round %d: the two pairs' bots had other options (%+v, %+v)", r, ra.Options, rb.Options)
		}
		for side := range ra.Games {
			for k := range min(len(ra.Games[side]), len(rb.Games[side])) {
				ga, gb := &ra.Games[side][k], &rb.Games[side][k]
				if ga.Seed != gb.Seed {
					return nil, fmt.Errorf("round %d, %s: not the same deal (seeds %d and %d)", r, ra.Scenarios[k], ga.Seed, gb.Seed)
				}
				wa := ga.Finished && int(ga.Winner) == side
				wb := gb.Finished && int(gb.Winner) == side
				res.Games++
				if wa {
					res.Wins[0]++
				}
				if wb {
					res.Wins[1]++
				}
				switch {
				case wa && !wb:
					res.Only[0]++
				case wb && !wa:
					res.Only[1]++
				}
			}
		}
	}
	res.P = signTest(res.Only[0], res.Only[1])
	return res, nil
}

// signTest is the two-sided exact binomial test of a split a:b at even
// odds.
func signTest(a, b int) float64 {
	n, k := a+b, min(a, b)
	if n == 0 {
		return 1
	}
	// P(X <= k) for X ~ Binomial(n, 1/2), each term from logs.
	sum := 0.0
	for i := 0; i <= k; i++ {
		lg := lgamma(n+1) - lgamma(i+1) - lgamma(n-i+1) - float64(n)*math.Ln2
		sum += math.Exp(lg)
	}
	return math.Min(1, 2*sum)
}

func lgamma(x int) float64 {
	v, _ := math.Lgamma(float64(x))
	return v
}
