package bots

import (
	"math"

	"m44/rules"
)

// Evaluation of a position in medals, from one side's point of view: the
// medal difference, the damage done to each side's units (a weakened unit is
// closer to a medal), the objectives within reach, and the expected damage
// each side's units threaten next (the side about to act counts more).

// Evaluate scores s for side me, in medals (a won game is ±winValue).
func Evaluate(s *rules.State, me rules.Side) float64 {
	return evalOf(s, &DefaultWeights, me)
}

// evalOf is the hand-written evaluation of s for me with weights w.
func evalOf(s *rules.State, w *Weights, me rules.Side) float64 {
	k := newKnow(s, w)
	v := k.eval(me)
	k.free()
	return v
}

// materialOf is the material of s for me (know.material).
func materialOf(s *rules.State, w *Weights, me rules.Side) float64 {
	k := newKnow(s, w)
	v := k.material(me)
	k.free()
	return v
}

func (k *know) eval(me rules.Side) float64 {
	if over, w := k.s.Over(); over {
		m := k.s.Medals()
		d := float64(m[me]-m[me.Opp()]) * 0.1
		if w == me {
			return winValue + d
		}
		return -winValue + d
	}
	m := k.s.Medals()
	opp := me.Opp()
	v := k.material(me)
	// Nearer victory, each medal matters more.
	v += k.w.Pressure * (pressure(m[me], k.st.vic[me]) - pressure(m[opp], k.st.vic[opp]))
	v += k.objectiveReach(me) - k.objectiveReach(opp)
	v += k.w.ThreatMine*k.threat(me) - k.w.ThreatOpp*k.threat(opp)
	return v
}

// pressure grows as medals near the victory count.
func pressure(m, vic int) float64 {
	if vic <= 0 {
		return 0
	}
	x := float64(m) / float64(vic)
	return x * x * float64(vic)
}

// objectiveReach values side's units near objectives it does not hold yet.
func (k *know) objectiveReach(side rules.Side) float64 {
	v := 0.0
	for oi := range k.st.objs {
		o := &k.st.objs[oi]
		if !o.Sides.Has(side) {
			continue
		}
		worth := float64(o.Medals)
		if o.Kind == rules.SuddenDeath {
			worth = 3
		}
		if o.Kind == rules.PermanentMedal && k.s.Medals()[side] >= 0 {
			// Taken for good once reached: nothing to gain after that.
			if k.holds(oi, side) {
				continue
			}
		}
		if k.holds(oi, side) {
			continue
		}
		best := 99
		for _, h := range o.Hexes {
			i := k.hexIndex(h)
			for ui := range k.units {
				if u := &k.units[ui]; u.side == side {
					best = min(best, k.dist(u.pos, i))
				}
			}
		}
		if best < 99 {
			v += k.w.ObjReach * worth / float64(1+best)
		}
	}
	return v
}

// holds reports whether side's units stand on enough hexes of objective oi.
func (k *know) holds(oi int, side rules.Side) bool {
	o := &k.st.objs[oi]
	var count [2]int
	for _, h := range o.Hexes {
		if ui := k.at[k.hexIndex(h)]; ui >= 0 {
			count[k.units[ui].side]++
		}
	}
	if o.Kind == rules.MajorityMedal {
		return count[side] > count[side.Opp()]
	}
	return count[side] >= max(1, o.Count)
}

// threat is the expected value side's three best attacks would bring from
// where its units stand.
func (k *know) threat(side rules.Side) float64 {
	var top [3]float64
	for ai := range k.units {
		a := &k.units[ai]
		if a.side != side {
			continue
		}
		ev := k.bestAttackFrom(ai, a.pos, 0, false)
		for j := range top {
			if ev > top[j] {
				copy(top[j+1:], top[j:len(top)-1])
				top[j] = ev
				break
			}
		}
	}
	return top[0] + 0.8*top[1] + 0.6*top[2]
}

// bestAttackFrom is the best expected value unit ai could get battling from
// hex from, with bonus dice; adjOnly limits it to adjacent targets.
func (k *know) bestAttackFrom(ai int, from int16, bonus int8, adjOnly bool) float64 {
	a := &k.units[ai]
	if k.noBattleFrom(from) {
		return 0
	}
	close := adjOnly || k.enemyAdjacent(from, a.side, -1)
	reach := rules.MaxRange // big guns fire at 8 hexes; DiceAt says 0 beyond a kind's range
	if a.typ != rules.Artillery {
		reach = 3
	}
	best := 0.0
	for ti := range k.units {
		t := &k.units[ti]
		if t.side == a.side {
			continue
		}
		d := k.dist(from, t.pos)
		if d > reach || (close && d != 1) {
			continue
		}
		n := k.estDice(a, from, t, bonus)
		if n == 0 {
			continue
		}
		tg := k.targetOf(ti, a.side, true)
		if ev := battleEV(n, &tg, hitFaces(t.typ, false)); ev > best {
			best = ev
		}
	}
	return best
}

// squash maps an evaluation to (0, 1) for the search.
func squash(v float64) float64 { return 0.5 + 0.5*math.Tanh(v/3) }

// material is the medal difference plus the damage done, for side me.
func (k *know) material(me rules.Side) float64 {
	m := k.s.Medals()
	v := float64(m[me] - m[me.Opp()])
	for i := range k.units {
		u := &k.units[i]
		d := k.w.Damage * float64(u.max-u.fig) / float64(u.max)
		if u.side == me {
			v -= d
		} else {
			v += d
		}
	}
	return v
}
