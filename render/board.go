// Package render draws a Memoir '44 battlefield as a picture: the hex grid
// on the board's face (country, beach, winter, desert), the terrain as
// original symbols, structures and obstacles, units as counters of their
// side's colour, objective medals, the section lines, the labels of the
// scenario, a title, the sides' cards and medals, and a legend.
//
// One display list is built (Canvas) and written either as SVG or painted
// as a PNG by a pure-Go rasterizer, so both look the same. A picture is
// drawn from a rules.Setup, a scenario.File (which adds labels, river bends
// and the tiles the engine does not play), or a game in progress
// (*rules.State: units, obstacles and medals as they are now).
package render

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"m44/hex"
	"m44/rules"
	"m44/scenario"
)

// Options say what to draw and how.
type Options struct {
	// File is the scenario file: names, dates, labels, the bends of rivers
	// and roads, tiles the engine does not play. Optional when a setup is
	// given.
	File *scenario.File
	// State, when set, draws this game position (units with their figures
	// left, obstacles still there, medals won, the turn) instead of the
	// set-up.
	State *rules.State
	// Scale is the width of a hex in pixels (default 80).
	Scale float64
	// Face overrides the board face (COUNTRY, BEACH, WINTER, DESERT).
	Face string
	// NoTitle leaves out the title and the side panels; NoLegend the legend.
	NoTitle, NoLegend bool
}

// Board draws a battlefield. s may be nil when o.File or o.State is given.
func Board(s *rules.Setup, o Options) (*Canvas, error) {
	m, err := newModel(s, &o)
	if err != nil {
		return nil, err
	}
	if m.grid.Rows <= 0 || m.grid.Width <= 0 || m.grid.Rows > 60 || m.grid.Width > 60 {
		return nil, fmt.Errorf("render: bad board size %dx%d", m.grid.Width, m.grid.Rows)
	}
	S := o.Scale
	if S <= 0 {
		S = 80
	}
	pal := paletteFor(m.face)
	d := &drawer{m: m, s: S, pal: &pal, opt: o}
	d.c = &Canvas{}
	d.p = pen{c: d.c, pal: d.pal}
	d.layout()
	d.draw()
	return d.c, nil
}

// File draws a scenario file: converted to a setup where the importer can,
// else from the file alone.
func File(f *scenario.File, o Options) (*Canvas, error) {
	s, _ := f.Setup()
	o.File = f
	return Board(s, o)
}

// SVG and PNG draw and encode in one step.
func SVG(s *rules.Setup, o Options) ([]byte, error) {
	c, err := Board(s, o)
	if err != nil {
		return nil, err
	}
	return c.SVG(), nil
}

func PNG(s *rules.Setup, o Options) ([]byte, error) {
	c, err := Board(s, o)
	if err != nil {
		return nil, err
	}
	return c.PNG(1)
}

type drawer struct {
	m   *model
	c   *Canvas
	p   pen
	pal *palette
	opt Options
	s   float64 // hex width in pixels

	margin             float64
	ox, oy             float64 // top left corner of the hex area
	bw, bh             float64 // hex area size
	titleH, panelH     float64
	topPanel, botPanel float64 // y of the side panels
	legendY            float64
	legend             []legendEntry
	legendCols         int
	legendColW         float64
}

func (d *drawer) center(h hex.Hex) pt {
	return pt{d.ox + (float64(h.Col)*0.5+0.5)*d.s, d.oy + (float64(h.Row)*sqrt3/2+1/sqrt3)*d.s}
}

func (d *drawer) layout() {
	s, g := d.s, d.m.grid
	d.margin = s * 0.3
	d.bw = float64(g.Width) * s
	d.bh = (float64(g.Rows-1)*sqrt3/2 + 2/sqrt3) * s
	y := d.margin
	if !d.opt.NoTitle {
		d.titleH = s * 0.85
		d.panelH = s * 0.42
		y += d.titleH
		d.topPanel = y
		y += d.panelH + s*0.12
	}
	frame := s * 0.12
	d.ox, d.oy = d.margin+frame, y+frame
	y = d.oy + d.bh + frame
	if !d.opt.NoTitle {
		y += s * 0.12
		d.botPanel = y
		y += d.panelH
	}
	width := d.bw + 2*d.margin + 2*frame
	if !d.opt.NoLegend {
		d.legend = d.legendEntries()
		y += s * 0.25
		d.legendY = y
		ls := s * 0.5
		var tw float64
		for _, e := range d.legend {
			tw = math.Max(tw, textWidth(e.text, s*0.16, false))
		}
		d.legendColW = ls + s*0.15 + tw + s*0.3
		avail := width - 2*d.margin
		d.legendCols = max(1, int(avail/d.legendColW))
		rows := (len(d.legend) + d.legendCols - 1) / d.legendCols
		y += s*0.3 + float64(rows)*ls*1.15
	}
	d.c.W = math.Ceil(width)
	d.c.H = math.Ceil(y + d.margin)
	d.c.Title = d.m.name
}

func (d *drawer) draw() {
	d.c.begin("background")
	d.c.draw((&Path{}).rect(0, 0, d.c.W, d.c.H, 0), fill(d.pal.paper))
	d.c.end()
	if !d.opt.NoTitle {
		d.title()
		d.panels()
	}
	d.board()
	if !d.opt.NoLegend {
		d.drawLegend()
	}
}

// ---- the board ----

func (d *drawer) board() {
	m, s, pal := d.m, d.s, d.pal
	frame := s * 0.12
	d.c.begin("board")
	d.c.draw((&Path{}).rect(d.ox-frame, d.oy-frame, d.bw+2*frame, d.bh+2*frame, s*0.06), fillStroke(pal.plain.mix(pal.frame, 0.45), pal.frame, s*0.02))
	// Face: every full hex and the half-hexes at the ends of odd rows.
	for r := 0; r < m.grid.Rows; r++ {
		for _, h := range d.rowHexes(r) {
			d.groundBase(h)
		}
	}
	d.c.end()
	d.c.begin("terrain")
	d.waterways()
	for _, h := range m.grid.Hexes() {
		d.terrainSymbol(h)
	}
	d.c.end()
	d.c.begin("grid")
	grid := &Path{}
	for r := 0; r < m.grid.Rows; r++ {
		for _, h := range d.rowHexes(r) {
			grid.poly(d.hexShape(h))
		}
	}
	d.c.draw(grid, stroke(pal.gridLine.mix(pal.frame, 0.25).alpha(0.8), s*0.014))
	d.c.end()
	d.c.begin("features")
	for _, h := range m.grid.Hexes() {
		d.features(h)
	}
	d.c.end()
	d.sectionLines()
	d.objectives()
	d.labels()
	d.c.begin("units")
	for _, u := range m.units {
		d.p.counter(d.unitSpot(u.at), s*0.46, u)
	}
	// Big guns' target markers (FAQ IV Artillerie lourde): a cross-hair at
	// the upper right of the unit marked, one per gun.
	seen := map[hex.Hex]int{}
	for _, t := range m.targets {
		c := d.center(t.Target)
		k := seen[t.Target]
		seen[t.Target]++
		d.p.mark(pt{c.X + s*(0.3-0.2*float64(k)), c.Y - s*0.3}, s*0.1, "target", "", 0, 0)
	}
	d.c.end()
}

