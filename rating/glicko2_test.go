package rating

import (
	"math"
	"testing"
)

// Glickman, "Example of the Glicko-2 system" (2013), section "Example
// calculation": a player rated 1500 (RD 200, σ 0.06) beats a 1400 (RD 30)
// and loses to a 1550 (RD 100) and a 1700 (RD 300), with τ = 0.5: the new
// rating is 1464.06, RD 151.52, σ 0.05999.
func TestGlickmanExample(t *testing.T) {
	p := Player{Rating: 1500, RD: 200, Vol: 0.06}
	got := Update(p, []Result{
		{Opponent: Player{Rating: 1400, RD: 30, Vol: 0.06}, Score: 1},
		{Opponent: Player{Rating: 1550, RD: 100, Vol: 0.06}, Score: 0},
		{Opponent: Player{Rating: 1700, RD: 300, Vol: 0.06}, Score: 0},
	}, 0.5)
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"rating", got.Rating, 1464.06, 0.01},
		{"RD", got.RD, 151.52, 0.01},
		{"volatility", got.Vol, 0.05999, 0.00001}, // printed to 5 decimals in the paper (0.059996 unrounded)
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s %.7f, want %.5f", c.name, c.got, c.want)
		}
	}
}

// A period without games widens the deviation (step 6), up to 350, and
// keeps the rating.
func TestNoGames(t *testing.T) {
	got := Update(Player{Rating: 1600, RD: 100, Vol: 0.06}, nil, Tau)
	if got.Rating != 1600 || math.Abs(got.RD-math.Sqrt(100*100+math.Pow(0.06*173.7178, 2))) > 1e-9 {
		t.Fatalf("%+v", got)
	}
	if got := Update(New, nil, Tau); got.RD != 350 {
		t.Fatalf("RD beyond 350: %+v", got)
	}
}

// Between two new players, the winner gains what the loser loses.
func TestWinnerGains(t *testing.T) {
	w := Update(New, []Result{{Opponent: New, Score: 1}}, Tau)
	l := Update(New, []Result{{Opponent: New, Score: 0}}, Tau)
	if w.Rating <= 1500 || l.Rating >= 1500 || math.Abs((w.Rating-1500)-(1500-l.Rating)) > 1e-6 || w.RD >= 350 {
		t.Fatalf("winner %+v, loser %+v", w, l)
	}
}

// The bots' ratings follow docs/bots.md's ladder: medium is 1500, and each
// level is above the one below by the gap its measured score gives
// (63 % ≈ +92, 62.5 % ≈ +89, 98 % ≈ +676).
func TestBotRatingsFromTheLadder(t *testing.T) {
	want := map[string]float64{"random": 1500 - 92 - 676, "easy": 1500 - 92, "medium": 1500, "hard": 1500 + 89}
	for lv, w := range want {
		if got := Bots[lv].Rating; math.Abs(got-w) > 1 {
			t.Errorf("%s: %.0f, want %.0f", lv, got, w)
		}
	}
	if math.Abs(Gap(0.75)-190.85) > 0.01 {
		t.Errorf("gap at 75 %%: %.2f", Gap(0.75))
	}
}
