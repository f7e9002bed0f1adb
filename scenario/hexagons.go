package scenario

// The conversion of board.hexagons: ground, structures, obstacles, units and
// tags, hex by hex.

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"m44/hex"
	"m44/rules"
)

func (c *converter) hexagons() {
	r := c.r
	for i := range c.f.Board.Hexagons {
		h := &c.f.Board.Hexagons[i]
		path := fmt.Sprintf("board.hexagons[%d]", i)
		if h.o.whole != nil {
			continue // reported as a problem
		}
		if !h.Has("row") || !h.Has("col") {
			c.missing(h.Member("row"), hex.None, path+".row", "the row")
			c.missing(h.Member("col"), hex.None, path+".col", "the column")
			continue
		}
		if !c.onBoard(h.Row, h.Col, path) {
			continue
		}
		x := hex.Hex{Row: int8(h.Row), Col: int8(h.Col)}
		cl, dup := c.cells[x]
		if dup {
			// The editor may write one hex in two records (Panzer Lehr
			// Counter-Attack does, for two markers): they are merged
			// unless both place the same kind of thing.
			var clash []string
			for _, s := range []struct {
				what string
				prev bool
				this bool
			}{
				{"terrains", cl.has[0], h.Terrain != nil},
				{"structures", cl.has[1], h.RectTerrain != nil},
				{"obstacles", cl.has[2], h.Obstacle != nil},
				{"units", cl.has[3], h.Unit != nil},
			} {
				if s.prev && s.this {
					clash = append(clash, "two "+s.what+" on one hex")
				}
			}
			if len(clash) > 0 {
				r.errorf(x, path, "hex listed twice (also board.hexagons[%d]): %s", cl.index, strings.Join(clash, ", "))
				continue
			}
			r.notef(x, path, "hex listed twice (also board.hexagons[%d]): the two records are merged", cl.index)
		} else {
			cl = &cell{index: i, ground: rules.HexSetup{Hex: x}}
			c.cells[x] = cl
		}
		cl.has[0] = cl.has[0] || h.Terrain != nil
		cl.has[1] = cl.has[1] || h.RectTerrain != nil
		cl.has[2] = cl.has[2] || h.Obstacle != nil
		cl.has[3] = cl.has[3] || h.Unit != nil
		if p := h.Terrain; p != nil && p.o.whole == nil {
			c.terrain(x, path+".terrain", p, cl)
		}
		if p := h.RectTerrain; p != nil && p.o.whole == nil {
			c.structure(x, path+".rect_terrain", p, cl)
		}
		if p := h.Obstacle; p != nil && p.o.whole == nil {
			c.obstacle(x, path+".obstacle", p, cl)
		}
		if u := h.Unit; u != nil && u.o.whole == nil {
			c.unit(x, path+".unit", u, cl)
		}
		for j := range h.Tags {
			if t := &h.Tags[j]; t.o.whole == nil {
				c.tag(x, fmt.Sprintf("%s.tags[%d]", path, j), t)
			}
		}
		for _, k := range h.Unknown() {
			r.unsupported(x, path+"."+k, k, "unknown member "+k+" of a hexagon", "")
		}
	}
}

// onBoard checks a hexagon's coordinates with a message that says what is
// wrong.
func (c *converter) onBoard(row, col int, path string) bool {
	g := c.grid
	switch {
	case row < 0 || row >= g.Rows:
		c.r.errorf(hex.None, path+".row", "row %d outside the %s board (rows 0..%d)", row, boardName(g), g.Rows-1)
	case col < -1 || col > g.MaxCol()+1:
		c.r.errorf(hex.None, path+".col", "col %d outside the %s board (cols 0..%d)", col, boardName(g), g.MaxCol())
	case (row+col)%2 != 0:
		c.r.errorf(hex.None, path, "row %d, col %d: wrong parity (row and col must be both even or both odd)", row, col)
	case col == -1 || col == g.MaxCol()+1:
		c.r.errorf(hex.None, path+".col", "col %d on row %d is a half-hex at the board edge: nothing can be placed there", col, row)
	default:
		return true
	}
	return false
}

// name checks a piece's name member and looks it up.
func (c *converter) lookup(slot Slot, x hex.Hex, path string, has bool, raw json.RawMessage, name string) (Entry, bool) {
	if !has {
		c.missing(raw, x, path+".name", "a "+string(slot)+" name")
		return Entry{}, false
	}
	e, ok := Lookup(slot, name)
	if !ok {
		c.r.errorf(x, path+".name", "unknown %s %q", slot, name)
	}
	return e, ok
}

// behaviors handles a piece's behavior and behavior2 members, calling apply
// for the supported ones; it returns false if one is unsupported.
func (c *converter) behaviors(x hex.Hex, path string, p *Piece, apply func(field string, e Entry) bool) bool {
	fine := true
	for _, b := range []struct{ key, v string }{{"behavior", p.Behavior}, {"behavior2", p.Behavior2}} {
		if !p.Has(b.key) {
			continue
		}
		field := path + "." + b.key
		e, ok := Lookup(SlotBehavior, b.v)
		switch {
		case !ok:
			c.r.errorf(x, field, "unknown behavior %q", b.v)
			fine = false
		case !e.Supported():
			c.r.unsupported(x, field, b.v, e.Unsupported, "")
			fine = false
		case !apply(field, e):
			fine = false
		}
	}
	return fine
}

