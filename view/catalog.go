package view

import (
	"fmt"
	"strings"

	"m44/rules"
)

// The JSON form of a rules catalog (rules.Catalog): every ground, feature,
// unit kind, card kind and deck a game knows, with its key, its rule
// citation, its one-line summary and the effects a player needs to see. The
// browser client draws and names a row it has no picture or translation of
// from it (docs/client.md "Rows the client does not know"); `m44 catalog`
// prints it for scenario designers.

// Catalog is a catalog's rows, in ID order.
type Catalog struct {
	Rulesets []string     `json:"rulesets"` // the folded rulesets, "base" first
	Grounds  []TerrainRow `json:"grounds"`
	Features []TerrainRow `json:"features"` // structures, obstacles and markers
	Units    []UnitRow    `json:"units"`
	Cards    []CardRow    `json:"cards"`
	Decks    []DeckRow    `json:"decks"`
}

// ByClass is a number for attackers (or units) of each class.
type ByClass struct {
	Infantry  int `json:"infantry,omitempty"`
	Armor     int `json:"armor,omitempty"`
	Artillery int `json:"artillery,omitempty"`
}

func byClass(v [3]int8) ByClass {
	return ByClass{Infantry: int(v[rules.Infantry]), Armor: int(v[rules.Armor]), Artillery: int(v[rules.Artillery])}
}

// classes names the classes of a mask ("infantry", "armor", "artillery").
func classes(m rules.ClassMask) []string {
	var out []string
	for t := rules.Infantry; t <= rules.Artillery; t++ {
		if m.Has(t) {
			out = append(out, t.String())
		}
	}
	return out
}

// TerrainRow is a ground or a feature.
type TerrainRow struct {
	Key     string `json:"key"`
	Layer   string `json:"layer"` // ground, structure, obstacle, marker
	Source  string `json:"source"`
	Summary string `json:"summary,omitempty"`
	Symbol  string `json:"symbol,omitempty"` // a drawing hint; "" draws the key

	Height         int  `json:"height,omitempty"`
	Water          bool `json:"water,omitempty"`
	Crossing       bool `json:"crossing,omitempty"`        // a bridge: water becomes dry land
	MustStop       bool `json:"must_stop,omitempty"`       // a unit entering must stop
	NoBattle       bool `json:"no_battle,omitempty"`       // a unit entering may not battle this turn
	MoveCap        int  `json:"move_cap,omitempty"`        // entering caps the move at this many hexes
	FromAdjacent   bool `json:"from_adjacent,omitempty"`   // entered only from a hex next to it at the start of the turn
	NoBattleFrom   bool `json:"no_battle_from,omitempty"`  // units here never battle
	NoRetreatInto  bool `json:"no_retreat_into,omitempty"` // no retreat into it
	BlocksSight    bool `json:"blocks_sight,omitempty"`
	ProtectedBelow bool `json:"protected_below,omitempty"` // protection only against attackers from lower ground
	ForUsersOnly   bool `json:"for_users_only,omitempty"`  // protects only the sides the scenario allows
	// Protection is the dice less for an attacker of each class (artillery
	// ignores it: it is left out).
	Protection  ByClass  `json:"protection,omitzero"`
	AttackMalus ByClass  `json:"attack_malus,omitzero"` // dice less for a unit battling from here
	Impassable  []string `json:"impassable,omitempty"`  // classes that never enter
	IgnoreFlag  []string `json:"ignore_flag,omitempty"` // classes that may ignore one flag here
	NoRetreat   []string `json:"no_retreat,omitempty"`  // classes that never retreat from here
	Removable   bool     `json:"removable,omitempty"`   // an obstacle that can be removed
	// The Terrain Pack's and Winter Wars' fields.
	VehiclesStop bool `json:"vehicles_stop,omitempty"`  // armor and artillery entering must stop (railways)
	LeaveStops   bool `json:"leave_stops,omitempty"`    // a unit starting here moves 1 hex at most (marshes)
	Road         bool `json:"road,omitempty"`           // one hex more for a move wholly on road
	NoTakeGround bool `json:"no_take_ground,omitempty"` // no take ground into or out of it (ravines)
	EnterDice    int  `json:"enter_dice,omitempty"`     // dice rolled against a unit entering it, a loss per star (frozen rivers)
	AirCheck     int  `json:"air_check,omitempty"`      // the air-check value printed on the terrain's card (absent: 0 or not given)
	// Rules are the row's rules beyond these fields (hooks): "step-cost",
	// "take-ground", "blocks-sight".
	Rules []string `json:"rules,omitempty"`
}

