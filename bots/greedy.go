package bots

import (
	"math"

	"m44/hex"
	"m44/rules"
)

// The greedy policy: at every decision, the legal action with the best
// immediate expected outcome, dice computed exactly over their faces. The
// card is chosen by playing each candidate out on a copy of the state
// (orders and moves by this same policy) and scoring the position reached
// plus the battles it then offers, so the card, the orders and the moves of
// a turn follow one plan: orders go to the units with the best move-and-fire
// prospects, moves to the hexes with the best fire, least exposure and
// objective gains.

// policy holds the greedy policy's scratch space. planCards makes card
// choices look ahead through the turn; without it (inside searches) a cheap
// estimate picks the card.
type policy struct {
	planCards bool
	w         *Weights
	model     *Model // judges planned turns by the learned evaluation
	buf       []rules.Action
	sc        []float64 // choose's scores (not when it plans cards: that nests)
	stop      *stopper  // if set, card planning stops when it says so
	// spares are the positions simulate and planTurn play on, reused from
	// one call to the next (rules.State.CloneInto); planning nests, so one
	// per depth.
	spares []*rules.State
	depth  int
	obuf   []rules.Action // simulate's overrun actions
	// planned counts the steps planTurn plays, two more per card (its
	// play and the judgement of the turn): reply playouts that plan cards
	// count them against the step budget.
	planned int
}

// copyOf is a copy of s in the policy's spare memory, until release.
func (pl *policy) copyOf(s *rules.State) *rules.State {
	if pl.depth == len(pl.spares) {
		pl.spares = append(pl.spares, nil)
	}
	c := s.CloneInto(pl.spares[pl.depth])
	pl.spares[pl.depth] = c
	pl.depth++
	return c
}

// release gives back the last copyOf.
func (pl *policy) release() { pl.depth-- }

// choose is the policy's action on s among legal: the best scored, the
// first of equals.
func (pl *policy) choose(s *rules.State, legal []rules.Action) rules.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	if pl.planCards && s.Phase() == rules.PhaseCard {
		sc := pl.scores(s, legal, true, nil)
		return legal[argmax(sc)]
	}
	pl.sc = pl.scores(s, legal, pl.planCards, pl.sc)
	return legal[argmax(pl.sc)]
}

func argmax(sc []float64) int {
	bi := 0
	for i, v := range sc {
		if v > sc[bi] {
			bi = i
		}
	}
	return bi
}

