package rules

// Test fixtures: positions written as short strings, and helpers that drive
// a game only through LegalActions and Apply.
//
// A position is a list of specs:
//
//	"allies inf 6,12"            a unit: side, type (inf, arm, art), hex,
//	"axis arm 3,11 elite fig=2"  then flags: elite, res (French Resistance), fig=N,
//	"axis inf 3,11 kind=engineers"  kind=KEY (a Winter Wars kind: adds WinterTroops)
//	"4,12 forest"                a hex: terrain, structure and obstacle names
//	"4,12 mine:axis tokens=2"    a minefield laid by a side; the token pool
//	"5,11 hill bunker"           (engine names: forest, hill, river, bridge,
//	"6,12 sandbags"              bunker, wire, sandbags, hedgehog, ...; and
//	"4,4 road"                   the Terrain Pack's and Winter Wars' row keys)
//	"5,11 wadi ends=0,3"         a wadi open towards directions 0 and 3
//	"top=allies" "first=axis"    options: baseline of row 0, who starts,
//	"victory=3,4" "cards=4,4"    victory medals and hand sizes (allies,axis),
//	"bunkers=axis" "seed=7"      sides that may use bunkers, the game's seed
//	"night=axis"                 night attacks, the Axis rolling ("nightfalls=": night falls)
//	"deck=full"                  the 60-card deck instead of the 40 section cards
//
// Defaults: standard board, Axis on top (row 0), Allies play first, 4 cards
// each, 6 medals to win, the base game's 40 section cards (so that no tactic
// card, such as an Ambush in the defender's hand, comes into play). Allies (bottom) retreat toward row 8, Axis toward row 0.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"m44/hex"
)

// H parses "row,col" and panics on a typo.
func H(s string) hex.Hex {
	h, err := hex.Parse(s)
	if err != nil {
		panic(err)
	}
	return h
}