func terrainRow(d rules.TerrainDef) TerrainRow {
	p := byClass(d.Protection)
	p.Artillery = 0
	r := TerrainRow{Key: d.Key, Layer: d.Layer.String(), Source: d.Source, Summary: d.Summary, Symbol: d.Symbol,
		Height: int(d.Height), Water: d.Water, Crossing: d.Crossing, MustStop: d.MustStop, NoBattle: d.NoBattle,
		MoveCap: int(d.MoveCap), FromAdjacent: d.FromAdjacentOnly, NoBattleFrom: d.NoBattleFrom, NoRetreatInto: d.NoRetreatInto,
		BlocksSight: d.BlocksSight, ProtectedBelow: d.ProtectedBelow, ForUsersOnly: d.ForUsersOnly,
		Protection: p, AttackMalus: byClass(d.AttackMalus), Impassable: classes(d.Impassable),
		IgnoreFlag: classes(d.IgnoreFlag), NoRetreat: classes(d.NoRetreat),
		Removable:    d.RemovedOnLeave || d.ClearedBy != 0 || d.RemovableInstead != 0,
		VehiclesStop: d.VehiclesStop, LeaveStops: d.LeaveStops, Road: d.Road, NoTakeGround: d.NoTakeGround,
		EnterDice: int(d.EnterDice), AirCheck: int(d.AirCheck)}
	if d.Hooks.StepCost != nil {
		r.Rules = append(r.Rules, "step-cost")
	}
	if d.Hooks.TakeGround != nil {
		r.Rules = append(r.Rules, "take-ground")
	}
	if d.Hooks.BlocksSight != nil {
		r.Rules = append(r.Rules, "blocks-sight")
	}
	return r
}

// UnitRow is a kind of troops.
type UnitRow struct {
	Key          string `json:"key"`
	Class        string `json:"class"` // infantry, armor, artillery
	Source       string `json:"source"`
	Summary      string `json:"summary,omitempty"`
	Symbol       string `json:"symbol,omitempty"`
	Elite        bool   `json:"elite,omitempty"`
	Figures      int    `json:"figures"`
	Move         int    `json:"move"`           // hexes it may move
	MoveAndFight int    `json:"move_and_fight"` // hexes it may move and still battle
	// RangeDice are the dice it rolls at distance 1, 2, … (to its range).
	RangeDice            []int `json:"range_dice"`
	NeedsSight           bool  `json:"needs_sight,omitempty"`
	IgnoresCover         bool  `json:"ignores_cover,omitempty"`
	TakesGround          bool  `json:"takes_ground,omitempty"`
	Overruns             bool  `json:"overruns,omitempty"`
	BattlesAfterEntering bool  `json:"battles_after_entering,omitempty"`
	RetreatPerFlag       int   `json:"retreat_per_flag"`
	// HitsStandOn: each die that hits it is rolled again and the hit stands
	// only on these faces (a Tiger: grenade).
	HitsStandOn []string `json:"hits_stand_on,omitempty"`
}

func unitRow(u rules.UnitDef) UnitRow {
	r := UnitRow{Key: u.Key, Class: u.Class.String(), Source: u.Source, Summary: u.Summary, Symbol: u.Symbol, Elite: u.Elite,
		Figures: int(u.Figures), Move: int(u.MaxMove), MoveAndFight: int(u.MoveAndFight), RangeDice: []int{},
		NeedsSight: u.NeedsSight, IgnoresCover: u.IgnoresCover, TakesGround: u.TakesGround, Overruns: u.Overruns,
		BattlesAfterEntering: u.BattlesAfterEntering, RetreatPerFlag: int(u.RetreatPerFlag)}
	for _, f := range rules.Faces() {
		if u.HitsStandOn.Has(f) {
			r.HitsStandOn = append(r.HitsStandOn, f.String())
		}
	}
	n := len(u.RangeDice)
	for n > 0 && u.RangeDice[n-1] == 0 {
		n--
	}
	for _, d := range u.RangeDice[:n] {
		r.RangeDice = append(r.RangeDice, int(d))
	}
	return r
}

// Count is a number of units a card orders; "all" on the wire for every
// unit that fits.
type Count int

// All is Count's "every unit".
const All Count = -1