// scores appends to sc the policy's score of each legal action, in medals
// of expected gain (higher is better); plan plays cards out.
func (pl *policy) scores(s *rules.State, legal []rules.Action, plan bool, sc []float64) []float64 {
	sc = sc[:0]
	for range legal {
		sc = append(sc, 0)
	}
	me := s.ToAct()
	switch s.Phase() {
	case rules.PhaseCard:
		if plan {
			pl.planScores(s, legal, me, sc)
			break
		}
		k := newKnow(s, pl.w)
		defer k.free()
		act := k.activity(me)
		for i, a := range legal {
			if a.Kind == rules.ActCombat {
				sc[i] = -1e9 // Combat cards once the command card is known (PhaseOrder)
				continue
			}
			if a.Kind == rules.ActSmoke {
				sc[i] = k.smokeGain(a, me)
				continue
			}
			sc[i] = k.quickValue(a, me, act)
		}
	case rules.PhaseOrder:
		k := newKnow(s, pl.w)
		defer k.free()
		for i, a := range legal {
			sc[i] = -0.05
			switch a.Kind {
			case rules.ActOrder:
				sc[i] = k.orderGain(k.unitAt(a.From))
			case rules.ActCombat:
				sc[i] = combatScore(s, a, me)
			case rules.ActPontoon:
				sc[i] = k.pontoonGain(a, me)
			case rules.ActDrop:
				sc[i] = pl.dropGain(s, a, me, k.eval(me))
			case rules.ActEnter:
				sc[i] = pl.enterGain(s, a, me, k.eval(me))
			}
		}
	case rules.PhaseMove:
		k := newKnow(s, pl.w)
		defer k.free()
		stay := k.stay[:0] // each unit's value where it stands (NaN: not yet)
		for range k.units {
			stay = append(stay, math.NaN())
		}
		k.stay = stay
		for i, a := range legal {
			sc[i] = 0.01
			if a.Kind == rules.ActExit {
				sc[i] = 1 // a medal won by leaving the board (the unit is gone: it neither fires nor is fired at)
				continue
			}
			if a.Kind != rules.ActMove {
				continue
			}
			ui := k.unitAt(a.From)
			u := &k.units[ui]
			base := stay[ui]
			if math.IsNaN(base) {
				base = k.posValue(ui, u.pos, 0, true)
				stay[ui] = base
			}
			d := k.hexIndex(a.To)
			sc[i] = k.posValue(ui, d, k.dist(u.pos, d), true) - base
		}
	case rules.PhaseBattle, rules.PhaseOverrun:
		k := newKnow(s, pl.w)
		defer k.free()
		for i, a := range legal {
			switch a.Kind {
			case rules.ActBattle:
				sc[i] = battleValue(k, a)
			case rules.ActRemoveWire:
				sc[i] = 0.12
			case rules.ActRecover:
				sc[i] = recoverValue(k, a)
			case rules.ActReinforce:
				sc[i] = reinforceValue
			default:
				sc[i] = 0.001
			}
		}
	case rules.PhaseRetreat, rules.PhaseTakeGround:
		for i, a := range legal {
			sc[i] = pl.simulate(s, a, me)
		}
	case rules.PhaseKeep:
		k := newKnow(s, pl.w)
		defer k.free()
		for i, a := range legal {
			sc[i] = k.cardWorth(a.Card, me)
		}
	case rules.PhaseTarget:
		k := newKnow(s, pl.w)
		defer k.free()
		for i, a := range legal {
			sc[i] = -1
			if a.Kind == rules.ActTarget {
				sc[i] = k.targetValue(a, me)
			}
		}
	case rules.PhaseCombat:
		for i, a := range legal {
			if a.Kind == rules.ActCombat {
				sc[i] = combatScore(s, a, me)
			}
		}
	case rules.PhaseAmbush:
		k := newKnow(s, pl.w)
		defer k.free()
		for i, a := range legal {
			sc[i] = 0.1
			if a.Kind == rules.ActPlay {
				sc[i] = k.ambushValue(me)
			}
		}
	}
	return sc
}

// cardStrength is a card's worth in hand, roughly the units and dice it brings.
var cardStrength = [rules.NumCardKinds]float64{
	rules.Recon: 0.4, rules.Probe: 0.5, rules.Attack: 0.8, rules.Assault: 1.2, rules.GeneralAdvance: 1.0,
	rules.PincerMove: 0.9, rules.ReconInForce: 0.8, rules.AirPower: 1.0, rules.Ambush: 0.6, rules.ArmorAssault: 1.0,
	rules.ArtilleryBombard: 0.8, rules.Barrage: 0.9, rules.BehindEnemyLines: 0.9, rules.CloseAssault: 0.9,
	rules.CounterAttack: 0.7, rules.DigIn: 0.5, rules.DirectFromHQ: 1.0, rules.Firefight: 0.8,
	rules.InfantryAssault: 1.0, rules.MedicsMechanics: 0.5, rules.MoveOut: 0.7, rules.FinestHour: 1.2,
}

type cardKey struct {
	kind rules.CardKind
	sec  rules.Section
	arg  uint8
}

