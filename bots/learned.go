package bots

import (
	"math"

	"m44/rules"
)

// The learned evaluation: the chance that the active side wins, judged at
// the start of its battles (the point where a turn's plan is complete and
// its dice are about to be rolled), as a logistic function of a few
// features of the position. The coefficients were fitted by internal/tune
// -fit on positions of greedy-versus-greedy games over every playable
// scenario, labelled by who won (docs/bots.md "Learned evaluation").

// NumFeatures is the size of the learned evaluation's input: the twelve
// base features, then the extra ones (baseFeatures on), computed only for
// a model that weighs them (LearnedModel does not: medium judges as it did).
const NumFeatures = 18

// baseFeatures are the first features, those LearnedModel weighs.
const baseFeatures = 12

// FeatureNames name the features, in order.
var FeatureNames = [NumFeatures]string{
	"bias", "medals to go (them - us)", "1/medals to go (us)", "1/medals to go (them)",
	"battles to come", "battles to come / medals to go", "damage on them", "damage on us",
	"units (us - them)", "their threat", "our threat", "objectives within reach (us - them)",
	"infantry (us - them)", "armor (us - them)", "artillery (us - them)",
	"our units next to an enemy", "their units next to an enemy", "figures (us - them)",
}

// Model is a set of coefficients of the learned evaluation.
type Model [NumFeatures]float64

// Features are the inputs of the learned evaluation for s, a state at the
// start of the active side's battles (or of its Air Power / Barrage target
// choice), seen from the active side.
func Features(s *rules.State) [NumFeatures]float64 {
	k := newKnow(s, &DefaultWeights)
	defer k.free()
	return k.features(s.Active(), k.coming(s.Active(), nil), true)
}

// coming is the expected value of side's battles about to be fought.
func (k *know) coming(side rules.Side, buf []rules.Action) float64 {
	switch k.s.Phase() {
	case rules.PhaseBattle:
		return battlePlan(k, k.s.LegalActions(buf[:0]))
	case rules.PhaseTarget:
		return targetPlan(k, side, k.eff)
	}
	return 0
}

// features are the inputs for active side a, with ev the expected value of
// its battles about to be fought; the extra ones (from baseFeatures on)
// only if ext, zero otherwise.
func (k *know) features(a rules.Side, ev float64, ext bool) [NumFeatures]float64 {
	o := a.Opp()
	m := k.s.Medals()
	ta := float64(max(1, k.st.vic[a]-m[a]))
	to := float64(max(1, k.st.vic[o]-m[o]))
	var dmg, n [2]float64
	for i := range k.units {
		u := &k.units[i]
		dmg[u.side] += float64(u.max-u.fig) / float64(u.max)
		n[u.side]++
	}
	f := [NumFeatures]float64{
		1, to - ta, 1 / ta, 1 / to,
		ev, ev / ta, dmg[o], dmg[a],
		n[a] - n[o], k.threat(o), k.threat(a), k.objectiveReach(a) - k.objectiveReach(o),
	}
	if !ext {
		return f
	}
	var typ [2][3]float64
	var near, figs [2]float64
	for i := range k.units {
		u := &k.units[i]
		if u.typ <= rules.Artillery {
			typ[u.side][u.typ]++
		}
		figs[u.side] += float64(u.fig)
		if k.enemyAdjacent(u.pos, u.side, -1) {
			near[u.side]++
		}
	}
	f[12] = typ[a][rules.Infantry] - typ[o][rules.Infantry]
	f[13] = typ[a][rules.Armor] - typ[o][rules.Armor]
	f[14] = typ[a][rules.Artillery] - typ[o][rules.Artillery]
	f[15], f[16] = near[a], near[o]
	f[17] = figs[a] - figs[o]
	return f
}

// extended reports whether m weighs the extra features.
func (m *Model) extended() bool {
	for _, c := range m[baseFeatures:] {
		if c != 0 {
			return true
		}
	}
	return false
}

// z is the model's log-odds that the active side wins.
func (m *Model) z(f *[NumFeatures]float64) float64 {
	z := 0.0
	for i := range f {
		z += m[i] * f[i]
	}
	return z
}

// Medal is the log-odds one medal is worth (the coefficient of the medal
// difference), to put the model's judgement in medals.
func (m *Model) medal() float64 { return math.Max(m[1], 0.1) }