func (c *converter) unknownMembers(x hex.Hex, path, what string, keys []string) bool {
	for _, k := range keys {
		c.r.unsupported(x, path+"."+k, k, "unknown member "+k+" of "+what, "")
	}
	return len(keys) == 0
}

func (c *converter) terrain(x hex.Hex, path string, p *Piece, cl *cell) {
	e, ok := c.lookup(SlotTerrain, x, path, p.Has("name"), p.Member("name"), p.Name)
	if !ok {
		cl.uncertain = true
		return
	}
	if !e.Supported() {
		c.r.unsupported(x, path+".name", p.Name, e.Unsupported, "")
		cl.uncertain = true
	}
	t, row := e.Terrain, e.Row
	fine := c.behaviors(x, path, p, func(field string, b Entry) bool {
		if b.Marker {
			cl.markerRows = append(cl.markerRows, b.Row)
			c.use(b.Ruleset)
			return true
		}
		if b.Row != "" && b.On != "" {
			if !e.Supported() || e.Row != "" || !impassable(e.Terrain) || e.Terrain.String() != b.On {
				c.r.errorf(x, field, "behavior %q applies to a %s, not to %q", b.Name, b.On, p.Name)
				return false
			}
			row = b.Row
			c.use(b.Ruleset)
			return true
		}
		if b.Closes {
			cl.ground.Closed = true
			cl.ground.NoFireAcross |= b.NoFireAcross
			return true
		}
		if b.NoFireAcross != 0 {
			if !e.Supported() || !impassable(e.Terrain) {
				c.r.errorf(x, field, "behavior %q applies to a river, not to %q", b.Name, p.Name)
				return false
			}
			cl.ground.NoFireAcross |= b.NoFireAcross
			return true
		}
		if !b.Refines {
			c.r.errorf(x, field, "behavior %q does not apply to a terrain", b.Name)
			return false
		}
		if !e.Supported() || e.Terrain != rules.Hill {
			c.r.errorf(x, field, "behavior %q applies to a hill, not to %q", b.Name, p.Name)
			return false
		}
		t = b.Terrain
		return true
	})
	if p.Properties != nil {
		to, ok := c.sideRules(x, path+".properties", p)
		cl.ground.ClosedTo = to
		fine = ok && fine
	}
	if p.Has("original_owner") {
		c.r.unsupported(x, path+".original_owner", p.Name, "terrain owned by a side", "original_owner "+p.OriginalOwner)
		fine = false
	}
	fine = c.unknownMembers(x, path, "a terrain", p.Unknown()) && fine
	if !fine {
		cl.uncertain = true
	}
	if e.Supported() {
		cl.ground.Terrain, cl.groundRow = t, row
		if row != "" {
			c.use(e.Ruleset)
		}
		if e.Shape != "" {
			cl.ground.Ends = TileEnds(e.Shape, p.Orientation)
		}
		cl.tile = true // the printed face no longer shows
	}
}

// use notes that the setup plays with the expansion ruleset key.
func (c *converter) use(key string) {
	if key == "" {
		return
	}
	if c.used == nil {
		c.used = map[string]bool{}
	}
	c.used[key] = true
}

// resolveRows adds the rulesets the names need to the setup, in the order
// of Rulesets, builds their catalog and turns the rows' keys into ids.
func (c *converter) resolveRows() {
	if e := c.freeze; e.Row != "" {
		for _, cl := range c.cells {
			if cl.tile && cl.groundRow == "" && cl.ground.Terrain.String() == e.On {
				cl.groundRow = e.Row
				c.use(e.Ruleset)
			}
		}
	}
	for _, rs := range Rulesets {
		if c.used[rs.Key] {
			c.s.Rulesets = append(c.s.Rulesets, rs.Make())
		}
	}
	cat, err := c.s.Catalog()
	if err != nil {
		c.r.errorf(hex.None, "board.hexagons", "rulesets: %v", err)
		return
	}
	c.cat = cat
	for x, cl := range c.cells {
		if cl.groundRow != "" {
			t, ok := cat.GroundByKey(cl.groundRow)
			if !ok {
				c.r.errorf(x, fmt.Sprintf("board.hexagons[%d].terrain", cl.index), "no ground row %q", cl.groundRow)
				continue
			}
			cl.ground.Terrain = t
		}
		for _, m := range cl.markerRows {
			f, ok := cat.FeatureByKey(m)
			if !ok {
				c.r.errorf(x, fmt.Sprintf("board.hexagons[%d].terrain", cl.index), "no feature row %q", m)
				continue
			}
			cl.ground.Features = append(cl.ground.Features, f)
		}
		if cl.featRow != "" {
			f, ok := cat.FeatureByKey(cl.featRow)
			if !ok {
				c.r.errorf(x, fmt.Sprintf("board.hexagons[%d].rect_terrain", cl.index), "no feature row %q", cl.featRow)
				continue
			}
			cl.ground.Structure = f
		}
	}
}

