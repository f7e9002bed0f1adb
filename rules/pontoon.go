package rules

import "fmt"

// Pontoon bridges (Winter Wars IV "Pont flottant enneigé", whose effects are
// the Terrain Pack's pontoon bridge, "TP p.12"; FAQ II 33 Pont flottant):
// "Les ponts flottants ne peuvent être utilisés que dans les scénarios les
// mentionnant spécifiquement. Pour construire un pont flottant sur une
// rivière, jouez une carte "Attaque", et au lieu d'activer trois unités,
// placez un pont flottant sur une rivière dans la section désignée par la
// carte." The FAQ adds that no unit need be near: "Il suffit de jouer une
// carte pour construire un pont flottant. C'est une action générique qui
// n'est pas réalisée par une unité en particulier."
//
// Setup.Pontoons names the sides the scenario allows; the card rows that
// may build are marked BuildsPontoon (the Attack cards), the rivers
// Bridgeable, the structure built Pontoon (the Terrain Pack's
// pontoon-bridge). The bridge is a crossing like any other: the movement
// costs around the hex are recomputed for this game (recomputeHex).

// compilePontoons finds the row a pontoon rule builds.
func (st *State) compilePontoons() error {
	s := st.b.setup
	if s.Pontoons == 0 {
		return nil
	}
	if s.Pontoons > MaskBoth {
		return fmt.Errorf("pontoons: unknown side")
	}
	for f := range st.b.cat.features {
		if f > 0 && st.b.cat.features[f].Pontoon && st.b.cat.features[f].Layer == LayerStructure {
			st.b.pontoon = Feature(f)
			return nil
		}
	}
	return fmt.Errorf("pontoons: no pontoon bridge row in the catalog (the Terrain Pack ruleset has one)")
}

// pontoonOptions appends a "pontoon" action for each river hex of the card's
// section where the active side may build a pontoon bridge now: the scenario
// allows the side, the card in effect may build one (an Attack card, not a
// fallback), no unit has been ordered yet, and the hex is a river with no
// structure and no unit.
func (s *State) pontoonOptions(buf []Action) []Action {
	if s.b.pontoon == NoFeature || !s.b.setup.Pontoons.Has(s.active) || s.phase != PhaseOrder ||
		len(s.orderedBy) > 0 || s.fallback || s.effd == nil || !s.effd.Section || !s.effd.BuildsPontoon {
		return buf
	}
	for i := 0; i < s.b.n; i++ {
		if s.pontoonSite(int16(i)) {
			buf = append(buf, Action{Kind: ActPontoon, From: s.b.hexAt[i]})
		}
	}
	return buf
}

// pontoonSite: a pontoon bridge may be built on hex i with the card in
// effect: a river in the card's section, without a structure or a unit.
func (s *State) pontoonSite(i int16) bool {
	if !s.b.valid[i] || !s.b.gdef[i].Bridgeable || s.occ[i] >= 0 || s.b.section[s.active][i]&(1<<s.eff.Section) == 0 {
		return false
	}
	if s.featureOfLayer(i, LayerStructure) != NoFeature {
		return false
	}
	for _, f := range &s.feat[i] {
		if f == NoFeature {
			return true // room for it
		}
	}
	return false
}

// canBuildPontoon: some pontoon bridge may be built with the card in effect.
func (s *State) canBuildPontoon() bool {
	if s.b.pontoon == NoFeature {
		return false
	}
	var buf [64]Action
	return len(s.pontoonOptions(buf[:0])) > 0
}

// buildPontoon places a pontoon bridge on hex i instead of ordering units,
// recomputes the movement costs around it, and ends the turn: the card is
// discarded and a new one drawn as usual.
func (s *State) buildPontoon(i int16) {
	s.addFeature(i, s.b.pontoon)
	s.recomputeHex(i)
	s.emit(Event{Kind: EvPontoonBuilt, Side: s.active, From: s.b.hexAt[i]})
	s.endTurn()
}