// planScores plays every distinct card out through its orders and moves.
func (pl *policy) planScores(s *rules.State, legal []rules.Action, me rules.Side, sc []float64) {
	seen := map[cardKey]float64{}
	var k *know // for smoke screens, made when one is offered
	for i, a := range legal {
		if a.Kind == rules.ActCombat {
			sc[i] = math.Inf(-1) // Combat cards once the command card is known (PhaseOrder)
			continue
		}
		if a.Kind == rules.ActSmoke {
			if k == nil {
				k = newKnow(s, pl.w)
				defer k.free()
			}
			sc[i] = k.smokeGain(a, me)
			continue
		}
		c := s.Card(a.Card)
		key := cardKey{c.Kind, c.Section, a.Arg}
		if v, ok := seen[key]; ok {
			sc[i] = v
			continue
		}
		if pl.stop != nil && pl.stop.over() {
			sc[i] = math.Inf(-1) // cut by the cap: not planned
			continue
		}
		v := pl.planTurn(s, a, me) - pl.w.CardSpend*cardStrength[c.Kind]
		seen[key] = v
		sc[i] = v
	}
}

// planTurn plays card a on a copy of s, orders and moves greedily, and
// scores what the turn then looks like.
func (pl *policy) planTurn(s *rules.State, a rules.Action, me rules.Side) float64 {
	c := pl.copyOf(s)
	defer pl.release()
	c.Play(a)
	pl.planned += 2 // the card and the judgement of the turn
	for steps := 0; steps < 100; steps++ {
		if over, _ := c.Over(); over || c.ToAct() != me {
			break
		}
		ph := c.Phase()
		if ph != rules.PhaseOrder && ph != rules.PhaseMove {
			break
		}
		pl.buf = c.LegalActions(pl.buf[:0])
		pl.planned++
		c.Play(pl.choose(c, pl.buf))
	}
	k := newKnow(c, pl.w)
	defer k.free()
	if pl.model != nil {
		return pl.model.value(k, me, k.coming(me, pl.buf))
	}
	v := k.eval(me)
	if over, _ := c.Over(); over {
		return v
	}
	switch c.Phase() {
	case rules.PhaseBattle:
		v += battlePlan(k, c.LegalActions(pl.buf[:0]))
	case rules.PhaseTarget:
		v += targetPlan(k, me, k.eff)
	case rules.PhaseKeep:
		v += 0.3
	}
	return v
}

// battlePlan is the expected value of the best battle of each unit able to
// fire, with exact dice.
func battlePlan(k *know, legal []rules.Action) float64 {
	// Per firing hex, in the order of the legal list (a map's order would
	// make the float sum, and so the bots, nondeterministic).
	var from [32]hex.Hex
	var best [32]float64
	n := 0
	for _, a := range legal {
		if a.Kind != rules.ActBattle {
			continue
		}
		ev := battleValue(k, a)
		i := 0
		for i < n && from[i] != a.From {
			i++
		}
		if i == n {
			if n == len(from) {
				continue
			}
			from[i], best[i] = a.From, 0
			n++
		}
		best[i] = max(best[i], ev)
	}
	sum := 0.0
	for _, v := range best[:n] {
		sum += v
	}
	return sum
}

// battleOf is what legal battle action a engages: its dice (the engine's),
// the attacker, the target and its value as a target; false when it rolls
// no die or its units are not found.
func battleOf(k *know, a rules.Action) (n int, att, t *bu, tg target, ok bool) {
	n, err := k.s.BattleDice(a.From, a.To)
	if err != nil || n == 0 {
		return 0, nil, nil, target{}, false
	}
	ai, ti := k.unitAt(a.From), k.unitAt(a.To)
	if ai < 0 || ti < 0 {
		return 0, nil, nil, target{}, false
	}
	att, t = &k.units[ai], &k.units[ti]
	return n, att, t, k.targetOf(ti, att.side, true), true
}

// battleValue is the expected value of a legal battle action, with the dice
// the engine gives it.
func battleValue(k *know, a rules.Action) float64 {
	n, att, t, tg, ok := battleOf(k, a)
	if !ok {
		return 0
	}
	ev := battleEV(int8(n), &tg, hitFaces(t.typ, k.s.StarsHit(a.From, a.To)))
	if att.typ == rules.Armor && k.dist(att.pos, t.pos) == 1 {
		ev += 0.1 * killOrRetreat(int8(n), &tg) // take ground, then overrun
	}
	return ev
}

