package scenario

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"m44/hex"
	"m44/rules"
)

// TestSpecialsTable: every row says how it is played (exactly one of apply,
// data, needs, skip), and quotes, word for word, the text member it names of
// a real scenario file whose id and English name it matches.
func TestSpecialsTable(t *testing.T) {
	files := corpusFiles(t)
	type text struct {
		id, name string
		members  map[string]string
	}
	var texts []text
	for _, path := range files {
		f, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		var all map[string]map[string]string
		if json.Unmarshal(f.Text, &all) != nil {
			continue
		}
		texts = append(texts, text{f.scenarioID(), f.Name(), all["en"]})
	}
	for i, sp := range specials {
		ways := 0
		for _, set := range []bool{sp.apply != nil, sp.data != "", sp.needs != "", sp.skip != ""} {
			if set {
				ways++
			}
		}
		if ways != 1 {
			t.Errorf("row %d (%s): %d ways of playing it, want exactly one of apply, data, needs, skip", i, sp.name, ways)
		}
		if sp.option != "" && sp.apply == nil {
			t.Errorf("row %d (%s): completes option %s without apply", i, sp.name, sp.option)
		}
		k := slices.IndexFunc(texts, func(x text) bool { return x.id == sp.id && strings.EqualFold(x.name, sp.name) })
		if k < 0 {
			t.Errorf("row %d: no corpus file is scenario %s %q", i, sp.id, sp.name)
			continue
		}
		member, ok := texts[k].members[sp.from]
		if !ok {
			t.Errorf("row %d (%s): no text.en.%s", i, sp.name, sp.from)
			continue
		}
		for _, part := range strings.Split(sp.text, " [...] ") {
			if !strings.Contains(member, part) {
				t.Errorf("row %d (%s): text.en.%s does not say %q", i, sp.name, sp.from, part)
			}
		}
	}
}

// TestSpecialsReviewed: every corpus file that plays fully, and every file
// with a row, has its special rules reviewed: none keeps the note "free
// text, not checked".
func TestSpecialsReviewed(t *testing.T) {
	for _, path := range corpusFiles(t) {
		f, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		c := &converter{f: f, r: &Report{}, cells: map[hex.Hex]*cell{}}
		c.convert()
		unchecked := slices.ContainsFunc(c.r.Notes, func(i Issue) bool { return strings.Contains(i.Msg, "free text, not checked") })
		if unchecked && (c.r.Playable() || c.reviewed()) {
			t.Errorf("%s: playable %v, reviewed %v, but noted as unchecked free text", filepath.Base(path), c.r.Playable(), c.reviewed())
		}
	}
}

func groundOf(s *rules.Setup) map[hex.Hex]rules.HexSetup {
	m := map[hex.Hex]rules.HexSetup{}
	for _, h := range s.Hexes {
		m[h.Hex] = h
	}
	return m
}