// setupOf builds a Setup from specs.
func setupOf(tb testing.TB, specs ...string) (*Setup, uint64) {
	tb.Helper()
	s := &Setup{Name: "fixture", Grid: hex.Standard(), Top: Axis, First: Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{6, 6}, Deck: SectionDeck()}
	seed := uint64(1)
	hexes := map[hex.Hex]int{}
	for _, spec := range specs {
		f := strings.Fields(spec)
		if len(f) == 0 {
			continue
		}
		if k, v, ok := strings.Cut(f[0], "="); ok && len(f) == 1 {
			switch k {
			case "top":
				s.Top = sideOf(tb, v)
			case "first":
				s.First = sideOf(tb, v)
			case "victory":
				s.Victory = pairOf(tb, v)
			case "cards":
				s.Cards = pairOf(tb, v)
			case "deck":
				if v != "full" {
					tb.Fatalf("spec %q: deck=full is the only deck option", spec)
				}
				s.Deck = nil
			case "bunkers":
				s.BunkerUsers = 1 << sideOf(tb, v)
			case "night", "nightfalls":
				s.Night = Night{On: true, Roller: sideOf(tb, v), Falls: k == "nightfalls"}
			case "seed":
				n, err := strconv.ParseUint(v, 10, 64)
				if err != nil {
					tb.Fatalf("spec %q: %v", spec, err)
				}
				seed = n
			default:
				tb.Fatalf("spec %q: unknown option", spec)
			}
			continue
		}
		if f[0] == "allies" || f[0] == "axis" {
			if len(f) < 3 {
				tb.Fatalf("spec %q: want side type hex", spec)
			}
			u := UnitSetup{Side: sideOf(tb, f[0]), Hex: H(f[2])}
			switch f[1] {
			case "inf":
				u.Type = Infantry
			case "arm":
				u.Type = Armor
			case "art":
				u.Type = Artillery
			default:
				tb.Fatalf("spec %q: unknown unit type", spec)
			}
			for _, fl := range f[3:] {
				switch {
				case fl == "elite":
					u.Elite = true
				case fl == "res":
					u.Resistance = true
				case fl == "camo":
					u.Camouflaged = true
				case fl == "boat":
					u.Boat = true
				case strings.HasPrefix(fl, "kind="):
					// A Winter Wars unit kind (winter_troops.go), or a
					// special troops' one (troops_special.go).
					u.Kind = fl[5:]
					rs := WinterTroops()
					if slices.ContainsFunc(SpecialTroops().Units, func(d UnitDef) bool { return d.Key == u.Kind }) {
						rs = SpecialTroops()
					}
					if !slices.ContainsFunc(s.Rulesets, func(r *Ruleset) bool { return r.Key == rs.Key }) {
						s.Rulesets = append(s.Rulesets, rs)
					}
				case strings.HasPrefix(fl, "fig="):
					n, err := strconv.Atoi(fl[4:])
					if err != nil {
						tb.Fatalf("spec %q: %v", spec, err)
					}
					u.Figures = int8(n)
				default:
					tb.Fatalf("spec %q: unknown flag %q", spec, fl)
				}
			}
			s.Units = append(s.Units, u)
			continue
		}
		h := H(f[0])
		k, ok := hexes[h]
		if !ok {
			k = len(s.Hexes)
			hexes[h] = k
			s.Hexes = append(s.Hexes, HexSetup{Hex: h})
		}
		for _, name := range f[1:] {
			if side, ok := strings.CutPrefix(name, "mine:"); ok {
				// A minefield laid by side (Winter Wars III; adds WinterTroops).
				if !slices.ContainsFunc(s.Rulesets, func(r *Ruleset) bool { return r.Key == "winter-troops" }) {
					s.Rulesets = append(s.Rulesets, WinterTroops())
				}
				cat, _ := NewCatalog(WinterTroops())
				mf, _ := cat.FeatureByKey(mineFeatureKey)
				s.Hexes[k].Features = append(s.Hexes[k].Features, mf)
				s.Mines = append(s.Mines, Minefield{Hex: h, Side: sideOf(tb, side)})
				continue
			}
			if v, ok := strings.CutPrefix(name, "ends="); ok {
				// A wadi's open ends, as directions of hex.Neighbour: ends=0,3.
				for _, d := range strings.Split(v, ",") {
					n, _ := strconv.Atoi(d)
					s.Hexes[k].Ends |= 1 << n
				}
				continue
			}
			if v, ok := strings.CutPrefix(name, "tokens="); ok {
				// The minefield tokens, e.g. tokens=2,0.
				s.MineTokens = []int8{}
				for _, t := range strings.Split(v, ",") {
					n, _ := strconv.Atoi(t)
					s.MineTokens = append(s.MineTokens, int8(n))
				}
				continue
			}
			if t, ok := TerrainByName(name); ok {
				s.Hexes[k].Terrain = t
			} else if st, ok := StructureByName(name); ok {
				s.Hexes[k].Structure = st
			} else if o, ok := ObstacleByName(name); ok {
				s.Hexes[k].Obstacle = o
			} else if t, ok := expansionCatalog.GroundByKey(name); ok {
				s.Rulesets = expansionRulesets()
				s.Hexes[k].Terrain = t
			} else if f, ok := expansionCatalog.FeatureByKey(name); ok {
				s.Rulesets = expansionRulesets()
				if expansionCatalog.Feature(f).Layer == LayerMarker {
					s.Hexes[k].Features = append(s.Hexes[k].Features, f)
				} else {
					s.Hexes[k].Structure = f
				}
			} else if f, ok := winterFeature(name); ok {
				// A Winter Wars feature (winter_troops.go).
				if !slices.ContainsFunc(s.Rulesets, func(r *Ruleset) bool { return r.Key == "winter-troops" }) {
					s.Rulesets = append(s.Rulesets, WinterTroops())
				}
				s.Hexes[k].Features = append(s.Hexes[k].Features, f)
			} else {
				tb.Fatalf("spec %q: unknown feature %q", spec, name)
			}
		}
	}
	return s, seed
}

// expansionRulesets are the expansion rulesets a fixture names rows of (in
// this order, so that their ids are expansionCatalog's).
func expansionRulesets() []*Ruleset { return []*Ruleset{TerrainPack(), WinterTerrain()} }

var expansionCatalog = func() *Catalog {
	c, err := NewCatalog(expansionRulesets()...)
	if err != nil {
		panic(err)
	}
	return c
}()