// editorClasses are the unit classes as the editor numbers them in a
// terrain's properties: Across the River Roer's river, "a Navigable River
// by Allied infantry units in boats", is impassable to ALLIES [2, 3], so 1
// is infantry and 2, 3 the vehicles (docs/rules-decisions.md).
var editorClasses = [...]rules.ClassMask{1: rules.InfantryOnly, 2: rules.ArmorOnly, 3: rules.ArtilleryOnly}

// sideRules reads a terrain's properties, terrain rules set per side:
// isImpassable names, per side, true (every class), false (none) or the
// classes (editorClasses) the hex is closed to (rules.HexSetup.ClosedTo).
// Any other property is reported unsupported; ok is false then, or when
// the form is wrong.
func (c *converter) sideRules(x hex.Hex, path string, p *Piece) (to [2]rules.ClassMask, ok bool) {
	var props map[string]json.RawMessage
	if err := json.Unmarshal(p.Properties, &props); err != nil {
		c.r.errorf(x, path, "properties: want an object: %v", err)
		return to, false
	}
	ok = true
	for _, k := range slices.Sorted(maps.Keys(props)) {
		if k != "isImpassable" {
			c.r.unsupported(x, path+"."+k, p.Name, "terrain rules set per side", "properties "+clip(compact(p.Properties), 60))
			ok = false
			continue
		}
		var sides map[string]json.RawMessage
		if err := json.Unmarshal(props[k], &sides); err != nil {
			c.r.errorf(x, path+"."+k, "want an object of sides: %v", err)
			ok = false
			continue
		}
		for _, sk := range slices.Sorted(maps.Keys(sides)) {
			field := path + "." + k + "." + sk
			side, known := sideOf(sk)
			if !known {
				c.r.errorf(x, field, "unknown side %q: want AXIS or ALLIES", sk)
				ok = false
				continue
			}
			m, good := editorClassMask(sides[sk])
			if !good {
				c.r.errorf(x, field, "want true, false or a list of classes 1 (infantry), 2 (armor), 3 (artillery), not %s", clip(compact(sides[sk]), 40))
				ok = false
				continue
			}
			to[side] |= m
		}
	}
	return to, ok
}

// editorClassMask reads true, false or a list of editor class numbers.
func editorClassMask(raw json.RawMessage) (rules.ClassMask, bool) {
	var all bool
	if json.Unmarshal(raw, &all) == nil {
		if all {
			return rules.AllClasses, true
		}
		return 0, true
	}
	var list []int
	if json.Unmarshal(raw, &list) != nil {
		return 0, false
	}
	var m rules.ClassMask
	for _, n := range list {
		if n < 1 || n >= len(editorClasses) {
			return 0, false
		}
		m |= editorClasses[n]
	}
	return m, true
}

func (c *converter) structure(x hex.Hex, path string, p *Piece, cl *cell) {
	e, ok := c.lookup(SlotRectTerrain, x, path, p.Has("name"), p.Member("name"), p.Name)
	if !ok {
		cl.uncertain = true
		return
	}
	fine := e.Supported()
	if !fine {
		c.r.unsupported(x, path+".name", p.Name, e.Unsupported, "")
	}
	span := false
	fine = c.behaviors(x, path, p, func(field string, b Entry) bool {
		if b.Structure == rules.BridgeSpan && e.Supported() && e.Structure == rules.Bridge {
			span = true
			return true
		}
		if b.Blow && e.Supported() && e.Structure == rules.Bridge {
			if c.blowable == nil {
				c.blowable = map[hex.Hex]bool{}
			}
			c.blowable[x] = c.blowable[x] || b.BlowMedal
			return true
		}
		c.r.errorf(x, field, "behavior %q does not apply to a %s %q", b.Name, SlotRectTerrain, p.Name)
		return false
	}) && fine
	if p.Properties != nil {
		c.r.unsupported(x, path+".properties", p.Name, "terrain rules set per side", "properties "+clip(compact(p.Properties), 60))
		fine = false
	}
	if p.Has("original_owner") {
		if e.Supported() && e.Structure == rules.Bunker {
			if _, ok := sideOf(p.OriginalOwner); ok {
				c.bunkerOwner(strings.ToUpper(strings.TrimSpace(p.OriginalOwner)))
			} else {
				c.r.errorf(x, path+".original_owner", "unknown side %q: want AXIS or ALLIES", p.OriginalOwner)
			}
		} else {
			c.r.unsupported(x, path+".original_owner", p.Name, "structures owned by a side", "original_owner "+p.OriginalOwner)
			fine = false
		}
	} else if e.Supported() && e.Structure == rules.Bunker {
		c.bunkerOwner("")
	}
	fine = c.unknownMembers(x, path, "a rect_terrain", p.Unknown()) && fine
	if !fine {
		cl.uncertain = true
	}
	if e.Supported() {
		cl.ground.Structure = e.Structure
		if e.Row != "" {
			cl.featRow = e.Row
			c.use(e.Ruleset)
		}
		if span {
			cl.ground.Structure = rules.BridgeSpan
		}
	}
}

func (c *converter) bunkerOwner(side string) {
	if c.bunkerOwners == nil {
		c.bunkerOwners = map[string]bool{}
	}
	c.bunkerOwners[side] = true
}

