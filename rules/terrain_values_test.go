package rules

import "testing"

// Every row of the Terrain Pack's and Winter Wars' rulesets, with its
// movement, battle, sight and air-check values and the source that gives
// them ("decided": docs/rules-decisions.md "Terrain Pack and Winter Wars
// terrain"). stop: entering stops ("V": armor and artillery only); leave: a
// unit starting in it moves 1; nb: no battle after entering; prot: infantry
// and armor protection; below: only against lower attackers; imp:
// impassable classes; sight: blocks sight; dice: rolled on entering; air:
// the air check.
func TestExpansionTerrainValues(t *testing.T) {
	type vals struct {
		height       int8
		stop         string
		leave, nb    bool
		prot         [2]int8
		below        bool
		imp          ClassMask
		sight, road  bool
		water, cross bool
		dice, air    int8
	}
	town := vals{stop: "all", nb: true, prot: [2]int8{1, 2}, sight: true, air: 2}
	rows := map[string]vals{
		"road":             {road: true},                                                                 // FAQ II 42 Routes
		"hill-road":        {height: 1, prot: [2]int8{1, 1}, below: true, road: true, air: 1},            // FAQ II 42 Routes: a hill's protection
		"railway":          {stop: "V", air: 1},                                                          // FAQ II 38; WW I Voie ferrée enneigée
		"station":          town,                                                                         // decided: as a town
		"marsh":            {stop: "all", leave: true, air: 2},                                           // FAQ III Infiltration; decided
		"fordable-river":   {stop: "all", air: 1},                                                        // FAQ II 41; decided
		"fordable-stream":  {stop: "all", air: 1},                                                        // FAQ II 61 Ruisseaux & rivières franchissables
		"airfield":         {},                                                                           // FAQ II 16 Aérodrome: no restriction, air check 0
		"barracks":         town,                                                                         // decided: as a town
		"dam":              {imp: Vehicles, sight: true, air: 1},                                         // FAQ II 20 Barrages
		"forested-hill":    {height: 1, stop: "all", nb: true, prot: [2]int8{1, 2}, sight: true, air: 3}, // rulebook p.18; annex 2 Forêts
		"hill-village":     {height: 1, stop: "all", nb: true, prot: [2]int8{1, 2}, sight: true, air: 2}, // rulebook p.18; annex 2 Villes & villages
		"ravine":           {stop: "all", leave: true, prot: [2]int8{1, 1}, air: 1},                      // FAQ II 65 Balkas
		"rocky-escarpment": {height: 1, prot: [2]int8{1, 1}, below: true, imp: Vehicles, air: 2},         // rulebook p.18; decided
		"erg":              {height: 1, stop: "all", prot: [2]int8{1, 1}, below: true, air: 2},           // FAQ II 64 Ergs & dunes
		"palm-grove":       {stop: "all", nb: true, prot: [2]int8{1, 2}, sight: true, air: 2},            // decided: as a forest
		"oasis":            {stop: "all", prot: [2]int8{1, 1}, sight: true, air: 2},                      // FAQ III Infiltration; decided
		"river-mouth":      {imp: AllClasses, water: true},                                               // decided: as a river
		"coast":            {},                                                                           // decided: as a beach (below)
		"factory":          town,                                                                         // decided: as a town
		"ruins":            town,                                                                         // FAQ II 45; decided
		"rice-paddy":       {stop: "all", air: 1},                                                        // FAQ II 60; decided
		"pacific-village":  town,                                                                         // decided: as a town
		"pacific-beach":    {},                                                                           // decided: as a beach (below)
		"chateau":          town,                                                                         // WW I Château: Villes & villages, air check 2
		"frozen-river":     {dice: 2, air: 1},                                                            // WW I Rivière gelée: 2 dice, air check 1
		"snowy-road":       {road: true},                                                                 // WW I Route enneigée: air check 0
		"snowy-railway":    {stop: "V", air: 1},                                                          // WW I Voie ferrée enneigée: air check 1
		"ford":             {stop: "all", cross: true, air: 1},                                           // FAQ II 41; TP IV River Ford; decided
		"field-bunker":     {imp: Vehicles, prot: [2]int8{1, 2}, sight: true, air: 2},                    // TP IV Field Bunkers; decided
		"rail-bridge":      {stop: "V", cross: true, air: 1},                                             // FAQ II 37 Pont ferroviaire; WW IV
		"pontoon-bridge":   {cross: true, air: 1},                                                        // FAQ II 33 Pont flottant; WW IV
		"wadi":             {prot: [2]int8{1, 1}, air: 1},                                                // FAQ II 44 Oueds & défilés (air check 1: its Q&A)
		"cemetery":         {},                                                                           // TP 18 Cemeteries (BGA's card text): ignore 1 flag only
		"high-ground":      {},                                                                           // TP 25 Dikes & High Ground (BGA's card text): no effect
		"lighthouse":       town,                                                                         // TP 27 Lighthouses: as a village (BGA); decided
		"fortress":         {imp: Vehicles, prot: [2]int8{1, 2}, sight: true, air: 2},                    // TP 24 Fortresses (BGA: a bunker for any occupant, all flags ignored)
		"oasis-recovery":   {},                                                                           // FAQ III Soins dans l'oasis: a marker, no terrain effect
		"smoke-screen":     {sight: true},                                                                // FAQ III Écran de fumée: blocks sight only (smokescreen.go)
	}
	seen := 0
	for _, rs := range []*Ruleset{TerrainPack(), WinterTerrain()} {
		for _, r := range append(append([]TerrainDef(nil), rs.Grounds...), rs.Features...) {
			want, ok := rows[r.Key]
			if !ok {
				t.Errorf("%s: row %q has no expected values", rs.Key, r.Key)
				continue
			}
			seen++
			stop := ""
			switch {
			case r.MustStop:
				stop = "all"
			case r.VehiclesStop:
				stop = "V"
			}
			got := vals{height: r.Height, stop: stop, leave: r.LeaveStops, nb: r.NoBattle, prot: [2]int8{r.Protection[Infantry], r.Protection[Armor]},
				below: r.ProtectedBelow, imp: r.Impassable, sight: r.BlocksSight, road: r.Road, water: r.Water, cross: r.Crossing,
				dice: r.EnterDice, air: r.AirCheck}
			if got != want {
				t.Errorf("%s: %+v, want %+v (%s)", r.Key, got, want, r.Source)
			}
			if r.Source == "" || r.Summary == "" {
				t.Errorf("%s: no source or summary", r.Key)
			}
		}
	}
	if seen != len(rows) {
		t.Errorf("%d rows checked, %d expected", seen, len(rows))
	}
	for _, k := range []string{"coast", "pacific-beach"} { // a move entering them is of 2 hexes at most (annex 2 Plages)
		g, _ := expansionCatalog.GroundByKey(k)
		if r := expansionCatalog.Ground(g); r.MoveCap != 2 || !r.Beach {
			t.Errorf("%s: move cap %d, beach %v; want a beach", k, r.MoveCap, r.Beach)
		}
	}
}