// battleMaterial is the material (medals and damage, know.material) battle
// a is expected to bring the firing side: battleValue with a kill counted
// as its medal less the damage already counted (never the game), no value
// for a retreat, nor for take ground and overrun; a temporary medal lost
// with the hex counts (a medal).
func battleMaterial(k *know, a rules.Action) float64 {
	n, _, t, tg, ok := battleOf(k, a)
	if !ok {
		return 0
	}
	tg.killValue = 1 - k.w.Damage*float64(t.max-t.fig)/float64(t.max)
	tg.retreat = 0
	tg.vacate = 0 // a majority may outlast the hex, a sudden death is no medal
	for _, oi := range k.st.objAt[t.pos] {
		if o := &k.st.objs[oi]; o.Kind == rules.TemporaryMedal && o.Sides.Has(t.side) {
			tg.vacate += float64(o.Medals)
		}
	}
	return battleEV(int8(n), &tg, hitFaces(t.typ, k.s.StarsHit(a.From, a.To)))
}

// killOrRetreat is the chance a battle empties the target's hex.
func killOrRetreat(n int8, tg *target) float64 {
	p := 0.0
	for _, o := range rollTable[hitFaces(tg.typ, false)][min(n, maxDice)] {
		if o.flags > 0 && tg.room > 0 && !(tg.ignore && o.flags == 1) {
			p += o.p
			continue
		}
		for h := tg.fig; h <= o.hits; h++ {
			p += o.p * standing(o.hits, h, tg.standQ()) // hits enough to eliminate it stand
		}
	}
	return p
}

// chooseBattle picks the battle with the best expected value.
func chooseBattle(k *know, legal []rules.Action) (rules.Action, float64) {
	var best rules.Action
	bestV := 0.0
	found := false
	for _, a := range legal {
		var v float64
		switch a.Kind {
		case rules.ActBattle:
			v = battleValue(k, a)
		case rules.ActRemoveWire:
			v = 0.12
		case rules.ActRecover:
			v = recoverValue(k, a)
		case rules.ActReinforce:
			v = reinforceValue
		default:
			continue
		}
		if !found || v > bestV {
			best, bestV, found = a, v, true
		}
	}
	if !found || bestV <= 0.001 {
		for _, a := range legal {
			if a.Kind == rules.ActEndBattles || a.Kind == rules.ActSkip {
				return a, 0
			}
		}
	}
	return best, bestV
}

// simulate plays a on a copy and scores the position reached (retreats,
// take ground and the overrun it may open).
func (pl *policy) simulate(s *rules.State, a rules.Action, me rules.Side) float64 {
	c := pl.copyOf(s)
	defer pl.release()
	c.Play(a)
	k := newKnow(c, pl.w)
	defer k.free()
	v := k.eval(me)
	if c.Phase() == rules.PhaseOverrun && c.ToAct() == me {
		pl.obuf = c.LegalActions(pl.obuf[:0])
		_, ov := chooseBattle(k, pl.obuf)
		v += ov
	}
	return v
}

// dropGain is what calling paratroopers in brings (rules.CalledAirdrop):
// the evaluation once the engine has dropped them and the turn has ended,
// averaged over a few landings it draws, less the evaluation now.
func (pl *policy) dropGain(s *rules.State, a rules.Action, me rules.Side, now float64) float64 {
	const samples = 4
	sum := 0.0
	for j := uint64(1); j <= samples; j++ {
		c := s.Clone()
		c.Reseed(j)
		c.Play(a)
		k := newKnow(c, pl.w)
		sum += k.eval(me)
		k.free()
	}
	return sum/samples - now
}

