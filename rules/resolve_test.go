package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// attack orders the unit on from, optionally moves it, and battles to with
// the scripted faces; it returns the battle's events.
func attack(t *testing.T, st *State, from, moveTo, to, faces string) []Event {
	t.Helper()
	turn(t, st, "general-advance", from)
	at := from
	if moveTo != "" {
		act(t, st, "move "+from+" "+moveTo)
		at = moveTo
	}
	if st.Phase() == PhaseMove {
		act(t, st, "end-moves")
	}
	dice(t, st, faces)
	return act(t, st, "battle "+at+" "+to)
}

// retreats lists the legal retreat actions, sorted.
func retreats(st *State) []string {
	var out []string
	for _, a := range st.Legal() {
		if a.Kind == ActRetreat {
			out = append(out, a.String())
		}
	}
	slices.Sort(out)
	return out
}

func sorted(list ...string) []string {
	slices.Sort(list)
	return list
}

// rulebook p.9-10 "Retraite". The Allied infantry on 6,12 attacks the Axis
// unit on 5,11; the Axis baseline is row 0, so it retreats toward rows 4, 3…
func TestRetreat(t *testing.T) {
	cases := []struct {
		name   string
		specs  []string // target and surroundings (target on 5,11 unless said)
		target string
		faces  string
		// choices offered to the owner ("" when the retreat is automatic)
		choices []string
		// then, after the first choice (or the automatic retreat):
		at      string // where the target ends ("" = eliminated)
		figures int
	}{
		{"example 1: a hit, then a choice of two hexes", []string{"axis inf 5,11"}, "5,11", "flag inf star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12"), "4,10", 3},
		{"example 2: a unit blocks one, the other is taken", []string{"axis inf 5,11", "axis inf 4,10"}, "5,11", "flag inf star",
			nil, "4,12", 3},
		{"example 3: unit and river block both: a figure lost", []string{"axis inf 5,11", "axis inf 4,10", "4,12 river"}, "5,11", "flag inf star",
			nil, "5,11", 2},
		{"an enemy unit blocks too", []string{"axis inf 5,11", "allies inf 4,10", "allies inf 4,12"}, "5,11", "flag star star",
			nil, "5,11", 3},
		{"two flags: two hexes", []string{"axis inf 5,11"}, "5,11", "flag flag star",
			sorted("retreat 5,11 3,9", "retreat 5,11 3,11", "retreat 5,11 3,13"), "3,9", 4},
		{"must take the longest path, not a loss (FAQ 19)", []string{"axis inf 5,11", "axis inf 3,9", "axis inf 3,11"}, "5,11", "flag flag star",
			nil, "3,13", 4},
		{"one hex possible of two: retreat 1 and lose 1", []string{"axis inf 5,11", "3,9 river", "3,11 river", "3,13 lake"}, "5,11", "flag flag star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12"), "4,10", 3},
		{"off the board: a loss per flag (baseline)", []string{"axis inf 0,12"}, "0,12", "flag flag inf",
			nil, "0,12", 1},
		{"half a retreat at the board edge", []string{"axis inf 1,13"}, "1,13", "flag flag star",
			sorted("retreat 1,13 0,12", "retreat 1,13 0,14"), "0,12", 3},
		{"terrain does not slow a retreat (forests)", []string{"axis inf 5,11", "4,10 forest", "4,12 forest", "3,11 town"}, "5,11", "flag flag star",
			sorted("retreat 5,11 3,9", "retreat 5,11 3,11", "retreat 5,11 3,13"), "3,9", 4},
		{"retreat into and through a hedgerow (FAQ 20)", []string{"axis inf 5,11", "4,10 hedgerow", "4,12 hedgerow", "3,9 hedgerow", "3,11 hedgerow", "3,13 hedgerow"}, "5,11", "flag flag star",
			sorted("retreat 5,11 3,9", "retreat 5,11 3,11", "retreat 5,11 3,13"), "3,11", 4},
		{"retreat through wire without stopping (FAQ 21)", []string{"axis inf 5,11", "4,10 wire", "4,12 wire"}, "5,11", "flag flag star",
			sorted("retreat 5,11 3,9", "retreat 5,11 3,11", "retreat 5,11 3,13"), "3,13", 4},
		{"rivers and lakes are never crossed", []string{"axis inf 5,11", "4,10 river", "4,12 lake"}, "5,11", "flag star star",
			nil, "5,11", 3},
		{"armor cannot retreat into a bunker or hedgehogs", []string{"axis arm 5,11", "4,10 bunker", "4,12 hedgehog"}, "5,11", "flag star star",
			nil, "5,11", 2},
		{"infantry may retreat into a bunker", []string{"axis inf 5,11", "4,10 bunker", "4,12 hedgehog"}, "5,11", "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12"), "4,12", 4},
		{"onto a bridge from dry land", specs(fill(row(4, 0, 24), "river"), []string{"axis inf 5,11", "4,12 river bridge"}), "5,11", "flag flag star",
			sorted("retreat 5,11 3,11", "retreat 5,11 3,13"), "3,11", 4},
		{"off a bridge only onto dry land, not onto the next bridge (FAQ 50)", specs(fill(row(5, 0, 24), "river"), fill(row(4, 0, 24), "river"),
			[]string{"5,11 river bridge", "4,12 river bridge", "axis inf 5,11"}), "5,11", "flag star star", nil, "5,11", 3},
		{"a bluff down to the beach: any unit may retreat (Escarpements; FAQ 56)", specs(fill(row(4, 0, 24), "beach"), []string{"5,11 bluff", "axis arm 5,11", "4,10 river"}), "5,11", "flag star star",
			nil, "4,12", 3},
		{"French Resistance: 1 to 3 hexes for a flag (annex 1)", []string{"axis inf 5,11 res"}, "5,11", "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12", "retreat 5,11 3,9", "retreat 5,11 3,11", "retreat 5,11 3,13",
				"retreat 5,11 2,8", "retreat 5,11 2,10", "retreat 5,11 2,12", "retreat 5,11 2,14"), "2,8", 3},
		{"French Resistance: 2 flags, 2 to 6 hexes (FAQ 25)", []string{"axis inf 5,11 res"}, "5,11", "flag flag star",
			sorted("retreat 5,11 3,9", "retreat 5,11 3,11", "retreat 5,11 3,13", "retreat 5,11 2,8", "retreat 5,11 2,10", "retreat 5,11 2,12", "retreat 5,11 2,14",
				"retreat 5,11 1,7", "retreat 5,11 1,9", "retreat 5,11 1,11", "retreat 5,11 1,13", "retreat 5,11 1,15",
				"retreat 5,11 0,6", "retreat 5,11 0,8", "retreat 5,11 0,10", "retreat 5,11 0,12", "retreat 5,11 0,14", "retreat 5,11 0,16"), "0,6", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "allies inf 6,12", "allies inf 8,24")...)
			if c.target != "5,11" {
				// Put the attacker next to the target instead.
				h := H(c.target)
				att := hexString(int(h.Row)+1, int(h.Col)+1)
				st = game(t, append(c.specs, "allies inf "+att, "allies inf 8,24")...)
				attack(t, st, att, "", c.target, c.faces)
			} else {
				attack(t, st, "6,12", "", c.target, c.faces)
			}
			if c.choices != nil {
				if st.Phase() != PhaseRetreat || st.ToAct() != Axis {
					t.Fatalf("phase %s to act %s, want the axis to choose a retreat", st.Phase(), st.ToAct())
				}
				if got := retreats(st); !eq(got, c.choices) {
					t.Fatalf("retreats %v\nwant %v", got, c.choices)
				}
				act(t, st, "retreat "+c.target+" "+c.at)
			} else if st.Phase() == PhaseRetreat {
				t.Fatalf("a choice was offered: %v", retreats(st))
			}
			if c.at == "" {
				empty(t, st, c.target)
				return
			}
			u := unitOn(t, st, c.at)
			if u.Side != Axis || int(u.Figures) != c.figures {
				t.Errorf("on %s: %s with %d figures, want axis with %d", c.at, u.Side, u.Figures, c.figures)
			}
			if c.at != c.target {
				empty(t, st, c.target)
			}
		})
	}
}

