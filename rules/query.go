package rules

import (
	"fmt"

	"m44/hex"
)

// Queries for tools, bots and the protocol. They read the state only.

// BattleDice is the number of dice the unit on from would roll against the
// unit on to right now, ignoring whether it is ordered or has already
// battled, but applying range, line of sight, terrain (a unit in the ocean
// never battles: annex 2 "Océan", FAQ digest 37) and the close-combat
// obligation. 0 means it cannot battle that target.
func (s *State) BattleDice(from, to hex.Hex) (int, error) {
	g := s.b.grid
	if !g.Contains(from) || !g.Contains(to) {
		return 0, fmt.Errorf("hex not on the board")
	}
	ai, ti := s.occ[g.Index(from)], s.occ[g.Index(to)]
	if ai < 0 {
		return 0, fmt.Errorf("no unit on %s", from)
	}
	if ti < 0 {
		return 0, fmt.Errorf("no unit on %s", to)
	}
	a, t := &s.units[ai], &s.units[ti]
	if a.side == t.side {
		return 0, fmt.Errorf("%s and %s are on the same side", from, to)
	}
	if s.inCloseCombat(a) && !hex.Adjacent(from, to) || s.noBattleFrom(int16(g.Index(from))) {
		return 0, nil
	}
	return int(s.battleDice(a, int16(g.Index(to)), s.phase == PhaseOverrun)), nil
}

// Reachable lists the hexes the unit on h could move to this turn if it were
// ordered and had not moved yet, in index order.
func (s *State) Reachable(h hex.Hex) ([]hex.Hex, error) {
	return s.AppendReachable(nil, h)
}

// AppendReachable is Reachable appending to buf (bots reuse one buffer).
func (s *State) AppendReachable(buf []hex.Hex, h hex.Hex) ([]hex.Hex, error) {
	g := s.b.grid
	if !g.Contains(h) {
		return buf, fmt.Errorf("hex %s not on the board", h)
	}
	ui := s.occ[g.Index(h)]
	if ui < 0 {
		return buf, fmt.Errorf("no unit on %s", h)
	}
	var ds [64]dest
	for _, d := range s.reach(int(ui), ds[:0]) {
		buf = append(buf, s.b.hexAt[d.pos])
	}
	return buf, nil
}

// What-if queries: the rules a bot needs to judge a position it has not
// reached (a unit battling from a hex it has not moved to yet). They answer
// from the same functions the turn machine uses, so nobody keeps a copy of a
// rule.

func (s *State) index(h hex.Hex) (int16, bool) {
	if !s.b.grid.Contains(h) {
		return 0, false
	}
	return int16(s.b.grid.Index(h)), true
}

// DiceAt is the number of dice a unit of kind k standing on from would roll
// against a unit of side tside on to, with bonus dice from a card: range,
// line of sight (as the board stands now), artillery walls, the target's
// protection and the maluses of from. It ignores the close-combat
// obligation and whether the unit may battle at all.
func (s *State) DiceAt(k UnitKind, from hex.Hex, tside Side, to hex.Hex, bonus int) int {
	fi, ok1 := s.index(from)
	ti, ok2 := s.index(to)
	if !ok1 || !ok2 || int(k) >= len(s.b.cat.units) {
		return 0
	}
	return int(s.diceFrom(&s.b.cat.units[k], fi, tside, ti, int8(bonus)))
}

// IgnoresFlagAt reports whether a unit of class t and side standing on h
// may ignore one flag.
func (s *State) IgnoresFlagAt(h hex.Hex, side Side, t UnitType) bool {
	i, ok := s.index(h)
	return ok && s.ignoresFlagOn(side, t, i)
}

// NoBattleFrom reports whether a unit on h may never battle (ocean).
func (s *State) NoBattleFrom(h hex.Hex) bool {
	i, ok := s.index(h)
	return !ok || s.noBattleFrom(i)
}

// EntryForbidsBattle reports whether a unit of kind k entering h may not
// battle this turn (forests, towns…; not for the French Resistance).
func (s *State) EntryForbidsBattle(h hex.Hex, k UnitKind) bool {
	i, ok := s.index(h)
	if !ok || int(k) >= len(s.b.cat.units) {
		return true
	}
	return s.fx[i]&fxNoBattle != 0 && !s.b.cat.units[k].BattlesAfterEntering
}