// orderGain is what ordering unit ui brings: its best move and fire.
func (k *know) orderGain(ui int) float64 {
	u := &k.units[ui]
	base := k.posValue(ui, u.pos, 0, false)
	best := k.posValue(ui, u.pos, 0, true)
	if k.eff == rules.MedicsMechanics {
		best += k.w.Damage * float64(u.max-u.fig) / float64(u.max) * 0.5
	}
	if k.eff == rules.DigIn || k.eff == rules.Firefight || k.eff == rules.CloseAssault {
		return best - base
	}
	var err error
	k.hexes, err = k.s.AppendReachable(k.hexes[:0], k.st.hexAt[u.pos])
	if err != nil {
		return best - base
	}
	for _, h := range k.hexes {
		d := k.hexIndex(h)
		if v := k.posValue(ui, d, k.dist(u.pos, d), true); v > best {
			best = v
		}
	}
	return best - base
}

// pontoonGain judges building a pontoon bridge instead of ordering units
// (Winter Wars IV; rules.Setup.Pontoons): the engine builds it on a copy,
// and the gain is how much better the side's units within 3 hexes of the
// river hex could stand with their next move, at half weight since the
// move waits a turn, less the turn given up (-0.05, as ending the orders).
func (k *know) pontoonGain(a rules.Action, me rules.Side) float64 {
	c := k.s.Clone()
	if _, err := c.Apply(a); err != nil {
		return -1
	}
	site := k.hexIndex(a.From)
	gain := 0.0
	for ui := range k.units {
		u := &k.units[ui]
		if u.side != me || k.dist(u.pos, site) > 3 {
			continue
		}
		h := k.st.hexAt[u.pos]
		before, after := k.posValue(ui, u.pos, 0, true), k.posValue(ui, u.pos, 0, true)
		if dests, err := k.s.Reachable(h); err == nil {
			for _, d := range dests {
				di := k.hexIndex(d)
				before = max(before, k.posValue(ui, di, k.dist(u.pos, di), true))
			}
		}
		if dests, err := c.Reachable(h); err == nil {
			for _, d := range dests {
				di := k.hexIndex(d)
				after = max(after, k.posValue(ui, di, k.dist(u.pos, di), true))
			}
		}
		gain += max(0, after-before)
	}
	return gain*0.5 - 0.05
}

// canBattleAfter reports whether unit u could still battle after moving
// cost hexes to dest (mirrors the engine's move-and-fight rules).
func (k *know) canBattleAfter(u *bu, dest int16, cost int) bool {
	if u.battled || k.noBattleFrom(dest) {
		return false
	}
	if cost == 0 {
		return true
	}
	if u.typ == rules.Artillery {
		return false
	}
	mf := int(k.st.cat.Unit(u.kind).MoveAndFight)
	if u.ordered || k.eff != rules.NumCardKinds {
		mf = k.s.CardEffectFor(u.kind).MoveAndFight // the engine's allowance under the card
	}
	if cost > mf {
		return false
	}
	return !k.s.EntryForbidsBattle(k.st.hexAt[dest], u.kind)
}

// posValue is how good it is for unit ui to stand on dest after moving cost
// hexes: the fire it may deliver (if ordered), the fire it faces, the
// objectives it holds, how near it is to the fight.
func (k *know) posValue(ui int, dest int16, cost int, ordered bool) float64 {
	u := &k.units[ui]
	v := 0.0
	if ordered && k.canBattleAfter(u, dest, cost) {
		att := k.cardAttack(ui, dest)
		if k.eff == rules.ArtilleryBombard && u.typ == rules.Artillery {
			att *= 1.8
		}
		v += att
	}
	v -= k.w.Exposure * k.exposure(ui, dest)
	v += k.objectiveAt(ui, dest)
	v -= k.w.Advance * float64(k.nearest(ui, dest))
	return v
}

