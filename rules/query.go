package rules

import (
	"fmt"

	"m44/hex"
)

// Queries for tools, bots and the protocol. They read the state only.

// BattleDice is the number of dice the unit on from would roll against the
// unit on to right now, ignoring whether it is ordered or has already
// battled, but applying range, line of sight, terrain and the close-combat
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
	if s.inCloseCombat(a) && !hex.Adjacent(from, to) {
		return 0, nil
	}
	return int(s.battleDice(a, int16(g.Index(to)), s.phase == PhaseOverrun)), nil
}

// Reachable lists the hexes the unit on h could move to this turn if it were
// ordered and had not moved yet, in index order.
func (s *State) Reachable(h hex.Hex) ([]hex.Hex, error) {
	g := s.b.grid
	if !g.Contains(h) {
		return nil, fmt.Errorf("hex %s not on the board", h)
	}
	ui := s.occ[g.Index(h)]
	if ui < 0 {
		return nil, fmt.Errorf("no unit on %s", h)
	}
	var buf [64]dest
	var out []hex.Hex
	for _, d := range s.reach(int(ui), buf[:0]) {
		out = append(out, s.b.hexAt[d.pos])
	}
	return out, nil
}
