package rules

import (
	"slices"

	"m44/hex"
)

// BlowBridges is the scenario action "Faire sauter un pont", option 2 (FAQ
// III Actions 2; FAQ II Ponts): the side named may play a section card for
// the section a blowable bridge is in and, instead of ordering units, roll 2
// dice; a star destroys the bridge, which is removed. The card is then
// discarded and a new one drawn as usual, whatever the dice show. No unit
// needs to stand near the bridge unless the scenario says so (FAQ II Ponts:
// "Il suffit de jouer une carte"); Drop in the Night: 82nd asks for an
// Allied infantry unit on an adjacent hex (Beside).
type BlowBridges struct {
	Side Side
	// Beside: when not zero, a unit of one of these classes of Side must be
	// on a hex adjacent to the bridge.
	Beside  ClassMask
	Bridges []BlowableBridge
}

// BlowableBridge is one bridge that may be blown. Medal: its destruction is
// a permanent medal for the side that blows it (.m44 ONE_MEDAL_IF_BLOWN;
// Drop in the Night: "The destruction of the bridges ... are Permanent
// Medal Objectives for the Allied forces").
type BlowableBridge struct {
	Hex   hex.Hex
	Medal bool
}

// blowOptions appends a "blow" action for each bridge the active side may
// blow now: the card in effect is a section card (not a fallback) covering
// the bridge's hex, no unit has been ordered yet, the bridge still stands
// and, if the scenario asks, a unit of the right class is beside it.
func (s *State) blowOptions(buf []Action) []Action {
	bb := &s.b.setup.Blow
	if len(bb.Bridges) == 0 || s.active != bb.Side || s.phase != PhaseOrder ||
		len(s.orderedBy) > 0 || s.fallback || s.effd == nil || !s.effd.Section {
		return buf
	}
	g := s.b.grid
	for _, br := range bb.Bridges {
		i := int16(g.Index(br.Hex))
		if !s.crossing(i) || s.b.section[s.active][i]&(1<<s.eff.Section) == 0 || !s.besideOK(i, bb) {
			continue
		}
		buf = append(buf, Action{Kind: ActBlow, From: br.Hex})
	}
	// FAQ II 33 Pont flottant: a side that may blow bridges may blow the
	// other side's pontoon bridges too ("peut-il aussi essayer de faire
	// sauter mes ponts flottants ? Oui"); the pontoons on the board are the
	// other side's when the blower may build none itself.
	if s.b.pontoon != NoFeature && !s.b.setup.Pontoons.Has(bb.Side) {
		for i := int16(0); int(i) < s.b.n; i++ {
			if s.b.valid[i] && s.featureOfLayer(i, LayerStructure) == s.b.pontoon &&
				s.b.section[s.active][i]&(1<<s.eff.Section) != 0 && s.besideOK(i, bb) {
				buf = append(buf, Action{Kind: ActBlow, From: s.b.hexAt[i]})
			}
		}
	}
	return buf
}

// besideOK: the scenario's unit condition for blowing the bridge on hex i.
func (s *State) besideOK(i int16, bb *BlowBridges) bool {
	if bb.Beside == 0 {
		return true
	}
	for _, q := range s.b.nb[i] {
		if q < 0 || s.occ[q] < 0 {
			continue
		}
		if u := &s.units[s.occ[q]]; u.side == bb.Side && bb.Beside.Has(u.typ) {
			return true
		}
	}
	return false
}

// canBlow: some bridge may be blown with the card in effect.
func (s *State) canBlow() bool {
	var buf [16]Action
	return len(s.blowOptions(buf[:0])) > 0
}

// blowBridge rolls 2 dice at the bridge on hex i: a star destroys it (FAQ
// III "Faire sauter un pont", option 2). A unit on the bridge is eliminated
// and gives its enemy a medal (FAQ digest ruling 48); the side that blew it
// gains the bridge's medal if it has one. The turn then ends: the card is
// discarded and a new one drawn as usual.
func (s *State) blowBridge(i int16) {
	if s.rollCount(Event{Kind: EvDiceRolled, Side: s.active}, 2, isStar) > 0 {
		if ui := s.occ[i]; ui >= 0 {
			s.eliminate(int(ui))
		}
		s.removeFeatures(i, func(r *TerrainDef) bool { return r.Crossing })
		s.recomputeHex(i)
		s.emit(Event{Kind: EvBridgeBlown, Side: s.active, From: s.b.hexAt[i]})
		for _, br := range s.b.setup.Blow.Bridges {
			if br.Medal && s.b.grid.Index(br.Hex) == int(i) {
				s.blown[s.active]++
				s.updateMedals()
			}
		}
	}
	s.endTurn()
}

// recomputeHex recomputes the one-step movement costs into and out of hex i
// after a feature that shapes movement changed there (a bridge blown). The
// cost tables are shared with the board and with clones, so the state gets
// fresh copies before any change (copy on write).
func (s *State) recomputeHex(i int16) {
	for side := range Side(2) {
		for t := range numUnitTypes {
			tab := slices.Clone(s.step[side][t]) // each side its own copy, even where they shared one
			for d, q := range s.b.nb[i] {
				if q < 0 {
					continue
				}
				if s.b.valid[i] {
					tab[i][d] = s.terrainStep(side, t, i, q)
				}
				for dq, back := range s.b.nb[q] {
					if back == i && s.b.valid[q] {
						tab[q][dq] = s.terrainStep(side, t, q, i)
					}
				}
			}
			s.step[side][t] = tab
		}
	}
	s.stepOwn = true // the bit-set search's neighbour sets are the board's (reach_mask.go)
}
