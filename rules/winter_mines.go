package rules

import (
	"fmt"
	"slices"

	"m44/hex"
)

// Minefields (Winter Wars III "Champs de mines"; FAQ II Champs de mines).
// The tokens are shuffled face down at setup and one is put on each
// minefield: nobody, not even the side that laid them, knows a value until
// an enemy unit enters and the token is turned over. A token's value is the
// dice it rolls; 0 is a decoy.

// MaxMineToken is the largest value a minefield token may have.
const MaxMineToken = 4

// DefaultMineTokens is the pool a setup without MineTokens draws from. No
// source we have prints the pool's make-up (the FAQ summary says only that
// tokens are drawn at random among those available, values 0 to 4 in
// expansion-rules.md row 30): docs/rules-decisions.md records this choice.
var DefaultMineTokens = []int8{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4}

// mineFeatureKey is the WinterTroops row of a minefield hex.
const mineFeatureKey = "minefield"

var mineFeature = TerrainDef{Key: mineFeatureKey, Layer: LayerMarker, MustStop: true, Symbol: "mine",
	Source: "Winter Wars III Champs de mines; FAQ II Champs de mines",
	Summary: "minefield: a unit entering stops; an enemy turns the token over and rolls its value in dice " +
		"(its symbol or a grenade hits; a 0 is a decoy, removed); retreats and Behind Enemy Lines ignore it; engineers clear it"}

// mine is one minefield of a game.
type mine struct {
	pos      int16
	side     Side // who laid it
	value    int8 // the token (-1 before the deal)
	revealed bool
	gone     bool // removed: a decoy, or cleared by engineers
}

// compileMines checks the setup's minefields (each on a hex holding the
// minefield feature) and lists them on the opening position.
func (st *State) compileMines() error {
	s := st.b.setup
	if len(s.Mines) == 0 {
		return nil
	}
	f, ok := st.b.cat.FeatureByKey(mineFeatureKey)
	if !ok {
		return fmt.Errorf("minefields: the setup needs the %s ruleset", WinterTroops().Key)
	}
	tokens := st.mineTokens()
	if len(s.Mines) > len(tokens) {
		return fmt.Errorf("minefields: %d minefields, only %d tokens", len(s.Mines), len(tokens))
	}
	for _, v := range tokens {
		if v < 0 || v > MaxMineToken {
			return fmt.Errorf("minefields: token %d: tokens are 0..%d", v, MaxMineToken)
		}
	}
	for _, m := range s.Mines {
		if !st.b.grid.Contains(m.Hex) || m.Side > Axis {
			return fmt.Errorf("minefield at %s: off the board or of no side", m.Hex)
		}
		i := int16(st.b.grid.Index(m.Hex))
		if !slices.Contains(st.feat[i][:], f) {
			return fmt.Errorf("minefield at %s: the hex has no minefield feature", m.Hex)
		}
		if slices.ContainsFunc(st.mines, func(o mine) bool { return o.pos == i }) {
			return fmt.Errorf("minefield at %s: twice", m.Hex)
		}
		st.mines = append(st.mines, mine{pos: i, side: m.Side, value: -1})
	}
	return nil
}

func (st *State) mineTokens() []int8 {
	if t := st.b.setup.MineTokens; t != nil {
		return t
	}
	return DefaultMineTokens
}

// layMines draws a token face down for each minefield, in order (Winter
// Wars III: "Placez ensuite un jeton au hasard sur chaque hex marqué d'une
// mine"); the tokens left go back to the box unseen.
func (st *State) layMines() {
	if len(st.mines) == 0 {
		return
	}
	st.tokens = slices.Clone(st.mineTokens())
	for k := range st.mines {
		o, idx := st.chance(OutMine, len(st.tokens), nil)
		if idx < 0 || idx >= len(st.tokens) {
			idx = 0
		}
		st.mines[k].value = o.Mine
		st.tokens = slices.Delete(st.tokens, idx, idx+1)
	}
	st.tokens = nil
}

// mineOn is the index of the live minefield on hex i, or -1.
func (s *State) mineOn(i int16) int {
	for k := range s.mines {
		if m := &s.mines[k]; m.pos == i && !m.gone {
			return k
		}
	}
	return -1
}