// rowHexes lists the hexes of row r, half-hexes included.
func (d *drawer) rowHexes(r int) []hex.Hex {
	var out []hex.Hex
	start := r % 2
	if start == 1 {
		out = append(out, hex.Hex{Row: int8(r), Col: -1})
	}
	for c := start; c <= d.m.grid.MaxCol(); c += 2 {
		out = append(out, hex.Hex{Row: int8(r), Col: int8(c)})
	}
	if start == 1 {
		out = append(out, hex.Hex{Row: int8(r), Col: int8(d.m.grid.MaxCol() + 1)})
	}
	return out
}

// hexShape is the outline of h: a hex, or the inner half of a half-hex.
func (d *drawer) hexShape(h hex.Hex) []pt {
	c := d.center(h)
	cs := hexCorners(c, d.s)
	switch {
	case h.Col < 0: // keep the right half
		return []pt{cs[0], cs[1], cs[2], cs[3]}
	case int(h.Col) > d.m.grid.MaxCol(): // keep the left half
		return []pt{cs[3], cs[4], cs[5], cs[0]}
	}
	return cs
}

func (d *drawer) groundBase(h hex.Hex) {
	pal := d.pal
	col := pal.plain
	// The printed face: a tile on it paints its own ground over it.
	t := d.m.printed(int(h.Row))
	if g := d.m.groundAt(h).terrain; g == rules.Beach || g == rules.Ocean {
		t = g
	}
	switch t {
	case rules.Beach:
		col = pal.sand
	case rules.Ocean:
		col = pal.ocean
	}
	d.c.draw((&Path{}).poly(d.hexShape(h)), fill(col))
}

func seedOf(h hex.Hex) int { return int(h.Row)*131 + int(h.Col)*7 + 3 }

// extraSymbol draws a tile the engine does not play (marsh, jungle, ruins,
// coast, escarpment, wooded hill, or another named tile), on the board and
// in the legend alike.
func (d *drawer) extraSymbol(kind, tile string, c pt, s float64, seed int) {
	p := d.p
	switch kind {
	case "marsh":
		p.marsh(c, s)
	case "jungle":
		p.hexFill(c, s, rgb("#8fae6a"))
		p.trees(c, s, rgb("#2f6a2a"), rgb("#173d14"))
	case "ruins":
		p.ruins(c, s)
	case "coast":
		p.beach(c, s, seed)
		p.waves(c, s*0.9, seed, d.pal.ocean)
	case "escarpment":
		p.hachures(c, s, d.pal.bluff, d.pal.bluffLine, false)
	case "hillforest":
		p.hill(c, s)
		p.trees(c, s, d.pal.canopy, d.pal.dark)
	default:
		p.other(c, s, tile)
	}
}

func (d *drawer) terrainSymbol(h hex.Hex) {
	g := d.m.groundAt(h)
	c, s, p := d.center(h), d.s, d.p
	if g.extra != "" {
		switch g.extra {
		case "road", "rail":
			if strings.Contains(g.tile, "hill") {
				p.hill(c, s)
			}
			return // drawn with the waterways
		}
		d.extraSymbol(g.extra, g.tile, c, s, seedOf(h))
		return
	}
	switch g.terrain {
	case rules.Forest:
		p.forest(c, s)
	case rules.Hill:
		p.hill(c, s)
	case rules.Mountain:
		p.mountain(c, s)
	case rules.SteepHill:
		p.steepHill(c, s)
	case rules.Bluff:
		p.hachures(c, s, d.pal.bluff, d.pal.bluffLine, false)
	case rules.Cliff:
		p.hachures(c, s, d.pal.cliff, d.pal.cliffLine, true)
	case rules.Town:
		p.town(c, s)
	case rules.Church:
		p.church(c, s)
	case rules.Hedgerow:
		p.hedgerow(c, s)
	case rules.Beach:
		p.beach(c, s, seedOf(h))
	case rules.Ocean:
		p.ocean(c, s, seedOf(h))
	case rules.Lake:
		p.lake(c, s, seedOf(h))
	default:
		if g.terrain >= rules.NumTerrains {
			row := d.m.cat.Ground(g.terrain)
			d.rowSymbol(row, g.tile, c, s, seedOf(h))
		}
	}
}

// rowFamily is the drawing of a row of another ruleset that the renderer
// has a picture for ("" draws it from its effects and key).
func rowFamily(key string) string {
	switch key {
	case "road", "snowy-road", "hill-road":
		return "road"
	case "railway", "snowy-railway":
		return "rail"
	case "fordable-river", "fordable-stream", "river-mouth":
		return "water"
	case "chateau", "station", "barracks", "factory", "pacific-village", "hill-village":
		return "town"
	case "ruins":
		return "ruins"
	case "marsh", "rice-paddy":
		return "marsh"
	case "palm-grove", "oasis":
		return "jungle"
	case "coast", "pacific-beach":
		return "coast"
	case "ravine", "rocky-escarpment", "erg":
		return "escarpment"
	case "wadi":
		return "wadi"
	case "lighthouse", "fortress":
		return "town"
	case "forested-hill":
		return "hillforest"
	}
	return ""
}

// rowSymbol draws a ground row of another ruleset: its family's picture,
// with its key written small when several rows share the picture, or its
// effects and key.
func (d *drawer) rowSymbol(row rules.TerrainDef, tile string, c pt, s float64, seed int) {
	p := d.p
	switch fam := rowFamily(row.Key); fam {
	case "":
		d.catalogGround(row, c, s)
		return
	case "road", "rail", "water", "wadi":
		if row.Height > 0 {
			p.hill(c, s)
		}
		return // drawn with the waterways
	case "town":
		if row.Height > 0 {
			p.hill(c, s)
			p.town(c, s*0.8) // the hill shows around the village
		} else {
			p.town(c, s)
		}
	default:
		d.extraSymbol(fam, tile, c, s, seed)
	}
	switch row.Key {
	case "ruins", "forested-hill", "marsh", "coast":
	default:
		d.c.text(c.X, c.Y+s*0.42, row.Key, s*0.11, Middle, false, rgb("#3a362d"))
	}
}

