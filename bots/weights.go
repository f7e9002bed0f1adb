package bots

// Weights are the tunable numbers of the bots' judgement, in medals: the
// greedy policy's and the hand-written evaluation's. Every level plays
// DefaultWeights; internal/tune measures candidate weights against them on
// many scenarios (docs/bots.md "Tuning").
type Weights struct {
	// Damage is what losing all of a unit's figures short of its
	// elimination is worth: a weakened unit is closer to giving a medal.
	Damage float64
	// Retreat is each hex an enemy is pushed back.
	Retreat float64
	// Pressure values medals more as they near the victory count.
	Pressure float64
	// ThreatMine and ThreatOpp weigh the expected damage each side's three
	// best attacks threaten (the opponent acts next).
	ThreatMine, ThreatOpp float64
	// ObjReach weighs an objective not yet held, per hex of distance.
	ObjReach float64
	// Exposure weighs the return fire a unit faces where it ends a move.
	Exposure float64
	// Advance is the pull toward the enemy and the objectives, per hex.
	Advance float64
	// CardSpend is the cost of spending a card, per unit of its strength.
	CardSpend float64
}

// DefaultWeights are the weights the levels play.
var DefaultWeights = Weights{
	Damage:     0.55,
	Retreat:    0.06,
	Pressure:   0.3,
	ThreatMine: 0.25,
	ThreatOpp:  0.45,
	ObjReach:   0.35,
	Exposure:   0.5,
	Advance:    0.04,
	CardSpend:  0.08,
}