// TestSpecialsPlayed converts the real files whose rows set fields and
// checks the fields, citing each scenario's words.
func TestSpecialsPlayed(t *testing.T) {
	h := func(r, c int8) hex.Hex { return hex.Hex{Row: r, Col: c} }

	// Sword Beach, Pointe-du-Hoc, Utah Beach, First Assault Wave: "The Axis
	// player is in control of the Bunkers and may claim them as a defensive
	// position." (their bunkers name no original_owner).
	for _, name := range []string{"4-SwordBeach.m44", "7-PointeduHoc.m44", "42-UtahBeach.m44", "11-FirstAssaultWave.m44"} {
		s, r := loadCorpus(t, name)
		if s == nil || !r.Playable() || s.BunkerUsers != rules.MaskAxis {
			t.Errorf("%s: bunker users %v, report %+v", name, s.BunkerUsers, r)
		}
		if slices.ContainsFunc(r.Notes, func(i Issue) bool { return strings.Contains(i.Msg, "both sides may use them") }) {
			t.Errorf("%s: still notes bunkers for both sides", name)
		}
	}

	// Pegasus Bridge: "Take 2 command cards (Germans were surprised). Draw
	// two cards after turns 1 and 2. You will then have a hand of 4".
	s, r := loadCorpus(t, "2-PegasusBridge.m44")
	if s == nil || !r.Playable() || s.Cards[rules.Axis] != 2 || s.GrowTo != [2]int{0, 4} {
		t.Errorf("Pegasus Bridge: cards %v, grows to %v, report %+v", s.Cards, s.GrowTo, r)
	} else if b, err := rules.Compile(s); err != nil {
		t.Errorf("Pegasus Bridge: %v", err)
	} else if g := b.NewGame(1); len(g.HandOf(rules.Axis, 0)) != 2 {
		// The growth itself is the engine's (rules/growth_test.go).
		t.Errorf("Pegasus Bridge: the Axis starts with %d cards", len(g.HandOf(rules.Axis, 0)))
	}

	// Strasbourg: "The Rhone-Rhine Canal is frozen and may be crossed.
	// There are no other movement or battle restrictions in regard to the
	// canal." The file's snowy river tiles become open ground; the Ill
	// river stays a river.
	s, r = loadCorpus(t, "12507-Strasbourg.m44")
	if s == nil || !r.Playable() {
		t.Fatalf("Strasbourg: %+v", r)
	}
	ground := groundOf(s)
	for _, x := range []hex.Hex{h(0, 14), h(1, 13), h(2, 12), h(3, 11), h(4, 10), h(5, 9), h(6, 8), h(7, 7), h(8, 6)} {
		if g := ground[x].Terrain; g != rules.Plain {
			t.Errorf("Strasbourg canal %s: %s, want plain", x, g)
		}
	}
	rivers := 0
	for _, g := range ground {
		if g.Terrain == rules.River {
			rivers++
		}
	}
	if rivers != 8 { // the Ill: 5 river and 3 curve tiles, 3 of them bridged
		t.Errorf("Strasbourg: %d river hexes, want the Ill's 8", rivers)
	}

	// Utah Beach: "An Allied unit that exits off the Axis side of the
	// battlefield counts as one Victory Medal": the whole Axis baseline,
	// not only the file's three markers.
	s, r = loadCorpus(t, "42-UtahBeach.m44")
	if s == nil || !r.Playable() || len(s.Exits) != 1 || s.Exits[0].Side != rules.Allies || len(s.Exits[0].Hexes) != 13 {
		t.Fatalf("Utah Beach: exits %+v, report %+v", s.Exits, r)
	}
	for _, x := range s.Exits[0].Hexes {
		if x.Row != 0 {
			t.Errorf("Utah Beach exit %s off the Axis baseline", x)
		}
	}

	// Securing the Flank: its victory conditions and rules name no exit;
	// the four Allied exit markers on the Allies' own baseline are not
	// played.
	s, r = loadCorpus(t, "41870-SecuringTheFlank.m44")
	if s == nil || !r.Playable() || len(s.Exits) != 0 {
		t.Fatalf("Securing the Flank: exits %+v, features %q", s, r.Features())
	}
	for _, h := range s.Hexes {
		if slices.Contains(h.Features, rules.ExitMarker) {
			t.Errorf("Securing the Flank: exit marker left on %s", h.Hex)
		}
	}
	// Night Withdrawal: "The hex with an Exit marker on the Axis player's
	// baseline is an Exit hex for the Axis forces (not for the Allied
	// forces)!" (the file needs night attacks too).
	s, r = loadCorpus(t, "4089-NightWithdrawal.m44")
	if s == nil || !r.Playable() || len(s.Exits) != 1 || s.Exits[0].Side != rules.Axis || !s.Night.On || !s.Night.Falls || s.Night.Roller != rules.Axis {
		t.Errorf("Night Withdrawal: features %q", r.Features())
	}

	// Breakthrough to Gembloux: the battle stars only mark the motorized
	// infantry, played as special forces; the Axis must exit a unit (the
	// file still needs the Breakthrough deck and mobile artillery).
	_, r = loadCorpus(t, "3496-BreakthroughToGembloux.m44")
	for _, f := range r.Features() {
		if f == "battle star markers" || f == "unit equipment motorized" || f == "exit markers" {
			t.Errorf("Breakthrough to Gembloux still needs %q", f)
		}
	}

	// Counter-Attack at Arras: "British Commonwealth Forces Command rules
	// are in effect": every British unit battles back on its last figure,
	// no German one does.
	s, r = loadCorpus(t, "1290-CounterAttackAtArras.m44")
	if s == nil || !r.Playable() {
		t.Fatalf("Counter-Attack at Arras: not playable: %q", r.Features())
	}
	brit := 0
	for _, u := range s.Units {
		if u.BattleBack != (u.Nation == "brit") || u.BattleBack && u.Side != rules.Allies {
			t.Errorf("Arras unit %+v", u)
		}
		if u.BattleBack {
			brit++
		}
	}
	if brit != 12 {
		t.Errorf("Arras: %d British units battle back, want the 12 of the file", brit)
	}

	// Toulon, Saverne Gap: "If Allied units occupy N town hexes in … at the
	// end of their turn, they win immediately": their sudden death is
	// counted at the end of the Allied turn (rules.Objective.AtTurnEnd).
	for _, name := range []string{"23-Toulon.m44", "29-SaverneGap.m44"} {
		s, r := loadCorpus(t, name)
		if s == nil || !r.Playable() {
			t.Fatalf("%s: not playable: %q", name, r.Features())
		}
		n := 0
		for _, o := range s.Objectives {
			if o.Kind == rules.SuddenDeath {
				n++
				if !o.AtTurnEnd || o.Sides != rules.MaskAllies {
					t.Errorf("%s: sudden death %+v, want the Allies' at the end of their turn", name, o)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no sudden death", name)
		}
	}

	// Villers-Bocage: "Tiger tank rules are in effect (Troops 16 - Tigers).
	// The Tiger tank marked with a Battle Star is Michael Wittmann => It may
	// ignore 1 flag, battle at +1d when not moving, and its Battle Star
	// does not count as an additional Victory medal for the enemy."; "British
	// Commonwealth Forces command rules are in effect".
	s, r = loadCorpus(t, "17-VillersBocage.m44")
	if s == nil || !r.Playable() {
		t.Fatalf("Villers-Bocage: not playable: %q", r.Features())
	}
	kinds := map[string]int{}
	brit = 0
	for _, u := range s.Units {
		switch {
		case u.Side == rules.Axis:
			kinds[u.Kind]++
			if u.Figures != 1 {
				t.Errorf("Villers-Bocage: Tiger %+v, want 1 figure", u)
			}
			if u.Kind == "wittmann" && (!u.IgnoresFlag || u.Medals > 1 || u.Hex != h(1, 9)) {
				t.Errorf("Villers-Bocage: Wittmann %+v, want on 1,9, ignoring a flag, worth one medal", u)
			}
		case u.BattleBack:
			brit++
		}
	}
	if kinds["wittmann"] != 1 || kinds["tiger"] != 4 || len(kinds) != 2 {
		t.Errorf("Villers-Bocage: Axis unit rows %v, want 1 wittmann and 4 tigers", kinds)
	}
	if brit != 12 {
		t.Errorf("Villers-Bocage: %d British units battle back, want the 12 of the file", brit)
	}
	tigers := 0
	for _, rs := range s.Rulesets {
		if rs.Key == "tigers" {
			tigers++
		}
	}
	if tigers != 1 {
		t.Errorf("Villers-Bocage: the tigers ruleset %d times, want once", tigers)
	}
	if b, err := rules.Compile(s); err != nil {
		t.Errorf("Villers-Bocage: %v", err)
	} else if u, ok := b.NewGame(1).UnitAt(h(1, 9)); !ok || u.Figures != 1 {
		t.Errorf("Villers-Bocage: Wittmann %+v, want 1 figure", u)
	}
}

// TestSpecialsData spot-checks rows whose words the file's data already
// plays.
func TestSpecialsData(t *testing.T) {
	count := func(s *rules.Setup, f func(rules.HexSetup) bool) int {
		n := 0
		for _, h := range s.Hexes {
			if f(h) {
				n++
			}
		}
		return n
	}
	// Counter-attack on Mortain: "Movement up onto a hill hex is a 2 hex
	// move": every hill is steep.
	s, _ := loadCorpus(t, "16-CounterattackOnMortain.m44")
	if n := count(s, func(h rules.HexSetup) bool { return h.Terrain == rules.SteepHill }); n != 8 ||
		count(s, func(h rules.HexSetup) bool { return h.Terrain == rules.Hill }) != 0 {
		t.Errorf("Mortain: %d steep hills", n)
	}
	// First Assault Wave: "The hill that runs along the beach is a bluff".
	s, _ = loadCorpus(t, "11-FirstAssaultWave.m44")
	if n := count(s, func(h rules.HexSetup) bool { return h.Terrain == rules.Bluff }); n != 10 {
		t.Errorf("First Assault Wave: %d bluffs", n)
	}
	// Pointe-du-Hoc: "The hill that runs along the beach is a cliff".
	s, _ = loadCorpus(t, "7-PointeduHoc.m44")
	if n := count(s, func(h rules.HexSetup) bool { return h.Terrain == rules.Cliff }); n != 15 {
		t.Errorf("Pointe-du-Hoc: %d cliffs", n)
	}
	// Montélimar: "The other German infantry units only have 3 figures";
	// "The Hill hexes north of the Condillac pass (Allies right) are
	// impassable".
	s, _ = loadCorpus(t, "18-Montelimar.m44")
	for _, u := range s.Units {
		if u.Side == rules.Axis && u.Type == rules.Infantry && !u.Elite && u.Figures != 3 {
			t.Errorf("Montélimar: Axis infantry at %s has %d figures", u.Hex, u.Figures)
		}
	}
	if n := count(s, func(h rules.HexSetup) bool { return h.Closed }); n != 6 {
		t.Errorf("Montélimar: %d impassable hexes", n)
	}
	// Mont Mouchet: "Eliminating an Axis tank unit counts as two victory
	// medals"; "All the Allied units are French Resistance infantry".
	s, _ = loadCorpus(t, "5-MontMouchet.m44")
	for _, u := range s.Units {
		switch {
		case u.Side == rules.Axis && u.Type == rules.Armor && u.Medals != 2:
			t.Errorf("Mont Mouchet: Axis tank at %s worth %d", u.Hex, u.Medals)
		case u.Side == rules.Allies && !u.Resistance:
			t.Errorf("Mont Mouchet: Allied unit at %s not Resistance", u.Hex)
		}
	}
	// Martinville Ridge: "All Axis infantry are Fallschirmjäger".
	s, _ = loadCorpus(t, "4172-MartinvilleRidge.m44")
	for _, u := range s.Units {
		if u.Side == rules.Axis && u.Type == rules.Infantry && !u.Elite {
			t.Errorf("Martinville Ridge: Axis infantry at %s not elite", u.Hex)
		}
	}
}