// catalogGround draws a ground the renderer has no picture of from its
// catalog row: a tint that says what it does (water, height, cover) and its
// key.
func (d *drawer) catalogGround(row rules.TerrainDef, c pt, s float64) {
	tint := rgb("#d8d4c4")
	switch {
	case row.Water:
		tint = d.pal.water
	case row.Height > 0:
		tint = d.pal.hillTint
	case row.BlocksSight:
		tint = d.pal.forestTint
	}
	d.p.hexFill(c, s, tint)
	d.c.text(c.X, c.Y+s*0.05, row.Key, s*0.16, Middle, true, rgb("#3a362d"))
}

// catalogFeature draws a feature the renderer has no picture of: a chip
// with its key, stacked by its place k among such features.
func (d *drawer) catalogFeature(row rules.TerrainDef, c pt, s float64, k int) {
	if row.Symbol == "mine" {
		// A minefield: its token, face down (Winter Wars III), where the
		// file's tag is drawn.
		d.p.mark(pt{c.X + s*0.29, c.Y - s*0.23}, s*0.09, "mine", "", 0, 0)
		return
	}
	if row.Symbol == "smoke" {
		// A smoke screen (FAQ III Écran de fumée): grey puffs over the hex,
		// as the browser's symbols.js smoke.
		p := &Path{}
		for _, q := range [][3]float64{{-0.3, 0.08, 0.27}, {0.28, 0.08, 0.27}, {-0.12, -0.14, 0.3}, {0.14, -0.16, 0.28}, {0.02, 0.2, 0.28}} {
			p.circle(c.X+q[0]*s, c.Y+q[1]*s, q[2]*s)
		}
		d.c.draw(p, fillStroke(rgb("#d9d9d6").alpha(0.78), rgb("#8f8f8a").alpha(0.78), s*0.012))
		return
	}
	y := c.Y + s*(0.18+0.2*float64(k))
	d.c.draw((&Path{}).rect(c.X-s*0.32, y-s*0.09, s*0.64, s*0.16, s*0.04), fillStroke(rgb("#f3efe2"), rgb("#5a5548"), s*0.012))
	d.c.text(c.X, y+s*0.03, row.Key, s*0.11, Middle, false, rgb("#3a362d"))
}

// ---- rivers, roads, railways ----

// family is how a hex takes part in a network of bands.
func (d *drawer) family(h hex.Hex) string {
	g := d.m.groundAt(h)
	switch {
	case g.extra == "road" || g.extra == "rail" || g.extra == "wadi":
		return g.extra
	case g.terrain == rules.River || g.terrain == rules.Lake:
		return "water"
	case g.terrain >= rules.NumTerrains:
		switch fam := rowFamily(d.m.cat.Ground(g.terrain).Key); fam {
		case "road", "rail", "water", "wadi":
			return fam
		}
	}
	return ""
}

// bandDirs is the directions a river, road or rail leaves h by: from the
// tile's orientation when the tile is a known straight or bend, else
// towards the neighbours of the same network.
func (d *drawer) bandDirs(h hex.Hex, fam string) []int {
	g := d.m.groundAt(h)
	name := g.tile
	o := g.orient
	straight := name == "river" || name == "wriver" || name == "road" || name == "droad" || name == "wroad" || name == "rail" || name == "wrail" || name == "hillroad"
	bend := name == "curve" || name == "wcurved" || name == "roadcurve" || name == "droadcurve" || name == "wroadcurve" || name == "railcurve" || name == "wrailcurve" || name == "hillcurve"
	if sh := wadiShape(name); sh != "" || g.ends != 0 {
		// A wadi is open only at its ends (FAQ II 44): the setup's, or the
		// engine's own reading of the tile (scenario.TileEnds).
		var dirs []int
		m := g.ends
		if m == 0 {
			m = scenario.TileEnds(sh, o)
		}
		for dd := 0; dd < 6; dd++ {
			if m&(1<<dd) != 0 {
				dirs = append(dirs, dd)
			}
		}
		return dirs
	}
	if o >= 1 && o <= 6 && g.terrain != rules.Lake {
		switch {
		case straight:
			a := (7 - o) % 6
			return []int{a, (a + 3) % 6}
		case bend:
			a := (6 - o) % 6
			return []int{a, (a + 2) % 6}
		}
	}
	var dirs []int
	for dd := 0; dd < 6; dd++ {
		n := hex.Neighbour(h, dd)
		if d.m.grid.Contains(n) && d.family(n) == fam {
			dirs = append(dirs, dd)
		}
	}
	if len(dirs) == 1 {
		dirs = append(dirs, (dirs[0]+3)%6)
	}
	return dirs
}

// wadiShape is the shape of a wadi tile ("" for other tiles).
func wadiShape(tile string) string {
	switch tile {
	case "wadi":
		return "straight"
	case "wcurve":
		return "bend"
	}
	return ""
}

func (d *drawer) waterways() {
	m, s, pal := d.m, d.s, d.pal
	type band struct {
		h    hex.Hex
		path *Path
	}
	var water, roads, rails, wadis []band
	for _, h := range m.grid.Hexes() {
		fam := d.family(h)
		if fam == "" {
			continue
		}
		g := m.groundAt(h)
		dirs := d.bandDirs(h, fam)
		if g.terrain == rules.Lake && len(dirs) == 0 {
			continue
		}
		ends := make([]*pt, len(dirs))
		for i, dd := range dirs {
			if n := hex.Neighbour(h, dd); !m.grid.Contains(n) {
				e := d.frameExit(d.center(h), dd)
				ends[i] = &e
			}
		}
		var path *Path
		if g.terrain == rules.Lake {
			path = &Path{}
			for i, dd := range dirs {
				e := edgeMid(d.center(h), s, dd)
				if ends[i] != nil {
					e = *ends[i]
				}
				path.line(d.center(h), e)
			}
		} else {
			path = bandPath(d.center(h), s, dirs, ends)
		}
		switch fam {
		case "water":
			water = append(water, band{h, path})
		case "road":
			roads = append(roads, band{h, path})
		case "rail":
			rails = append(rails, band{h, path})
		case "wadi":
			wadis = append(wadis, band{h, path})
		}
	}
	// Wadis: a dry bed between dark banks, drawn under the other bands.
	for _, b := range wadis {
		d.c.draw(b.path, Style{Stroke: rgb("#6b5235"), Width: s * 0.42, Butt: true})
	}
	for _, b := range wadis {
		d.c.draw(b.path, Style{Stroke: rgb("#d9bf8c"), Width: s * 0.3, Butt: true})
	}
	for _, b := range wadis {
		d.c.draw(b.path, Style{Stroke: rgb("#b89a68").alpha(0.8), Width: s * 0.02, Dash: []float64{s * 0.05, s * 0.07}, Butt: true})
	}
	for _, b := range water {
		d.c.draw(b.path, Style{Stroke: pal.waterDark, Width: s * 0.27, Butt: true})
	}
	for _, b := range water {
		d.c.draw(b.path, Style{Stroke: pal.water, Width: s * 0.19, Butt: true})
	}
	for _, b := range water {
		d.c.draw(b.path, Style{Stroke: pal.waterLight.alpha(0.8), Width: s * 0.02, Dash: []float64{s * 0.06, s * 0.09}, Butt: true})
	}
	for _, b := range roads {
		d.c.draw(b.path, Style{Stroke: pal.roadEdge, Width: s * 0.17, Butt: true})
	}
	for _, b := range roads {
		d.c.draw(b.path, Style{Stroke: pal.road, Width: s * 0.12, Butt: true})
	}
	for _, b := range rails {
		d.c.draw(b.path, Style{Stroke: rgb("#5b4c3c"), Width: s * 0.12, Dash: []float64{s * 0.02, s * 0.05}, Butt: true})
		d.c.draw(b.path, Style{Stroke: rgb("#2f2a25"), Width: s * 0.035, Butt: true})
	}
}