// value is the model's judgement of k for side me, in medals, with ev the
// expected value of the active side's battles about to be fought.
func (m *Model) value(k *know, me rules.Side, ev float64) float64 {
	if over, w := k.s.Over(); over {
		if w == me {
			return winValue
		}
		return -winValue
	}
	a := k.s.Active()
	f := k.features(a, ev, m.extended())
	v := m.z(&f) / m.medal()
	if a != me {
		v = -v
	}
	return v
}

// Win is the model's chance that side me wins s (a state at the start of
// the active side's battles).
func (m *Model) Win(s *rules.State, me rules.Side) float64 {
	f := Features(s)
	p := 1 / (1 + math.Exp(-m.z(&f)))
	if s.Active() != me {
		p = 1 - p
	}
	return p
}

// LearnedModel is the fitted evaluation (internal/tune -fit -games 100:
// 46k positions of 3,000 games on 30 scenarios; held-out log-loss 0.524,
// against 0.584 for the hand-written evaluation calibrated the same way).
var LearnedModel = Model{
	-0.3780, // bias
	0.5355,  // medals to go (them - us)
	2.6133,  // 1/medals to go (us)
	-1.7310, // 1/medals to go (them)
	0.9669,  // battles to come
	-0.9280, // battles to come / medals to go
	0.5350,  // damage on them
	-0.6414, // damage on us
	0.1221,  // units (us - them)
	-0.0308, // their threat
	0.0120,  // our threat
	0.3330,  // objectives within reach (us - them)
}

// LearnedModelExt is the learned evaluation with the extra features,
// fitted on greedy and medium games together: `go run ./internal/tune -fit
// -load greedy.gob,medium.gob -ext` on the positions saved by `-fit -games
// 100 -save greedy.gob` (3,000 greedy-versus-greedy games, 82,320
// positions) and `-fit -players medium -games 40 -until 26m -save
// medium.gob` (390 medium-versus-medium games: 13 per scenario, 10,228
// positions), one game in five of each held out. Held-out log-loss: on the
// greedy games 0.522 (LearnedModel 0.533), on the medium games 0.548
// (LearnedModel 0.545). Tried as hard's evaluation (docs/bots.md "Hard
// variants screened (issue 15, fifth pass)").
var LearnedModelExt = Model{
	-0.3305, // bias
	0.7793,  // medals to go (them - us)
	2.0086,  // 1/medals to go (us)
	-1.2364, // 1/medals to go (them)
	0.9631,  // battles to come
	-0.9188, // battles to come / medals to go
	0.4071,  // damage on them
	-0.4827, // damage on us
	-0.0079, // units (us - them)
	-0.0316, // their threat
	0.0108,  // our threat
	0.7447,  // objectives within reach (us - them)
	-0.1839, // infantry (us - them)
	0.0431,  // armor (us - them)
	0.1329,  // artillery (us - them)
	-0.0337, // our units next to an enemy
	0.0274,  // their units next to an enemy
	0.0439,  // figures (us - them)
}

// LearnedModelMedium is the learned evaluation with the extra features
// fitted on medium games alone: `go run ./internal/tune -fit -load
// greedy.gob,medium.gob -train 1 -ext` (the positions of LearnedModelExt:
// 7,602 of them to fit on, from 300 of the 390 medium-versus-medium games).
// Held-out log-loss on the medium games 0.552 (LearnedModel 0.545: too few
// games to fit on), on the greedy games 0.535 (0.533). Tried as hard's
// evaluation (docs/bots.md "Hard variants screened (issue 15, fifth pass)").
var LearnedModelMedium = Model{
	-0.2711, // bias
	0.8968,  // medals to go (them - us)
	0.8988,  // 1/medals to go (us)
	-0.3417, // 1/medals to go (them)
	1.1755,  // battles to come
	-1.1306, // battles to come / medals to go
	0.3459,  // damage on them
	-0.4182, // damage on us
	-0.0812, // units (us - them)
	-0.0321, // their threat
	0.0327,  // our threat
	0.6224,  // objectives within reach (us - them)
	-0.1185, // infantry (us - them)
	0.0390,  // armor (us - them)
	-0.0017, // artillery (us - them)
	0.0495,  // our units next to an enemy
	-0.0611, // their units next to an enemy
	0.0579,  // figures (us - them)
}
