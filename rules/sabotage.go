package rules

import (
	"fmt"

	"m44/hex"
)

// Sabotage is a scenario's rule "sabotage a dam" (Terrain Pack, the Dams
// landmark and "Sabotage"; Schwammenauel Dam: "The Axis player may attempt
// to sabotage the Schwammenauel and Urft dams"). The FAQ (II 20 Barrages;
// the Schwammenauel page) says how it is played:
//
//   - "Au début de chacun de vos tours, si une de vos unités occupe le
//     barrage, lancez les dés de sabotage. Vous n'avez pas nécessairement
//     besoin de jouer une carte dans la section correspondante": the roll is
//     made at the start of each of Side's turns, whatever card follows, as
//     long as a unit of Side stands on a target;
//   - "Chaque barrage reçoit un jeton étoile. Si un seul barrage est occupé
//     et que deux étoiles sont obtenues au dé, la deuxième étoile est
//     perdue": a roll puts at most one star token on each occupied target;
//   - "si les deux barrages sont occupés suffisamment longtemps pour que
//     chacun d'eux reçoive quatre jetons étoile": four tokens sabotage a dam;
//   - "L'hex de barrage reste en place après le sabotage et l'unité qui s'y
//     trouve n'est pas éliminée": nothing on the board changes.
//
// How many dice are rolled and what a sabotage wins are in the Terrain
// Pack's pages, which no source we have prints: docs/rules-decisions.md
// "Dam sabotage" records the decisions (Dice 2, as for blowing a bridge; a
// permanent medal per target sabotaged; a single star goes to the occupied
// target nearest to success).
type Sabotage struct {
	Side  Side
	Hexes []hex.Hex // the targets (the dams), at most MaxSabotage
	Stars int8      // star tokens that sabotage a target (FAQ: 4)
	Dice  int8      // dice rolled at the start of each of Side's turns
	// Medal: each target sabotaged is a permanent medal for Side.
	Medal bool
}

// MaxSabotage bounds the targets of a Sabotage rule (the state keeps their
// tokens in a fixed array, copied with it).
const MaxSabotage = 4

// SabotageTarget is one target of the sabotage rule as everyone sees it.
type SabotageTarget struct {
	Hex    hex.Hex
	Side   Side // the saboteur
	Stars  int8 // star tokens placed on it so far
	Needed int8 // tokens that sabotage it
}

// validate checks the rule against the board.
func (sb *Sabotage) validate(g hex.Grid) error {
	if len(sb.Hexes) == 0 {
		return nil
	}
	if sb.Side > Axis || len(sb.Hexes) > MaxSabotage || sb.Stars < 1 || sb.Stars > 9 || sb.Dice < 1 || sb.Dice > 8 {
		return fmt.Errorf("sabotage: bad side, targets (1..%d), stars (1..9) or dice (1..8)", MaxSabotage)
	}
	for k, h := range sb.Hexes {
		if !g.Contains(h) {
			return fmt.Errorf("sabotage: hex %s not on the board", h)
		}
		for _, o := range sb.Hexes[:k] {
			if o == h {
				return fmt.Errorf("sabotage: hex %s listed twice", h)
			}
		}
	}
	return nil
}

// sabotageRoll: at the start of each of its turns, the saboteur rolls the
// sabotage dice if one of its units stands on a target not yet sabotaged;
// each star puts a token on an occupied target, at most one per target and
// roll, the targets nearest to success first (then in the scenario's
// order); stars left over are lost. A target with all its tokens is
// sabotaged, a medal for the saboteur when the rule says so.
func (s *State) sabotageRoll() {
	sb := &s.b.setup.Sabotage
	if len(sb.Hexes) == 0 || s.active != sb.Side {
		return
	}
	var manned [MaxSabotage]bool
	any := false
	for k, h := range sb.Hexes {
		if s.sabo[k] >= sb.Stars {
			continue
		}
		if ui := s.occ[s.b.grid.Index(h)]; ui >= 0 && s.units[ui].side == sb.Side {
			manned[k], any = true, true
		}
	}
	if !any {
		return
	}
	stars := s.rollCount(Event{Kind: EvDiceRolled, Side: sb.Side}, sb.Dice, isStar)
	for ; stars > 0; stars-- {
		best := -1
		for k := range sb.Hexes {
			if manned[k] && (best < 0 || s.sabo[k] > s.sabo[best]) {
				best = k
			}
		}
		if best < 0 {
			break // more stars than manned targets: "la deuxième étoile est perdue"
		}
		manned[best] = false
		s.sabo[best]++
		s.emit(Event{Kind: EvSabotage, Side: sb.Side, From: sb.Hexes[best], N: s.sabo[best]})
	}
	s.updateMedals()
}

// sabotageMedals is the medals side has won by sabotage.
func (s *State) sabotageMedals(side Side) int {
	sb := &s.b.setup.Sabotage
	if !sb.Medal || side != sb.Side {
		return 0
	}
	n := 0
	for k := range sb.Hexes {
		if s.sabo[k] >= sb.Stars {
			n++
		}
	}
	return n
}

// SabotageTargets lists the sabotage rule's targets with their tokens, in
// the scenario's order (none without the rule).
func (s *State) SabotageTargets() []SabotageTarget {
	sb := &s.b.setup.Sabotage
	var out []SabotageTarget
	for k, h := range sb.Hexes {
		out = append(out, SabotageTarget{Hex: h, Side: sb.Side, Stars: s.sabo[k], Needed: sb.Stars})
	}
	return out
}