func (c Count) MarshalJSON() ([]byte, error) {
	if c == All {
		return []byte(`"all"`), nil
	}
	return fmt.Appendf(nil, "%d", int(c)), nil
}

func (c *Count) UnmarshalJSON(b []byte) error {
	if string(b) == `"all"` {
		*c = All
		return nil
	}
	var n int
	_, err := fmt.Sscanf(string(b), "%d", &n)
	*c = Count(n)
	return err
}

// Quota is how many units a card orders, by where or what they are.
// Section: of the section the card names (a section card), or the player
// names (ChooseSection).
type Quota struct {
	Section   Count `json:"section,omitempty"`
	Left      Count `json:"left,omitempty"`
	Center    Count `json:"center,omitempty"`
	Right     Count `json:"right,omitempty"`
	Any       Count `json:"any,omitempty"` // any units anywhere
	Infantry  Count `json:"infantry,omitempty"`
	Armor     Count `json:"armor,omitempty"`
	Artillery Count `json:"artillery,omitempty"`
}

// allUnits is rules' "every unit" quota.
const allUnits = 99

// The order of rules.Quota's slots (rules/cards.go): the three sections,
// anywhere, then infantry, armor and artillery anywhere.
const (
	slotLeft = iota
	slotCenter
	slotRight
	slotAny
	slotInf
	slotArmor
	slotArt
)

func count(n int8) Count {
	if n >= allUnits {
		return All
	}
	return Count(n)
}

// CardRow is a kind of command card.
type CardRow struct {
	Key    string `json:"key"`
	Source string `json:"source"`
	// Summary is what the card does in one line of English, made from its
	// row (a card's rules beyond its row are in its source).
	Summary       string `json:"summary"`
	Tactic        bool   `json:"tactic"`
	Section       bool   `json:"section,omitempty"`        // names one section: its names are "<key>-left" and so on
	ChooseSection bool   `json:"choose_section,omitempty"` // the player names the section
	Quota         Quota  `json:"quota,omitzero"`
	Class         string `json:"class,omitempty"` // the class it orders
	Move          int    `json:"move,omitempty"`  // ordered units move up to this
	NoMove        bool   `json:"no_move,omitempty"`
	MoveAndFight  int    `json:"move_and_fight,omitempty"`
	Bonus         int    `json:"bonus,omitempty"` // extra dice in every battle
	Shots         int    `json:"shots,omitempty"` // battles each ordered unit makes
	Targets       int    `json:"targets,omitempty"`
	Reaction      bool   `json:"reaction,omitempty"` // played only in answer to the opponent
}

func cardRow(d rules.CardDef) CardRow {
	r := CardRow{Key: d.Key, Source: d.Source, Tactic: d.Tactic, Section: d.Section, ChooseSection: d.ChooseSection,
		Move: int(d.MaxMove), NoMove: d.NoMove, MoveAndFight: int(d.MoveAndFight), Bonus: int(d.Bonus), Shots: int(d.Shots),
		Reaction: d.Reaction}
	q := d.Quota
	if d.Section {
		r.Quota.Section = count(q[slotLeft])
	} else {
		r.Quota.Left, r.Quota.Center, r.Quota.Right = count(q[slotLeft]), count(q[slotCenter]), count(q[slotRight])
	}
	r.Quota.Any, r.Quota.Infantry, r.Quota.Armor, r.Quota.Artillery = count(q[slotAny]), count(q[slotInf]), count(q[slotArmor]), count(q[slotArt])
	if d.Typed {
		r.Class = d.Class.String()
	}
	if d.Aim != nil {
		r.Targets = int(d.Aim.Max)
	}
	r.Summary = cardSummary(d, r)
	return r
}