// bunkers sets who may use bunkers: rulebook annex 2 "Bunkers" lets both
// sides unless the scenario says otherwise; original_owner says otherwise.
func (c *converter) bunkers() {
	switch len(c.bunkerOwners) {
	case 0:
	case 1:
		for side := range c.bunkerOwners {
			if s, ok := sideOf(side); ok {
				c.s.BunkerUsers = 1 << s
			} else if !c.textSetsBunkers() {
				c.r.notef(hex.None, "board.hexagons", "no bunker names an original_owner: both sides may use them as defensive positions (rulebook annex 2 Bunkers); scenario texts often give them to one side")
			}
		}
	default:
		c.r.unsupported(hex.None, "board.hexagons", "original_owner", "bunkers with different users", "some bunkers name an original_owner and others another or none")
	}
}

func (c *converter) obstacle(x hex.Hex, path string, p *Piece, cl *cell) {
	e, ok := c.lookup(SlotObstacle, x, path, p.Has("name"), p.Member("name"), p.Name)
	if !ok {
		return
	}
	if !e.Supported() {
		c.r.unsupported(x, path+".name", p.Name, e.Unsupported, "")
		return
	}
	o := e.Obstacle
	c.behaviors(x, path, p, func(field string, b Entry) bool {
		if b.Obstacle == rules.NoObstacle {
			c.r.errorf(x, field, "behavior %q does not apply to an obstacle", b.Name)
			return false
		}
		if e.Obstacle != rules.Sandbags {
			c.r.errorf(x, field, "behavior %q applies to sandbags, not to %q", b.Name, p.Name)
			return false
		}
		o = b.Obstacle
		return true
	})
	if p.Has("original_owner") {
		switch {
		case o == rules.Seawall:
			// "Treat the Sea Wall as a permanent improved position
			// (sandbags) for the Allied player" (First Assault Wave,
			// Omaha Beach): a seawall for one side only.
			if side, ok := sideOf(p.OriginalOwner); ok {
				cl.ground.Owners = 1 << side
			} else {
				c.r.errorf(x, path+".original_owner", "unknown side %q: want AXIS or ALLIES", p.OriginalOwner)
			}
		case o == rules.Sandbags:
			// The colour of the sandbags: any colour may be used (FAQ II
			// Sacs de sable); the unit in them gets the protection.
			if _, ok := sideOf(p.OriginalOwner); !ok {
				c.r.errorf(x, path+".original_owner", "unknown side %q: want AXIS or ALLIES", p.OriginalOwner)
			}
		default:
			c.r.unsupported(x, path+".original_owner", p.Name, "obstacles owned by a side", "original_owner "+p.OriginalOwner)
		}
	}
	if p.Properties != nil {
		c.r.unsupported(x, path+".properties", p.Name, "terrain rules set per side", "properties "+clip(compact(p.Properties), 60))
	}
	c.unknownMembers(x, path, "an obstacle", p.Unknown())
	cl.ground.Obstacle = o
}

func (c *converter) unit(x hex.Hex, path string, u *Unit, cl *cell) {
	r := c.r
	if !u.Has("name") {
		c.missing(u.Member("name"), x, path+".name", "a unit name")
		return
	}
	e, ok := LookupUnit(u.Name)
	if !ok {
		r.errorf(x, path+".name", "unknown unit %q: want inf, tank or gun, an optional 2, and a nation (ger, us, brit, ru, jp, it, fr)", u.Name)
		return
	}
	if !e.Supported() {
		r.unsupported(x, path+".name", u.Name, e.Unsupported, "")
	}
	us := rules.UnitSetup{Hex: x, Type: e.Unit, Side: e.Side, Elite: e.Elite, Nation: e.Nation}
	if e.Supported() && e.Kind != "" {
		us.Kind = e.Kind // supply trucks (rules.SpecialTroops)
		c.use(e.Ruleset)
	}
	if u.Has("behavior") {
		b, ok := Lookup(SlotBehavior, u.Behavior)
		switch {
		case !ok:
			r.errorf(x, path+".behavior", "unknown behavior %q", u.Behavior)
		case !b.Supported():
			r.unsupported(x, path+".behavior", u.Behavior, b.Unsupported, "")
		case b.Medals > 0:
			us.Medals = b.Medals
		case b.MoveTwo && e.Unit != rules.Armor:
			r.errorf(x, path+".behavior", "behavior %q applies to armor, not to %q", u.Behavior, u.Name)
		case b.MoveTwo:
			us.MaxMove = 2
		case b.IgnoresFlag:
			us.IgnoresFlag = true
		case !b.Resistance:
			r.errorf(x, path+".behavior", "behavior %q does not apply to a unit", u.Behavior)
		case e.Unit != rules.Infantry:
			r.errorf(x, path+".behavior", "behavior %q applies to infantry, not to %q", u.Behavior, u.Name)
		default:
			// Resistance units have the special forces icon but not the
			// elite move (rulebook annex 1: they move 1 and battle or 2).
			us.Resistance, us.Elite = true, false
		}
	}
	if u.Has("equipment") {
		switch {
		case strings.EqualFold(u.Equipment, "motorized") && e.Unit == rules.Infantry:
			// Breakthrough to Gembloux: "Most of the French infantry
			// units are motorized [...]; play them like Special Forces
			// infantry".
			us.Elite = true
		case strings.EqualFold(u.Equipment, "wittmann") && e.Unit == rules.Armor:
			// Villers-Bocage: "The Tiger tank marked with a Battle Star
			// is Michael Wittmann" (rules.Tigers, row wittmann).
			us.Kind = "wittmann"
			c.use(rsTigers)
		default:
			r.unsupported(x, path+".equipment", u.Equipment, "unit equipment "+u.Equipment, "")
		}
	}
	if u.Has("badge") {
		us.Badge = u.Badge
		b, ok := Lookup(SlotBadge, u.Badge)
		switch {
		case ok && !b.Supported():
			r.unsupported(x, path+".badge", u.Badge, b.Unsupported, "")
		case ok && b.Kind != "" && b.KindClass != us.Type:
			r.errorf(x, path+".badge", "badge %q marks %s units (%s), not %q", u.Badge, b.KindClass, b.Kind, u.Name)
		case ok && b.Kind != "":
			// A Winter Wars kind: its row decides the rest (an engineer
			// badge on special forces infantry makes engineers, who move
			// as standard infantry: Winter Wars V "Troupes du Génie").
			us.Kind, us.Elite = b.Kind, false
			if b.Ruleset != "" {
				c.use(b.Ruleset) // big guns (rules.SpecialTroops)
			} else {
				c.useRuleset(rules.WinterTroops())
			}
		case ok:
		case badgeName.MatchString(strings.ToLower(u.Badge)):
			r.unsupported(x, path+".badge", u.Badge, "special unit "+strings.ToLower(u.Badge), "badge not in the vocabulary: the scenario text decides")
		default:
			r.errorf(x, path+".badge", "unknown badge %q: want badgeN", u.Badge)
		}
	}
	us.Figures = rules.DefaultFigures(us.Type, us.Elite, us.Resistance)
	if us.Kind != "" {
		us.Figures = kindFigures(us.Kind, us.Nation) // the row's own strength (a Tiger: 1)
	}
	if u.Has("nbr_units") {
		if u.NbrUnits < 1 || u.NbrUnits > 9 {
			r.errorf(x, path+".nbr_units", "%d figures: want 1..9", u.NbrUnits)
		} else {
			us.Figures = int8(u.NbrUnits)
		}
	}
	c.unknownMembers(x, path, "a unit", u.Unknown())
	cl.unit, cl.unitName = &us, u.Name
}

