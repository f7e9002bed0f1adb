// Package rating computes Glicko-2 ratings (Mark E. Glickman, "Example of
// the Glicko-2 system", 2013): each player has a rating r, a rating
// deviation RD and a volatility σ; a rating period's results against rated
// opponents update all three. Pure: no I/O, no clock.
package rating

import "math"

// Player is a rating on the Glicko scale (1500 / 350 / 0.06 for a new one).
type Player struct {
	Rating, RD, Vol float64
}

// New is an unrated player's rating.
var New = Player{Rating: 1500, RD: 350, Vol: 0.06}

// Result is one game of a rating period: the opponent's rating before the
// period, and the score (1 win, 0.5 draw, 0 loss).
type Result struct {
	Opponent Player
	Score    float64
}

// Tau constrains the change of volatility over time (the paper suggests
// 0.3 to 1.2); 0.5 is the paper's example.
const Tau = 0.5

const (
	scale   = 173.7178
	epsilon = 0.000001
)

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func e(mu, muJ, phiJ float64) float64 { return 1 / (1 + math.Exp(-g(phiJ)*(mu-muJ))) }

// Update is p's rating after a rating period with results (steps 2 to 8 of
// the paper). A period without games only widens the deviation (step 6).
func Update(p Player, results []Result, tau float64) Player {
	mu, phi := (p.Rating-1500)/scale, p.RD/scale
	if len(results) == 0 {
		phiStar := math.Sqrt(phi*phi + p.Vol*p.Vol)
		return Player{Rating: p.Rating, RD: math.Min(phiStar*scale, 350), Vol: p.Vol}
	}
	// Step 3: the estimated variance v; step 4: the improvement Δ.
	var vInv, sum float64
	for _, r := range results {
		muJ, phiJ := (r.Opponent.Rating-1500)/scale, r.Opponent.RD/scale
		gj, ej := g(phiJ), e(mu, muJ, phiJ)
		vInv += gj * gj * ej * (1 - ej)
		sum += gj * (r.Score - ej)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(p.Vol * p.Vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		return ex*(delta*delta-phi*phi-v-ex)/(2*math.Pow(phi*phi+v+ex, 2)) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	vol := math.Exp(A / 2)
	// Steps 6 and 7: the new deviation and rating; step 8: back to the
	// Glicko scale.
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Player{Rating: scale*muNew + 1500, RD: scale * phiNew, Vol: vol}
}

// Bots have fixed ratings (games against players do not change them), so
// that a player sees where they stand against each level. They come from
// the strength ladder of docs/bots.md: each level's score against the level
// below gives the rating gap of the logistic Elo/Glicko expectation,
// gap = 400·log10(p/(1-p)); medium is set at 1500, a new player's rating.
var Bots = botRatings()

// Ladder is docs/bots.md's ladder: each level's score against the level
// below it (medium vs easy 101/160 = 63 %, hard vs medium 30/48 = 62 %,
// easy vs random 240/240, taken at its interval's low end, 98 %).
var Ladder = []struct {
	Level, Below string
	Score        float64
}{
	{"easy", "random", 0.98},
	{"medium", "easy", 101.0 / 160},
	{"hard", "medium", 30.0 / 48},
}

// Gap is the rating difference at which the stronger side's expected
// score is p.
func Gap(p float64) float64 { return 400 * math.Log10(p/(1-p)) }

func botRatings() map[string]Player {
	r := map[string]float64{"medium": 1500}
	// Up from medium, then down.
	for changed := true; changed; {
		changed = false
		for _, l := range Ladder {
			if v, ok := r[l.Below]; ok {
				if _, done := r[l.Level]; !done {
					r[l.Level], changed = v+Gap(l.Score), true
				}
			}
			if v, ok := r[l.Level]; ok {
				if _, done := r[l.Below]; !done {
					r[l.Below], changed = v-Gap(l.Score), true
				}
			}
		}
	}
	out := map[string]Player{}
	for lv, v := range r {
		out[lv] = Player{Rating: math.Round(v), RD: 50, Vol: 0.06}
	}
	return out
}