// cardAttack is the best expected value unit ui could battle for from dest
// under the card in effect.
func (k *know) cardAttack(ui int, dest int16) float64 {
	u := &k.units[ui]
	// What the card in effect gives the unit, from the engine.
	ce := k.s.CardEffectFor(u.kind)
	adjOnly, noAdj := ce.AdjacentOnly, ce.NoCloseFire
	close := adjOnly || k.enemyAdjacent(dest, u.side, -1)
	if noAdj && close {
		return 0
	}
	best := 0.0
	for ti := range k.units {
		t := &k.units[ti]
		if t.side == u.side {
			continue
		}
		d := k.dist(dest, t.pos)
		if d > 6 || (close && d != 1) {
			continue
		}
		b := int8(ce.Bonus[0])
		if d == 1 {
			b = int8(ce.Bonus[1])
		}
		n := k.estDice(u, dest, t, b)
		if n == 0 {
			continue
		}
		tg := k.targetOf(ti, u.side, true)
		ev := battleEV(n, &tg, hitFaces(t.typ, false))
		if u.typ == rules.Armor && d == 1 {
			ev += 0.1 * killOrRetreat(n, &tg)
		}
		if ev > best {
			best = ev
		}
	}
	return best
}

// exposure is the expected damage unit ui would face on dest from the two
// enemy units best placed to fire at it.
func (k *know) exposure(ui int, dest int16) float64 {
	u := &k.units[ui]
	tg := target{typ: u.typ, side: u.side, fig: u.fig, max: u.max, room: 1, dmg: k.w.Damage, retreat: k.w.Retreat, stand: k.standChance(u.kind)}
	tg.ignore = k.canIgnoreFlagAt(u, dest)
	tg.vacate = k.holdValue(dest, u.side)
	top1, top2 := 0.0, 0.0
	for ei := range k.units {
		e := &k.units[ei]
		if e.side == u.side {
			continue
		}
		d := k.dist(e.pos, dest)
		if d > 6 || (e.typ != rules.Artillery && d > 3) {
			continue
		}
		if d > 1 && k.enemyAdjacent(e.pos, e.side, ui) {
			continue // held in close combat by someone else
		}
		n := k.estDiceTo(e, e.pos, u.side, dest, 0)
		if n == 0 {
			continue
		}
		tg.killValue = k.killValue(u, e.side)
		ev := battleEV(n, &tg, hitFaces(u.typ, false))
		if ev > top1 {
			top1, top2 = ev, top1
		} else if ev > top2 {
			top2 = ev
		}
	}
	return top1 + 0.6*top2
}

func (k *know) canIgnoreFlagAt(u *bu, i int16) bool {
	v := *u
	v.pos = i
	return k.canIgnoreFlag(&v)
}

// objectiveAt is the medals unit ui holds by standing on dest (objectives
// no other unit of its side holds already).
func (k *know) objectiveAt(ui int, dest int16) float64 {
	u := &k.units[ui]
	v := 0.0
	for _, oi := range k.st.objAt[dest] {
		o := &k.st.objs[oi]
		if !o.Sides.Has(u.side) {
			continue
		}
		others := false
		for _, h := range o.Hexes {
			j := k.hexIndex(h)
			if w := k.at[j]; w >= 0 && int(w) != ui && k.units[w].side == u.side {
				others = true
			}
		}
		if others && o.Kind != rules.SuddenDeath && o.Kind != rules.MajorityMedal {
			continue
		}
		switch o.Kind {
		case rules.SuddenDeath:
			v += 3
		default:
			v += float64(o.Medals)
		}
	}
	return v
}

// nearest is the distance from dest to the nearest enemy unit or
// objective of use to unit ui's side.
func (k *know) nearest(ui int, dest int16) int {
	u := &k.units[ui]
	best := 99
	for ti := range k.units {
		if t := &k.units[ti]; t.side != u.side {
			best = min(best, k.dist(dest, t.pos))
		}
	}
	for oi := range k.st.objs {
		o := &k.st.objs[oi]
		if !o.Sides.Has(u.side) {
			continue
		}
		for _, h := range o.Hexes {
			best = min(best, k.dist(dest, k.hexIndex(h)))
		}
	}
	return best
}