func hexString(r, c int) string { return fmt.Sprintf("%d,%d", r, c) }

// The bottom player retreats toward the last row, and the rule follows
// whichever side is on top.
func TestRetreatDirectionBySide(t *testing.T) {
	cases := []struct {
		name  string
		specs []string
		from  string
		want  []string
	}{
		{"allies at the bottom retreat down", []string{"first=axis", "axis inf 4,12", "allies inf 5,11"}, "4,12", sorted("retreat 5,11 6,10", "retreat 5,11 6,12")},
		{"allies on top retreat up", []string{"top=allies", "first=axis", "axis inf 6,12", "allies inf 5,11"}, "6,12", sorted("retreat 5,11 4,10", "retreat 5,11 4,12")},
		{"axis at the bottom retreat down", []string{"top=allies", "allies inf 4,12", "axis inf 5,11"}, "4,12", sorted("retreat 5,11 6,10", "retreat 5,11 6,12")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "allies inf 8,24", "axis inf 0,0")...)
			attack(t, st, c.from, "", "5,11", "flag star star")
			if got := retreats(st); !eq(got, c.want) {
				t.Errorf("retreats %v, want %v", got, c.want)
			}
		})
	}
}

// annex 2 "Océan": no retreat into the ocean; the rulebook's example: an
// infantry symbol and a flag cost 2 figures. FAQ digest 36 (and 23): the
// board has two rows of sea, so a unit on the first beach row (the third
// row) that must retreat seaward loses a figure instead.
func TestNoRetreatIntoOcean(t *testing.T) {
	st := game(t, specs(fill(row(7, 0, 24), "ocean"), fill(row(8, 0, 24), "ocean"),
		[]string{"6,12 beach", "allies inf 6,12", "axis inf 5,11", "first=axis", "axis inf 0,0"})...)
	evs := attack(t, st, "5,11", "", "6,12", "inf flag star")
	if u := unitOn(t, st, "6,12"); u.Figures != 2 {
		t.Errorf("figures %d, want 2 (%s)", u.Figures, evString(evs))
	}
	if l := ofKind(evs, EvFlagLosses); len(l) != 1 || l[0].N != 1 {
		t.Errorf("flag losses %s", evString(evs))
	}
}

