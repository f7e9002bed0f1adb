package render

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"m44/hex"
	"m44/rules"
	"m44/scenario"
)

// model is everything the picture shows, gathered from the setup, the
// scenario file and the game position (each optional but one of the first
// two).
type model struct {
	grid   hex.Grid
	face   string // COUNTRY, BEACH, WINTER, DESERT
	cells  map[hex.Hex]*ground
	units  []unitM
	objs   []objM
	marks  []markM
	labels []labelM

	name, date, front, boardType string
	top, first                   rules.Side
	cards, victory               [2]int
	mustExit                     [2]int // units that must exit before the side can win (Setup.MustExit)
	medals                       [2]int
	countries                    [2]string // country code by side
	live                         bool
	turn                         int
	active                       rules.Side
	phase                        string
	// cat is the catalog of the game's rulesets: rows the renderer has no
	// drawing of are drawn from it (their key and effects).
	cat *rules.Catalog
	// exits: the setup plays exit markers (Setup.Exits); mines: minefields.
	exits, mines bool
	// targets are the big guns' target markers of a live position.
	targets []rules.TargetMarker
}

// ground is what lies on one hex.
type ground struct {
	terrain rules.Terrain
	// tile is the .m44 tile name (lower case) when a file is given; extra
	// is the drawing family of a tile the engine does not play ("road",
	// "rail", "marsh", …, or "other").
	tile, extra string
	orient      int   // the tile's orientation (1..6), 0 if none
	ends        uint8 // a wadi's open ends (rules.HexSetup.Ends)
	structure   rules.Structure
	structName  string // lower case, for structures the engine lacks
	obstacle    rules.Obstacle
	obstOwner   int             // 0 none, 1 + side: the side the obstacle protects
	more        []rules.Feature // the hex's other features (markers, rows of other rulesets)
	blown       bool            // a bridge that stood here has been blown up (rules.BlowBridges)
	// sabo of saboNeed star tokens: a sabotage target (rules.Sabotage;
	// saboNeed 0: none).
	sabo, saboNeed int8
}

type unitM struct {
	at                hex.Hex
	typ               rules.UnitType
	side              rules.Side
	figures, max      int
	elite, resistance bool
	nation, badge     string
	other             string // a unit the engine lacks (vehicles): its name
	symbol            string // a special kind's mark (Winter Wars V: "88", "engineers"…)
	kind              string // the unit's row of another ruleset (UnitSetup.Kind: "tiger", "engineers"…), "" for the base game's
	boat              bool   // infantry with collapsible boats (FAQ III Actions)
}

type objM struct {
	kind   rules.ObjectiveKind
	hexes  []hex.Hex // the tag's hex first
	sides  rules.SideMask
	medals int
	count  int
	tagged bool // the first hex carries the medal (sudden-death groups have none)
	// turnStart: captured at the start of the side's turn (Objective.AtTurnStart)
	turnStart bool
}

// markM is a marker tag the engine does not play (minefield, exit…).
type markM struct {
	at   hex.Hex
	name string // tag3, tag4…
	kind string // "mine", "exit", "star", "other"
	// side: for an exit, 1 + the side whose units leave there (0: unknown).
	side int8
}

type labelM struct {
	at    hex.Hex
	lines []string
}

var errNothing = errors.New("render: nothing to draw: want a setup, a scenario file or a game")

func newModel(s *rules.Setup, o *Options) (*model, error) {
	f := o.File
	if s == nil && o.State != nil {
		s = o.State.Setup()
	}
	if s == nil && f == nil {
		return nil, errNothing
	}
	m := &model{cells: map[hex.Hex]*ground{}, face: "COUNTRY", boardType: "STANDARD", cat: rules.BaseCatalog()}
	if s != nil {
		cat, err := s.Catalog()
		if err != nil {
			return nil, err
		}
		m.cat = cat
		m.exits = len(s.Exits) > 0
		m.mines = len(s.Mines) > 0
		m.fromSetup(s)
	}
	if f != nil {
		if err := m.fromFile(f, s == nil); err != nil {
			return nil, err
		}
	}
	if o.Face != "" {
		m.face = strings.ToUpper(o.Face)
	}
	if o.State != nil {
		m.fromState(o.State)
	}
	return m, nil
}

func (m *model) cell(h hex.Hex) *ground {
	g, ok := m.cells[h]
	if !ok {
		g = &ground{}
		m.cells[h] = g
	}
	return g
}

