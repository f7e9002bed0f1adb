package rules

// The command deck (command-cards.md §2-3). Every physical card has a CardID,
// its index in the deck table; the deck's composition is data.

// CardKind is what a command card is.
type CardKind uint8

const (
	// Section cards.
	Recon CardKind = iota
	Probe
	Attack
	Assault
	GeneralAdvance
	PincerMove
	ReconInForce
	// Tactic cards.
	AirPower
	Ambush
	ArmorAssault
	ArtilleryBombard
	Barrage
	BehindEnemyLines
	CloseAssault
	CounterAttack
	DigIn
	DirectFromHQ
	Firefight
	InfantryAssault
	MedicsMechanics
	MoveOut
	FinestHour
	NumCardKinds
)

// anySection marks an order quota usable in any section.
const allUnits = 99

// cardInfo describes one kind of card.
type cardInfo struct {
	key     string // stable identifier used in text and JSON
	tactic  bool
	section bool // the card names one section (Recon, Probe, Attack, Assault)
	// quota is how many units may be ordered in each section (Left, Center,
	// Right, from the orderer's view); allUnits = every unit there.
	quota [3]int8
	// implemented reports whether the engine plays this card yet.
	implemented bool
	// drawN / keepN: the draw step (Recon: draw 2 keep 1).
	drawN int8
}

var cardTable = [NumCardKinds]cardInfo{
	Recon:          {key: "recon", section: true, quota: [3]int8{1, 0, 0}, implemented: true, drawN: 2},
	Probe:          {key: "probe", section: true, quota: [3]int8{2, 0, 0}, implemented: true, drawN: 1},
	Attack:         {key: "attack", section: true, quota: [3]int8{3, 0, 0}, implemented: true, drawN: 1},
	Assault:        {key: "assault", section: true, quota: [3]int8{allUnits, 0, 0}, implemented: true, drawN: 1},
	GeneralAdvance: {key: "general-advance", quota: [3]int8{2, 2, 2}, implemented: true, drawN: 1},
	PincerMove:     {key: "pincer-move", quota: [3]int8{2, 0, 2}, implemented: true, drawN: 1},
	ReconInForce:   {key: "recon-in-force", quota: [3]int8{1, 1, 1}, implemented: true, drawN: 1},

	AirPower:         {key: "air-power", tactic: true, drawN: 1},
	Ambush:           {key: "ambush", tactic: true, drawN: 1},
	ArmorAssault:     {key: "armor-assault", tactic: true, drawN: 1},
	ArtilleryBombard: {key: "artillery-bombard", tactic: true, drawN: 1},
	Barrage:          {key: "barrage", tactic: true, drawN: 1},
	BehindEnemyLines: {key: "behind-enemy-lines", tactic: true, drawN: 1},
	CloseAssault:     {key: "close-assault", tactic: true, drawN: 1},
	CounterAttack:    {key: "counter-attack", tactic: true, drawN: 1},
	DigIn:            {key: "dig-in", tactic: true, drawN: 1},
	DirectFromHQ:     {key: "direct-from-hq", tactic: true, drawN: 1},
	Firefight:        {key: "firefight", tactic: true, drawN: 1},
	InfantryAssault:  {key: "infantry-assault", tactic: true, drawN: 1},
	MedicsMechanics:  {key: "medics-mechanics", tactic: true, drawN: 1},
	MoveOut:          {key: "move-out", tactic: true, drawN: 1},
	FinestHour:       {key: "their-finest-hour", tactic: true, drawN: 1},
}

func (k CardKind) String() string {
	if k < NumCardKinds {
		return cardTable[k].key
	}
	return "?"
}

// Tactic reports whether the kind is a tactic card.
func (k CardKind) Tactic() bool { return cardTable[k].tactic }

// Implemented reports whether the engine can play this kind of card.
func (k CardKind) Implemented() bool { return cardTable[k].implemented }

