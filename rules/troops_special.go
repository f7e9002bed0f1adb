package rules

import "m44/hex"

// Special troops the real files name besides Winter Wars': big guns (the
// Terrain Pack's Troops 3, the .m44 badge5) and supply trucks (Troops 17,
// the .m44 units vehus and vehger), as unit rows of their own ruleset.
//
// Big guns: FAQ IV "Artillerie lourde" prints the summary card: "Tire à 3,
// 3, 2, 2, 1, 1, 1, 1; Placez un pion cible sur celle-ci quand un coup au
// but est réussi; Jusqu'à destruction ou mouvement, l'unité repérée subit
// les tirs avec un dé supplémentaire; Les pions cible ne sont pas
// cumulables", and rules: heavy artillery may move (as artillery: 1 or
// battle); when it moves, all its target markers come back to it; it may
// mark as many targets as it has markers. How many markers a gun has, and
// that the extra die is the marking gun's own, are taken from the Board
// Game Arena adaptation (github.com/bga-devs/bga-memoir,
// modules/php/Units/BigGun.php: maxTarget 3, "Until moved or destroyed,
// zeroed-in unit take fire at +1 on future rounds", the bonus read from the
// firing gun's own markers); docs/rules-decisions.md "Big guns".
//
// Supply trucks: FAQ IV "Camions de transport" prints: "1 à 3 figurines
// selon le scénario; Considérés comme de l'infanterie dans tous les cas; Se
// déplacent de 0-2 hex, +2 hex sur route; Ne peuvent pas combattre; Peuvent
// renforcer l'effectif de toute unité amie adjacente qui a subi des
// pertes", with "Seul un camion activé peut renforcer l'effectif d'une
// unité affaiblie [...] L'unité en question n'a pas besoin d'être activée";
// by default 3 figures (FAQ XI Contre-attaque de Mortain). The reinforcing
// is the half-tracks' "renforcement d'effectif" (Winter Wars V, the same
// words): a figure given to a damaged adjacent unit instead of battling
// (winter_halftracks.go); docs/rules-decisions.md "Supply trucks".

const (
	srcBigGuns = "FAQ IV Artillerie lourde (Troops 3 - Big Guns)"
	srcTrucks  = "FAQ IV Camions de transport (Troops 17 - Supply Trucks)"
	// bigGunMarkers is how many target markers a big gun holds (BGA).
	bigGunMarkers = 3
)

var specialUnits = []UnitDef{
	{Key: "big-gun", Class: Artillery, Source: srcBigGuns + "; markers: the Board Game Arena adaptation", Figures: 2, MaxMove: 1,
		RangeDice: [MaxRange]int8{3, 3, 2, 2, 1, 1, 1, 1}, IgnoresCover: true, RetreatPerFlag: 1, TargetMarkers: bigGunMarkers, Symbol: "big-gun",
		Summary: "big gun: artillery that moves 1 or battles at 3-3-2-2-1-1-1-1 (8 hexes); a unit it hits and does not destroy gets one of its 3 target markers, and its later fire at that unit rolls 1 die more until the unit moves or is destroyed; its markers come back when it moves"},
	{Key: "supply-trucks", Class: Infantry, Source: srcTrucks + "; FAQ XI Contre-attaque de Mortain (3 figures); FAQ II Routes (+2 on roads)", Figures: 3, MaxMove: 2, MoveAndFight: 2,
		RoadBonus: 2, RetreatPerFlag: 1, Reinforces: true, Symbol: "trucks",
		Summary: "supply trucks: hit as infantry; move 2 (4 wholly on a road) and never battle; instead, give a figure to a damaged adjacent friendly unit"},
}

// SpecialTroops is the ruleset of the big guns and supply trucks.
func SpecialTroops() *Ruleset {
	return &Ruleset{Key: "special-troops", Name: "Special troops: big guns and supply trucks", Units: append([]UnitDef(nil), specialUnits...)}
}

// markBonus is the die a big gun adds firing at unit ti, which carries one
// of its target markers ("l'unité repérée subit les tirs avec un dé
// supplémentaire"; markers are not cumulative: one die at most).
func (s *State) markBonus(a *unit, ti int) int8 {
	if !s.b.anyMarks {
		return 0
	}
	for _, m := range a.marks {
		if int(m) == ti+1 {
			return 1
		}
	}
	return 0
}

// markTarget: the fire being resolved, from a big gun, hit unit ti and
// left it on the board: the gun places one of its markers on it, if it has
// one left and the unit does not carry one of its markers already ("Placez
// un pion cible sur celle-ci quand un coup au but est réussi").
func (s *State) markTarget(ti int) {
	f := s.top()
	if f == nil || f.kind != frBattle || f.att < 0 || int(f.victim) != ti {
		return
	}
	g := &s.units[f.att]
	if s.kind(g).TargetMarkers == 0 || g.dead {
		return
	}
	free := -1
	for k, m := range g.marks {
		if int(m) == ti+1 {
			return
		}
		if m == 0 && free < 0 && k < int(s.kind(g).TargetMarkers) {
			free = k
		}
	}
	if free < 0 {
		return // every marker in use
	}
	g.marks[free] = int8(ti + 1)
	s.emit(Event{Kind: EvTargetMarked, Side: g.side, From: s.b.hexAt[g.pos], To: s.b.hexAt[s.units[ti].pos]})
}

// unmark: unit ui moved, retreated or was destroyed: the markers on it go
// ("Jusqu'à destruction ou mouvement"), and, a gun, its own come back to it
// (FAQ IV Artillerie lourde: "Tous les jetons de cible sont replacés auprès
// de l'artillerie lorsqu'elle se déplace").
func (s *State) unmark(ui int) {
	if !s.b.anyMarks {
		return
	}
	s.units[ui].marks = [bigGunMarkers]int8{}
	for i := range s.units {
		for k, m := range s.units[i].marks {
			if int(m) == ui+1 {
				s.units[i].marks[k] = 0
			}
		}
	}
}

// TargetMarker is a big gun's target marker: the gun and the unit marked.
type TargetMarker struct {
	Gun, Target hex.Hex
}

// TargetMarkers lists the target markers on the board, gun by gun.
func (s *State) TargetMarkers() []TargetMarker {
	if !s.b.anyMarks {
		return nil
	}
	var out []TargetMarker
	for i := range s.units {
		g := &s.units[i]
		for _, m := range g.marks {
			if m > 0 && !g.dead {
				out = append(out, TargetMarker{Gun: s.b.hexAt[g.pos], Target: s.b.hexAt[s.units[m-1].pos]})
			}
		}
	}
	return out
}