// units words a number of units of a class ("" for any).
func units(c Count, what string) string {
	what = strings.TrimSpace(what + " unit")
	switch c {
	case All:
		return "all " + what + "s"
	case 1:
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", c, what)
}

// cardSummary words a card row in English.
func cardSummary(d rules.CardDef, r CardRow) string {
	var parts []string
	q := r.Quota
	class := r.Class
	switch {
	case d.Section:
		parts = append(parts, "order "+units(q.Section, class)+" in the section on the card")
	case d.ChooseSection:
		parts = append(parts, "order all "+strings.TrimSpace(class+" units")+" in one section of your choice")
	}
	var secs []string
	for _, s := range []struct {
		n    Count
		name string
	}{{q.Left, "on the left"}, {q.Center, "in the center"}, {q.Right, "on the right"}} {
		if s.n != 0 {
			secs = append(secs, fmt.Sprint(s.n)+" "+s.name)
		}
	}
	if len(secs) == 3 && q.Left == q.Center && q.Center == q.Right {
		parts = append(parts, "order "+units(q.Left, "")+" in each section")
	} else if len(secs) > 0 {
		parts = append(parts, "order "+strings.Join(secs, ", "))
	}
	for _, s := range []struct {
		n    Count
		name string
	}{{q.Any, ""}, {q.Infantry, "infantry"}, {q.Armor, "armor"}, {q.Artillery, "artillery"}} {
		if s.n == 0 {
			continue
		}
		if s.n == All {
			parts = append(parts, "order "+units(s.n, s.name))
		} else {
			parts = append(parts, "order up to "+units(s.n, s.name))
		}
	}
	for i := range parts {
		parts[i] = strings.Join(strings.Fields(parts[i]), " ")
	}
	if d.Aim != nil {
		if d.Aim.Max == 1 {
			parts = append(parts, "attack 1 hex")
		} else {
			parts = append(parts, fmt.Sprintf("attack up to %d hexes", d.Aim.Max))
		}
	}
	switch {
	case d.NoMove:
		parts = append(parts, "no move")
	case d.MaxMove > 0 && d.MoveAndFight > 0:
		parts = append(parts, fmt.Sprintf("move up to %d, battle after moving up to %d", d.MaxMove, d.MoveAndFight))
	case d.MaxMove > 0:
		parts = append(parts, fmt.Sprintf("move up to %d", d.MaxMove))
	}
	if d.Shots > 1 {
		parts = append(parts, fmt.Sprintf("battle %d times", d.Shots))
	}
	if d.Bonus > 0 {
		parts = append(parts, fmt.Sprintf("+%d die in battle", d.Bonus))
	}
	if d.AdjacentOnly {
		parts = append(parts, "close combat only")
	}
	if d.Infiltrate {
		parts = append(parts, "no terrain movement limits")
	}
	if d.DrawTwo {
		parts = append(parts, "draw 2 cards, keep 1")
	}
	if d.Reaction {
		parts = append(parts, "played in answer to the opponent")
	}
	if d.CopiesLast {
		parts = append(parts, "acts as the card the opponent last played")
	}
	if d.Reshuffle {
		parts = append(parts, "reshuffle the deck")
	}
	h := d.Hooks
	if h.OnPlay != nil || h.MayOrder != nil || h.OnOrder != nil || h.BattleBonus != nil || h.AfterOrders != nil || h.AfterBattles != nil {
		parts = append(parts, "more rules: see its source")
	}
	if len(parts) == 0 {
		return "see its source"
	}
	s := strings.Join(parts, "; ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// DeckRow is a deck: its cards by name, in deck order.
type DeckRow struct {
	Key   string     `json:"key"`
	Size  int        `json:"size"`
	Lines []DeckLine `json:"lines"`
}

// DeckLine is how many copies of one card (by name: "probe-left",
// "air-power") a deck holds.
type DeckLine struct {
	Card   string `json:"card"`
	Copies int    `json:"copies"`
}

// CatalogOf is cat's rows.
func CatalogOf(cat *rules.Catalog) Catalog {
	out := Catalog{Rulesets: cat.Rulesets(), Grounds: []TerrainRow{}, Features: []TerrainRow{}, Units: []UnitRow{},
		Cards: []CardRow{}, Decks: []DeckRow{}}
	for _, d := range cat.Grounds() {
		out.Grounds = append(out.Grounds, terrainRow(d))
	}
	for _, d := range cat.Features() {
		out.Features = append(out.Features, terrainRow(d))
	}
	for _, u := range cat.Units() {
		out.Units = append(out.Units, unitRow(u))
	}
	for _, c := range cat.Cards() {
		out.Cards = append(out.Cards, cardRow(c))
	}
	for _, k := range cat.DeckKeys() {
		deck, _ := cat.Deck(k)
		row := DeckRow{Key: k, Size: len(deck), Lines: []DeckLine{}}
		at := map[string]int{}
		for _, c := range deck {
			name := cat.CardName(c)
			if i, ok := at[name]; ok {
				row.Lines[i].Copies++
				continue
			}
			at[name] = len(row.Lines)
			row.Lines = append(row.Lines, DeckLine{Card: name, Copies: 1})
		}
		out.Decks = append(out.Decks, row)
	}
	return out
}