func (m *model) fromSetup(s *rules.Setup) {
	m.grid = s.Grid
	switch s.Grid {
	case hex.Breakthrough():
		m.boardType = "BRKTHRU"
	case hex.Overlord():
		m.boardType = "OVERLORD"
	}
	m.name = s.Name
	m.top, m.first = s.Top, s.First
	m.cards, m.victory = s.Cards, s.Victory
	m.mustExit = [2]int{int(s.MustExit[0]), int(s.MustExit[1])}
	m.front = s.Front
	if s.Year != 0 {
		m.date = fmt.Sprint(s.Year)
	}
	for _, h := range s.Hexes {
		g := m.cell(h.Hex)
		g.terrain, g.structure, g.obstacle, g.ends = h.Terrain, h.Structure, h.Obstacle, h.Ends
		g.more = nil
		for _, f := range h.Features {
			if f == rules.ExitMarker {
				continue // drawn from s.Exits, with their side
			}
			g.more = append(g.more, f)
		}
		if h.Terrain == rules.Beach || h.Terrain == rules.Ocean {
			m.face = "BEACH"
		}
	}
	for _, h := range s.Sabotage.Hexes {
		m.cell(h).saboNeed = s.Sabotage.Stars
	}
	for _, e := range s.Exits {
		for _, h := range e.Hexes {
			m.addExit(h, e.Side)
		}
	}
	for _, u := range s.Units {
		f := int(u.Figures)
		um := unitM{at: u.Hex, typ: u.Type, side: u.Side, elite: u.Elite, resistance: u.Resistance, nation: u.Nation, badge: u.Badge, boat: u.Boat}
		if k, ok := m.cat.UnitByKey(u.Kind); ok && u.Kind != "" {
			row := m.cat.Unit(k)
			um.symbol, um.kind = row.Symbol, row.Key
			if f == 0 {
				f = int(row.Figures) // the row's strength (a Tiger: 1)
			}
		}
		if f == 0 {
			f = int(rules.DefaultFigures(u.Type, u.Elite, u.Resistance))
		}
		um.figures, um.max = f, f
		m.units = append(m.units, um)
	}
	for _, o := range s.Objectives {
		m.objs = append(m.objs, objM{kind: o.Kind, hexes: o.Hexes, sides: o.Sides, medals: o.Medals,
			count: o.Count, tagged: o.Kind != rules.SuddenDeath, turnStart: o.AtTurnStart})
	}
}

// labelsOf reads board.labels: [{"row", "col", "text": [lines]}].
func labelsOf(raw json.RawMessage) []labelM {
	var ls []struct {
		Row, Col *int
		Text     json.RawMessage
	}
	if json.Unmarshal(raw, &ls) != nil {
		return nil
	}
	var out []labelM
	for _, l := range ls {
		if l.Row == nil || l.Col == nil || *l.Row < -50 || *l.Row > 50 || *l.Col < -50 || *l.Col > 100 {
			continue
		}
		var lines []string
		if json.Unmarshal(l.Text, &lines) != nil {
			var one string
			if json.Unmarshal(l.Text, &one) != nil {
				continue
			}
			lines = []string{one}
		}
		var kept []string
		for _, t := range lines {
			if t = strings.TrimSpace(t); t != "" {
				kept = append(kept, t)
			}
		}
		if len(kept) > 0 {
			out = append(out, labelM{hex.Hex{Row: int8(*l.Row), Col: int8(*l.Col)}, kept})
		}
	}
	return out
}

// tileFamily is how a tile the engine lacks is drawn.
func tileFamily(name string) string {
	switch {
	case strings.Contains(name, "road") || name == "hillcurve":
		return "road"
	case strings.Contains(name, "rail"):
		return "rail"
	case strings.Contains(name, "marsh"):
		return "marsh"
	case name == "pjungle" || name == "palmtrees":
		return "jungle"
	case name == "wruins" || name == "wfactory" || name == "pvillage" || name == "station" || name == "whillvillage" || name == "camp" || name == "dcamp":
		return "ruins"
	case name == "coast" || name == "coastcurve" || name == "pbeach":
		return "coast"
	case name == "wadi" || name == "wcurve":
		return "wadi"
	case name == "descarpment" || name == "dridge" || name == "wravine":
		return "escarpment"
	case name == "whillforest":
		return "hillforest"
	}
	return "other"
}