func (c *converter) tag(x hex.Hex, path string, t *Tag) {
	r := c.r
	if !t.Has("name") {
		c.missing(t.Member("name"), x, path+".name", "a tag name")
		return
	}
	// Validate group names whatever the tag.
	var hexes []hex.Hex
	groupOK := true
	if t.Has("group") {
		hexes, groupOK = c.group([]hex.Hex{x}, t.Group, x, path+".group")
	} else {
		hexes = []hex.Hex{x}
	}
	isMedal := strings.HasPrefix(strings.ToLower(t.Name), "medal")
	if e, known := Lookup(SlotTag, t.Name); known && e.Exit {
		c.exitTag(x, path, t, hexes, groupOK)
		return
	}
	if e, known := Lookup(SlotTag, t.Name); known && e.Mine {
		c.mineTag(x, path, t)
		return
	}
	if e, known := Lookup(SlotTag, t.Name); known && e.Camo {
		// A camouflage marker (Winter Wars III "Camouflage"): the unit on
		// the hex starts camouflaged.
		if t.Has("behavior") {
			r.errorf(x, path+".behavior", "tag behavior %q does not belong on the camouflage marker %q", t.Behavior, t.Name)
		} else if cl := c.cells[x]; cl != nil && cl.unit != nil {
			cl.unit.Camouflaged = true
		} else {
			r.errorf(x, path+".name", "camouflage marker %q on a hex without a unit", t.Name)
		}
		c.unknownMembers(x, path, "a tag", t.Unknown())
		return
	}
	if !isMedal && strings.EqualFold(t.Name, "tag1") && !t.Has("behavior") && c.textMarksStars() {
		// A battle star whose meaning the scenario's text gives, and a
		// row of specials.go plays: a marker only (drawn by the renderer
		// from the file).
		return
	}
	if !isMedal {
		e, known := Lookup(SlotTag, t.Name)
		if t.Has("behavior") {
			b, ok := Lookup(SlotTagBehavior, t.Behavior)
			switch {
			case !ok:
				r.errorf(x, path+".behavior", "unknown tag behavior %q", t.Behavior)
			case b.Ace && !strings.EqualFold(t.Name, "tag1"):
				r.errorf(x, path+".behavior", "tag behavior %q belongs on a tag1 battle star, not on %q", t.Behavior, t.Name)
			case b.Ace:
				// Wittmann's Battle Star: a marker only (drawn by the
				// renderer from the file); his unit's equipment plays him.
				c.unknownMembers(x, path, "a tag", t.Unknown())
				return
			default:
				r.unsupported(x, path+".behavior", t.Behavior, b.Unsupported, "")
			}
		} else if known {
			r.unsupported(x, path+".name", t.Name, e.Unsupported, "")
		}
		switch {
		case known:
		case tagName.MatchString(strings.ToLower(t.Name)):
			if !t.Has("behavior") {
				r.unsupported(x, path+".name", t.Name, "marker "+strings.ToLower(t.Name), "tag not in the vocabulary: the scenario text decides")
			}
		default:
			r.errorf(x, path+".name", "unknown tag %q", t.Name)
		}
		if t.Has("side") {
			if _, ok := sideOf(t.Side); !ok {
				r.errorf(x, path+".side", "unknown side %q: want AXIS or ALLIES", t.Side)
			}
		}
		c.unknownMembers(x, path, "a tag", t.Unknown())
		return
	}

	// A medal.
	e, known := Lookup(SlotTag, t.Name)
	if !known {
		r.errorf(x, path+".name", "unknown medal %q: want medal0, medal1, medal2, medal4, medal6 or medal7", t.Name)
		return
	}
	o := rules.Objective{Kind: rules.TemporaryMedal, Medals: 1, Hexes: hexes}
	usable := groupOK
	m := t.Medal
	explicitSide := m != nil && m.o.whole == nil && m.Has("side")
	sideField, sideName := path+".medal.side", ""
	if explicitSide {
		sideName = m.Side
	}
	if t.Has("side") {
		// A side on the tag itself means what medal.side means; both
		// must agree.
		if explicitSide && !strings.EqualFold(strings.TrimSpace(t.Side), strings.TrimSpace(m.Side)) {
			r.errorf(x, path+".side", "tag side %q and medal.side %q differ", t.Side, m.Side)
			usable = false
		}
		if !explicitSide {
			explicitSide, sideField, sideName = true, path+".side", t.Side
		}
	}
	switch {
	case explicitSide:
		s, ok := sideOf(sideName)
		if !ok {
			r.errorf(x, sideField, "unknown side %q: want AXIS or ALLIES", sideName)
			usable = false
			break
		}
		o.Sides = 1 << s
		if e.Supported() && e.Sides != rules.MaskBoth && e.Sides != o.Sides {
			r.errorf(x, sideField, "%s is a medal for %s but its side is %s", t.Name, maskName(e.Sides), strings.ToUpper(sideName))
			usable = false
		}
	case !e.Supported():
		r.unsupported(x, path+".name", t.Name, e.Unsupported, "")
		usable = false
	default:
		o.Sides = e.Sides
	}
	if t.Has("behavior") {
		if b, ok := Lookup(SlotTagBehavior, t.Behavior); ok {
			r.unsupported(x, path+".behavior", t.Behavior, b.Unsupported, "on a medal")
		} else {
			r.errorf(x, path+".behavior", "unknown tag behavior %q", t.Behavior)
		}
	}
	c.unknownMembers(x, path, "a tag", t.Unknown())
	if m != nil && m.o.whole == nil {
		if m.Has("counts_for") {
			if m.CountsFor < 1 || m.CountsFor > 10 {
				r.errorf(x, path+".medal.counts_for", "%d medals: want 1..10", m.CountsFor)
				usable = false
			} else {
				o.Medals = m.CountsFor
			}
		}
		switch {
		case m.Permanent && m.Majority:
			r.unsupported(x, path+".medal", t.Name, "permanent majority medals", "")
		case m.Majority:
			o.Kind = rules.MajorityMedal
		case m.Permanent:
			o.Kind = rules.PermanentMedal
		}
		if m.TurnStart {
			// Winter Wars II "Médaille-objectif majoritaire / définitive
			// (début de tour)".
			switch o.Kind {
			case rules.MajorityMedal, rules.PermanentMedal:
				o.AtTurnStart = true
			default:
				r.unsupported(x, path+".medal.turn_start", t.Name, "temporary medals counted at the start of a turn", "Winter Wars has majority and permanent medals counted at the start of a turn")
			}
		}
		if m.Has("nbr_hex") && m.NbrHex != 1 {
			switch {
			case m.NbrHex < 1 || m.NbrHex > len(hexes):
				r.errorf(x, path+".medal.nbr_hex", "%d hexes to hold out of a group of %d", m.NbrHex, len(hexes))
				usable = false
			case m.Majority:
				r.unsupported(x, path+".medal.nbr_hex", t.Name, "majority medals needing several hexes", fmt.Sprintf("%d hexes", m.NbrHex))
			default:
				// Held while the side occupies nbr_hex hexes of the group
				// (docs/rules-decisions.md "Objective with several hexes").
				o.Count = m.NbrHex
			}
		}
		c.unknownMembers(x, path+".medal", "a medal", m.Unknown())
	}
	if usable {
		c.s.Objectives = append(c.s.Objectives, o)
	}
}