// frameExit is where a band leaving c towards direction dd meets the outer
// edge of the board's frame.
func (d *drawer) frameExit(c pt, dd int) pt {
	frame := d.s * 0.12
	a := float64(dd) * math.Pi / 3
	dx, dy := math.Cos(a), math.Sin(a)
	t := math.Inf(1)
	if dx > 1e-9 {
		t = math.Min(t, (d.ox+d.bw+frame-c.X)/dx)
	}
	if dx < -1e-9 {
		t = math.Min(t, (d.ox-frame-c.X)/dx)
	}
	if dy > 1e-9 {
		t = math.Min(t, (d.oy+d.bh+frame-c.Y)/dy)
	}
	if dy < -1e-9 {
		t = math.Min(t, (d.oy-frame-c.Y)/dy)
	}
	return pt{c.X + t*dx, c.Y + t*dy}
}

// riverAxis is the angle a river runs at through h (for bridges across it).
func (d *drawer) riverAxis(h hex.Hex) (float64, bool) {
	if d.family(h) != "water" {
		return 0, false
	}
	dirs := d.bandDirs(h, "water")
	if len(dirs) < 2 {
		return 0, false
	}
	a, b := edgeMid(pt{}, 1, dirs[0]), edgeMid(pt{}, 1, dirs[1])
	return math.Atan2(b.Y-a.Y, b.X-a.X), true
}

// ---- structures and obstacles ----

func (d *drawer) unitAt(h hex.Hex) (unitM, bool) {
	for _, u := range d.m.units {
		if u.at == h {
			return u, true
		}
	}
	return unitM{}, false
}

func (d *drawer) unitSpot(h hex.Hex) pt {
	c := d.center(h)
	return pt{c.X, c.Y + d.s*0.06}
}

func (d *drawer) features(h hex.Hex) {
	g := d.m.groundAt(h)
	c, s, p := d.center(h), d.s, d.p
	switch g.structure {
	case rules.Bridge, rules.BridgeSpan:
		axis, ok := d.riverAxis(h)
		if ok {
			axis += math.Pi / 2
		}
		if g.structure == rules.BridgeSpan {
			// A long bridge runs from section to section.
			for dir := 0; dir < 6; dir++ {
				if n := hex.Neighbour(h, dir); d.m.groundAt(n).structure == rules.BridgeSpan {
					q := d.center(n)
					axis = math.Atan2(q.Y-c.Y, q.X-c.X)
					break
				}
			}
		}
		p.bridge(c, s, axis)
	case rules.Bunker:
		p.bunker(c, s, rgb("#a3a39a"))
	}
	if g.saboNeed > 0 {
		d.sabotage(c, s, g.sabo, g.saboNeed)
	}
	if g.blown {
		axis, ok := d.riverAxis(h)
		if ok {
			axis += math.Pi / 2
		}
		p.blownBridge(c, s, axis)
	}
	drawn := false // a structure of another ruleset drawn by its picture
	name := g.structName
	if g.structure >= rules.NumStructures {
		switch d.m.cat.Feature(g.structure).Key {
		case "field-bunker":
			name, drawn = "dbunker", true
		case "ford":
			name, drawn = "ford", true
		case "rail-bridge", "pontoon-bridge":
			// A bridge across the river; its catalog chip names which.
			axis, ok := d.riverAxis(h)
			if ok {
				axis += math.Pi / 2
			}
			p.bridge(c, s, axis)
			name = ""
		}
	}
	switch name {
	case "":
	case "dbunker", "pbunker", "casemate":
		p.bunker(c, s, rgb("#c9b27f"))
	case "ford":
		stones := &Path{}
		for i := -2; i <= 2; i++ {
			q := at(c, s, float64(i)*0.08, float64(i)*0.04)
			stones.circle(q.X, q.Y, s*0.03)
		}
		d.c.draw(stones, fillStroke(rgb("#d8d2c2"), rgb("#5a5548"), s*0.01))
	default:
		d.c.draw((&Path{}).rect(c.X-s*0.28, c.Y-s*0.4, s*0.56, s*0.16, s*0.04), fillStroke(rgb("#e9e4d6"), rgb("#5a5548"), s*0.012))
		d.c.text(c.X, c.Y-s*0.285, g.structName, s*0.11, Middle, false, rgb("#3a362d"))
	}
	switch g.obstacle {
	case rules.Sandbags:
		p.sandbags(c, s, d.facing(h, g))
	case rules.Wire:
		p.wire(c, s)
	case rules.Hedgehog:
		p.hedgehogs(c, s)
	case rules.Seawall:
		p.seawall(c, s)
	}
	// Rows of other rulesets, and markers: drawn from the catalog.
	k := 0
	for _, f := range append([]rules.Feature{g.structure, g.obstacle}, g.more...) {
		if f == g.structure && drawn {
			continue
		}
		if f >= rules.NumStructures || (f != rules.NoFeature && f != g.structure && f != g.obstacle) {
			d.catalogFeature(d.m.cat.Feature(f), c, s, k)
			k++
		}
	}
}

// facing is the direction sandbags face: towards the enemy of the unit in
// them (or of the side they belong to), whose baseline is up or down.
func (d *drawer) facing(h hex.Hex, g ground) float64 {
	side, ok := rules.Side(0), false
	if u, has := d.unitAt(h); has {
		side, ok = u.side, true
	} else if g.obstOwner > 0 {
		side, ok = rules.Side(g.obstOwner-1), true
	}
	if ok && side == d.m.top {
		return math.Pi / 2 // the enemy comes from the bottom
	}
	return -math.Pi / 2
}

// ---- section lines ----

func (d *drawer) sectionLines() {
	s, g := d.s, d.m.grid
	d.c.begin("sections")
	for _, line := range []int{g.LeftLine, g.RightLine} {
		x := d.ox + (float64(line)*0.5+0.5)*s
		d.c.draw((&Path{}).line(pt{x, d.oy - s*0.1}, pt{x, d.oy + d.bh + s*0.1}), Style{Stroke: d.pal.section, Width: s * 0.035, Dash: []float64{s * 0.14, s * 0.09}, Butt: true})
	}
	d.c.end()
}

