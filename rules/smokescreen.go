package rules

import (
	"fmt"

	"m44/hex"
)

// Smoke screens (FAQ v1.3 III Actions "Écran de fumée", whose text our copy
// of the FAQ lacks: "[… passage missing in this copy …]" after its title).
// The facts, as the public Board Game Arena implementation of the game
// words the rule's summary (bga-devs/bga-memoir, the special rule
// smoke_screen; its state "may place 3 adjacent smoke screen markers"
// before the first turn): the side the scenario names places smoke
// screen markers on 3 adjacent contiguous hexes; once that side's turn has
// elapsed the markers are flipped, once its second turn has elapsed they
// are removed; units move on and through them freely; a smoke screen
// blocks the line of sight, and a unit on a smoke hex may still be seen
// and see out of it. In our words (docs/rules-decisions.md "Smoke
// screens"): the side lays its screen once, as the first decision of its
// first turn instead of nothing (it may decline by playing its card); the
// three hexes form one connected group (a line, a bend or a triangle),
// each with room for a marker; the screen blocks sight like a forest (a
// marker row with BlocksSight: the hexes between two units, never the
// units' own hexes) and lasts through the end of the side's second turn.

// smokeFeatureKey is the Terrain Pack's row of a smoke screen marker.
const smokeFeatureKey = "smoke-screen"

// smokeTurns is how many of its own turn ends a smoke screen lasts: flipped
// after the first, removed after the second.
const smokeTurns = 2

// compileSmoke finds the smoke screen's row when a side may lay one.
func (st *State) compileSmoke() error {
	s := st.b.setup
	if s.Smoke == 0 {
		return nil
	}
	if s.Smoke > MaskBoth {
		return fmt.Errorf("smoke screens: unknown side")
	}
	f, ok := st.b.cat.FeatureByKey(smokeFeatureKey)
	if !ok {
		return fmt.Errorf("smoke screens: no %s row in the catalog (the Terrain Pack ruleset has one)", smokeFeatureKey)
	}
	st.b.smoke = f
	return nil
}

// mayLaySmoke: the active side may lay its smoke screen now: the scenario
// gives it one, this is its first turn's card step, and it has not laid it.
func (s *State) mayLaySmoke() bool {
	return s.b.smoke != NoFeature && s.b.setup.Smoke.Has(s.active) && s.phase == PhaseCard &&
		s.turn <= 2 && s.smokeLeft[s.active] == 0 && len(s.stack) == 0
}

// smokeSite: a smoke screen marker may go on hex i (on the board, with room
// for a feature).
func (s *State) smokeSite(i int16) bool {
	if !s.b.valid[i] {
		return false
	}
	for _, f := range &s.feat[i] {
		if f == NoFeature {
			return true
		}
	}
	return false
}

// smokeOptions appends a "smoke" action for each group of three connected
// hexes the active side may screen, each group once: From is its middle
// (the hex next to both others; in a triangle the first by index), To the
// other hex of lower index, Arg the direction from the middle to the third.
func (s *State) smokeOptions(buf []Action) []Action {
	if !s.mayLaySmoke() {
		return buf
	}
	g := s.b.grid
	for m := 0; m < s.b.n; m++ {
		if !s.smokeSite(int16(m)) {
			continue
		}
		mh := s.b.hexAt[m]
		for d1 := 0; d1 < 6; d1++ {
			a := hex.Neighbour(mh, d1)
			if !g.Contains(a) || !s.smokeSite(int16(g.Index(a))) {
				continue
			}
			for d2 := d1 + 1; d2 < 6; d2++ {
				b := hex.Neighbour(mh, d2)
				if !g.Contains(b) || !s.smokeSite(int16(g.Index(b))) {
					continue
				}
				ai, bi := g.Index(a), g.Index(b)
				if hex.Adjacent(a, b) && (ai < m || bi < m) {
					continue // a triangle, listed from its first hex
				}
				lo, dhi := a, d2
				if bi < ai {
					lo, dhi = b, d1
				}
				buf = append(buf, Action{Kind: ActSmoke, From: mh, To: lo, Arg: uint8(dhi)})
			}
		}
	}
	return buf
}

// SmokeHexes are the three hexes a "smoke" action screens.
func (a Action) SmokeHexes() [3]hex.Hex {
	return [3]hex.Hex{a.To, a.From, hex.Neighbour(a.From, int(a.Arg)%6)}
}

// laySmoke places the active side's smoke screen on the action's hexes.
func (s *State) laySmoke(a Action) {
	g := s.b.grid
	for k, h := range a.SmokeHexes() {
		i := int16(g.Index(h))
		s.addFeature(i, s.b.smoke)
		s.smokeAt[s.active][k] = i
		s.emit(Event{Kind: EvSmoke, Side: s.active, From: h})
	}
	s.smokeLeft[s.active] = smokeTurns
}

// smokeAtTurnEnd counts a turn of the side whose turn ends against its
// smoke screen, and lifts the screen after its second.
func (s *State) smokeAtTurnEnd(side Side) {
	if s.smokeLeft[side] <= 0 {
		return
	}
	s.smokeLeft[side]--
	if s.smokeLeft[side] > 0 {
		return
	}
	s.smokeLeft[side] = -1 // laid and lifted: never again
	for _, i := range s.smokeAt[side] {
		s.removeFeature(i, s.b.smoke)
	}
}

// SmokeLeft is how many more of side's own turn ends its smoke screen lasts
// (2 when laid, 1 once flipped), 0 when it has none on the board.
func (s *State) SmokeLeft(side Side) int { return max(int(s.smokeLeft[side]), 0) }