// printed is the ground the board face shows at row.
func (c *converter) printed(row int) rules.Terrain { return PrintedGround(c.grid, c.printedBeach, row) }

// PrintedGround is the ground a board face shows at row where no tile is
// placed: on the BEACH face (beachFace) rows 4–6 are beach and 7–8 ocean
// (Breakthrough board: 11–13 and 14–16); every other face is plain.
func PrintedGround(g hex.Grid, beachFace bool, row int) rules.Terrain {
	if !beachFace {
		return rules.Plain
	}
	beach, ocean := 4, 7 // standard and Overlord boards
	if g.Rows == hex.Breakthrough().Rows {
		beach, ocean = 11, 14
	}
	switch {
	case row >= ocean:
		return rules.Ocean
	case row >= beach:
		return rules.Beach
	}
	return rules.Plain
}

// fillGround builds Setup.Hexes: placed ground, and the printed face where no
// tile is placed.
func (c *converter) fillGround() {
	for _, x := range c.grid.Hexes() {
		hs := rules.HexSetup{Hex: x, Terrain: c.printed(int(x.Row))}
		if cl, ok := c.cells[x]; ok {
			if cl.tile {
				hs.Terrain, hs.Ends = cl.ground.Terrain, cl.ground.Ends
			}
			hs.Structure, hs.Obstacle, hs.Owners = cl.ground.Structure, cl.ground.Obstacle, cl.ground.Owners
			hs.Closed, hs.NoFireAcross, hs.ClosedTo = cl.ground.Closed, cl.ground.NoFireAcross, cl.ground.ClosedTo
			hs.Features = cl.ground.Features
		}
		if hs.Terrain != rules.Plain || hs.Structure != rules.NoStructure || hs.Obstacle != rules.NoObstacle || hs.Closed ||
			len(hs.Features) > 0 || hs.ClosedTo != [2]rules.ClassMask{} {
			c.s.Hexes = append(c.s.Hexes, hs)
		}
	}
}