// annex 2 "Sacs de sable", "Églises", "Bunkers", "Obstacles antichars",
// "Obstacles": one flag may be ignored; sources never add up (FAQ digest
// 65, 67: the bunker's and the hedgehog's flag).
func TestIgnoreOneFlag(t *testing.T) {
	cases := []struct {
		name    string
		specs   []string
		faces   string
		choices []string
	}{
		{"sandbags: one flag ignored or taken", []string{"axis inf 5,11", "5,11 sandbags"}, "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12", "retreat 5,11 5,11 ignore")},
		{"church", []string{"axis inf 5,11", "5,11 church"}, "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12", "retreat 5,11 5,11 ignore")},
		{"bunker", []string{"axis inf 5,11", "5,11 bunker"}, "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12", "retreat 5,11 5,11 ignore")},
		{"hedgehog, infantry", []string{"axis inf 5,11", "5,11 hedgehog"}, "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12", "retreat 5,11 5,11 ignore")},
		{"seawall", []string{"axis inf 5,11", "5,11 seawall"}, "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12", "retreat 5,11 5,11 ignore")},
		{"a bunker the side may not use gives nothing", []string{"axis inf 5,11", "5,11 bunker", "bunkers=allies"}, "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12")},
		{"forest, town, hill, wire give nothing", []string{"axis inf 5,11", "5,11 town wire"}, "flag star star",
			sorted("retreat 5,11 4,10", "retreat 5,11 4,12")},
		{"church and sandbags: still one flag", []string{"axis inf 5,11", "5,11 church sandbags"}, "flag flag star",
			sorted("retreat 5,11 3,9", "retreat 5,11 3,11", "retreat 5,11 3,13", "retreat 5,11 4,10 ignore", "retreat 5,11 4,12 ignore")},
		{"bunker and sandbags: still one flag", []string{"axis inf 5,11", "5,11 bunker sandbags"}, "flag flag",
			sorted("retreat 5,11 3,9", "retreat 5,11 3,11", "retreat 5,11 3,13", "retreat 5,11 4,10 ignore", "retreat 5,11 4,12 ignore")},
		{"ignore, then blocked: the loss is one less", []string{"axis inf 5,11", "5,11 sandbags", "axis inf 4,10", "axis inf 4,12"}, "flag flag star",
			sorted("retreat 5,11 5,11", "retreat 5,11 5,11 ignore")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "allies inf 6,12", "allies inf 8,24")...)
			attack(t, st, "6,12", "", "5,11", c.faces)
			if st.Phase() != PhaseRetreat {
				t.Fatalf("phase %s, want retreat", st.Phase())
			}
			if got := retreats(st); !eq(got, c.choices) {
				t.Fatalf("retreats %v\nwant %v", got, c.choices)
			}
		})
	}
	// Choosing to ignore: the unit stays, an event says so, and the
	// attacker may not take ground (p.10: the close assault was not decisive).
	st := game(t, "axis inf 5,11", "5,11 sandbags", "allies inf 6,12", "allies inf 8,24")
	attack(t, st, "6,12", "", "5,11", "flag inf star")
	evs := act(t, st, "retreat 5,11 5,11 ignore")
	if len(ofKind(evs, EvFlagIgnored)) != 1 || unitOn(t, st, "5,11").Figures != 3 {
		t.Errorf("events %s", evString(evs))
	}
	if st.Phase() == PhaseTakeGround {
		t.Error("take ground offered against a unit that stayed")
	}
	if st.ObstacleAt(H("5,11")) != Sandbags {
		t.Error("sandbags gone while their unit stayed")
	}
	// Blocked with the ignore: 2 flags, both ways blocked: 1 figure lost.
	st = game(t, "axis inf 5,11", "5,11 sandbags", "axis inf 4,10", "axis inf 4,12", "allies inf 6,12", "allies inf 8,24")
	attack(t, st, "6,12", "", "5,11", "flag flag star")
	act(t, st, "retreat 5,11 5,11 ignore")
	if u := unitOn(t, st, "5,11"); u.Figures != 3 {
		t.Errorf("figures %d, want 3", u.Figures)
	}
}

