package bots

import (
	"m44/hex"
	"m44/rules"
)

// Winter Combat cards (Winter Wars II): the bots get their plays from the
// engine's legal actions like any other and judge them here, by the card's
// row: a card that adds dice, makes stars hit or orders more units is played
// when some of the side's units stand near the enemy (a battle is likely this
// turn), else kept (no hand limit); a reinforcement is always worth its
// figures; a reaction that takes dice from an attacker is played at once.
// Tenacity is judged by simulating the retreat, as every retreat is.

// combatScore is the greedy score of Combat card play a for side me.
func combatScore(s *rules.State, a rules.Action, me rules.Side) float64 {
	d, ok := s.CombatCard(a.Card)
	if !ok {
		return -1
	}
	switch d.Effect {
	case rules.BonusDice, rules.StarsHit, rules.ExtraOrders:
		near := unitsNearEnemy(s, me, d.Classes)
		if near == 0 {
			return -0.1 // nothing to battle with: keep it
		}
		n := float64(max(d.N, 1))
		if d.Effect == rules.ExtraOrders {
			return 0.3 * n
		}
		return 0.2 * n * float64(min(near, 3))
	case rules.Reinforce:
		return 0.35 * float64(d.N)
	case rules.AttackMalus:
		return 0.3 * float64(d.N)
	case rules.Deploy:
		return deployScore(s, a.From, me)
	}
	return -0.1
}

// deployScore: a new full unit is worth more than any reinforcement; of the
// hexes the engine offers, the nearer the enemy the better (the unit is to
// fight), but not next to it (it would take the first close assault).
func deployScore(s *rules.State, h hex.Hex, me rules.Side) float64 {
	var buf [64]rules.UnitInfo
	near := 99
	for _, u := range s.AppendUnits(buf[:0]) {
		if u.Side != me {
			near = min(near, hex.Distance(h, u.Hex))
		}
	}
	v := 1.2 - 0.02*float64(min(near, 20))
	if near <= 1 {
		v -= 0.3
	}
	return v
}

// unitsNearEnemy counts me's units of the classes (0: any) within 2 hexes
// of an enemy unit.
func unitsNearEnemy(s *rules.State, me rules.Side, classes rules.ClassMask) int {
	var buf [64]rules.UnitInfo
	units := s.AppendUnits(buf[:0])
	n := 0
	for _, u := range units {
		if u.Side != me || (classes != 0 && !classes.Has(u.Type)) {
			continue
		}
		for _, e := range units {
			if e.Side != me && hex.Distance(u.Hex, e.Hex) <= 2 {
				n++
				break
			}
		}
	}
	return n
}