func sideOf(tb testing.TB, s string) Side {
	switch s {
	case "allies":
		return Allies
	case "axis":
		return Axis
	}
	tb.Fatalf("unknown side %q", s)
	return 0
}

func pairOf(tb testing.TB, s string) [2]int {
	a, b, ok := strings.Cut(s, ",")
	x, e1 := strconv.Atoi(a)
	y, e2 := strconv.Atoi(b)
	if !ok || e1 != nil || e2 != nil {
		tb.Fatalf("bad pair %q", s)
	}
	return [2]int{x, y}
}

// game starts a game from specs.
func game(tb testing.TB, specs ...string) *State {
	tb.Helper()
	s, seed := setupOf(tb, specs...)
	st, err := New(s, seed)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	return st
}

// cards finds the ids of cards by name ("probe-left", "general-advance"),
// taking a different copy for each repeated name.
func cards(tb testing.TB, st *State, names ...string) []CardID {
	tb.Helper()
	var out []CardID
	for _, n := range names {
		found := false
		for id := 0; id < st.DeckSize(); id++ {
			if st.Card(CardID(id)).Name() == n && !slices.Contains(out, CardID(id)) {
				out = append(out, CardID(id))
				found = true
				break
			}
		}
		if !found {
			tb.Fatalf("no card %q left in the deck", n)
		}
	}
	return out
}

// hand gives side exactly the named cards.
func hand(tb testing.TB, st *State, side Side, names ...string) []CardID {
	tb.Helper()
	ids := cards(tb, st, names...)
	if err := st.SetHand(side, ids); err != nil {
		tb.Fatalf("SetHand: %v", err)
	}
	return ids
}

// act applies an action given in text form and fails the test if it is illegal.
func act(tb testing.TB, st *State, text string) []Event {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatalf("ParseAction(%q): %v", text, err)
	}
	evs, err := st.Apply(a)
	if err != nil {
		tb.Fatalf("Apply(%q): %v\nlegal: %v", text, err, legal(st))
	}
	return evs
}

// illegal asserts that an action is refused and changes nothing.
func illegal(tb testing.TB, st *State, text string) {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatalf("ParseAction(%q): %v", text, err)
	}
	before := st.Hash()
	if _, err := st.Apply(a); err == nil {
		tb.Fatalf("Apply(%q) accepted; want illegal", text)
	}
	if st.Hash() != before {
		tb.Fatalf("illegal %q changed the state", text)
	}
}

// legal is the legal actions in text form, sorted.
func legal(st *State) []string {
	var out []string
	for _, a := range st.Legal() {
		out = append(out, a.String())
	}
	slices.Sort(out)
	return out
}

// dests lists the To hexes of the legal actions of kind from hex from, sorted.
func dests(st *State, kind ActionKind, from string) []string {
	var out []string
	for _, a := range st.Legal() {
		if a.Kind == kind && a.From == H(from) {
			out = append(out, a.To.String())
		}
	}
	slices.Sort(out)
	return out
}

// orderable lists the hexes of the units that may be ordered now, sorted.
func orderable(st *State) []string {
	var out []string
	for _, a := range st.Legal() {
		if a.Kind == ActOrder {
			out = append(out, a.From.String())
		}
	}
	slices.Sort(out)
	return out
}

// hexes sorts hex strings (and normalises them).
func hexes(list ...string) []string {
	out := []string{}
	for _, s := range list {
		out = append(out, H(s).String())
	}
	slices.Sort(out)
	return out
}

// disk lists the board hexes at distance 1..d from centre, minus the given ones.
func disk(centre string, d int, minus ...string) []string {
	c := H(centre)
	out := []string{}
	for _, h := range hex.Standard().Hexes() {
		if n := hex.Distance(c, h); n >= 1 && n <= d && !slices.Contains(minus, h.String()) {
			out = append(out, h.String())
		}
	}
	slices.Sort(out)
	return out
}

// row lists the board hexes of a row within cols lo..hi.
func row(r, lo, hi int) []string {
	var out []string
	for _, h := range hex.Standard().Hexes() {
		if int(h.Row) == r && int(h.Col) >= lo && int(h.Col) <= hi {
			out = append(out, h.String())
		}
	}
	return out
}