// annex 2 "Bunkers" and FAQ digest 24, 65: armor and artillery that start a
// battle in a bunker never retreat; each flag they do not ignore is a loss.
func TestBunkerNoRetreat(t *testing.T) {
	cases := []struct {
		name    string
		unit    string
		faces   string
		figures []int // figures after each choice, in sorted choice order (0 = eliminated)
	}{
		{"artillery, 2 flags: 1 loss with the ignore, 2 without", "art", "flag flag star", []int{0, 1}},
		{"artillery, 3 flags: eliminated either way", "art", "flag flag flag", []int{0, 0}},
		{"artillery, 1 flag: ignored or 1 loss", "art", "flag star star", []int{1, 2}},
		{"armor, 2 flags", "arm", "flag flag star", []int{1, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k := range c.figures {
				// Artillery attacks: 3 dice, whatever the bunker's protection.
				st := game(t, "axis "+c.unit+" 5,11", "5,11 bunker", "allies art 6,12", "allies inf 8,24", "axis inf 0,0")
				attack(t, st, "6,12", "", "5,11", c.faces)
				ch := retreats(st)
				if len(ch) != len(c.figures) {
					t.Fatalf("choices %v, want %d (stay with or without the ignore)", ch, len(c.figures))
				}
				for _, a := range ch {
					if !strings.HasPrefix(a, "retreat 5,11 5,11") {
						t.Fatalf("choice %q moves a unit that cannot retreat", a)
					}
				}
				act(t, st, ch[k])
				u, ok := st.UnitAt(H("5,11"))
				got := 0
				if ok {
					got = int(u.Figures)
				}
				if got != c.figures[k] {
					t.Errorf("after %q: %d figures, want %d", ch[k], got, c.figures[k])
				}
			}
		})
	}
}

// FAQ digest 70: sandbags go when their unit retreats or is eliminated.
func TestSandbagsGoWithRetreat(t *testing.T) {
	st := game(t, "axis inf 5,11", "5,11 sandbags", "axis inf 4,10", "allies inf 6,12", "allies inf 8,24")
	attack(t, st, "6,12", "", "5,11", "flag star star")
	act(t, st, "retreat 5,11 4,12")
	if st.ObstacleAt(H("5,11")) != NoObstacle {
		t.Error("sandbags stayed after a retreat")
	}
	st = game(t, "axis inf 5,11 fig=1", "5,11 sandbags", "allies inf 6,12", "allies inf 8,24", "axis inf 0,0")
	attack(t, st, "6,12", "", "5,11", "inf star star")
	if st.ObstacleAt(H("5,11")) != NoObstacle {
		t.Error("sandbags stayed after their unit was eliminated")
	}
}

// FAQ digest 22: armor retreating through or into wire does not remove it.
func TestRetreatDoesNotClearWire(t *testing.T) {
	st := game(t, "axis arm 5,11", "4,10 wire", "axis inf 4,12", "3,9 wire", "allies inf 6,12", "allies inf 8,24")
	attack(t, st, "6,12", "", "5,11", "flag flag star")
	if st.Phase() == PhaseRetreat {
		act(t, st, "retreat 5,11 3,9")
	}
	if _, ok := st.UnitAt(H("3,9")); !ok {
		t.Skip("setup: the armor did not end on 3,9")
	}
	if st.ObstacleAt(H("4,10")) != Wire || st.ObstacleAt(H("3,9")) != Wire {
		t.Error("a retreat removed wire")
	}
}

