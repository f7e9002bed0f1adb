package rules

import (
	"encoding/binary"
	"hash/fnv"
	"slices"

	"m44/hex"
)

// View is what one side may know of the game: the board, both sides'
// medals, its own hand, the size (never the content) of the other hand, the
// discards, and the size (never the order or content) of the draw pile. It
// is the core's plain form, for bots and tests; the wire form, built for a
// seat, its team mate or a spectator, is package view's.
type View struct {
	Viewer      Side
	Turn        int
	Active      Side
	Phase       string
	ToAct       Side
	Over        bool
	Winner      *Side
	Medals      [2]int
	Victory     [2]int
	Hand        []CardView // the hand of the viewer side's current player
	TeamHand    []CardView // his team mate's hand (team play)
	Shared      *CardView  // the viewer team's face-up shared card
	Players     [2]int     // players per side
	Player      int        // the viewer side's current player (0 or 1)
	OtherHand   int        // how many cards the other side holds in hand
	OtherShared *CardView  // the other team's face-up shared card
	DrawPile    int
	Discards    []CardView
	Played      *CardView
	InEffect    string     // what the played card acts as (a Counter-Attack's copy; Infantry Assault's section)
	Targets     []hex.Hex  // Air Power / Barrage hexes chosen
	Choice      []CardView // Recon: the two drawn cards (viewer's own turn only)
	Units       []UnitInfo
	Features    []HexFeature
	Legal       []string
	// Winter Combat cards: the viewer's current player's, how many the
	// other side holds, the face-down pile's size, the discards, the
	// cards in force this turn ("side:key").
	CombatHand     []CombatCardView
	OtherCombat    int
	CombatPile     int
	CombatDiscards []CombatCardView
	CombatInForce  []string
}

// CombatCardView is one Winter Combat card as a player sees it.
type CombatCardView struct {
	ID CardID
	CombatCardDef
}

// CardView names a card.
type CardView struct {
	ID   CardID
	Name string
}

// HexFeature is a hex with terrain other than plain or with a feature.
type HexFeature struct {
	Hex       hex.Hex
	Terrain   string
	Structure string
	Obstacle  string
	// Markers are the hex's other features (markers, a second structure
	// or obstacle), by key.
	Markers []string
}

// InEffect is what the card in play acts as: its own name, a
// Counter-Attack's copy, Infantry Assault with its section
// ("infantry-assault-left"); "" when no card is in play.
func (s *State) InEffect() string {
	if s.played == NoCard {
		return ""
	}
	e := s.b.cat.CardName(s.eff)
	if s.effDef().ChooseSection {
		e += "-" + s.eff.Section.String()
	}
	return e
}

// EffectCard is the card the card in play acts as (a Counter-Attack's
// copy), InEffect without building its name; false when no card is in play.
func (s *State) EffectCard() (Card, bool) {
	if s.played == NoCard {
		return Card{}, false
	}
	return s.eff, true
}

// Targets is the hexes chosen so far by an Air Power or a Barrage in play.
func (s *State) Targets() []hex.Hex {
	var out []hex.Hex
	for _, i := range s.aimed() {
		out = append(out, s.b.hexAt[i])
	}
	return out
}

// ReconChoice is the two cards a Recon drew, while the active side chooses
// the one to keep (PhaseKeep); nil otherwise. Only the active side may see
// them.
func (s *State) ReconChoice() []CardID {
	if s.phase != PhaseKeep {
		return nil
	}
	k := s.keepCards()
	return []CardID{k[0], k[1]}
}

// MarshalText writes a side as "allies" or "axis".
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "allies" or "axis".
func (s *Side) UnmarshalText(b []byte) error {
	switch string(b) {
	case "allies":
		*s = Allies
	case "axis":
		*s = Axis
	default:
		return errSide(string(b))
	}
	return nil
}

type errSide string

func (e errSide) Error() string { return "unknown side " + string(e) + " (want allies or axis)" }

func (s *State) cardView(id CardID) CardView { return CardView{ID: id, Name: s.CardName(id)} }