// impassable asks the catalog whether a ground turns every unit away
// (annex 2: rivers and lakes).
func impassable(t rules.Terrain) bool {
	return rules.BaseCatalog().Ground(t).Impassable == rules.AllClasses
}

// placement builds Setup.Units in board order and checks that each unit
// stands where it can.
func (c *converter) placement() {
	for _, x := range c.grid.Hexes() {
		cl, ok := c.cells[x]
		if !ok || cl.unit == nil {
			continue
		}
		t := c.printed(int(x.Row))
		if cl.tile {
			t = cl.ground.Terrain
		}
		if !cl.uncertain && c.cat.Ground(t).Impassable == rules.AllClasses && !c.cat.Feature(cl.ground.Structure).Crossing {
			c.r.errorf(x, fmt.Sprintf("board.hexagons[%d].unit", cl.index), "%q stands on impassable %s without a bridge", cl.unitName, t)
			continue
		}
		if u := cl.unit; cl.ground.ClosedTo[u.Side].Has(u.Type) {
			c.r.errorf(x, fmt.Sprintf("board.hexagons[%d].unit", cl.index), "%q stands on a hex its terrain's properties close to %s %s", cl.unitName, u.Side, u.Type)
			continue
		}
		c.s.Units = append(c.s.Units, *cl.unit)
	}
}

// exitTag reads an exit marker (Winter Wars III "Pions Exit"): with behavior
// EXIT_MARKER and a side, its hex and group are exits for that side; without
// a behavior, it is the other end of a span some marker's group covers.
func (c *converter) exitTag(x hex.Hex, path string, t *Tag, hexes []hex.Hex, groupOK bool) {
	r := c.r
	c.unknownMembers(x, path, "a tag", t.Unknown())
	if !t.Has("behavior") {
		if t.Has("side") {
			r.errorf(x, path+".side", "an exit marker with a side needs behavior EXIT_MARKER")
			return
		}
		c.looseExits = append(c.looseExits, x)
		return
	}
	b, ok := Lookup(SlotTagBehavior, t.Behavior)
	if !ok || !b.Exit {
		r.errorf(x, path+".behavior", "behavior %q on an exit marker: want EXIT_MARKER", t.Behavior)
		return
	}
	side, ok := sideOf(t.Side)
	if !ok {
		r.errorf(x, path+".side", "exit marker side %q: want AXIS or ALLIES", t.Side)
		return
	}
	if !groupOK {
		return
	}
	for _, h := range hexes {
		if !c.grid.OnEdge(h) {
			r.errorf(x, path+".group", "exit hex %s is not on an edge of the board", h)
			return
		}
	}
	// An exit may lie on the exiting side's own baseline: Night
	// Withdrawal's "The hex with an Exit marker on the Axis player's
	// baseline is an Exit hex for the Axis forces"; the tag's side says who
	// exits wherever the marker lies.
	c.exits = append(c.exits, rules.Exit{Side: side, Hexes: hexes})
}

// finishExits puts the exits in the setup, gives every marker without a
// side that no exit covers to the side facing it, and marks the exit hexes
// for the pictures.
func (c *converter) finishExits() {
	covered := map[hex.Hex]bool{}
	for i := range c.exits {
		for _, h := range c.exits[i].Hexes {
			covered[h] = true
		}
	}
	for _, h := range c.looseExits {
		if covered[h] {
			continue
		}
		// A lone marker on a baseline is an exit for the side that
		// attacks toward it (Winter Wars III "Pions Exit": exits lie on
		// the opponent's baseline; The Surrender of Elster's Column: "exit
		// 3 of his units through the Exit markers on the Allied player's
		// baseline"; Peleliu: "exits off the Japanese side [...] from the
		// exit hex as indicated on the baseline"). Elsewhere it names no
		// side.
		switch {
		case !c.sidesOK:
		case h.Row == 0:
			c.exits = append(c.exits, rules.Exit{Side: c.s.Top.Opp(), Hexes: []hex.Hex{h}})
			continue
		case int(h.Row) == c.grid.Rows-1:
			c.exits = append(c.exits, rules.Exit{Side: c.s.Top, Hexes: []hex.Hex{h}})
			continue
		}
		c.r.unsupported(h, "board.hexagons", "exit marker", "exit markers without a side", "a tag4/tag5 with no behavior, off the baselines, that no exit group covers")
	}
	if c.infantryExit2 {
		for i := range c.exits {
			c.exits[i].Medals[rules.Infantry] = 2
		}
	}
	if c.infantryExit2 && len(c.exits) == 0 {
		c.r.errorf(hex.None, "game_info.options.infantry_exit_counts_2", "no exit marker on the board")
	}
	c.s.Exits = append(c.s.Exits, c.exits...)
	// The exit hexes carry the exit marker, drawn by the renderer and the
	// browser, where the hex has room for it.
	seen := map[hex.Hex]bool{}
	for _, e := range c.exits {
		for _, h := range e.Hexes {
			if seen[h] {
				continue
			}
			seen[h] = true
			c.markExit(h)
		}
	}
}