func (m *model) fromFile(f *scenario.File, alone bool) error {
	gi, b := f.GameInfo, f.Board
	if b == nil {
		return errors.New("render: the scenario has no board")
	}
	if e, ok := scenario.Lookup(scenario.SlotBoardType, b.Type); ok {
		m.boardType = strings.ToUpper(e.Name)
		if alone {
			m.grid = e.Grid
		}
	} else if strings.EqualFold(b.Type, "stan") || alone && b.Type == "" {
		m.boardType = "STANDARD"
		if alone {
			m.grid = hex.Standard()
		}
	} else if alone {
		return fmt.Errorf("render: unknown board type %q", b.Type)
	}
	if b.Face != "" {
		m.face = strings.ToUpper(b.Face)
	}
	m.labels = labelsOf(b.Labels)
	if n := f.Name(); n != "" {
		m.name = n
	}
	if gi != nil {
		if gi.DateBegin != "" {
			m.date = gi.DateBegin
		}
		if gi.Front != "" {
			m.front = strings.ToLower(gi.Front)
		}
		s1, ok1 := sideOf(gi.SidePlayer1)
		s2, ok2 := sideOf(gi.SidePlayer2)
		if ok1 && ok2 && s1 != s2 {
			m.countries[s1] = strings.ToUpper(gi.CountryPlayer1)
			m.countries[s2] = strings.ToUpper(gi.CountryPlayer2)
			if alone {
				m.top = s1
				m.cards[s1], m.cards[s2] = gi.CardsPlayer1, gi.CardsPlayer2
				m.victory[s1], m.victory[s2] = gi.VictoryPlayer1, gi.VictoryPlayer2
				m.first = s1
				if strings.EqualFold(gi.Starting, "PLAYER2") {
					m.first = s2
				}
			}
		}
	}
	if alone && m.face == "BEACH" {
		for _, h := range m.grid.Hexes() {
			if t := m.printed(int(h.Row)); t != rules.Plain {
				m.cell(h).terrain = t
			}
		}
	}
	for i := range b.Hexagons {
		hx := &b.Hexagons[i]
		h := hex.Hex{Row: int8(hx.Row), Col: int8(hx.Col)}
		if !hx.Has("row") || !hx.Has("col") || hx.Row < 0 || hx.Col < 0 || hx.Row > 60 || hx.Col > 120 || !m.grid.Contains(h) {
			continue
		}
		g := m.cell(h)
		if p := hx.Terrain; p != nil && p.Name != "" {
			g.tile, g.orient = strings.ToLower(p.Name), p.Orientation
			e, ok := scenario.Lookup(scenario.SlotTerrain, p.Name)
			switch {
			case ok && e.Supported() && e.Row != "" && alone:
				// A row of another ruleset, without a setup to place it:
				// drawn by its tile's family.
				g.extra = tileFamily(g.tile)
			case ok && e.Supported():
				if alone {
					g.terrain = e.Terrain
					if be, ok := scenario.Lookup(scenario.SlotBehavior, p.Behavior); ok && be.Refines && e.Terrain == rules.Hill {
						g.terrain = be.Terrain
					}
				}
			default:
				g.extra = tileFamily(g.tile)
			}
		}
		if p := hx.RectTerrain; p != nil && p.Name != "" {
			e, ok := scenario.Lookup(scenario.SlotRectTerrain, p.Name)
			if ok && e.Supported() {
				if alone {
					g.structure = e.Structure
				}
			} else {
				g.structName = strings.ToLower(p.Name)
			}
		}
		if p := hx.Obstacle; p != nil && p.Name != "" {
			if s, ok := sideOf(p.OriginalOwner); ok {
				g.obstOwner = 1 + int(s)
			}
			if alone {
				if e, ok := scenario.Lookup(scenario.SlotObstacle, p.Name); ok && e.Supported() {
					g.obstacle = e.Obstacle
					if be, ok := scenario.Lookup(scenario.SlotBehavior, p.Behavior); ok && be.Obstacle != rules.NoObstacle {
						g.obstacle = be.Obstacle
					}
				}
			}
		}
		if u := hx.Unit; u != nil && alone && u.Name != "" {
			if e, ok := scenario.LookupUnit(u.Name); ok {
				um := unitM{at: h, typ: e.Unit, side: e.Side, elite: e.Elite, nation: e.Nation, badge: u.Badge}
				if strings.EqualFold(u.Behavior, "FRENCH_RESISTANCE") && e.Unit == rules.Infantry {
					um.resistance, um.elite = true, false
				}
				if strings.HasPrefix(strings.ToLower(u.Name), "veh") {
					um.other = "vehicle"
				}
				um.figures = int(rules.DefaultFigures(um.typ, um.elite, um.resistance))
				if u.NbrUnits >= 1 && u.NbrUnits <= 9 {
					um.figures = u.NbrUnits
				}
				um.max = um.figures
				m.units = append(m.units, um)
			}
		}
		for _, t := range hx.Tags {
			m.tag(h, &t, alone)
		}
	}
	if alone && gi != nil && gi.Victory != nil {
		m.suddenDeath(gi.Victory)
	}
	return nil
}

// addExit adds the exit marker of side on h (once per hex and side).
func (m *model) addExit(h hex.Hex, side rules.Side) {
	for _, mk := range m.marks {
		if mk.at == h && mk.kind == "exit" && mk.side == int8(side)+1 {
			return
		}
	}
	m.marks = append(m.marks, markM{at: h, name: "exit", kind: "exit", side: int8(side) + 1})
}

