package protocol

import (
	"encoding/json"
	"fmt"

	"m44/hex"
	"m44/rules"
	"m44/scenario"
)

// SetupJSON is an engine setup written directly (rules.Setup in the
// protocol's JSON form), for tests and tools that build positions without a
// .m44 file. Names are the engine's: terrains "forest", "hill", … (and the
// rows of scenario.Rulesets: "road", "marsh", …); unit
// types "infantry", "armor", "artillery"; sides "allies", "axis".
type SetupJSON struct {
	Name string `json:"name"`
	// Board is "standard" (default), "breakthrough", "overlord" or
	// {"rows", "width", "left_line", "right_line"}.
	Board      json.RawMessage `json:"board"`
	Top        string          `json:"top"`     // the side whose baseline is row 0; default "axis"
	First      string          `json:"first"`   // the side that plays first; default "allies"
	Players    PerSide         `json:"players"` // 1 (default) or 2 for an Operation Alliance team
	Cards      PerSide         `json:"cards"`
	Victory    PerSide         `json:"victory"`
	Hexes      []HexJSON       `json:"hexes"`
	Units      []UnitJSON      `json:"units"`
	Objectives []ObjectiveJSON `json:"objectives"`
	// BunkerUsers are the sides that may use bunkers; empty means both.
	BunkerUsers []string `json:"bunker_users"`
	Front       string   `json:"front"`
	Year        int      `json:"year"`
	// Deck is a catalog deck: "standard" (default; "playable" says the
	// same) or "sections" ("section" says the same).
	Deck string `json:"deck"`
}

// HexJSON is the ground of one hex.
type HexJSON struct {
	Hex       string `json:"hex"`
	Terrain   string `json:"terrain"`
	Structure string `json:"structure"`
	Obstacle  string `json:"obstacle"`
	// Features are more features by catalog key (markers, a second obstacle).
	Features []string `json:"features,omitempty"`
	// Ends are a wadi's open ends, as directions 0-5 of hex.Neighbour (0
	// east, then clockwise); a wadi needs them, other grounds take none.
	Ends []int `json:"ends,omitempty"`
}

// UnitJSON places one unit.
type UnitJSON struct {
	Hex        string `json:"hex"`
	Type       string `json:"type"` // infantry, armor or artillery; may be left out when kind is given
	Kind       string `json:"kind"` // a catalog unit kind ("elite-armor", "resistance"…); default from type, elite, resistance
	Side       string `json:"side"`
	Figures    int8   `json:"figures"`
	Elite      bool   `json:"elite"`
	Resistance bool   `json:"resistance"`
	Nation     string `json:"nation"`
	Badge      string `json:"badge"`
}

// ObjectiveJSON is one objective: kind "temporary", "permanent", "majority",
// "sudden-death", "persistent" or "exclusive"; turn_start for a majority or
// permanent medal taken at the start of the side's turn (Winter Wars).
type ObjectiveJSON struct {
	Kind      string   `json:"kind"`
	Hexes     []string `json:"hexes"`
	Sides     []string `json:"sides"` // who can gain it; empty means both
	Medals    int      `json:"medals"`
	Count     int      `json:"count"`
	TurnStart bool     `json:"turn_start,omitempty"`
}

func sideMask(field string, names []string) (rules.SideMask, error) {
	var m rules.SideMask
	for _, n := range names {
		var s rules.Side
		if err := s.UnmarshalText([]byte(n)); err != nil {
			return 0, fmt.Errorf("%s: %v", field, err)
		}
		m |= 1 << s
	}
	if m == 0 {
		m = rules.MaskBoth
	}
	return m, nil
}

func sideOr(field, name string, def rules.Side) (rules.Side, error) {
	if name == "" {
		return def, nil
	}
	var s rules.Side
	if err := s.UnmarshalText([]byte(name)); err != nil {
		return 0, fmt.Errorf("%s: %v", field, err)
	}
	return s, nil
}

func parseHexField(field, s string) (hex.Hex, error) {
	h, err := hex.Parse(s)
	if err != nil {
		return hex.None, fmt.Errorf("%s: %v", field, err)
	}
	return h, nil
}