// rulebook p.10 "Prise de terrain": after a decisive close assault (target
// eliminated or retreated) the attacker may move into the hex; not artillery,
// not after a ranged battle, not when the target stayed.
func TestTakeGround(t *testing.T) {
	cases := []struct {
		name   string
		specs  []string
		from   string
		moveTo string
		target string
		faces  string
		tg     bool
	}{
		{"after eliminating", []string{"allies inf 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf star star", true},
		{"after a retreat", []string{"allies inf 6,12", "axis inf 5,11", "axis inf 4,10"}, "6,12", "", "5,11", "flag star star", true},
		{"armor after eliminating", []string{"allies arm 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf star star", true},
		{"not after a ranged battle", []string{"allies inf 6,12", "axis inf 4,12 fig=1"}, "6,12", "", "4,12", "inf star", false},
		{"not artillery", []string{"allies art 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf star star", false},
		{"not when the target survives in place", []string{"allies inf 6,12", "axis inf 5,11"}, "6,12", "", "5,11", "inf star star", false},
		{"not when the blocked target took losses and stayed", []string{"allies inf 6,12", "axis inf 5,11", "axis inf 4,10", "axis inf 4,12"}, "6,12", "", "5,11", "flag star star", false},
		{"eliminated by unapplied flags: the hex is free", []string{"allies inf 6,12", "axis inf 5,11 fig=1", "axis inf 4,10", "axis inf 4,12"}, "6,12", "", "5,11", "flag star star", true},
		{"infantry that entered wire cannot (FAQ 15)", []string{"allies inf 7,11", "6,12 wire", "axis inf 5,11 fig=1"}, "7,11", "6,12", "5,11", "inf star", false},
		{"armor that entered wire cannot (FAQ 15)", []string{"allies arm 7,11", "6,12 wire", "axis inf 5,11 fig=1"}, "7,11", "6,12", "5,11", "inf star star", false},
		{"armor cannot take a bunker (FAQ 14)", []string{"allies arm 6,12", "axis inf 5,11 fig=1", "5,11 bunker"}, "6,12", "", "5,11", "inf star star", false},
		{"infantry may take a bunker", []string{"allies inf 6,12", "axis inf 5,11 fig=1", "5,11 bunker"}, "6,12", "", "5,11", "inf star star", true},
		{"armor cannot take hedgehogs", []string{"allies arm 6,12", "axis inf 5,11 fig=1", "5,11 hedgehog"}, "6,12", "", "5,11", "inf star star", false},
		{"into a hedgerow without moving (FAQ 12; Bocages)", []string{"allies arm 6,12", "axis inf 5,11 fig=1", "5,11 hedgerow"}, "6,12", "", "5,11", "inf", true},
		{"armor that moved may not take a hedgerow (FAQ 12)", []string{"allies arm 6,14", "axis inf 5,11 fig=1", "5,11 hedgerow"}, "6,14", "6,12", "5,11", "inf", false},
		{"infantry that moved may not either", []string{"allies inf 7,11", "axis inf 5,11 fig=1", "5,11 hedgerow"}, "7,11", "6,12", "5,11", "inf", false},
		{"out of a hedgerow 1 hex, then take ground (FAQ 17)", []string{"allies inf 6,12", "6,12 hedgerow", "axis inf 4,10 fig=1"}, "6,12", "5,11", "4,10", "inf star star", true},
		{"infantry from the beach onto a bluff", []string{"6,12 beach", "5,11 bluff", "allies inf 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf star", true},
		{"infantry from the beach onto a cliff: no (Falaises; FAQ 55)", []string{"6,12 beach", "5,11 cliff", "allies inf 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf star", false},
		{"infantry from a plain onto a cliff", []string{"5,11 cliff", "allies inf 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf star", true},
		{"armor from the beach onto a bluff: no", []string{"6,12 beach", "5,11 bluff", "allies arm 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf star", false},
		{"onto a steep hill (normal rules)", []string{"5,11 steephill", "allies inf 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf star", true},
		{"onto a forest, a town", []string{"5,11 forest", "allies inf 6,12", "axis inf 5,11 fig=1"}, "6,12", "", "5,11", "inf", true},
		{"elite infantry moves 2 then takes ground (FAQ 9)", []string{"allies inf 7,13 elite", "axis inf 5,11 fig=1"}, "7,13", "6,12", "5,11", "inf star star", true},
		{"armor after 2 beach hexes takes a 3rd (FAQ 11)", specs(fill(row(6, 0, 24), "beach"), fill(row(7, 0, 24), "beach"),
			[]string{"allies arm 7,15", "axis inf 5,11 fig=1"}), "7,15", "6,12", "5,11", "inf star star", true},
		{"onto a bridge from dry land", specs(fill(row(5, 0, 24), "river"), []string{"5,11 river bridge", "allies inf 6,12", "axis inf 5,11 fig=1"}), "6,12", "", "5,11", "inf star", true},
		{"from a bridge onto a bridge: no (FAQ 50)", specs(fill(row(5, 0, 24), "river"), fill(row(6, 0, 24), "river"),
			[]string{"5,11 river bridge", "6,12 river bridge", "allies inf 6,12", "axis inf 5,11 fig=1"}), "6,12", "", "5,11", "inf star", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "allies inf 8,24", "axis inf 0,0")...)
			attack(t, st, c.from, c.moveTo, c.target, c.faces)
			if st.Phase() == PhaseRetreat {
				act(t, st, st.Legal()[0].String())
			}
			at := c.from
			if c.moveTo != "" {
				at = c.moveTo
			}
			want := "take-ground " + H(at).String() + " " + H(c.target).String()
			has := slices.Contains(legal(st), want)
			if has != c.tg {
				t.Fatalf("take ground offered = %v, want %v (phase %s, legal %v)", has, c.tg, st.Phase(), legal(st))
			}
			if !c.tg {
				return
			}
			if !slices.Contains(legal(st), "skip") {
				t.Error("take ground cannot be declined")
			}
			evs := act(t, st, want)
			if tg := ofKind(evs, EvTookGround); len(tg) != 1 || tg[0].To != H(c.target) {
				t.Errorf("events %s", evString(evs))
			}
			if u := unitOn(t, st, c.target); u.Side != Allies {
				t.Error("attacker not on the target's hex")
			}
			empty(t, st, at)
		})
	}
}

// Take ground carries sandbags away like any move (annex 2 "Sacs de sable").
func TestTakeGroundLeavesSandbags(t *testing.T) {
	st := game(t, "allies inf 6,12", "6,12 sandbags", "axis inf 5,11 fig=1", "allies inf 8,24", "axis inf 0,0")
	attack(t, st, "6,12", "", "5,11", "inf star star")
	act(t, st, "take-ground 6,12 5,11")
	if st.ObstacleAt(H("6,12")) != NoObstacle {
		t.Error("sandbags stayed after take ground")
	}
}

// Young players' variant (annex 5): no take ground, no overrun.
func TestNoTakeGroundVariant(t *testing.T) {
	s, seed := setupOf(t, "allies arm 6,12", "axis inf 5,11 fig=1", "axis inf 4,14", "allies inf 8,24", "axis inf 0,0")
	s = s.YoungPlayers(true)
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	attack(t, st, "6,12", "", "5,11", "inf star star")
	if st.Phase() == PhaseTakeGround || st.Phase() == PhaseOverrun {
		t.Errorf("phase %s in the no-take-ground variant", st.Phase())
	}
}

// rulebook p.11 "Percée de blindés" and FAQ digest 10, 12, 13.
func TestArmorOverrun(t *testing.T) {
	t.Run("after take ground, before any other battle, any legal target", func(t *testing.T) {
		st := game(t, "allies arm 6,12", "allies inf 6,16", "axis inf 5,11 fig=1", "axis inf 3,9", "axis inf 2,12", "axis inf 5,15", "allies inf 8,24", "axis inf 0,0")
		turn(t, st, "general-advance", "6,12", "6,16")
		act(t, st, "end-moves")
		dice(t, st, "inf star star")
		act(t, st, "battle 6,12 5,11")
		act(t, st, "take-ground 6,12 5,11")
		if st.Phase() != PhaseOverrun {
			t.Fatalf("phase %s, want overrun", st.Phase())
		}
		// From 5,11: 3,9 at 2 and 2,12 at 3 are in range; the other unit may not battle now.
		if got := legal(st); !eq(got, sorted("battle 5,11 3,9", "battle 5,11 2,12", "battle 5,11 5,15", "skip")) {
			t.Errorf("overrun choices %v", got)
		}
		dice(t, st, "star star star")
		evs := act(t, st, "battle 5,11 2,12")
		if battleDiceOf(evs) != 3 {
			t.Errorf("overrun dice %d", battleDiceOf(evs))
		}
		if st.Phase() != PhaseBattle || len(dests(st, ActBattle, "5,11")) != 0 {
			t.Errorf("after the overrun: phase %s, armor targets %v", st.Phase(), dests(st, ActBattle, "5,11"))
		}
		if len(dests(st, ActBattle, "6,16")) == 0 {
			t.Error("the other ordered unit cannot battle after the overrun")
		}
	})
	t.Run("close combat binds the overrun", func(t *testing.T) {
		st := game(t, "allies arm 6,12", "axis inf 5,11 fig=1", "axis inf 4,12", "axis inf 3,9", "allies inf 8,24", "axis inf 0,0")
		attack(t, st, "6,12", "", "5,11", "inf star star")
		act(t, st, "take-ground 6,12 5,11")
		if got := legal(st); !eq(got, sorted("battle 5,11 4,12", "skip")) {
			t.Errorf("overrun choices %v, want only the adjacent unit", got)
		}
	})
	t.Run("take ground again after a decisive overrun, no third battle (FAQ 10)", func(t *testing.T) {
		st := game(t, "allies arm 7,13", "axis inf 5,11 fig=1", "axis inf 4,10 fig=1", "axis inf 2,8", "allies inf 8,24", "axis inf 0,24")
		attack(t, st, "7,13", "6,12", "5,11", "inf star star")
		act(t, st, "take-ground 6,12 5,11")
		dice(t, st, "inf star star")
		act(t, st, "battle 5,11 4,10")
		if !slices.Contains(legal(st), "take-ground 5,11 4,10") {
			t.Fatalf("no take ground after a decisive overrun: %v", legal(st))
		}
		act(t, st, "take-ground 5,11 4,10")
		if st.Phase() == PhaseOverrun || len(dests(st, ActBattle, "4,10")) != 0 {
			t.Errorf("a third battle is offered: phase %s", st.Phase())
		}
		if st.Active() == Allies && st.Phase() == PhaseBattle {
			t.Errorf("turn should have ended with nothing left to do, legal %v", legal(st))
		}
	})
	t.Run("only armor", func(t *testing.T) {
		st := game(t, "allies inf 6,12", "axis inf 5,11 fig=1", "axis inf 4,12", "allies inf 8,24", "axis inf 0,0")
		attack(t, st, "6,12", "", "5,11", "inf star star")
		act(t, st, "take-ground 6,12 5,11")
		if st.Phase() == PhaseOverrun {
			t.Error("infantry overruns")
		}
	})
	t.Run("no overrun without take ground", func(t *testing.T) {
		st := game(t, "allies arm 6,12", "axis inf 5,11 fig=1", "axis inf 4,12", "allies inf 8,24", "axis inf 0,0")
		attack(t, st, "6,12", "", "5,11", "inf star star")
		act(t, st, "skip")
		if st.Phase() == PhaseOverrun || len(dests(st, ActBattle, "6,12")) != 0 {
			t.Error("overrun without take ground")
		}
	})
	for _, terr := range []string{"forest", "town", "hedgerow", "church"} {
		t.Run("take ground into a "+terr+": no overrun (FAQ 12)", func(t *testing.T) {
			st := game(t, "allies arm 6,12", "axis inf 5,11 fig=1", "5,11 "+terr, "axis inf 4,12", "allies inf 8,24", "axis inf 0,0")
			attack(t, st, "6,12", "", "5,11", "inf")
			act(t, st, "take-ground 6,12 5,11")
			if st.Phase() == PhaseOverrun {
				t.Error("overrun offered")
			}
		})
	}
	t.Run("take ground into wire, overrun, no more take ground (FAQ 13)", func(t *testing.T) {
		st := game(t, "allies arm 6,12", "axis inf 5,11 fig=1", "5,11 wire", "axis inf 4,12 fig=1", "allies inf 8,24", "axis inf 0,0")
		attack(t, st, "6,12", "", "5,11", "inf star star")
		evs := act(t, st, "take-ground 6,12 5,11")
		if st.ObstacleAt(H("5,11")) != NoObstacle || len(ofKind(evs, EvObstacleRemoved)) != 1 {
			t.Error("the wire stays under the armor")
		}
		if st.Phase() != PhaseOverrun {
			t.Fatalf("phase %s, want overrun", st.Phase())
		}
		dice(t, st, "inf star star")
		act(t, st, "battle 5,11 4,12")
		if slices.Contains(legal(st), "take-ground 5,11 4,12") {
			t.Error("take ground after entering wire")
		}
	})
	t.Run("an overrun is a close assault only when adjacent: no take ground after a ranged one", func(t *testing.T) {
		st := game(t, "allies arm 6,12", "axis inf 5,11 fig=1", "axis inf 3,9 fig=1", "allies inf 8,24", "axis inf 0,0")
		attack(t, st, "6,12", "", "5,11", "inf star star")
		act(t, st, "take-ground 6,12 5,11")
		dice(t, st, "inf star star")
		act(t, st, "battle 5,11 3,9")
		if st.Phase() == PhaseTakeGround {
			t.Error("take ground after a ranged overrun")
		}
	})
	t.Run("bunker: no take ground, so no overrun (FAQ 14)", func(t *testing.T) {
		st := game(t, "allies arm 6,12", "axis inf 5,11 fig=1", "5,11 bunker", "axis inf 4,12", "allies inf 8,24", "axis inf 0,0")
		attack(t, st, "6,12", "", "5,11", "grenade star")
		if st.Phase() == PhaseTakeGround || st.Phase() == PhaseOverrun {
			t.Errorf("phase %s", st.Phase())
		}
	})
}

// FAQ digest 1: the game ends the instant the medal count is reached; no
// take ground or overrun follows.
func TestGameEndsAtOnce(t *testing.T) {
	st := game(t, "victory=1,1", "allies arm 6,12", "axis inf 5,11 fig=1", "axis inf 4,12", "allies inf 8,24")
	evs := attack(t, st, "6,12", "", "5,11", "inf star star")
	over, w := st.Over()
	if !over || w != Allies || st.Phase() != PhaseOver {
		t.Fatalf("over=%v winner=%s phase=%s", over, w, st.Phase())
	}
	if len(st.Legal()) != 0 {
		t.Errorf("legal actions after the end: %v", legal(st))
	}
	if g := ofKind(evs, EvGameOver); len(g) != 1 || g[0].Side != Allies {
		t.Errorf("events %s", evString(evs))
	}
	if _, err := st.Apply(Action{Kind: ActTakeGround, From: H("6,12"), To: H("5,11")}); err == nil {
		t.Error("take ground after the end")
	}
	// A retreat-loss elimination ends it too, for the retreating unit's enemy.
	st = game(t, "victory=1,1", "allies inf 6,12", "axis inf 5,11 fig=1", "axis inf 4,10", "axis inf 4,12", "allies inf 8,24")
	attack(t, st, "6,12", "", "5,11", "flag star star")
	if over, w := st.Over(); !over || w != Allies {
		t.Errorf("over=%v winner=%s after an elimination by flag losses", over, w)
	}
}

// FAQ digest 69 [II Barbelés]: an armor unit that battles from a wire hex
// (it got there by retreating, which leaves the wire) removes the wire.
func TestArmorBattlingFromWireRemovesIt(t *testing.T) {
	st := game(t, "allies arm 6,12", "6,12 wire", "axis inf 5,11", "allies inf 8,24", "axis inf 0,0")
	evs := attack(t, st, "6,12", "", "5,11", "star star star")
	if battleDiceOf(evs) != 3 {
		t.Errorf("armor in wire rolled %d dice, want 3 (no malus for armor)", battleDiceOf(evs))
	}
	if st.ObstacleAt(H("6,12")) != NoObstacle {
		t.Errorf("wire still under the armor after it battled (events %s)", evString(evs))
	}
}

// FAQ digest 16: take ground is one hex, into the hex the target left, even
// when the target retreated two.
func TestTakeGroundOneHex(t *testing.T) {
	st := game(t, "allies arm 6,12", "axis inf 5,11", "allies inf 8,24", "axis inf 0,0")
	attack(t, st, "6,12", "", "5,11", "flag flag star")
	act(t, st, "retreat 5,11 3,11")
	var tg []string
	for _, a := range st.Legal() {
		if a.Kind == ActTakeGround {
			tg = append(tg, a.String())
		}
	}
	if !eq(tg, []string{"take-ground 6,12 5,11"}) {
		t.Errorf("take ground choices %v, want only the vacated hex", tg)
	}
}

// FAQ digest 30: artillery ignores the dice reduction of obstacles, but the
// target may still ignore a flag thanks to them.
func TestArtilleryAgainstSandbags(t *testing.T) {
	st := game(t, "allies art 6,12", "axis inf 5,11", "5,11 sandbags", "allies inf 8,24", "axis inf 0,0")
	evs := attack(t, st, "6,12", "", "5,11", "flag star star")
	if battleDiceOf(evs) != 3 {
		t.Errorf("artillery rolled %d dice against sandbags, want 3", battleDiceOf(evs))
	}
	if got := retreats(st); !slices.Contains(got, "retreat 5,11 5,11 ignore") {
		t.Errorf("retreats %v: the flag may be ignored", got)
	}
}