// fill gives every hex of list the features (e.g. "river").
func fill(list []string, features string) []string {
	var out []string
	for _, h := range list {
		out = append(out, h+" "+features)
	}
	return out
}

// specs joins spec lists.
func specs(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func eq(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return slices.Equal(a, b)
}

// turn plays card for the active side (its hand becomes that card alone),
// orders the units on the given hexes and ends the order step.
func turn(tb testing.TB, st *State, card string, order ...string) {
	tb.Helper()
	if st.Phase() != PhaseCard {
		tb.Fatalf("turn: phase %s, want card", st.Phase())
	}
	id := hand(tb, st, st.Active(), card)[0]
	act(tb, st, fmt.Sprintf("play %d", id))
	for _, h := range order {
		act(tb, st, "order "+h)
	}
	if st.Phase() == PhaseOrder {
		act(tb, st, "end-orders")
	}
}

// toBattle ends the move step if the game is in it.
func toBattle(tb testing.TB, st *State) {
	tb.Helper()
	if st.Phase() == PhaseMove {
		act(tb, st, "end-moves")
	}
	if st.Phase() != PhaseBattle {
		tb.Fatalf("toBattle: phase %s", st.Phase())
	}
}

// endTurn ends side's turn from the move or battle step, unless it ended
// by itself already.
func endTurn(tb testing.TB, st *State, side Side) {
	tb.Helper()
	if st.Active() != side {
		return
	}
	if st.Phase() == PhaseMove {
		act(tb, st, "end-moves")
	}
	if st.Phase() == PhaseBattle {
		act(tb, st, "end-battles")
	}
	if st.Phase() == PhaseKeep {
		act(tb, st, st.Legal()[0].String())
	}
	if st.Active() == side || st.Phase() != PhaseCard {
		tb.Fatalf("endTurn: still %s to play in phase %s", st.Active(), st.Phase())
	}
}

// pass makes the active side play a card and order nothing.
func pass(tb testing.TB, st *State) {
	tb.Helper()
	side := st.Active()
	turn(tb, st, "probe-left")
	if st.Active() == side {
		tb.Fatalf("pass: %s still active in phase %s", side, st.Phase())
	}
}

// dice scripts the next rolls: "inf inf flag star grenade arm".
func dice(tb testing.TB, st *State, faces string) {
	tb.Helper()
	var fs []Face
	for _, w := range strings.Fields(faces) {
		switch w {
		case "inf":
			fs = append(fs, FaceInfantry)
		case "arm":
			fs = append(fs, FaceArmor)
		case "grenade":
			fs = append(fs, FaceGrenade)
		case "star":
			fs = append(fs, FaceStar)
		case "flag":
			fs = append(fs, FaceFlag)
		default:
			tb.Fatalf("unknown face %q", w)
		}
	}
	st.ScriptDice(fs...)
}

// unitOn is the unit on h; the test fails if there is none.
func unitOn(tb testing.TB, st *State, h string) UnitInfo {
	tb.Helper()
	u, ok := st.UnitAt(H(h))
	if !ok {
		tb.Fatalf("no unit on %s", h)
	}
	return u
}

func empty(tb testing.TB, st *State, h string) {
	tb.Helper()
	if u, ok := st.UnitAt(H(h)); ok {
		tb.Fatalf("%s: want empty, found %s %s", h, u.Side, u.Type)
	}
}

// ofKind filters events.
func ofKind(evs []Event, k EventKind) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// battleDiceOf is the dice of the battle reported in evs (-1 if none).
func battleDiceOf(evs []Event) int {
	for _, e := range evs {
		if e.Kind == EvBattle {
			return int(e.N)
		}
	}
	return -1
}

func evString(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.String())
		b.WriteString("; ")
	}
	return b.String()
}

// winterFeature is the id of a WinterTroops feature row by key.
func winterFeature(key string) (Feature, bool) {
	cat, err := NewCatalog(WinterTroops())
	if err != nil || key == mineFeatureKey {
		return NoFeature, false
	}
	return cat.FeatureByKey(key)
}