// toSetup converts to the engine's setup; the engine validates it further.
func (j *SetupJSON) toSetup() (*rules.Setup, error) {
	s := &rules.Setup{Name: j.Name, Grid: hex.Standard(), Front: j.Front, Year: j.Year,
		Players: [2]int{j.Players.Allies, j.Players.Axis},
		Cards:   [2]int{j.Cards.Allies, j.Cards.Axis},
		Victory: [2]int{j.Victory.Allies, j.Victory.Axis}}
	if len(j.Board) > 0 {
		var name string
		if json.Unmarshal(j.Board, &name) == nil {
			switch name {
			case "standard":
			case "breakthrough":
				s.Grid = hex.Breakthrough()
			case "overlord":
				s.Grid = hex.Overlord()
			default:
				return nil, fmt.Errorf("board %q: want standard, breakthrough, overlord or {rows, width, left_line, right_line}", name)
			}
		} else {
			var g struct {
				Rows      int `json:"rows"`
				Width     int `json:"width"`
				LeftLine  int `json:"left_line"`
				RightLine int `json:"right_line"`
			}
			if err := json.Unmarshal(j.Board, &g); err != nil {
				return nil, fmt.Errorf("board: %v", err)
			}
			s.Grid = hex.Grid{Rows: g.Rows, Width: g.Width, LeftLine: g.LeftLine, RightLine: g.RightLine}
		}
	}
	var err error
	if s.Top, err = sideOr("top", j.Top, rules.Axis); err != nil {
		return nil, err
	}
	if s.First, err = sideOr("first", j.First, rules.Allies); err != nil {
		return nil, err
	}
	if len(j.BunkerUsers) > 0 {
		if s.BunkerUsers, err = sideMask("bunker_users", j.BunkerUsers); err != nil {
			return nil, err
		}
	}
	cat := rules.BaseCatalog()
	// Rows of the expansion rulesets the importer knows (roads, marshes,
	// the frozen river…) may be named too: the setup then plays with them
	// (scenario.Rulesets, in their order; base ids are the same).
	var xsets []*rules.Ruleset
	for _, rs := range scenario.Rulesets {
		xsets = append(xsets, rs.Make())
	}
	xcat, err := rules.NewCatalog(xsets...)
	if err != nil {
		return nil, err
	}
	useX := false
	switch j.Deck {
	case "", "playable", "standard":
	case "section", "sections":
		s.DeckKey = "sections"
	default:
		return nil, fmt.Errorf("deck %q: want one of %v", j.Deck, cat.DeckKeys())
	}
	for i, h := range j.Hexes {
		field := fmt.Sprintf("hexes[%d]", i)
		hs := rules.HexSetup{}
		if hs.Hex, err = parseHexField(field+".hex", h.Hex); err != nil {
			return nil, err
		}
		if h.Terrain != "" {
			t, ok := rules.TerrainByName(h.Terrain)
			if !ok {
				if t, ok = xcat.GroundByKey(h.Terrain); !ok {
					return nil, fmt.Errorf("%s: unknown terrain %q", field, h.Terrain)
				}
				useX = true
			}
			hs.Terrain = t
		}
		if h.Structure != "" {
			st, ok := rules.StructureByName(h.Structure)
			if !ok {
				if st, ok = xcat.FeatureByKey(h.Structure); !ok || xcat.Feature(st).Layer != rules.LayerStructure {
					return nil, fmt.Errorf("%s: unknown structure %q", field, h.Structure)
				}
				useX = true
			}
			hs.Structure = st
		}
		if h.Obstacle != "" {
			o, ok := rules.ObstacleByName(h.Obstacle)
			if !ok {
				return nil, fmt.Errorf("%s: unknown obstacle %q", field, h.Obstacle)
			}
			hs.Obstacle = o
		}
		for k, name := range h.Features {
			f, ok := cat.FeatureByKey(name)
			if !ok {
				if f, ok = xcat.FeatureByKey(name); !ok {
					return nil, fmt.Errorf("%s.features[%d]: unknown feature %q", field, k, name)
				}
				useX = true
			}
			hs.Features = append(hs.Features, f)
		}
		for k, d := range h.Ends {
			if d < 0 || d > 5 {
				return nil, fmt.Errorf("%s.ends[%d]: direction %d, want 0..5", field, k, d)
			}
			hs.Ends |= 1 << d
		}
		s.Hexes = append(s.Hexes, hs)
	}
	for _, u := range j.Units {
		if _, ok := cat.UnitByKey(u.Kind); u.Kind != "" && !ok {
			if _, ok := xcat.UnitByKey(u.Kind); ok {
				useX = true // a big gun or supply trucks (rules.SpecialTroops)
			}
		}
	}
	if useX {
		s.Rulesets = xsets
		cat = xcat
	}
	for i, u := range j.Units {
		field := fmt.Sprintf("units[%d]", i)
		us := rules.UnitSetup{Figures: u.Figures, Elite: u.Elite, Resistance: u.Resistance, Nation: u.Nation, Badge: u.Badge}
		if us.Hex, err = parseHexField(field+".hex", u.Hex); err != nil {
			return nil, err
		}
		found := false
		for t := rules.Infantry; t <= rules.Artillery; t++ {
			if t.String() == u.Type {
				us.Type, found = t, true
			}
		}
		if u.Kind != "" {
			k, ok := cat.UnitByKey(u.Kind)
			if !ok {
				return nil, fmt.Errorf("%s: unknown unit kind %q", field, u.Kind)
			}
			class := cat.Unit(k).Class
			if found && class != us.Type {
				return nil, fmt.Errorf("%s: kind %q is %s, not %s", field, u.Kind, class, u.Type)
			}
			us.Kind, us.Type, found = u.Kind, class, true
		}
		if !found {
			return nil, fmt.Errorf("%s: unknown unit type %q (want infantry, armor or artillery)", field, u.Type)
		}
		if u.Side == "" {
			return nil, fmt.Errorf("%s: missing side", field)
		}
		if us.Side, err = sideOr(field+".side", u.Side, 0); err != nil {
			return nil, err
		}
		s.Units = append(s.Units, us)
	}
	for i, o := range j.Objectives {
		field := fmt.Sprintf("objectives[%d]", i)
		ob := rules.Objective{Medals: o.Medals, Count: o.Count, AtTurnStart: o.TurnStart}
		found := false
		for k := rules.TemporaryMedal; k <= rules.ExclusiveMedal; k++ {
			if k.String() == o.Kind {
				ob.Kind, found = k, true
			}
		}
		if !found {
			return nil, fmt.Errorf("%s: unknown kind %q (want temporary, permanent, majority, sudden-death, persistent or exclusive)", field, o.Kind)
		}
		if ob.Kind != rules.SuddenDeath && ob.Medals == 0 {
			ob.Medals = 1
		}
		for k, h := range o.Hexes {
			x, err := parseHexField(fmt.Sprintf("%s.hexes[%d]", field, k), h)
			if err != nil {
				return nil, err
			}
			ob.Hexes = append(ob.Hexes, x)
		}
		if ob.Sides, err = sideMask(field+".sides", o.Sides); err != nil {
			return nil, err
		}
		s.Objectives = append(s.Objectives, ob)
	}
	return s, nil
}
