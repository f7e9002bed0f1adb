package sim

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"m44/bots"
)

// ComparePairs counts, over the rounds both pairs saved, the games each
// level won and those only one of them won, and tests the split.
func TestComparePairs(t *testing.T) {
	dir := t.TempDir()
	a := Pair{Level: "hard", Opponent: "medium", Seed: 9}
	b := Pair{Level: "hardx", Opponent: "medium", Seed: 9}
	// winners[pair][round][side][scenario]: true when the level won.
	write := func(p Pair, r int, won [2][2]bool) {
		rd := round{Level: p.Level, Opponent: p.Opponent, Seed: p.Seed, Round: r, Scenarios: []string{"s1", "s2"}}
		for side := range rd.Games {
			for k := range 2 {
				g := Game{Seed: uint64(100*r + 10*side + k), Finished: true, Winner: 1}
				if won[side][k] == (side == 0) {
					g.Winner = 0
				}
				rd.Games[side] = append(rd.Games[side], g)
			}
		}
		data, _ := json.Marshal(rd)
		if err := os.WriteFile(roundPath(dir, p, r), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(a, 0, [2][2]bool{{true, false}, {true, true}})
	write(b, 0, [2][2]bool{{true, true}, {false, false}})
	write(a, 1, [2][2]bool{{false, false}, {true, false}})
	write(b, 1, [2][2]bool{{true, true}, {true, true}})
	write(a, 2, [2][2]bool{{true, true}, {true, true}}) // b has no round 2: not counted
	res, err := ComparePairs(dir, a, b)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 8 || res.Wins != [2]int{4, 6} || res.Only != [2]int{2, 4} {
		t.Errorf("games %d, wins %v, only %v: want 8, [4 6], [2 4]", res.Games, res.Wins, res.Only)
	}
	// 2:4 at even odds: 2 × (1 + 6 + 15) / 64.
	if want := 44.0 / 64; math.Abs(res.P-want) > 1e-9 {
		t.Errorf("p = %v, want %v", res.P, want)
	}
	a.Rounds = 1 // round 0 alone
	if res, err := ComparePairs(dir, a, b); err != nil || res.Games != 4 || res.Wins != [2]int{3, 2} {
		t.Errorf("round 0 alone: %+v, %v: want 4 games, wins [3 2]", res, err)
	}
	if _, err := ComparePairs(dir, a, Pair{Level: "hardx", Opponent: "easy", Seed: 9}); err == nil {
		t.Error("pairs against another opponent compared")
	}
	// A pair whose bots ran with other options is another measure.
	c := Pair{Level: "hardy", Opponent: "medium", Seed: 9}
	rd := round{Level: c.Level, Opponent: c.Opponent, Seed: c.Seed, Scenarios: []string{"s1", "s2"}, Options: bots.Options{Playouts: 7}}
	data, _ := json.Marshal(rd)
	if err := os.WriteFile(roundPath(dir, c, 0), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ComparePairs(dir, a, c); err == nil {
		t.Error("pairs played with other bot options compared")
	}
}

func TestSignTest(t *testing.T) {
	for _, c := range []struct {
		a, b int
		p    float64
	}{{0, 0, 1}, {3, 3, 1}, {0, 5, 2.0 / 32}, {28, 36, 0.381}, {51, 38, 0.203}} {
		if got := signTest(c.a, c.b); math.Abs(got-c.p) > 0.001 {
			t.Errorf("signTest(%d, %d) = %.4f, want %.3f", c.a, c.b, got, c.p)
		}
	}
}