// ---- objectives ----

func (d *drawer) objectives() {
	s := d.s
	if len(d.m.objs) == 0 && len(d.m.marks) == 0 {
		return
	}
	d.c.begin("objectives")
	for _, o := range d.m.objs {
		if len(o.hexes) > 1 || o.kind == rules.SuddenDeath {
			col := d.pal.gold.mix(d.pal.goldDark, 0.2)
			if o.kind == rules.SuddenDeath {
				col = rgb("#c62828")
			}
			outline := &Path{}
			for _, h := range o.hexes {
				outline.poly(scaled(d.center(h), s, 0.88))
			}
			d.c.draw(outline, Style{Stroke: col, Width: s * 0.035, Dash: []float64{s * 0.08, s * 0.06}})
		}
	}
	// Medals: on the tag's hex; several on one hex stand side by side.
	count := map[hex.Hex]int{}
	for _, o := range d.m.objs {
		spots := o.hexes[:1]
		if !o.tagged {
			spots = o.hexes
		}
		for _, h := range spots {
			k := count[h]
			count[h]++
			c := d.center(h)
			q := pt{c.X - s*0.29 + float64(k)*s*0.21, c.Y - s*0.23}
			d.p.medal(q, s*0.105, o.kind, o.sides)
			if o.medals > 1 {
				d.c.text(q.X, q.Y+s*0.2, fmt.Sprintf("×%d", o.medals), s*0.12, Middle, true, d.pal.goldDark)
			}
		}
	}
	for _, mk := range d.m.marks {
		c := d.center(mk.at)
		r, at := s*0.09, pt{c.X + s*0.29, c.Y - s*0.23}
		if mk.kind == "exit" {
			// Exits are drawn larger, in the middle of the hex's free
			// upper half.
			r, at = s*0.13, pt{c.X + s*0.27, c.Y - s*0.2}
		}
		d.p.mark(at, r, mk.kind, strings.TrimPrefix(mk.name, "tag"), mk.side, d.offBoard(mk.at))
	}
	d.c.end()
}

// offBoard is the direction (radians, y down) from hex h off the nearest
// edge of the board: up on the top row, down on the bottom row, else left
// or right.
func (d *drawer) offBoard(h hex.Hex) float64 {
	g := d.m.grid
	switch {
	case h.Row == 0:
		return -math.Pi / 2
	case int(h.Row) == g.Rows-1:
		return math.Pi / 2
	case int(h.Col) <= 1:
		return math.Pi
	}
	return 0
}

// ---- labels ----

func (d *drawer) labels() {
	if len(d.m.labels) == 0 {
		return
	}
	s := d.s
	size := s * 0.135
	lh := size * 1.15
	d.c.begin("labels")
	for _, l := range d.m.labels {
		c := d.center(l.at)
		var w float64
		for _, t := range l.lines {
			w = math.Max(w, textWidth(t, size, true))
		}
		n := float64(len(l.lines))
		h := n*lh + size*0.35
		cy := c.Y + s*0.4
		if cy+h/2 > d.oy+d.bh {
			cy = d.oy + d.bh - h/2
		}
		x0 := c.X - w/2 - size*0.35
		x0 = math.Max(d.margin*0.3, math.Min(x0, d.c.W-d.margin*0.3-w-size*0.7))
		d.c.draw((&Path{}).rect(x0, cy-h/2, w+size*0.7, h, size*0.3), fillStroke(rgb("#fffdf5").alpha(0.85), rgb("#5a5548").alpha(0.5), s*0.008))
		for i, t := range l.lines {
			y := cy - h/2 + size*0.175 + lh*float64(i) + size*0.9
			d.c.text(x0+w/2+size*0.35, y, t, size, Middle, true, d.pal.ink)
		}
	}
	d.c.end()
}

// ---- title and side panels ----

var months = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// FormatDate writes YYYY-MM-DD as "6 June 1944" (a year alone stays as is).
func FormatDate(s string) string {
	var y, mo, dd int
	if n, _ := fmt.Sscanf(s, "%d-%d-%d", &y, &mo, &dd); n == 3 && mo >= 1 && mo <= 12 && dd >= 1 && dd <= 31 {
		return fmt.Sprintf("%d %s %d", dd, months[mo-1], y)
	}
	if n, _ := fmt.Sscanf(s, "%d-%d", &y, &mo); n == 2 && mo >= 1 && mo <= 12 {
		return fmt.Sprintf("%s %d", months[mo-1], y)
	}
	return s
}

// FrontName is a front for people: "Western Front".
func FrontName(f string) string {
	switch strings.ToLower(f) {
	case "western":
		return "Western Front"
	case "eastern":
		return "Eastern Front"
	case "mediterranean":
		return "Mediterranean Theatre"
	case "pacific":
		return "Pacific Theatre"
	}
	return f
}

var countryNames = map[string]string{"DE": "Germany", "US": "United States", "GB": "Great Britain", "RU": "Soviet Union", "FR": "France",
	"JP": "Japan", "IT": "Italy", "CA": "Canada"}

var nationCountry = map[string]string{"ger": "DE", "us": "US", "brit": "GB", "ru": "RU", "fr": "FR", "jp": "JP", "it": "IT"}

func (d *drawer) title() {
	m, s := d.m, d.s
	name := m.name
	if name == "" {
		name = "Untitled battle"
	}
	d.c.begin("title")
	d.c.text(d.margin, d.margin+s*0.36, name, s*0.36, Start, true, d.pal.ink)
	var parts []string
	if m.date != "" {
		parts = append(parts, FormatDate(m.date))
	}
	if m.front != "" {
		parts = append(parts, FrontName(m.front))
	}
	board := map[string]string{"STANDARD": "standard board", "BRKTHRU": "Breakthrough board", "OVERLORD": "Overlord board"}[m.boardType]
	if board == "" {
		board = strings.ToLower(m.boardType) + " board"
	}
	parts = append(parts, board+", "+strings.ToLower(m.face)+" face")
	if m.live {
		parts = append(parts, fmt.Sprintf("turn %d, %s to play (%s)", m.turn, m.active, m.phase))
	}
	d.c.text(d.margin, d.margin+s*0.66, strings.Join(parts, "  ·  "), s*0.17, Start, false, d.pal.faint)
	d.c.end()
}

// country is the side's country name: from the file, else from its units.
func (d *drawer) country(side rules.Side) string {
	code := d.m.countries[side]
	if code == "" {
		n := map[string]int{}
		for _, u := range d.m.units {
			if u.side == side && u.nation != "" {
				n[u.nation]++
			}
		}
		best := ""
		for k, v := range n {
			if v > n[best] || v == n[best] && k < best {
				best = k
			}
		}
		code = nationCountry[best]
	}
	if name, ok := countryNames[code]; ok {
		return name
	}
	return code
}