// View is the game as side viewer may see it, with its legal actions when it
// is to act.
func (s *State) View(viewer Side) View {
	v := View{Viewer: viewer, Turn: int(s.turn), Active: s.active, Phase: s.phase.String(), ToAct: s.ToAct(),
		Medals: s.Medals(), Victory: s.b.setup.Victory, DrawPile: len(s.deck), Players: s.Players(), Player: int(s.cur[viewer])}
	for p := 0; p < int(s.players[viewer.Opp()]); p++ {
		v.OtherHand += len(s.hands[seatOf(viewer.Opp(), p)])
	}
	if c := s.shared[viewer]; c != NoCard {
		cv := s.cardView(c)
		v.Shared = &cv
	}
	if c := s.shared[viewer.Opp()]; c != NoCard {
		cv := s.cardView(c)
		v.OtherShared = &cv
	}
	if s.players[viewer] == 2 {
		v.TeamHand = []CardView{}
		for _, c := range s.hands[seatOf(viewer, 1-int(s.cur[viewer]))] {
			v.TeamHand = append(v.TeamHand, s.cardView(c))
		}
	}
	if over, w := s.Over(); over {
		v.Over = true
		v.Winner = &w
	}
	v.Hand = []CardView{}
	for _, c := range s.hands[s.seat(viewer)] {
		v.Hand = append(v.Hand, s.cardView(c))
	}
	v.Discards = []CardView{}
	for _, c := range s.discard {
		v.Discards = append(v.Discards, s.cardView(c))
	}
	if s.played != NoCard {
		c := s.cardView(s.played)
		v.Played = &c
		v.InEffect = s.InEffect()
	}
	v.Targets = s.Targets()
	if s.CombatOn() {
		for _, c := range s.chand[s.seat(viewer)] {
			v.CombatHand = append(v.CombatHand, CombatCardView{ID: c, CombatCardDef: *s.b.combat[c]})
		}
		for _, c := range s.cdisc {
			v.CombatDiscards = append(v.CombatDiscards, CombatCardView{ID: c, CombatCardDef: *s.b.combat[c]})
		}
		v.OtherCombat, v.CombatPile, v.CombatInForce = s.combatHeld(viewer.Opp()), len(s.cpile), s.CombatInForce()
	}
	if viewer == s.active {
		for _, c := range s.ReconChoice() {
			v.Choice = append(v.Choice, s.cardView(c))
		}
	}
	v.Units = s.AppendUnits([]UnitInfo{})
	v.Features = []HexFeature{}
	for i := 0; i < s.b.n; i++ {
		if !s.b.valid[i] {
			continue
		}
		t := s.b.ground[i]
		st, ob := s.featureOfLayer(int16(i), LayerStructure), s.featureOfLayer(int16(i), LayerObstacle)
		if t == Plain && s.feat[i] == [MaxFeatures]Feature{} {
			continue
		}
		cat := s.b.cat
		f := HexFeature{Hex: s.b.hexAt[i], Structure: cat.featureRow(st).Key, Obstacle: cat.featureRow(ob).Key}
		if t != Plain {
			f.Terrain = s.b.gdef[i].Key
		}
		for _, g := range s.feat[i] {
			if g != NoFeature && g != st && g != ob {
				f.Markers = append(f.Markers, cat.featureRow(g).Key)
			}
		}
		v.Features = append(v.Features, f)
	}
	if s.phase != PhaseOver && s.ToAct() == viewer {
		for _, a := range s.Legal() {
			v.Legal = append(v.Legal, a.String())
		}
	}
	return v
}

// Hash is a stable hash of the whole state (board, units, cards in every
// place, medals, decision point and generator): equal states hash equal
// across runs and machines.
func (s *State) Hash() uint64 { return s.hash(true) }

// PositionHash is Hash without the generator: equal for two games that
// reached the same position with the same outcomes, whatever their seeds
// (a game replayed from its recorded outcomes on another seed).
func (s *State) PositionHash() uint64 { return s.hash(false) }