// enterMinefield: unit ui has just moved onto its hex (Winter Wars III
// "Champs de mines"). It has stopped (the row's MustStop). A unit of the
// side that laid it ignores it. Engineers that may still battle clear it
// instead of battling, without turning it over (Winter Wars V "Troupes du
// Génie"; FAQ IV: even a decoy costs them their battle). Any other enemy
// turns the token over: a decoy is removed; otherwise it rolls the token's
// value in dice, each of its symbol or a grenade a hit, the rest ignored
// (a Tiger rolls its hits again: hitsStanding), and the token stays face
// up. A retreat never comes here.
func (s *State) enterMinefield(ui int) {
	u := &s.units[ui]
	k := s.mineOn(u.pos)
	if k < 0 || s.mines[k].side == u.side {
		return
	}
	m := &s.mines[k]
	f, _ := s.b.cat.FeatureByKey(mineFeatureKey)
	if s.kind(u).SweepsMines && !u.noBattle {
		u.noBattle = true
		m.gone = true
		s.emit(Event{Kind: EvMineCleared, Side: m.side, To: s.b.hexAt[m.pos]})
		s.removeFeature(m.pos, f)
		return
	}
	if !m.revealed {
		m.revealed = true
		s.emit(Event{Kind: EvMineRevealed, Side: m.side, To: s.b.hexAt[m.pos], N: m.value})
	}
	if m.value == 0 {
		m.gone = true
		s.removeFeature(m.pos, f)
		return
	}
	sym, hasSym := symbolOf(u.typ)
	hits := s.rollCount(Event{Kind: EvDiceRolled, Side: m.side}, m.value,
		func(f Face) bool { return f == FaceGrenade || hasSym && f == sym })
	// A Tiger's armor: "Tout symbole char ou grenade obtenu doit être
	// relancé. Le Tigre est effectivement détruit si une grenade est
	// obtenue au second jet de dés" (FAQ II Champs de mines).
	hits = s.hitsStanding(ui, hits)
	if hits == 0 {
		return
	}
	lost := min(hits, u.figures)
	u.figures -= lost
	s.emitUnits(Event{Kind: EvHits, To: s.b.hexAt[u.pos], N: lost}, ui, -1)
	if u.figures == 0 {
		s.eliminate(ui)
	} else if s.b.anyPerFigure {
		s.updateMedals() // half-tracks give medals by figures (Winter Wars V)
	}
}

// MinefieldInfo is what anyone may know of a minefield: where it is, who
// laid it, and its value once turned over (Value -1 while face down).
type MinefieldInfo struct {
	Hex      hex.Hex
	Side     Side
	Revealed bool
	Value    int8
}

// Minefields lists the minefields still on the board, in setup order. A
// face-down token's value is never given: nobody may see it (Winter Wars
// III: "en prenant bien soin de garder cachée la face portant un chiffre").
func (s *State) Minefields() []MinefieldInfo {
	var out []MinefieldInfo
	for _, m := range s.mines {
		if m.gone {
			continue
		}
		mi := MinefieldInfo{Hex: s.b.hexAt[m.pos], Side: m.side, Revealed: m.revealed, Value: -1}
		if m.revealed {
			mi.Value = m.value
		}
		out = append(out, mi)
	}
	return out
}

// redealMines gives every face-down minefield a token drawn afresh from the
// tokens nobody has seen (the pool less the tokens turned over): what a
// determinization may know (determinize.go).
func (c *State) redealMines() {
	if len(c.mines) == 0 {
		return
	}
	unseen := slices.Clone(c.mineTokens())
	for _, m := range c.mines {
		if m.revealed {
			if i := slices.Index(unseen, m.value); i >= 0 {
				unseen = slices.Delete(unseen, i, i+1)
			}
		}
	}
	for k := range c.mines {
		m := &c.mines[k]
		if m.revealed || len(unseen) == 0 {
			continue
		}
		i := c.rng.intn(len(unseen))
		m.value = unseen[i]
		unseen = slices.Delete(unseen, i, i+1)
	}
}