func (d *drawer) panels() {
	m := d.m
	d.c.begin("sides")
	d.panel(m.top, d.topPanel)
	d.panel(m.top.Opp(), d.botPanel)
	d.c.end()
}

func (d *drawer) panel(side rules.Side, y float64) {
	m, s, pal := d.m, d.s, d.pal
	x, w, h := d.margin, d.c.W-2*d.margin, d.panelH
	d.c.draw((&Path{}).rect(x, y, w, h, s*0.06), fillStroke(pal.side[side], pal.sideDark[side], s*0.02))
	ink := pal.sideText[side]
	name := strings.ToUpper(side.String())
	if c := d.country(side); c != "" {
		name += " · " + c
	}
	base := y + h*0.66
	d.c.text(x+s*0.18, base, name, s*0.2, Start, true, ink)
	info := fmt.Sprintf("%d command cards", m.cards[side])
	if m.cards[side] == 1 {
		info = "1 command card"
	}
	if m.first == side {
		info += " · moves first"
	}
	loc := "baseline at the top"
	if side != m.top {
		loc = "baseline at the bottom"
	}
	info += " · " + loc
	nx := x + s*0.18 + textWidth(name, s*0.2, true)*1.15 + s*0.3 // room for wider fallback fonts
	d.c.text(nx, base, info, s*0.16, Start, false, ink)
	// Medal track: one place per medal to win, gold when won.
	v := m.victory[side]
	r := s * 0.11
	gap := r * 2.5
	label := fmt.Sprintf("%d medals to win", v)
	if n := m.mustExit[side]; n > 0 {
		label = fmt.Sprintf("%d medals to win, with %d unit%s exited", v, n, map[bool]string{true: "s"}[n > 1])
	}
	right := x + w - s*0.18
	tx := right - float64(v)*gap
	if v > 12 {
		tx = right
	} else {
		for i := 0; i < v; i++ {
			cx := right - r - float64(v-1-i)*gap
			won := i < m.medals[side]
			f := pal.sideDark[side].mix(pal.side[side], 0.35)
			if won {
				f = pal.gold
			}
			d.c.draw((&Path{}).circle(cx, y+h/2, r), fillStroke(f, pal.goldDark.mix(ink, 0.3), s*0.018))
			if won {
				d.c.draw(star(pt{cx, y + h/2}, r*0.6, 5, 0.45), fill(pal.goldDark))
			}
		}
	}
	if m.live {
		label = fmt.Sprintf("%d of %d medals", m.medals[side], v)
	}
	d.c.text(tx-s*0.15, base, label, s*0.16, End, false, ink)
}

// ---- legend ----

type legendEntry struct {
	text string
	draw func(c pt, s float64)
	// key and args word the entry for a client in its own language
	// (LegendItem); text is the English.
	key  string
	args map[string]any
}

// sabotage draws a sabotage target's star tokens at the foot of its hex,
// below a unit's counter: a gold star and "placed/needed", red once
// sabotaged (rules.Sabotage; Schwammenauel Dam).
func (d *drawer) sabotage(c pt, s float64, stars, needed int8) {
	o := pt{c.X - s*0.22, c.Y + s*0.6}
	r := s * 0.14
	col := rgb("#e0b43a")
	if stars >= needed {
		col = rgb("#c62828")
	}
	d.c.draw(star(o, r, 5, 0.45), fillStroke(col, rgb("#2f2c27"), r*0.1))
	d.c.text(o.X+r*1.1, o.Y+r*0.35, fmt.Sprintf("%d/%d", stars, needed), r*0.95, Start, true, rgb("#2f2c27"))
}

