package rules

import (
	"fmt"

	"m44/hex"
)

// Airdrops called in during play (.m44 option airdrop2). Drop in the Night:
// 82nd: "Once in full daylight, the Allied player can drop up to 3
// additional Infantry units (using previously lost figures) over the hex at
// Les Forges by playing an appropriate Command card (so a probe in the
// Center allows 2 units to attempt an airdrop over Les Forges)". Les Forges
// lies in the Allied left section, so the card's section does not matter:
// a section card, played for the drop instead of ordering units, drops as
// many units as it would order (Recon 1, Probe 2, Attack 3, Assault all:
// within what is left of the drop) (docs/rules-decisions.md "Airdrops called
// in during play"). The units land as the paratroopers of FAQ III
// Parachutage do (land).

// CalledAirdrop is a drop of paratroopers that Side calls in during play.
type CalledAirdrop struct {
	Side Side
	// Center is the hex the drop aims at; a unit lands on a hex drawn
	// among every position within Range of it (as in an Airdrop).
	Center hex.Hex
	Range  int
	// Max is how many units may be dropped over the game, in one drop or
	// several (Drop in the Night: "up to 3 additional Infantry units").
	Max  int
	Unit UnitSetup
	// Daylight: only once the night-attack track has reached full daylight
	// (.m44 NEED_FULL_DAY_VISIBILITY; FAQ I "Carte de visibilité").
	Daylight bool
	// FromLost: each unit is built from figures of its class that Side has
	// lost (Drop in the Night: "using previously lost figures").
	FromLost bool
}

// validateCalled checks the setup's called airdrops.
func validateCalled(s *Setup, g hex.Grid, cat *Catalog) error {
	if len(s.Airdrops)+len(s.CalledAirdrops) > 100 {
		return fmt.Errorf("airdrops: %d, at most 100", len(s.Airdrops)+len(s.CalledAirdrops))
	}
	for i, a := range s.CalledAirdrops {
		if a.Side > Axis || a.Max < 1 || a.Max > 12 || a.Range < 0 || a.Range > 12 || a.Unit.Type >= numUnitTypes || cat.badKind(&a.Unit) {
			return fmt.Errorf("called airdrop %d: bad side, max (1..12), range (0..12) or unit", i)
		}
		if !g.Contains(a.Center) {
			return fmt.Errorf("called airdrop %d: centre %s not on the board", i, a.Center)
		}
	}
	return nil
}

// callOptions appends a "drop" action for each number of units the active
// side may drop now: the card in effect is a section card (not a fallback),
// no unit has been ordered yet, the day has risen if the drop needs it, and
// units are left to drop (and lost figures to build them from).
func (s *State) callOptions(buf []Action) []Action {
	called := s.b.setup.CalledAirdrops
	if len(called) == 0 || s.phase != PhaseOrder || len(s.orderedBy) > 0 || s.fallback || s.effd == nil || !s.effd.Section {
		return buf
	}
	for k := range called {
		for n := 1; n <= s.callable(k); n++ {
			buf = append(buf, Action{Kind: ActDrop, From: called[k].Center, Arg: uint8(n)})
		}
	}
	return buf
}

// callable is how many units of called airdrop k the active side may drop
// with the card in effect: as many as the card orders, within what is left
// of the drop and of the lost figures.
func (s *State) callable(k int) int {
	a := &s.b.setup.CalledAirdrops[k]
	if a.Side != s.active || a.Daylight && s.vis != 0 {
		return 0
	}
	n := min(int(s.quota[s.eff.Section]), s.waiting(k))
	if a.FromLost && n > 0 {
		first := &s.units[s.b.calledAt[k]]
		n = min(n, s.lostFigures(a.Side, first.typ)/int(first.max))
	}
	return max(n, 0)
}

// waiting is how many units of called airdrop k have not been dropped.
func (s *State) waiting(k int) int {
	at := int(s.b.calledAt[k])
	n := 0
	for i := at; i < at+s.b.setup.CalledAirdrops[k].Max; i++ {
		if s.units[i].reserve > 0 {
			n++
		}
	}
	return n
}

// lostFigures is how many figures of class t side has lost and not yet
// used again for a called airdrop: those of its eliminated units and the
// missing figures of the others; a unit of a called airdrop, once dropped,
// took its full strength from them.
func (s *State) lostFigures(side Side, t UnitType) int {
	n := 0
	for i := range s.units {
		u := &s.units[i]
		if u.side != side || u.typ != t || u.reserve > 0 {
			continue
		}
		if u.dead {
			n += int(u.max)
		} else {
			n += int(u.max - u.figures)
		}
	}
	for k, a := range s.b.setup.CalledAirdrops {
		if a.Side != side {
			continue
		}
		at := int(s.b.calledAt[k])
		for i := at; i < at+a.Max; i++ {
			if u := &s.units[i]; u.reserve == 0 && u.typ == t {
				n -= int(u.max)
			}
		}
	}
	return n
}

// canCall: some unit may be dropped with the card in effect.
func (s *State) canCall() bool {
	var buf [16]Action
	return len(s.callOptions(buf[:0])) > 0
}

// callDrop drops n units of the called airdrop aimed at centre: they come
// down at once, each on a hex drawn around the centre (recorded outcomes),
// and may not move or battle this turn. The card played is spent on the
// drop: the turn ends, the card is discarded and a new one drawn.
func (s *State) callDrop(centre hex.Hex, n int) {
	var drop [12]int16
	var idx [12]int
	m := 0
	for k, a := range s.b.setup.CalledAirdrops {
		if a.Center != centre || a.Side != s.active {
			continue
		}
		at := int(s.b.calledAt[k])
		for i := at; i < at+a.Max && m < n; i++ {
			if u := &s.units[i]; u.reserve > 0 {
				u.reserve = 0
				drop[m], idx[m] = s.dropSpot(s.b.callZones[k]), i
				m++
			}
		}
		break
	}
	s.land(drop[:m], idx[:m])
	s.endTurn()
}
