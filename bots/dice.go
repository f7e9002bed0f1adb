package bots

import (
	"math"

	"m44/rules"
)

// Battle outcomes computed exactly over the die faces: two infantry, one
// armor, one grenade, one star, one flag. A die hits a unit on its symbol or
// a grenade (Air Power: stars too), and a flag makes it retreat.

// maxDice bounds the dice of one roll in the tables.
const maxDice = 12

// outcome is one (hits, flags) result of a roll and its probability.
type outcome struct {
	hits, flags int8
	p           float64
}

// rollTable[hitFaces][n] lists the outcomes of n dice where hitFaces of the
// six faces hit (1..4) and one face is a flag.
var rollTable = func() [5][maxDice + 1][]outcome {
	var t [5][maxDice + 1][]outcome
	for hf := 1; hf <= 4; hf++ {
		ph, pf := float64(hf)/6, 1.0/6
		po := 1 - ph - pf
		// dist[h][f] for n dice, built die by die.
		dist := [][]float64{{1}}
		t[hf][0] = []outcome{{0, 0, 1}}
		for n := 1; n <= maxDice; n++ {
			next := make([][]float64, n+1)
			for h := range next {
				next[h] = make([]float64, n+1)
			}
			for h := range dist {
				for f := range dist[h] {
					p := dist[h][f]
					if p == 0 {
						continue
					}
					next[h][f] += p * po
					next[h+1][f] += p * ph
					next[h][f+1] += p * pf
				}
			}
			dist = next
			for h := range dist {
				for f := range dist[h] {
					if dist[h][f] > 0 {
						t[hf][n] = append(t[hf][n], outcome{int8(h), int8(f), dist[h][f]})
					}
				}
			}
		}
	}
	return t
}()

// hitFaces is how many of the six faces hit a unit of type t.
func hitFaces(t rules.UnitType, starsHit bool) int {
	n := 1 // grenade
	switch t {
	case rules.Infantry:
		n += 2
	case rules.Armor:
		n++
	}
	if starsHit {
		n++
	}
	return n
}

// Values, in medals.
const (
	// winValue is a won game.
	winValue = 40.0
)

// target describes the unit fired at.
type target struct {
	typ       rules.UnitType
	side      rules.Side
	fig, max  int8
	room      int8 // hexes it could retreat
	ignore    bool // may ignore one flag
	vacate    float64
	killValue float64
	dmg       float64 // Weights.Damage
	retreat   float64 // Weights.Retreat
	// stand is the chance that a hit scored on it stands, below 1 for a row
	// whose hits are rolled again (rules.UnitDef.HitsStandOn, a Tiger); 0
	// means every hit stands.
	stand float64
}

// standQ is the chance that a hit on the target stands.
func (tg *target) standQ() float64 {
	if tg.stand <= 0 {
		return 1
	}
	return tg.stand
}

// standChance is the chance a hit on a unit of kind stands, from its
// catalog row (rules.UnitDef.HitsStandOn: each hit is rolled again and
// stands on those faces).
func (k *know) standChance(kind rules.UnitKind) float64 {
	if set := k.st.cat.Unit(kind).HitsStandOn; set != 0 {
		return set.Chance()
	}
	return 1
}

// targetOf describes unit ti of k as a target for side by.
func (k *know) targetOf(ti int, by rules.Side, ignorable bool) target {
	t := &k.units[ti]
	tg := target{typ: t.typ, side: t.side, fig: t.fig, max: t.max, room: k.retreatRoom(ti),
		ignore: ignorable && k.canIgnoreFlag(t)}
	tg.killValue = k.killValue(t, by)
	tg.dmg, tg.retreat = k.w.Damage, k.w.Retreat
	tg.vacate = k.holdValue(t.pos, t.side)
	tg.stand = k.standChance(t.kind)
	return tg
}

// killValue is what eliminating unit t is worth to side by: a medal, less
// the damage already counted, or the game.
func (k *know) killValue(t *bu, by rules.Side) float64 {
	m := k.s.Medals()
	if m[by]+1 >= k.st.vic[by] {
		return winValue
	}
	return 1 - k.w.Damage*float64(t.max-t.fig)/float64(t.max)
}

// holdValue is the medals side holds thanks to a unit on hex i (objectives
// it would lose if the unit left).
func (k *know) holdValue(i int16, side rules.Side) float64 {
	v := 0.0
	for _, oi := range k.st.objAt[i] {
		o := &k.st.objs[oi]
		if !o.Sides.Has(side) {
			continue
		}
		switch o.Kind {
		case rules.TemporaryMedal, rules.MajorityMedal:
			v += float64(o.Medals)
		case rules.SuddenDeath:
			v += 2
		}
	}
	return v
}

// battleEV is the expected value for the firing side of n dice on a target.
func battleEV(n int8, tg *target, hf int) float64 {
	if n <= 0 {
		return 0
	}
	if n > maxDice {
		n = maxDice
	}
	ev := 0.0
	for _, o := range rollTable[hf][n] {
		q := tg.standQ()
		if q >= 1 || o.hits == 0 {
			ev += o.p * tg.value(o.hits, o.flags)
			continue
		}
		for h := int8(0); h <= o.hits; h++ {
			ev += o.p * standing(o.hits, h, q) * tg.value(h, o.flags)
		}
	}
	return ev
}

// value is what hits and flags on the target are worth to the firing side.
func (tg *target) value(hits, flags int8) float64 {
	if tg.ignore && flags > 0 {
		flags--
	}
	back := min(flags, tg.room)
	loss := hits + flags - back
	if loss >= tg.fig {
		return tg.killValue + tg.vacate
	}
	v := float64(loss) * (tg.dmg / float64(tg.max))
	if back > 0 {
		v += float64(back)*tg.retreat + tg.vacate
	}
	return v
}

// standing is the chance that h of n hits stand when each stands with
// chance q (each rolled again on its own die).
func standing(n, h int8, q float64) float64 {
	if q >= 1 {
		if h == n {
			return 1
		}
		return 0
	}
	c := 1.0
	for i := int8(0); i < h; i++ {
		c = c * float64(n-i) / float64(i+1)
	}
	return c * math.Pow(q, float64(h)) * math.Pow(1-q, float64(n-h))
}