func (d *drawer) legendEntries() []legendEntry {
	m, p := d.m, d.p
	var out []legendEntry
	add := func(text string, f func(c pt, s float64), key string, kv ...any) {
		args := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			args[kv[i].(string)] = kv[i+1]
		}
		out = append(out, legendEntry{text: text, draw: f, key: key, args: args})
	}
	terr := map[rules.Terrain]bool{}
	extras := map[string]bool{}
	structs := map[rules.Structure]bool{}
	obst := map[rules.Obstacle]bool{}
	blown, sabo := false, false
	for _, h := range m.grid.Hexes() {
		g := m.groundAt(h)
		blown = blown || g.blown
		sabo = sabo || g.saboNeed > 0
		if g.extra != "" {
			extras[g.extra] = true
		} else {
			terr[g.terrain] = true
		}
		structs[g.structure] = true
		obst[g.obstacle] = true
	}
	water := func(c pt, s float64) {
		path := bandPath(c, s, []int{3, 0}, nil)
		d.c.draw(path, Style{Stroke: d.pal.waterDark, Width: s * 0.27, Butt: true})
		d.c.draw(path, Style{Stroke: d.pal.water, Width: s * 0.19, Butt: true})
	}
	names := []struct {
		t    rules.Terrain
		name string
		f    func(c pt, s float64)
	}{ // the base game's grounds
		{rules.Forest, "Forest", p.forest},
		{rules.Hedgerow, "Hedgerow", p.hedgerow},
		{rules.Hill, "Hill", p.hill},
		{rules.SteepHill, "Steep hill", p.steepHill},
		{rules.Mountain, "Mountain (height 2)", p.mountain},
		{rules.Town, "Town or village", p.town},
		{rules.Church, "Church", p.church},
		{rules.River, "River (impassable)", water},
		{rules.Lake, "Lake (impassable)", func(c pt, s float64) { p.lake(c, s, 3) }},
		{rules.Beach, "Beach", func(c pt, s float64) { p.beach(c, s, 5) }},
		{rules.Ocean, "Ocean", func(c pt, s float64) { p.ocean(c, s, 9) }},
		{rules.Bluff, "Bluff", func(c pt, s float64) { p.hachures(c, s, d.pal.bluff, d.pal.bluffLine, false) }},
		{rules.Cliff, "Cliff", func(c pt, s float64) { p.hachures(c, s, d.pal.cliff, d.pal.cliffLine, true) }},
	}
	for _, n := range names {
		if terr[n.t] {
			add(n.name, n.f, "legend.terrain", "key", m.cat.Ground(n.t).Key)
		}
	}
	// Grounds of other rulesets: their key and what they do, from the catalog.
	for t := rules.NumTerrains; int(t) < len(m.cat.Grounds()); t++ {
		if terr[t] {
			row := m.cat.Ground(t)
			add(row.Key+": "+row.Summary, func(c pt, s float64) {
				switch rowFamily(row.Key) {
				case "road":
					path := bandPath(c, s, []int{3, 0}, nil)
					d.c.draw(path, Style{Stroke: d.pal.roadEdge, Width: s * 0.17, Butt: true})
					d.c.draw(path, Style{Stroke: d.pal.road, Width: s * 0.12, Butt: true})
				case "rail":
					path := bandPath(c, s, []int{3, 0}, nil)
					d.c.draw(path, Style{Stroke: rgb("#5b4c3c"), Width: s * 0.12, Dash: []float64{s * 0.02, s * 0.05}, Butt: true})
					d.c.draw(path, Style{Stroke: rgb("#2f2a25"), Width: s * 0.035, Butt: true})
				case "water":
					water(c, s)
				}
				d.rowSymbol(row, "", c, s, 5)
			}, "legend.terrain", "key", row.Key)
		}
	}
	extraNames := []struct{ k, name string }{{"road", "Road (not played)"}, {"rail", "Railway (not played)"}, {"marsh", "Marsh (not played)"},
		{"jungle", "Jungle (not played)"}, {"ruins", "Ruins, factory (not played)"}, {"coast", "Coast (not played)"},
		{"escarpment", "Escarpment, wadi (not played)"}, {"hillforest", "Wooded hill (not played)"}, {"other", "Other tile (not played)"}}
	for _, e := range extraNames {
		if !extras[e.k] {
			continue
		}
		k := e.k
		add(e.name, func(c pt, s float64) {
			switch k {
			case "road":
				path := bandPath(c, s, []int{3, 0}, nil)
				d.c.draw(path, Style{Stroke: d.pal.roadEdge, Width: s * 0.17, Butt: true})
				d.c.draw(path, Style{Stroke: d.pal.road, Width: s * 0.12, Butt: true})
			case "rail":
				path := bandPath(c, s, []int{3, 0}, nil)
				d.c.draw(path, Style{Stroke: rgb("#5b4c3c"), Width: s * 0.12, Dash: []float64{s * 0.02, s * 0.05}, Butt: true})
				d.c.draw(path, Style{Stroke: rgb("#2f2a25"), Width: s * 0.035, Butt: true})
			default:
				d.extraSymbol(k, "name", c, s, 5)
			}
		}, "legend.extra", "key", k)
	}
	if structs[rules.Bridge] {
		add("Bridge", func(c pt, s float64) { water(c, s); p.bridge(c, s, math.Pi/2) }, "legend.feature", "key", "bridge")
	}
	if sabo {
		add("Sabotage target: star tokens placed / needed (rolled at the start of the saboteur's turns)", func(c pt, s float64) { d.sabotage(pt{c.X + s*0.22, c.Y - s*0.6}, s, 0, 4) }, "legend.sabotage")
	}
	if blown {
		add("Bridge blown up: a river again", func(c pt, s float64) { water(c, s); p.blownBridge(c, s, math.Pi/2) }, "legend.blown")
	}
	if structs[rules.BridgeSpan] {
		add("Long bridge: entered and left only at its ends", func(c pt, s float64) { p.bridge(c, s, -math.Pi/3) }, "legend.long-bridge")
	}
	if structs[rules.Bunker] {
		add("Bunker", func(c pt, s float64) { p.bunker(c, s, rgb("#a3a39a")) }, "legend.feature", "key", "bunker")
	}
	// Structures of other rulesets: their key and what they do.
	for f := rules.NumStructures; int(f) <= len(m.cat.Features()); f++ {
		if !structs[f] {
			continue
		}
		row := m.cat.Feature(f)
		add(row.Key+": "+row.Summary, func(c pt, s float64) {
			switch row.Key {
			case "field-bunker":
				p.bunker(c, s, rgb("#c9b27f"))
			default:
				d.catalogFeature(row, c, s, 0)
			}
		}, "legend.feature", "key", row.Key)
	}
	if obst[rules.Sandbags] {
		add("Sandbags", func(c pt, s float64) { p.sandbags(c, s, -math.Pi/2) }, "legend.feature", "key", "sandbags")
	}
	if obst[rules.Wire] {
		add("Barbed wire", p.wire, "legend.feature", "key", "wire")
	}
	if obst[rules.Hedgehog] {
		add("Hedgehogs", p.hedgehogs, "legend.feature", "key", "hedgehog")
	}
	if obst[rules.Seawall] {
		add("Sea wall", p.seawall, "legend.feature", "key", "seawall")
	}
	if len(m.targets) > 0 {
		add("Target marker: the big gun that placed it rolls 1 die more at this unit", func(c pt, s float64) { p.mark(c, s*0.2, "target", "", 0, 0) }, "legend.target")
	}
	// The units: one entry per side, class and strength of the base game's
	// units, then one per row of another ruleset (Winter Wars V kinds,
	// Tigers) with its mark and the row's summary, each drawn as it stands
	// on the board.
	type uk struct {
		t rules.UnitType
		s rules.Side
		f int
	}
	var plain []uk
	elite, boat := false, false
	for _, u := range m.units {
		elite = elite || u.elite
		boat = boat || u.boat
		if k := (uk{u.typ, u.side, u.figures}); u.kind == "" && !slices.Contains(plain, k) {
			plain = append(plain, k)
		}
	}
	slices.SortFunc(plain, func(a, b uk) int {
		if a.s != b.s {
			return int(a.s) - int(b.s)
		}
		if a.t != b.t {
			return int(a.t) - int(b.t)
		}
		return a.f - b.f
	})
	typeNames := []string{rules.Infantry: "infantry", rules.Armor: "armor", rules.Artillery: "artillery"}
	for _, k := range plain {
		u := unitM{typ: k.t, side: k.s, figures: k.f, max: k.f}
		unit := "figures"
		if k.f == 1 {
			unit = "figure"
		}
		add(fmt.Sprintf("%s %s (%d %s)", capital(k.s.String()), typeNames[k.t], k.f, unit), func(c pt, s float64) { p.counter(c, s*0.62, u) },
			"legend.unit", "side", k.s.String(), "type", typeNames[k.t], "figures", k.f)
	}
	seenKind := map[string]bool{}
	for _, u := range m.units {
		if u.kind == "" || seenKind[u.kind] {
			continue
		}
		seenKind[u.kind] = true
		k, ok := m.cat.UnitByKey(u.kind)
		if !ok {
			continue
		}
		row := m.cat.Unit(k)
		text := row.Summary
		if mark := kindMarks[u.symbol]; mark != "" {
			text = mark + ": " + text
		}
		c := unitM{typ: u.typ, side: u.side, figures: u.max, max: u.max, symbol: u.symbol}
		add(text, func(at pt, s float64) { p.counter(at, s*0.62, c) }, "legend.kind", "key", row.Key)
	}
	if boat {
		add("Collapsible boats: infantry enters a river and stops; afloat, 1 hex a turn, -1 die, no retreat (a flag costs a figure); landing removes the boat", func(c pt, s float64) {
			p.boat(c, s*0.5)
		}, "legend.boat")
	}
	if elite {
		add("Special forces (elite)", func(c pt, s float64) {
			p.c.draw(star(c, s*0.2, 5, 0.45), fillStroke(d.pal.gold, d.pal.goldDark, s*0.02))
		}, "legend.elite")
	}
	type ok struct {
		k  rules.ObjectiveKind
		s  rules.SideMask
		ts bool
	}
	var kinds []ok
	for _, o := range m.objs {
		k := ok{o.kind, o.sides, o.turnStart}
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	slices.SortFunc(kinds, func(a, b ok) int {
		key := func(o ok) int { return int(o.k)*8 + int(o.s)*2 + map[bool]int{true: 1}[o.ts] }
		return key(a) - key(b)
	})
	kindNames := []string{"Temporary medal", "Permanent medal", "Majority medal", "Sudden death",
		"Persistent medal: kept until the other side enters", "Exclusive medal: held with no enemy on the hexes"}
	for _, k := range kinds {
		who := map[rules.SideMask]string{rules.MaskAllies: "Allies", rules.MaskAxis: "Axis", rules.MaskBoth: "either side"}[k.s]
		text := kindNames[k.k] + " (" + who + ")"
		if k.ts {
			text += ", taken at the start of the side's turn"
		}
		if k.k == rules.SuddenDeath {
			for _, o := range m.objs {
				if o.kind == rules.SuddenDeath && o.sides == k.s {
					text = fmt.Sprintf("Sudden death: %s hold %d of %d", who, o.count, len(o.hexes))
					break
				}
			}
		}
		sides := map[rules.SideMask]string{rules.MaskAllies: "allies", rules.MaskAxis: "axis", rules.MaskBoth: "both"}[k.s]
		kv := []any{"kind", k.k.String(), "sides", sides, "turn_start", k.ts}
		if k.k == rules.SuddenDeath {
			for _, o := range m.objs {
				if o.kind == rules.SuddenDeath && o.sides == k.s {
					kv = append(kv, "count", o.count, "of", len(o.hexes))
					break
				}
			}
		}
		add(text, func(c pt, s float64) { p.medal(c, s*0.2, k.k, k.s) }, "legend.medal", kv...)
	}
	for _, o := range m.objs {
		if o.kind != rules.SuddenDeath && len(o.hexes) > 1 {
			add("Hexes of one objective", func(c pt, s float64) {
				d.c.draw((&Path{}).poly(scaled(c, s, 0.88)), Style{Stroke: d.pal.gold.mix(d.pal.goldDark, 0.2), Width: s * 0.05, Dash: []float64{s * 0.1, s * 0.08}})
			}, "legend.objective-hexes")
			break
		}
	}
	markNames := map[string]string{"mine": "Minefield (not played)", "exit": "Exit marker (not played)", "star": "Battle star (not played)", "other": "Marker (not played)"}
	if m.mines {
		markNames["mine"] = "Minefield: a token face down; an enemy unit entering stops, turns it over and rolls its value"
	}
	seenMark := map[string]bool{}
	for _, mk := range m.marks {
		key := fmt.Sprint(mk.kind, mk.side)
		if seenMark[key] {
			continue
		}
		seenMark[key] = true
		kind, side := mk.kind, mk.side
		text := markNames[kind]
		if kind == "exit" && side > 0 {
			who := rules.Side(side - 1)
			text = fmt.Sprintf("Exit for the %s: a unit leaving the board here wins a medal", capital(who.String()))
			if !m.exits {
				text = fmt.Sprintf("Exit for the %s (not played)", capital(who.String()))
			}
		}
		kv := []any{"kind", kind, "played", kind == "mine" && m.mines || kind == "exit" && side > 0 && m.exits}
		if kind == "exit" && side > 0 {
			kv = append(kv, "side", rules.Side(side-1).String())
		}
		add(text, func(c pt, s float64) { p.mark(c, s*0.18, kind, "?", side, 0) }, "legend.mark", kv...)
	}
	add("Section line", func(c pt, s float64) {
		d.c.draw((&Path{}).line(pt{c.X, c.Y - s*0.45}, pt{c.X, c.Y + s*0.45}), Style{Stroke: d.pal.section, Width: s * 0.05, Dash: []float64{s * 0.14, s * 0.09}, Butt: true})
	}, "legend.section")
	return out
}