// targetPlan is the expected value of the best Air Power / Barrage aim.
func targetPlan(k *know, me rules.Side, kind rules.CardKind) float64 {
	dice := int8(4)
	if kind == rules.AirPower {
		dice = int8(k.st.airDice[me])
	}
	best, second := 0.0, 0.0
	for ti := range k.units {
		t := &k.units[ti]
		if t.side == me {
			continue
		}
		tg := k.targetOf(ti, me, false)
		e := battleEV(dice, &tg, hitFaces(t.typ, kind == rules.AirPower))
		if e > best {
			best, second = e, best
		} else if e > second {
			second = e
		}
	}
	if kind == rules.AirPower {
		return best + 0.8*second // a group of adjacent targets, roughly
	}
	return best
}

// targetValue is the expected value of aiming Air Power or Barrage at a.To.
func (k *know) targetValue(a rules.Action, me rules.Side) float64 {
	air := k.eff == rules.AirPower
	dice := int8(4)
	if air {
		dice = int8(k.st.airDice[me])
	}
	ti := k.unitAt(a.To)
	if ti < 0 {
		return 0
	}
	tg := k.targetOf(ti, me, false)
	return battleEV(dice, &tg, hitFaces(k.units[ti].typ, air))
}

// ambushValue is the expected value of answering a close assault with
// Ambush. The engine does not say which battle is pending, so the attacker
// is taken to be the enemy that has battled next to one of ours.
func (k *know) ambushValue(me rules.Side) float64 {
	best := 0.0
	for ai := range k.units {
		a := &k.units[ai]
		if a.side == me || !a.battled {
			continue
		}
		for _, q := range k.st.nb[a.pos] {
			if q < 0 || k.at[q] < 0 || k.units[k.at[q]].side != me {
				continue
			}
			d := &k.units[k.at[q]]
			n := k.estDiceTo(d, d.pos, a.side, a.pos, 0)
			tg := k.targetOf(ai, me, true)
			// Fire first, and a hit or a retreat may spare our unit.
			if ev := battleEV(n, &tg, hitFaces(a.typ, false)) * 1.5; ev > best {
				best = ev
			}
		}
	}
	return best
}

// section reports whether hex i is in section sec as side sees it.
func (k *know) inSection(i int16, sec rules.Section, side rules.Side) bool {
	g := k.st.grid
	c := int(k.st.hexAt[i].Col)
	if side == k.st.top {
		sec = 2 - sec // the top player's left is the bottom's right
	}
	switch sec {
	case rules.Left:
		return c <= g.LeftLine
	case rules.Center:
		return c >= g.LeftLine && c <= g.RightLine
	}
	return c >= g.RightLine
}

// cardWorth is a static estimate of a card for side: its strength, and for
// a section card the units it could order there.
func (k *know) cardWorth(id rules.CardID, side rules.Side) float64 {
	c := k.s.Card(id)
	v := cardStrength[c.Kind]
	switch c.Kind {
	case rules.Recon, rules.Probe, rules.Attack, rules.Assault:
		n := 0
		for i := range k.units {
			if u := &k.units[i]; u.side == side && k.inSection(u.pos, c.Section, side) {
				n++
			}
		}
		quota := map[rules.CardKind]int{rules.Recon: 1, rules.Probe: 2, rules.Attack: 3, rules.Assault: 99}[c.Kind]
		v = v*0.5 + 0.25*float64(min(n, quota))
		if n == 0 {
			v = 0.05
		}
	}
	return v
}

// activity is how much each of side's units could do if ordered.
func (k *know) activity(me rules.Side) []float64 {
	activity := k.act[:0]
	for range k.units {
		activity = append(activity, 0)
	}
	k.act = activity
	for i := range k.units {
		if u := &k.units[i]; u.side == me {
			activity[i] = 0.2 + k.bestAttackFrom(i, u.pos, 0, false) + 0.05*float64(6-min(6, k.nearest(i, u.pos)))
		}
	}
	return activity
}

