package bots

import "m44/rules"

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
}

// targetOf describes unit ti of k as a target for side by.
func (k *know) targetOf(ti int, by rules.Side, ignorable bool) target {
	t := &k.units[ti]
	tg := target{typ: t.typ, side: t.side, fig: t.fig, max: t.max, room: k.retreatRoom(ti),
		ignore: ignorable && k.canIgnoreFlag(t)}
	tg.killValue = k.killValue(t, by)
	tg.dmg, tg.retreat = k.w.Damage, k.w.Retreat
	tg.vacate = k.holdValue(t.pos, t.side)
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
	fig := tg.dmg / float64(tg.max)
	ev := 0.0
	for _, o := range rollTable[hf][n] {
		flags := o.flags
		if tg.ignore && flags > 0 {
			flags--
		}
		back := min(flags, tg.room)
		loss := o.hits + flags - back
		var v float64
		if loss >= tg.fig {
			v = tg.killValue + tg.vacate
		} else {
			v = float64(loss) * fig
			if back > 0 {
				v += float64(back)*tg.retreat + tg.vacate
			}
		}
		ev += o.p * v
	}
	return ev
}