// markExit puts the exit marker feature on hex h.
func (c *converter) markExit(h hex.Hex) {
	for k := range c.s.Hexes {
		hs := &c.s.Hexes[k]
		if hs.Hex != h {
			continue
		}
		n := len(hs.Features)
		if hs.Structure != rules.NoStructure {
			n++
		}
		if hs.Obstacle != rules.NoObstacle {
			n++
		}
		if n < rules.MaxFeatures {
			hs.Features = append(hs.Features, rules.ExitMarker)
		}
		return
	}
	c.s.Hexes = append(c.s.Hexes, rules.HexSetup{Hex: h, Features: []rules.Feature{rules.ExitMarker}})
}

// mustExit reads must_have_unit_exit, {"side": S, "min_nbr_units": N}: side
// S wins only once N of its units have left the board by an exit
// (rules.Setup.MustExit; Breakthrough to Gembloux).
func (c *converter) mustExit(v json.RawMessage, field string) {
	var m struct {
		Side string          `json:"side"`
		Min  json.RawMessage `json:"min_nbr_units"`
	}
	if json.Unmarshal(v, &m) != nil {
		c.r.errorf(hex.None, field, "want {side, min_nbr_units}, got %s", clip(compact(v), 60))
		return
	}
	side, ok := sideOf(m.Side)
	if !ok {
		c.r.errorf(hex.None, field+".side", "unknown side %q: want AXIS or ALLIES", m.Side)
		return
	}
	n, err := strconv.Atoi(strings.Trim(strings.TrimSpace(string(m.Min)), `"`))
	if len(m.Min) == 0 {
		n, err = 1, nil
	}
	if err != nil || n < 0 || n > 9 {
		c.r.errorf(hex.None, field+".min_nbr_units", "want 0..9 units, got %s", clip(compact(m.Min), 20))
		return
	}
	c.s.MustExit[side] = int8(n)
}

// useRuleset adds a ruleset to the setup once.
func (c *converter) useRuleset(r *rules.Ruleset) {
	for _, have := range c.s.Rulesets {
		if have.Key == r.Key {
			return
		}
	}
	c.s.Rulesets = append(c.s.Rulesets, r)
}

// kindFigures is the standard strength of a unit row of the expansion
// rulesets the importer places units of (Winter Wars V troops, Tigers), 0
// for none; German and Russian tank destroyers have 4 (Winter Wars V
// "Chasseurs de chars").
func kindFigures(kind, nation string) int8 {
	if kind == "tank-destroyer" && (nation == "ger" || nation == "ru") {
		return 4
	}
	for _, rs := range []*rules.Ruleset{rules.WinterTroops(), rules.Tigers(), rules.SpecialTroops()} {
		for _, d := range rs.Units {
			if d.Key == kind {
				return d.Figures
			}
		}
	}
	return 0
}

// mineTag reads a minefield (Winter Wars III "Champs de mines"): tag3 with
// behavior MINE_FIELD and the side that lays it. Without a side the FAQ's
// default (the defender) cannot be read from the file: unsupported.
func (c *converter) mineTag(x hex.Hex, path string, t *Tag) {
	r := c.r
	c.unknownMembers(x, path, "a tag", t.Unknown())
	if t.Has("behavior") {
		b, ok := Lookup(SlotTagBehavior, t.Behavior)
		switch {
		case !ok:
			r.errorf(x, path+".behavior", "unknown tag behavior %q", t.Behavior)
			return
		case !b.Supported():
			r.unsupported(x, path+".behavior", t.Behavior, b.Unsupported, "")
			return
		case !b.Mine:
			r.errorf(x, path+".behavior", "behavior %q does not apply to a minefield", t.Behavior)
			return
		}
	}
	side, ok := sideOf(t.Side)
	if !t.Has("side") || !ok {
		r.unsupported(x, path+".side", t.Name, "minefields without a side", "FAQ II Champs de mines: the defender lays them, which the file does not say")
		return
	}
	cl := c.cells[x]
	if cl == nil {
		return
	}
	tr := rules.WinterTroops()
	cat, err := rules.NewCatalog(tr)
	if err != nil {
		r.errorf(x, path, "minefield: %v", err)
		return
	}
	f, _ := cat.FeatureByKey("minefield")
	c.useRuleset(tr)
	cl.ground.Features = append(cl.ground.Features, f)
	c.s.Mines = append(c.s.Mines, rules.Minefield{Hex: x, Side: side})
}