// quickValue is a card's value inside searches, without playing it out:
// the activity of the best units its quota covers.
func (k *know) quickValue(a rules.Action, me rules.Side, activity []float64) float64 {
	c := k.s.Card(a.Card)
	pick := func(quota int, fit func(u *bu) bool) float64 {
		var buf [64]float64
		vals := buf[:0]
		for i := range k.units {
			if u := &k.units[i]; u.side == me && fit(u) {
				vals = append(vals, activity[i])
			}
		}
		// the quota best
		sum := 0.0
		for n := 0; n < quota && len(vals) > 0; n++ {
			bi := 0
			for j := range vals {
				if vals[j] > vals[bi] {
					bi = j
				}
			}
			sum += vals[bi]
			vals = append(vals[:bi], vals[bi+1:]...)
		}
		return sum
	}
	sec := func(s rules.Section) func(u *bu) bool {
		return func(u *bu) bool { return k.inSection(u.pos, s, me) }
	}
	typ := func(t rules.UnitType) func(u *bu) bool { return func(u *bu) bool { return u.typ == t } }
	any := func(u *bu) bool { return true }
	var v float64
	switch c.Kind {
	case rules.Recon:
		v = pick(1, sec(c.Section)) + 0.2
	case rules.Probe:
		v = pick(2, sec(c.Section))
	case rules.Attack:
		v = pick(3, sec(c.Section))
	case rules.Assault:
		v = pick(99, sec(c.Section))
	case rules.GeneralAdvance:
		v = pick(2, sec(rules.Left)) + pick(2, sec(rules.Center)) + pick(2, sec(rules.Right))
	case rules.PincerMove:
		v = pick(2, sec(rules.Left)) + pick(2, sec(rules.Right))
	case rules.ReconInForce:
		v = pick(1, sec(rules.Left)) + pick(1, sec(rules.Center)) + pick(1, sec(rules.Right))
	case rules.ArmorAssault:
		v = 1.3 * pick(4, typ(rules.Armor))
	case rules.ArtilleryBombard:
		v = 1.6 * pick(99, typ(rules.Artillery))
	case rules.BehindEnemyLines:
		v = 1.5 * pick(1, typ(rules.Infantry))
	case rules.MoveOut:
		v = pick(4, typ(rules.Infantry))
	case rules.DigIn:
		v = 0.3 * pick(4, typ(rules.Infantry))
	case rules.InfantryAssault:
		v = 1.2 * pick(99, func(u *bu) bool { return u.typ == rules.Infantry && k.inSection(u.pos, rules.Section(a.Arg-1), me) })
	case rules.DirectFromHQ:
		v = pick(4, any)
	case rules.Firefight:
		v = 1.1 * pick(4, func(u *bu) bool { return !k.enemyAdjacent(u.pos, me, -1) })
	case rules.CloseAssault:
		v = 1.3 * pick(99, func(u *bu) bool { return u.typ != rules.Artillery && k.enemyAdjacent(u.pos, me, -1) })
	case rules.FinestHour:
		v = pick(3, any) * 1.3
	case rules.MedicsMechanics:
		v = 0.3 * pick(1, func(u *bu) bool { return u.fig < u.max })
	case rules.AirPower, rules.Barrage:
		v = targetPlan(k, me, c.Kind)
	case rules.CounterAttack:
		v = pick(2, any)
	default:
		v = 0
	}
	return v - k.w.CardSpend*cardStrength[c.Kind]
}

// reinforceValue is the worth of giving a figure to a damaged neighbour
// instead of battling (supply trucks, half-tracks): a figure moved to a
// unit that fights, about a third of a figure's worth in battle.
const reinforceValue = 0.3

// recoverValue is the worth of rolling for lost figures in an oasis
// (rules' oasis recovery): the figures expected back, a die per card held
// (the card in play included), each of the unit's symbols or a star, up to
// what it has lost; about a third of a figure's worth in battle.
func recoverValue(k *know, a rules.Action) float64 {
	u, ok := k.s.UnitAt(a.From)
	if !ok || u.Figures >= u.Max {
		return 0
	}
	n := float64(len(k.s.Hand(u.Side)) + 1)
	p := 1.0 / 6 // a star
	switch u.Type {
	case rules.Infantry:
		p += 2.0 / 6
	case rules.Armor:
		p += 1.0 / 6
	}
	return 0.3 * min(n*p, float64(u.Max-u.Figures))
}