// LegendItem is one entry of a board's legend for a client that words it
// in its own language: Key (a message key, "legend.terrain", "legend.unit"…)
// and Args ({"key": "forest"}, {"side": "allies", "type": "infantry",
// "figures": 4}…), the English Text, and the entry's symbol alone as an SVG
// picture.
type LegendItem struct {
	Key  string         `json:"key"`
	Args map[string]any `json:"args,omitempty"`
	Text string         `json:"text"`
	SVG  string         `json:"svg"`
}

// Legend is the legend of the board Board draws for s and o: the entries it
// would draw under the board, each with its symbol on a hex of size px.
func Legend(s *rules.Setup, o Options, px float64) ([]LegendItem, error) {
	m, err := newModel(s, &o)
	if err != nil {
		return nil, err
	}
	pal := paletteFor(m.face)
	c := &Canvas{}
	d := &drawer{m: m, s: px, pal: &pal, opt: o, c: c}
	d.p = pen{c: c, pal: d.pal}
	entries := d.legendEntries()
	out := make([]LegendItem, 0, len(entries))
	for _, e := range entries {
		// The entries draw on d.c (and d.p's copy of it): one canvas,
		// emptied for each symbol.
		*c = Canvas{W: math.Ceil(px), H: math.Ceil(px * 2 / sqrt3)}
		ctr := pt{c.W / 2, c.H / 2}
		hx := scaled(ctr, px, 1)
		c.draw((&Path{}).poly(hx), fill(d.pal.plain))
		e.draw(ctr, px)
		c.draw((&Path{}).poly(hx), stroke(d.pal.gridLine.mix(d.pal.frame, 0.25), px*0.024))
		out = append(out, LegendItem{Key: e.key, Args: e.args, Text: e.text, SVG: string(c.SVG())})
	}
	return out, nil
}

func (d *drawer) drawLegend() {
	s := d.s
	ls := s * 0.5
	d.c.begin("legend")
	d.c.text(d.margin, d.legendY+s*0.16, "Legend", s*0.18, Start, true, d.pal.ink)
	y0 := d.legendY + s*0.3
	for i, e := range d.legend {
		col, row := i%d.legendCols, i/d.legendCols
		x := d.margin + float64(col)*d.legendColW
		y := y0 + float64(row)*ls*1.15
		c := pt{x + ls/2, y + ls/2}
		p := scaled(c, ls, 1)
		d.c.draw((&Path{}).poly(p), fill(d.pal.plain))
		e.draw(c, ls)
		d.c.draw((&Path{}).poly(p), stroke(d.pal.gridLine.mix(d.pal.frame, 0.25), s*0.012))
		d.c.text(x+ls+s*0.15, c.Y+s*0.055, e.text, s*0.16, Start, false, d.pal.ink)
	}
	d.c.end()
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