// addMark adds a marker, once per hex and kind.
func (m *model) addMark(h hex.Hex, name, kind string) {
	for _, mk := range m.marks {
		if mk.at == h && mk.kind == kind {
			return
		}
	}
	m.marks = append(m.marks, markM{at: h, name: name, kind: kind})
}

func (m *model) tag(h hex.Hex, t *scenario.Tag, alone bool) {
	name := strings.ToLower(t.Name)
	if !strings.HasPrefix(name, "medal") {
		kind := "other"
		switch {
		case name == "tag3" || strings.Contains(strings.ToUpper(t.Behavior), "MINE"):
			kind = "mine"
		case name == "tag4" || name == "tag5" || strings.EqualFold(t.Behavior, "EXIT_MARKER"):
			if side, ok := sideOf(t.Side); ok {
				m.addExit(h, side)
				return
			}
			kind = "exit"
		case name == "tag1":
			kind = "star"
		}
		m.addMark(h, name, kind)
		return
	}
	if !alone {
		return // the setup's objectives are drawn
	}
	o := objM{kind: rules.TemporaryMedal, hexes: []hex.Hex{h}, medals: 1, tagged: true, sides: rules.MaskBoth}
	if e, ok := scenario.Lookup(scenario.SlotTag, t.Name); ok && e.Supported() {
		o.sides = e.Sides
	}
	for _, n := range t.Group {
		if g, err := scenario.ParseGroupName(n, m.grid); err == nil && !slices.Contains(o.hexes, g) {
			o.hexes = append(o.hexes, g)
		}
	}
	if md := t.Medal; md != nil {
		if s, ok := sideOf(md.Side); ok {
			o.sides = 1 << s
		}
		if md.CountsFor >= 1 && md.CountsFor <= 10 {
			o.medals = md.CountsFor
		}
		switch {
		case md.Majority:
			o.kind = rules.MajorityMedal
		case md.Permanent:
			o.kind = rules.PermanentMedal
		}
	}
	m.objs = append(m.objs, o)
}

func (m *model) suddenDeath(raw json.RawMessage) {
	var v struct {
		Condition []struct {
			GroupSuddenDeath *struct {
				Side   string
				Group  []string
				Number json.Number
			} `json:"group_sudden_death"`
		}
	}
	if json.Unmarshal(raw, &v) != nil {
		return
	}
	for _, c := range v.Condition {
		sd := c.GroupSuddenDeath
		if sd == nil {
			continue
		}
		s, ok := sideOf(sd.Side)
		if !ok {
			continue
		}
		o := objM{kind: rules.SuddenDeath, sides: 1 << s}
		for _, n := range sd.Group {
			if g, err := scenario.ParseGroupName(n, m.grid); err == nil {
				o.hexes = append(o.hexes, g)
			}
		}
		n, _ := sd.Number.Int64()
		o.count = int(n)
		if len(o.hexes) > 0 {
			m.objs = append(m.objs, o)
		}
	}
}

func (m *model) fromState(st *rules.State) {
	defer func() {
		for _, tg := range st.SabotageTargets() {
			g := m.cell(tg.Hex)
			g.sabo, g.saboNeed = tg.Stars, tg.Needed
		}
		for _, br := range st.Setup().Blow.Bridges {
			if st.Structure(br.Hex) != rules.Bridge {
				m.cell(br.Hex).blown = true
			}
		}
	}()
	m.live = true
	m.targets = st.TargetMarkers()
	m.medals = st.Medals()
	m.turn = st.Turn()
	m.active = st.Active()
	m.phase = st.Phase().String()
	m.units = m.units[:0]
	for _, h := range m.grid.Hexes() {
		g := m.cell(h)
		g.structure, g.obstacle, g.more = st.Structure(h), st.ObstacleAt(h), nil
		for _, f := range st.Features(h) {
			if f != g.structure && f != g.obstacle && f != rules.ExitMarker {
				g.more = append(g.more, f)
			}
		}
		g.blown = false
		g.sabo, g.saboNeed = 0, 0
		if u, ok := st.UnitAt(h); ok {
			m.units = append(m.units, unitM{at: h, typ: u.Type, side: u.Side, figures: int(u.Figures), max: int(u.Max),
				elite: u.Elite, resistance: u.Resistance, nation: u.Nation, badge: u.Badge, symbol: st.Catalog().Unit(u.Kind).Symbol, boat: u.Boat})
		}
	}
}

// printed is the ground the board face shows at row (the converter's rule).
func (m *model) printed(row int) rules.Terrain {
	return scenario.PrintedGround(m.grid, m.face == "BEACH", row)
}

func sideOf(s string) (rules.Side, bool) { return scenario.SideOf(s) }

func (m *model) groundAt(h hex.Hex) ground {
	if g, ok := m.cells[h]; ok {
		return *g
	}
	return ground{}
}