func (s *State) hash(gen bool) uint64 {
	h := fnv.New64a()
	var buf []byte
	put := func(v ...int64) {
		for _, x := range v {
			buf = binary.LittleEndian.AppendUint64(buf, uint64(x))
		}
	}
	put(int64(s.active), int64(s.turn), int64(s.phase), int64(s.winner), int64(s.played),
		int64(s.kills[0]), int64(s.kills[1]), int64(s.exited[0]), int64(s.exited[1]), int64(s.exits[0]), int64(s.exits[1]),
		int64(s.medals[0]), int64(s.medals[1]), int64(s.vis))
	if gen {
		put(int64(s.rng.s))
	}
	put(int64(len(s.forced)))
	if s.blown != [2]int8{} {
		put(int64(s.blown[0]), int64(s.blown[1])) // bridges blown for a medal
	}
	if s.brokeIn != [2]int32{} {
		put(int64(s.brokeIn[0]), int64(s.brokeIn[1])) // the turn breakthrough armor entered
	}
	if s.smokeLeft != [2]int8{} {
		put(int64(s.smokeLeft[0]), int64(s.smokeLeft[1])) // smoke screens' turns
	}
	if s.sabo != [MaxSabotage]int8{} {
		put(int64(s.sabo[0]), int64(s.sabo[1]), int64(s.sabo[2]), int64(s.sabo[3])) // sabotage tokens
	}
	for i := 0; i < s.b.n; i++ {
		for _, f := range s.feat[i] {
			put(int64(f))
		}
	}
	for _, m := range s.mines {
		put(int64(m.value), b2i(m.revealed), b2i(m.gone))
	}
	for i := range s.units {
		u := &s.units[i]
		put(int64(u.pos), int64(u.start), int64(u.figures), b2i(u.dead), int64(u.reserve), b2i(u.landed), b2i(u.ordered), b2i(u.moved), int64(u.dist),
			b2i(u.stopped), b2i(u.noBattle), b2i(u.battled), b2i(u.overrun), b2i(u.fx), int64(u.shots), b2i(u.camo), b2i(u.boat), b2i(u.gave), int64(u.given),
			int64(u.marks[0]), int64(u.marks[1]), int64(u.marks[2]))
	}
	cards := func(list []CardID) {
		sorted := slices.Clone(list)
		slices.Sort(sorted)
		put(int64(len(sorted)))
		for _, c := range sorted {
			put(int64(c))
		}
	}
	for k := range s.hands {
		cards(s.hands[k])
	}
	// The draw pile in its stored order: with the generator it decides the
	// coming draws.
	put(int64(len(s.deck)))
	for _, c := range s.deck {
		put(int64(c))
	}
	for _, o := range s.forced {
		switch o.Kind {
		case OutDie:
			put(int64(o.Face))
		case OutCard, OutCombat:
			put(int64(o.Kind)<<16 | int64(o.Card))
		default:
			put(int64(o.Kind)<<16 | int64(uint8(o.Hex.Row))<<8 | int64(uint8(o.Hex.Col)))
		}
	}
	put(int64(s.shared[0]), int64(s.shared[1]), int64(s.cur[0]), int64(s.cur[1]), b2i(s.fromShrd), int64(s.ambushAt))
	put(int64(len(s.discard)))
	for _, c := range s.discard {
		put(int64(c))
	}
	for _, t := range s.taken {
		put(int64(t))
	}
	for _, ui := range s.orderedBy {
		put(int64(ui))
	}
	put(int64(len(s.stack)))
	for _, f := range s.stack {
		put(int64(f.kind), int64(f.att), int64(f.target), int64(f.attPos), int64(f.targetPos), b2i(f.close), b2i(f.overrun),
			int64(f.victim), b2i(f.noIgnore), int64(f.next), int64(f.section), int64(f.keep[0]), int64(f.keep[1]), int64(len(f.aim)), int64(len(f.retreats)))
		for _, a := range f.aim {
			put(int64(a))
		}
		for _, o := range f.retreats {
			put(int64(o.to), int64(o.steps), int64(o.losses), int64(o.ignore))
		}
	}
	put(int64(s.eff.Kind), int64(s.eff.Section), b2i(s.fallback), b2i(s.second), int64(s.ambusher))
	for side := 0; side < 2; side++ {
		put(int64(s.last[side].Kind), int64(s.last[side].Section), b2i(s.hasLast[side]))
	}
	for _, q := range s.quota {
		put(int64(q))
	}
	s.hashCombat(put)
	h.Write(buf)
	return h.Sum64()
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