// CardID names one physical card of a deck: its index in the deck's table.
type CardID uint8

// NoCard is the absence of a card.
const NoCard CardID = 255

// Card is one physical card: its kind and, for the four one-section cards,
// the section it names.
type Card struct {
	Kind    CardKind
	Section Section
}

// Name is the card's stable text name, e.g. "probe-left" or "air-power".
func (c Card) Name() string {
	if cardTable[c.Kind].section {
		return c.Kind.String() + "-" + c.Section.String()
	}
	return c.Kind.String()
}

// quota is the card's order quota per section, already turned to the named
// section for one-section cards.
func (c Card) quota() [3]int8 {
	q := cardTable[c.Kind].quota
	if cardTable[c.Kind].section {
		var out [3]int8
		out[c.Section] = q[0]
		return out
	}
	return q
}

// Deck is a deck's composition: the card of each CardID.
type Deck []Card

type deckLine struct {
	kind   CardKind
	copies [3]int8 // per section for one-section cards, else copies[0]
}

// standardDeck is the 60-card base deck (command-cards.md §2).
var standardDeck = []deckLine{
	{Recon, [3]int8{2, 2, 2}},
	{Probe, [3]int8{4, 5, 4}},
	{Attack, [3]int8{3, 4, 3}},
	{Assault, [3]int8{2, 2, 2}},
	{GeneralAdvance, [3]int8{1}},
	{PincerMove, [3]int8{1}},
	{ReconInForce, [3]int8{3}},
	{AirPower, [3]int8{1}},
	{Ambush, [3]int8{1}},
	{ArmorAssault, [3]int8{2}},
	{ArtilleryBombard, [3]int8{1}},
	{Barrage, [3]int8{1}},
	{BehindEnemyLines, [3]int8{1}},
	{CloseAssault, [3]int8{1}},
	{CounterAttack, [3]int8{2}},
	{DigIn, [3]int8{1}},
	{DirectFromHQ, [3]int8{2}},
	{Firefight, [3]int8{1}},
	{InfantryAssault, [3]int8{2}},
	{MedicsMechanics, [3]int8{1}},
	{MoveOut, [3]int8{2}},
	{FinestHour, [3]int8{1}},
}

func buildDeck(lines []deckLine, sectionOnly bool) Deck {
	var d Deck
	for _, l := range lines {
		if sectionOnly && cardTable[l.kind].tactic {
			continue
		}
		if cardTable[l.kind].section {
			for s := Left; s <= Right; s++ {
				for i := int8(0); i < l.copies[s]; i++ {
					d = append(d, Card{Kind: l.kind, Section: s})
				}
			}
			continue
		}
		for i := int8(0); i < l.copies[0]; i++ {
			d = append(d, Card{Kind: l.kind})
		}
	}
	return d
}

// StandardDeck is the full 60-card command deck of the base game.
func StandardDeck() Deck { return buildDeck(standardDeck, false) }

// SectionDeck is the 40 section cards of the base deck alone (the young
// players' variant deck, rulebook annex 5).
func SectionDeck() Deck { return buildDeck(standardDeck, true) }

// PlayableDeck is the standard deck restricted to the cards the engine
// implements: the default deck until every tactic card is implemented.
func PlayableDeck() Deck {
	var d Deck
	for _, c := range StandardDeck() {
		if c.Kind.Implemented() {
			d = append(d, c)
		}
	}
	return d
}

// CardByName finds a card kind (and section) from Name's form.
func CardByName(name string) (Card, bool) {
	for k := CardKind(0); k < NumCardKinds; k++ {
		if cardTable[k].section {
			for s := Left; s <= Right; s++ {
				c := Card{Kind: k, Section: s}
				if c.Name() == name {
					return c, true
				}
			}
			continue
		}
		if cardTable[k].key == name {
			return Card{Kind: k}, true
		}
	}
	return Card{}, false
}