// RetreatRoom is how many hexes, up to limit, the unit on h could retreat
// now (0 if it may not retreat at all, or no unit stands there).
func (s *State) RetreatRoom(h hex.Hex, limit int) int {
	i, ok := s.index(h)
	if !ok || s.occ[i] < 0 {
		return 0
	}
	u := &s.units[s.occ[i]]
	if s.cannotRetreat(u) {
		return 0
	}
	var seen [maxCells]bool
	var cur, next [64]int16
	var step [2]int16
	nc := 1
	cur[0] = i
	r := 0
	for r < limit {
		nn := 0
		for _, p := range cur[:nc] {
			for _, q := range s.retreatSteps(u, p, step[:0]) {
				if !seen[q] && nn < len(next) {
					seen[q] = true
					next[nn] = q
					nn++
				}
			}
		}
		if nn == 0 {
			break
		}
		r++
		cur, nc = next, nn
	}
	return r
}

// CardEffect is what the card in effect gives a unit it orders: its moves,
// its battles, the dice it adds (Bonus[0] at range, Bonus[1] against an
// adjacent target), and its limits on targets.
type CardEffect struct {
	MaxMove, MoveAndFight int
	Bonus                 [2]int
	AdjacentOnly          bool // battles adjacent enemies only (Close Assault)
	NoCloseFire           bool // a unit in close combat does not battle (Firefight)
	Infiltrate            bool // no terrain movement limits (Behind Enemy Lines)
}

// CardEffectFor is the card in effect's CardEffect for a unit of kind k the
// card would order; with no card in play (or a fallback order, which has no
// effects) it is the kind's own allowances.
func (s *State) CardEffectFor(k UnitKind) CardEffect {
	if int(k) >= len(s.b.cat.units) {
		return CardEffect{}
	}
	def := &s.b.cat.units[k]
	// The made-up unit lives in the state's working memory: a card's
	// BattleBonus hook is handed a *unit, which would put a local one on the
	// heap at every call (bots ask this all the time).
	u := &s.scratch().probe
	*u = unit{typ: def.Class, kind: k, side: s.active, kmove: def.MaxMove, kfight: def.MoveAndFight,
		ordered: true, fx: s.played != NoCard && !s.fallback}
	e := CardEffect{MaxMove: int(s.maxMove(u)), MoveAndFight: int(s.moveAndFight(u)), Infiltrate: s.infiltrating(u)}
	if u.fx {
		d := s.effDef()
		e.AdjacentOnly, e.NoCloseFire = d.AdjacentOnly, d.NoCloseFire
		e.Bonus = [2]int{int(s.cardBonus(u, false, false)), int(s.cardBonus(u, true, false))}
	}
	return e
}

// StarsHit reports whether a star rolled now by the unit on from against
// the unit on to would hit (Winter Wars V: heavy anti-tank guns and tank
// destroyers against armor, unmoved anti-tank and machine-gun infantry,
// stars from armor or artillery against tank destroyers). False when a hex
// holds no unit.
func (s *State) StarsHit(from, to hex.Hex) bool {
	fi, ok1 := s.index(from)
	ti, ok2 := s.index(to)
	if !ok1 || !ok2 || s.occ[fi] < 0 || s.occ[ti] < 0 {
		return false
	}
	return s.starsHit(&s.units[s.occ[fi]], &s.units[s.occ[ti]])
}

// PlayDoesNothing reports whether playing card action a ends the turn at
// once with nothing done (rulebook p.6 "Activer des unités": a card that
// orders no unit ends the turn; a Probe on an empty flank). The card is
// played on a copy; only this answer leaves it. Whatever happens before the
// turn ends other than the play itself, its discard and the draw (an order,
// a roll, a placed obstacle, a choice left to make) counts as something.
func (s *State) PlayDoesNothing(a Action) bool {
	idle, _ := s.PlayDoesNothingOn(a, nil)
	return idle
}

// PlayDoesNothingOn is PlayDoesNothing with the copy made in tmp's memory
// (CloneInto: nil for a new one, else a state of the caller's own, not s),
// returned for the next question: a caller asking of every card in hand
// makes one copy rather than one per card.
func (s *State) PlayDoesNothingOn(a Action, tmp *State) (bool, *State) {
	if a.Kind != ActPlay || s.phase != PhaseCard {
		return false, tmp
	}
	tmp = s.CloneInto(tmp)
	return playDoesNothing(tmp, a), tmp
}

// playDoesNothing plays a on c (a copy) for PlayDoesNothing.
func playDoesNothing(c *State, a Action) bool {
	evs, err := c.Apply(a)
	if err != nil {
		return false
	}
	for _, e := range evs {
		switch e.Kind {
		case EvTurnEnded:
			return true
		case EvCardPlayed, EvCardDiscarded, EvCardDrawn, EvDeckReshuffled:
		default:
			return false
		}
	}
	return false // the turn goes on: a decision waits
}
