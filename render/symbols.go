package render

import (
	"math"

	"m44/rules"
)

// The symbols of the map, all original drawings: each takes the centre of a
// hex and the hex's width in pixels, so that the legend draws the same
// symbols as the board, smaller.

const sqrt3 = 1.7320508075688772

type pen struct {
	c   *Canvas
	pal *palette
}

func hexCorners(c pt, s float64) []pt {
	r := s / sqrt3
	out := make([]pt, 6)
	for i := range out {
		a := (float64(i)*60 - 90) * math.Pi / 180
		out[i] = pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return out
}

// scaled returns the corners of a hex shrunk by k about its centre.
func scaled(c pt, s, k float64) []pt { return hexCorners(c, s*k) }

// edgeMid is the middle of the edge towards direction d (0 = east,
// clockwise, as hex.Neighbour).
func edgeMid(c pt, s float64, d int) pt {
	a := float64(d) * math.Pi / 3
	return pt{c.X + s/2*math.Cos(a), c.Y + s/2*math.Sin(a)}
}

func at(c pt, s, x, y float64) pt { return pt{c.X + x*s, c.Y + y*s} }

// hash01 is a fixed pseudo-random number in [0,1) for a seed and an index
// (for sand grains and waves: the same picture every time).
func hash01(seed, i int) float64 {
	x := uint64(seed)*0x9E3779B97F4A7C15 + uint64(i)*0xBF58476D1CE4E5B9
	x ^= x >> 31
	x *= 0x94D049BB133111EB
	x ^= x >> 29
	return float64(x>>11) / float64(1<<53)
}

// blob is a smooth closed shape around c: an ellipse whose radius varies by
// the factors in wob.
func blob(c pt, rx, ry float64, wob []float64, rot float64) *Path {
	n := len(wob)
	ps := make([]pt, n)
	for i := range ps {
		a := rot + 2*math.Pi*float64(i)/float64(n)
		ps[i] = pt{c.X + rx*wob[i]*math.Cos(a), c.Y + ry*wob[i]*math.Sin(a)}
	}
	mid := func(a, b pt) pt { return pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2} }
	p := &Path{}
	s := mid(ps[n-1], ps[0])
	p.M(s.X, s.Y)
	for i := range ps {
		e := mid(ps[i], ps[(i+1)%n])
		p.Q(ps[i].X, ps[i].Y, e.X, e.Y)
	}
	return p.Z()
}

// rotEllipse is an ellipse turned by angle a.
func rotEllipse(c pt, rx, ry, a float64) *Path {
	const k = 0.5522847498
	ca, sa := math.Cos(a), math.Sin(a)
	tr := func(x, y float64) (float64, float64) { return c.X + x*ca - y*sa, c.Y + x*sa + y*ca }
	p := &Path{}
	x0, y0 := tr(rx, 0)
	p.M(x0, y0)
	quads := [4][3][2]float64{
		{{rx, k * ry}, {k * rx, ry}, {0, ry}},
		{{-k * rx, ry}, {-rx, k * ry}, {-rx, 0}},
		{{-rx, -k * ry}, {-k * rx, -ry}, {0, -ry}},
		{{k * rx, -ry}, {rx, -k * ry}, {rx, 0}},
	}
	for _, q := range quads {
		a1, b1 := tr(q[0][0], q[0][1])
		a2, b2 := tr(q[1][0], q[1][1])
		a3, b3 := tr(q[2][0], q[2][1])
		p.C(a1, b1, a2, b2, a3, b3)
	}
	return p.Z()
}

func star(c pt, r float64, points int, inner float64) *Path {
	ps := make([]pt, 2*points)
	for i := range ps {
		rr := r
		if i%2 == 1 {
			rr = r * inner
		}
		a := -math.Pi/2 + math.Pi*float64(i)/float64(points)
		ps[i] = pt{c.X + rr*math.Cos(a), c.Y + rr*math.Sin(a)}
	}
	return (&Path{}).poly(ps)
}

// hexFill paints a whole hex.
func (p pen) hexFill(c pt, s float64, col Color) {
	p.c.draw((&Path{}).poly(hexCorners(c, s)), fill(col))
}

// ---- terrain ----

var treeSpots = [][3]float64{{-0.27, -0.1, 0.13}, {0.02, -0.31, 0.12}, {0.29, -0.08, 0.13}, {-0.19, 0.25, 0.12}, {0.22, 0.26, 0.12}, {0.01, 0.02, 0.15}}

func (p pen) forest(c pt, s float64) {
	p.hexFill(c, s, p.pal.forestTint)
	p.trees(c, s, p.pal.canopy, p.pal.dark)
}

func (p pen) trees(c pt, s float64, canopy, dark Color) {
	w := s * 0.012
	for _, t := range treeSpots {
		o := at(c, s, t[0], t[1])
		r := t[2] * s
		if p.pal.firs {
			p.fir(o, r, canopy, dark, w)
			continue
		}
		p.c.draw((&Path{}).rect(o.X-r*0.14, o.Y+r*0.5, r*0.28, r*0.7, 0), fillStroke(p.pal.trunk, dark, w))
		p.c.draw((&Path{}).circle(o.X, o.Y, r), fillStroke(canopy, dark, w*1.3))
		p.c.draw((&Path{}).circle(o.X-r*0.3, o.Y-r*0.3, r*0.42), fill(canopy.mix(rgb("#ffffff"), 0.22)))
	}
}

func (p pen) fir(o pt, r float64, green, dark Color, w float64) {
	p.c.draw((&Path{}).rect(o.X-r*0.13, o.Y+r*0.7, r*0.26, r*0.45, 0), fillStroke(p.pal.trunk, dark, w))
	low := []pt{{o.X - r*0.85, o.Y + r*0.75}, {o.X, o.Y - r*0.35}, {o.X + r*0.85, o.Y + r*0.75}}
	high := []pt{{o.X - r*0.62, o.Y + r*0.1}, {o.X, o.Y - r*1.15}, {o.X + r*0.62, o.Y + r*0.1}}
	p.c.draw((&Path{}).poly(low), fillStroke(green, dark, w))
	p.c.draw((&Path{}).poly(high), fillStroke(green, dark, w))
	snow := p.pal.snow
	p.c.draw((&Path{}).poly([]pt{{o.X - r*0.3, o.Y - r*0.55}, {o.X, o.Y - r*1.15}, {o.X + r*0.3, o.Y - r*0.55}, {o.X, o.Y - r*0.65}}), fill(snow))
	p.c.draw((&Path{}).poly([]pt{{o.X - r*0.55, o.Y + r*0.2}, {o.X - r*0.35, o.Y - r*0.05}, {o.X, o.Y + r*0.08}, {o.X + r*0.35, o.Y - r*0.05}, {o.X + r*0.55, o.Y + r*0.2}, {o.X, o.Y + r*0.22}}), fill(snow.alpha(0.9)))
}

var hillWob = []float64{1, 0.93, 1.04, 0.97, 1.05, 0.95, 1.02, 0.96}

func (p pen) hill(c pt, s float64) {
	p.hexFill(c, s, p.pal.hillTint)
	w := s * 0.018
	p.c.draw(blob(at(c, s, 0, 0.03), s*0.4, s*0.33, hillWob, 0.3), fillStroke(p.pal.hillInner, p.pal.hillLine, w))
	p.c.draw(blob(at(c, s, 0.02, -0.02), s*0.25, s*0.19, hillWob, 1.1), fillStroke(p.pal.hillInner.mix(p.pal.hillLine, 0.15), p.pal.hillLine, w))
}

func (p pen) mountain(c pt, s float64) {
	tint := p.pal.mountTint
	p.hexFill(c, s, tint)
	line := p.pal.mountLine
	w := s * 0.02
	p.c.draw(blob(at(c, s, 0, 0.04), s*0.42, s*0.36, hillWob, 0.2), fillStroke(tint.mix(line, 0.15), line, w))
	p.c.draw(blob(at(c, s, 0.01, 0), s*0.3, s*0.25, hillWob, 1.3), fillStroke(tint.mix(line, 0.28), line, w))
	p.c.draw(blob(at(c, s, 0.02, -0.04), s*0.17, s*0.13, hillWob, 2.1), fillStroke(tint.mix(line, 0.42), line, w))
	peak := []pt{at(c, s, -0.14, -0.1), at(c, s, 0.02, -0.36), at(c, s, 0.17, -0.1)}
	p.c.draw((&Path{}).poly(peak), fillStroke(line.mix(tint, 0.35), line, w))
	p.c.draw((&Path{}).poly([]pt{at(c, s, -0.05, -0.24), at(c, s, 0.02, -0.36), at(c, s, 0.09, -0.24), at(c, s, 0.03, -0.27)}), fill(p.pal.snow))
}

// hachures draws the slope marks of bluffs and cliffs: a crest line across
// the hex with ticks down the slope.
func (p pen) hachures(c pt, s float64, base, line Color, dense bool) {
	p.hexFill(c, s, base)
	w := s * 0.022
	crest := &Path{}
	n := 9
	var tops []pt
	for i := 0; i <= n; i++ {
		x := -0.42 + 0.84*float64(i)/float64(n)
		y := -0.12 + 0.035*math.Sin(float64(i)*1.3)
		tops = append(tops, at(c, s, x, y))
	}
	crest.line(tops...)
	p.c.draw(crest, stroke(line, w*1.3))
	step := 0.07
	if dense {
		step = 0.05
	}
	ticks := &Path{}
	for x := -0.38; x <= 0.381; x += step {
		i := int(math.Round((x + 0.42) / 0.84 * float64(n)))
		y := -0.12 + 0.035*math.Sin(float64(i)*1.3)
		l := 0.13
		if int(math.Round(x/step))%2 != 0 {
			l = 0.08
		}
		if dense {
			l += 0.05
		}
		ticks.line(at(c, s, x, y+0.02), at(c, s, x+0.01, y+l))
	}
	p.c.draw(ticks, stroke(line, w))
}

func (p pen) steepHill(c pt, s float64) {
	p.hill(c, s)
	w := s * 0.02
	t := &Path{}
	for i := 0; i < 16; i++ {
		a := 2 * math.Pi * float64(i) / 16
		t.line(pt{c.X + s*0.4*math.Cos(a), c.Y + s*0.03 + s*0.33*math.Sin(a)}, pt{c.X + s*0.47*math.Cos(a), c.Y + s*0.03 + s*0.4*math.Sin(a)})
	}
	p.c.draw(t, stroke(p.pal.hillLine, w))
}

func (p pen) house(o pt, w float64) {
	pal := p.pal
	lw := w * 0.07
	if pal.flatRoofs {
		p.c.draw((&Path{}).rect(o.X-w/2, o.Y-w*0.3, w, w*0.6, 0), fillStroke(pal.wall, pal.roofDark, lw))
		p.c.draw((&Path{}).rect(o.X-w/2, o.Y-w*0.3, w, w*0.16, 0), fillStroke(pal.roof, pal.roofDark, lw))
		p.c.draw((&Path{}).rect(o.X-w*0.08, o.Y+w*0.02, w*0.16, w*0.28, 0), fill(pal.roofDark))
		return
	}
	p.c.draw((&Path{}).rect(o.X-w*0.42, o.Y-w*0.12, w*0.84, w*0.5, 0), fillStroke(pal.wall, pal.roofDark, lw))
	roof := []pt{{o.X - w*0.56, o.Y - w*0.1}, {o.X - w*0.3, o.Y - w*0.5}, {o.X + w*0.3, o.Y - w*0.5}, {o.X + w*0.56, o.Y - w*0.1}}
	p.c.draw((&Path{}).poly(roof), fillStroke(pal.roof, pal.roofDark, lw))
	p.c.draw((&Path{}).rect(o.X-w*0.08, o.Y+w*0.1, w*0.16, w*0.28, 0), fill(pal.roofDark))
}

var houseSpots = [][2]float64{{-0.26, -0.16}, {0.25, -0.18}, {-0.23, 0.25}, {0.25, 0.25}, {0, -0.36}}

func (p pen) town(c pt, s float64) {
	p.hexFill(c, s, p.pal.townTint)
	for _, h := range houseSpots {
		p.house(at(c, s, h[0], h[1]), s*0.2)
	}
	p.house(at(c, s, 0, 0.04), s*0.22)
}

func (p pen) church(c pt, s float64) {
	pal := p.pal
	p.hexFill(c, s, pal.townTint)
	for _, h := range houseSpots[2:4] {
		p.house(at(c, s, h[0], h[1]), s*0.2)
	}
	lw := s * 0.016
	// The nave, its roof, the tower, the spire and the cross.
	p.c.draw((&Path{}).rect(c.X-s*0.08, c.Y-s*0.16, s*0.34, s*0.2, 0), fillStroke(pal.wall, pal.roofDark, lw))
	p.c.draw((&Path{}).poly([]pt{at(c, s, -0.1, -0.15), at(c, s, -0.04, -0.27), at(c, s, 0.22, -0.27), at(c, s, 0.28, -0.15)}), fillStroke(pal.roof, pal.roofDark, lw))
	p.c.draw((&Path{}).rect(c.X-s*0.2, c.Y-s*0.3, s*0.13, s*0.34, 0), fillStroke(pal.wall, pal.roofDark, lw))
	p.c.draw((&Path{}).poly([]pt{at(c, s, -0.215, -0.3), at(c, s, -0.135, -0.44), at(c, s, -0.055, -0.3)}), fillStroke(pal.roof, pal.roofDark, lw))
	p.c.draw((&Path{}).line(at(c, s, -0.135, -0.44), at(c, s, -0.135, -0.53)).line(at(c, s, -0.17, -0.495), at(c, s, -0.1, -0.495)), stroke(pal.roofDark, s*0.022))
	p.c.draw((&Path{}).rect(c.X-s*0.155, c.Y-s*0.04, s*0.04, s*0.08, s*0.02), fill(pal.roofDark))
}

func (p pen) hedgerow(c pt, s float64) {
	pal := p.pal
	p.hexFill(c, s, pal.hedgeTint)
	corners := scaled(c, s, 0.82)
	r := s * 0.05
	var bushes []pt
	for i := range corners {
		a, b := corners[i], corners[(i+1)%6]
		n := 4
		for k := 0; k < n; k++ {
			t := float64(k) / float64(n)
			bushes = append(bushes, pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t})
		}
	}
	path := &Path{}
	for _, b := range bushes {
		path.circle(b.X, b.Y, r)
	}
	p.c.draw(path, fillStroke(pal.hedge, pal.hedgeDark, s*0.012))
	hl := &Path{}
	for _, b := range bushes {
		hl.circle(b.X-r*0.3, b.Y-r*0.3, r*0.35)
	}
	p.c.draw(hl, fill(pal.hedge.mix(rgb("#ffffff"), 0.25)))
}

func (p pen) beach(c pt, s float64, seed int) {
	p.hexFill(c, s, p.pal.sand)
	dots := &Path{}
	for i := 0; i < 9; i++ {
		x := (hash01(seed, 2*i) - 0.5) * 0.75
		y := (hash01(seed, 2*i+1) - 0.5) * 0.75
		dots.circle(c.X+x*s, c.Y+y*s, s*0.012)
	}
	p.c.draw(dots, fill(p.pal.sandDot))
}

func (p pen) ocean(c pt, s float64, seed int) {
	p.hexFill(c, s, p.pal.ocean)
	p.waves(c, s, seed, p.pal.oceanLine)
}

func (p pen) waves(c pt, s float64, seed int, col Color) {
	w := &Path{}
	spots := [][2]float64{{-0.2, -0.2}, {0.18, -0.02}, {-0.12, 0.24}}
	for i, sp := range spots {
		x := sp[0] + (hash01(seed, i)-0.5)*0.1
		y := sp[1] + (hash01(seed, i+7)-0.5)*0.06
		a := at(c, s, x-0.09, y)
		m := at(c, s, x, y)
		b := at(c, s, x+0.09, y)
		w.M(a.X, a.Y).Q(a.X+s*0.045, a.Y-s*0.05, m.X, m.Y).Q(m.X+s*0.045, m.Y+s*0.05, b.X, b.Y)
	}
	p.c.draw(w, stroke(col, s*0.022))
}

var lakeWob = []float64{1, 0.9, 1.05, 0.95, 1.08, 0.88, 1.02, 0.97, 1.06, 0.92}

func (p pen) lake(c pt, s float64, seed int) {
	p.c.draw(blob(c, s*0.43, s*0.38, lakeWob, float64(seed%7)*0.4), fillStroke(p.pal.water, p.pal.waterDark, s*0.02))
	p.waves(c, s*0.8, seed, p.pal.waterLight)
}

// bandPath is a river, road or rail through a hex: from the middle of the
// edge towards each direction in dirs to the others. ends[i], when set,
// carries the band on past the edge to that point (off the board's hexes,
// to the outer edge of its frame).
func bandPath(c pt, s float64, dirs []int, ends []*pt) *Path {
	p := &Path{}
	if len(dirs) == 0 {
		a, b := edgeMid(c, s, 3), edgeMid(c, s, 0)
		return p.line(a, b)
	}
	end := func(i int) pt {
		if ends != nil && ends[i] != nil {
			return *ends[i]
		}
		return edgeMid(c, s, dirs[i])
	}
	if len(dirs) == 2 {
		a, b := edgeMid(c, s, dirs[0]), edgeMid(c, s, dirs[1])
		ea, eb := end(0), end(1)
		p.M(ea.X, ea.Y)
		if ea != a {
			p.L(a.X, a.Y)
		}
		p.Q(c.X, c.Y, b.X, b.Y)
		if eb != b {
			p.L(eb.X, eb.Y)
		}
		return p
	}
	for i := range dirs {
		p.line(c, end(i))
	}
	return p
}

// ---- structures ----

func (p pen) bridge(c pt, s float64, axis float64) {
	ca, sa := math.Cos(axis), math.Sin(axis)
	tr := func(x, y float64) pt { return pt{c.X + (x*ca-y*sa)*s, c.Y + (x*sa+y*ca)*s} }
	l, w := 0.36, 0.13
	deck := []pt{tr(-l, -w), tr(l, -w), tr(l, w), tr(-l, w)}
	wood, dark := rgb("#b38c5a"), rgb("#4a3320")
	p.c.draw((&Path{}).poly(deck), fillStroke(wood, dark, s*0.018))
	planks := &Path{}
	for x := -l + 0.08; x < l-0.04; x += 0.08 {
		planks.line(tr(x, -w), tr(x, w))
	}
	p.c.draw(planks, stroke(dark.alpha(0.45), s*0.01))
	rails := (&Path{}).line(tr(-l-0.04, -w), tr(l+0.04, -w)).line(tr(-l-0.04, w), tr(l+0.04, w))
	p.c.draw(rails, stroke(dark, s*0.035))
}

// blownBridge: the two stubs of a bridge blown up, its middle gone.
func (p pen) blownBridge(c pt, s float64, axis float64) {
	ca, sa := math.Cos(axis), math.Sin(axis)
	tr := func(x, y float64) pt { return pt{c.X + (x*ca-y*sa)*s, c.Y + (x*sa+y*ca)*s} }
	l, gap, w := 0.36, 0.12, 0.13
	wood, dark := rgb("#6e5233"), rgb("#2b1d10")
	for _, sg := range [2]float64{-1, 1} {
		a, b := sg*l, sg*gap
		stub := []pt{tr(a, -w), tr(b, -w*0.6), tr(b*0.7, 0), tr(b, w*0.8), tr(a, w)}
		p.c.draw((&Path{}).poly(stub), fillStroke(wood, dark, s*0.02))
	}
}

func (p pen) bunker(c pt, s float64, col Color) {
	dark := rgb("#34342f")
	// A concrete casemate around the unit, its firing slit at the top.
	shape := []pt{at(c, s, -0.34, 0.3), at(c, s, -0.34, -0.14), at(c, s, -0.18, -0.34), at(c, s, 0.18, -0.34), at(c, s, 0.34, -0.14), at(c, s, 0.34, 0.3)}
	p.c.draw((&Path{}).poly(shape), fillStroke(col, dark, s*0.022))
	inner := []pt{at(c, s, -0.25, 0.3), at(c, s, -0.25, -0.1), at(c, s, -0.13, -0.25), at(c, s, 0.13, -0.25), at(c, s, 0.25, -0.1), at(c, s, 0.25, 0.3)}
	p.c.draw((&Path{}).poly(inner), fillStroke(col.mix(rgb("#ffffff"), 0.25), dark.alpha(0.6), s*0.012))
	p.c.draw((&Path{}).rect(c.X-s*0.11, c.Y-s*0.31, s*0.22, s*0.04, s*0.012), fill(dark))
}

// ---- obstacles ----

func (p pen) sandbags(c pt, s float64, facing float64) {
	bag, dark := rgb("#d3b985"), rgb("#6b5630")
	o := at(c, s, 0, 0.06)
	r := s * 0.35
	for i := -3; i <= 3; i++ {
		a := facing + float64(i)*0.28
		q := pt{o.X + r*math.Cos(a), o.Y + r*math.Sin(a)}
		p.c.draw(rotEllipse(q, s*0.066, s*0.045, a+math.Pi/2), fillStroke(bag, dark, s*0.014))
	}
}

func (p pen) wire(c pt, s float64) {
	col := rgb("#3b3b3b")
	coil := func(y, half float64) {
		path := &Path{}
		for x := -half; x <= half+1e-9; x += 0.07 {
			q := at(c, s, x, y)
			path.ellipse(q.X, q.Y, s*0.05, s*0.06)
		}
		p.c.draw(path, stroke(col, s*0.016))
		posts := (&Path{}).line(at(c, s, -half-0.04, y-0.06), at(c, s, -half-0.04, y+0.06)).line(at(c, s, half+0.04, y-0.06), at(c, s, half+0.04, y+0.06))
		p.c.draw(posts, stroke(rgb("#5a4632"), s*0.025))
	}
	coil(0.4, 0.21)
	coil(-0.38, 0.14)
}

func (p pen) hedgehogs(c pt, s float64) {
	col := rgb("#3a3835")
	path := &Path{}
	for _, sp := range [][2]float64{{-0.32, 0.26}, {0.32, 0.26}, {0, 0.42}, {0.3, -0.27}} {
		o := at(c, s, sp[0], sp[1])
		r := s * 0.075
		path.line(pt{o.X - r, o.Y + r*0.8}, pt{o.X + r, o.Y - r*0.8})
		path.line(pt{o.X - r, o.Y - r*0.8}, pt{o.X + r, o.Y + r*0.8})
		path.line(pt{o.X - r*0.2, o.Y + r}, pt{o.X + r*0.2, o.Y - r})
	}
	p.c.draw(path, stroke(col, s*0.026))
}

func (p pen) seawall(c pt, s float64) {
	stone, dark := rgb("#9d978b"), rgb("#4a463f")
	y0, y1 := -0.2, -0.09
	p.c.draw((&Path{}).poly([]pt{at(c, s, -0.5, y0), at(c, s, 0.5, y0), at(c, s, 0.5, y1), at(c, s, -0.5, y1)}), fillStroke(stone, dark, s*0.016))
	blocks := &Path{}
	for x := -0.4; x < 0.45; x += 0.12 {
		blocks.line(at(c, s, x, y0), at(c, s, x, y1))
	}
	blocks.line(at(c, s, -0.5, (y0+y1)/2), at(c, s, 0.5, (y0+y1)/2))
	p.c.draw(blocks, stroke(dark.alpha(0.6), s*0.01))
}

// ---- tiles the engine does not play ----

func (p pen) marsh(c pt, s float64) {
	p.hexFill(c, s, rgb("#b3c08f"))
	p.c.draw(rotEllipse(at(c, s, -0.15, 0.12), s*0.14, s*0.05, 0), fill(p.pal.water.alpha(0.7)))
	p.c.draw(rotEllipse(at(c, s, 0.18, -0.12), s*0.11, s*0.04, 0), fill(p.pal.water.alpha(0.7)))
	t := &Path{}
	for _, sp := range [][2]float64{{-0.25, -0.15}, {0.05, -0.28}, {0.28, 0.12}, {-0.02, 0.32}, {0.05, 0.05}} {
		o := at(c, s, sp[0], sp[1])
		for _, dx := range []float64{-0.04, 0, 0.04} {
			t.line(pt{o.X + dx*s*0.5, o.Y}, pt{o.X + dx*s, o.Y - s*0.08})
		}
	}
	p.c.draw(t, stroke(rgb("#3f5a2a"), s*0.016))
}

func (p pen) ruins(c pt, s float64) {
	p.hexFill(c, s, rgb("#c9c4b8"))
	dark := rgb("#4d4a44")
	for _, sp := range [][3]float64{{-0.25, -0.2, 0.16}, {0.2, -0.22, 0.2}, {-0.2, 0.2, 0.18}, {0.22, 0.22, 0.14}} {
		o := at(c, s, sp[0], sp[1])
		w := sp[2] * s
		p.c.draw((&Path{}).poly([]pt{{o.X - w/2, o.Y + w/3}, {o.X - w/2, o.Y - w/3}, {o.X - w/6, o.Y - w/5}, {o.X + w/8, o.Y - w/2}, {o.X + w/2, o.Y - w/4}, {o.X + w/2, o.Y + w/3}}), fillStroke(rgb("#a39d90"), dark, s*0.014))
	}
}

func (p pen) other(c pt, s float64, name string) {
	p.hexFill(c, s, rgb("#d9d3c1"))
	p.c.draw((&Path{}).poly(scaled(c, s, 0.8)), Style{Stroke: rgb("#8b8471"), Width: s * 0.015, Dash: []float64{s * 0.05, s * 0.04}})
	p.c.text(c.X, c.Y-s*0.2, name, s*0.12, Middle, false, rgb("#4d473a"))
}

// ---- markers ----

// medal draws an objective medal: a gold rim, the colour of the side that
// can gain it, and a star (temporary), P (permanent), M (majority) or !
// (sudden death).
func (p pen) medal(o pt, r float64, kind rules.ObjectiveKind, sides rules.SideMask) {
	pal := p.pal
	if kind == rules.SuddenDeath {
		p.c.draw((&Path{}).circle(o.X, o.Y, r), fillStroke(rgb("#c62828"), rgb("#5c0d0d"), r*0.14))
	} else {
		p.c.draw((&Path{}).circle(o.X, o.Y, r), fillStroke(pal.gold, pal.goldDark, r*0.12))
	}
	in := r * 0.74
	switch {
	case kind == rules.SuddenDeath:
	case sides == rules.MaskBoth:
		left := (&Path{}).M(o.X, o.Y-in).arc(o.X, o.Y, in, -math.Pi/2, -3*math.Pi/2, false).Z()
		right := (&Path{}).M(o.X, o.Y-in).arc(o.X, o.Y, in, -math.Pi/2, math.Pi/2, false).Z()
		p.c.draw(left, fill(pal.side[rules.Allies]))
		p.c.draw(right, fill(pal.side[rules.Axis]))
	case sides.Has(rules.Axis):
		p.c.draw((&Path{}).circle(o.X, o.Y, in), fill(pal.side[rules.Axis]))
	default:
		p.c.draw((&Path{}).circle(o.X, o.Y, in), fill(pal.side[rules.Allies]))
	}
	white := rgb("#ffffff")
	switch kind {
	case rules.TemporaryMedal:
		p.c.draw(star(o, in*0.8, 5, 0.45), fill(white))
	case rules.PermanentMedal:
		p.c.text(o.X, o.Y+r*0.36, "P", r*1.05, Middle, true, white)
	case rules.MajorityMedal:
		p.c.text(o.X, o.Y+r*0.36, "M", r*1.0, Middle, true, white)
	case rules.SuddenDeath:
		p.c.text(o.X, o.Y+r*0.4, "!", r*1.2, Middle, true, white)
	case rules.PersistentMedal:
		p.c.text(o.X, o.Y+r*0.36, "S", r*1.05, Middle, true, white)
	case rules.ExclusiveMedal:
		p.c.text(o.X, o.Y+r*0.36, "E", r*1.05, Middle, true, white)
	}
}

// mark draws a marker; an exit's disc takes the colour of the side that
// leaves there (side = 1 + the side, 0 unknown) and its arrow points off
// the board at angle ang (radians, 0 = right, y down).
func (p pen) mark(o pt, r float64, kind, name string, side int8, ang float64) {
	dark := rgb("#2f2c27")
	switch kind {
	case "mine":
		sp := &Path{}
		for i := 0; i < 8; i++ {
			a := float64(i) * math.Pi / 4
			sp.line(pt{o.X + r*0.5*math.Cos(a), o.Y + r*0.5*math.Sin(a)}, pt{o.X + r*math.Cos(a), o.Y + r*math.Sin(a)})
		}
		p.c.draw(sp, stroke(dark, r*0.18))
		p.c.draw((&Path{}).circle(o.X, o.Y, r*0.6), fillStroke(rgb("#8a7b5a"), dark, r*0.12))
	case "exit":
		disc, arrow := rgb("#f4f1e6"), dark
		if side > 0 {
			disc, arrow = p.pal.side[side-1], rgb("#ffffff")
		}
		p.c.draw((&Path{}).circle(o.X, o.Y, r), fillStroke(disc, dark, r*0.12))
		cs, sn := math.Cos(ang), math.Sin(ang)
		var pts []pt
		for _, q := range []pt{{-0.55, -0.18}, {0, -0.18}, {0, -0.55}, {0.6, 0}, {0, 0.55}, {0, 0.18}, {-0.55, 0.18}} {
			pts = append(pts, pt{o.X + r*(q.X*cs-q.Y*sn), o.Y + r*(q.X*sn+q.Y*cs)})
		}
		p.c.draw((&Path{}).poly(pts), fill(arrow))
	case "star":
		p.c.draw(star(o, r, 5, 0.45), fillStroke(rgb("#f2c230"), dark, r*0.1))
	case "target":
		// A big gun's target marker: a red cross-hair on a light disc.
		p.c.draw((&Path{}).circle(o.X, o.Y, r*1.25), fill(rgb("#fff8e6").alpha(0.85)))
		red := rgb("#b3261e")
		p.c.draw((&Path{}).circle(o.X, o.Y, r), stroke(red, r*0.25))
		p.c.draw((&Path{}).line(pt{o.X - r*1.5, o.Y}, pt{o.X + r*1.5, o.Y}).line(pt{o.X, o.Y - r*1.5}, pt{o.X, o.Y + r*1.5}), stroke(red, r*0.25))
	default:
		p.c.draw((&Path{}).circle(o.X, o.Y, r), fillStroke(rgb("#e8e3d6"), dark, r*0.1))
		p.c.text(o.X, o.Y+r*0.3, name, r*0.75, Middle, true, dark)
	}
}

// ---- units ----

// kindMarks are the short names drawn on the counters of Winter Wars V
// kinds, by their rows' Symbol.
var kindMarks = map[string]string{"engineers": "ENG", "mobile-artillery": "MOB", "88": "88", "tank-destroyer": "TD",
	"anti-tank": "AT", "machine-gun": "MG", "mortar": "MOR", "half-tracks": "HT", "big-gun": "BIG", "trucks": "TRK"}

var nationCodes = map[string]string{"us": "US", "brit": "GB", "ger": "DE", "ru": "SU", "jp": "JP", "it": "IT", "fr": "FR"}

// counter draws a unit: a square counter of the side's colour with the
// type's silhouette, the figures left, a star for special forces.
func (p pen) counter(o pt, cs float64, u unitM) {
	pal := p.pal
	body, dark, ink := pal.side[u.side], pal.sideDark[u.side], pal.sideText[u.side]
	h := cs / 2
	p.c.draw((&Path{}).rect(o.X-h+cs*0.05, o.Y-h+cs*0.06, cs, cs, cs*0.12), fill(rgb("#000000").alpha(0.28)))
	p.c.draw((&Path{}).rect(o.X-h, o.Y-h, cs, cs, cs*0.12), fillStroke(body, dark, cs*0.05))
	g := pt{o.X, o.Y + cs*0.05}
	gs := cs * 1.15 // the silhouette's scale
	switch {
	case u.other != "":
		p.c.text(g.X, g.Y+cs*0.1, u.other, cs*0.22, Middle, true, ink)
	case u.typ == rules.Infantry:
		p.soldier(g, gs, ink, dark)
	case u.typ == rules.Armor:
		p.tank(g, gs, ink, dark)
	case u.typ == rules.Artillery:
		p.gun(g, gs, ink, dark)
	}
	if code := nationCodes[u.nation]; code != "" {
		p.c.text(o.X-h+cs*0.1, o.Y-h+cs*0.25, code, cs*0.2, Start, true, ink.alpha(0.85))
	}
	// Figures: a white disc at the lower right corner, red when the unit
	// has lost figures.
	fc := pt{o.X + h - cs*0.04, o.Y + h - cs*0.04}
	numCol := dark
	if u.figures < u.max {
		numCol = rgb("#c62828")
	}
	p.c.draw((&Path{}).circle(fc.X, fc.Y, cs*0.21), fillStroke(rgb("#ffffff"), dark, cs*0.04))
	p.c.text(fc.X, fc.Y+cs*0.11, itoa(u.figures), cs*0.3, Middle, true, numCol)
	corner := pt{o.X + h - cs*0.04, o.Y - h + cs*0.04}
	if mark := kindMarks[u.symbol]; mark != "" {
		// A Winter Wars V kind: its short name under the nation code.
		p.c.text(o.X-h+cs*0.1, o.Y-h+cs*0.47, mark, cs*0.19, Start, true, ink)
	}
	if u.boat {
		p.boat(pt{o.X - h + cs*0.2, o.Y + h - cs*0.08}, cs*0.42)
	}
	switch {
	case u.elite:
		p.c.draw(star(corner, cs*0.22, 5, 0.45), fillStroke(pal.gold, pal.goldDark, cs*0.035))
	case u.resistance:
		p.c.draw((&Path{}).circle(corner.X, corner.Y, cs*0.18), fillStroke(rgb("#ffffff"), dark, cs*0.035))
		p.c.text(corner.X, corner.Y+cs*0.08, "R", cs*0.22, Middle, true, rgb("#1d3f8f"))
	case u.badge != "":
		p.c.draw((&Path{}).circle(corner.X, corner.Y, cs*0.14), fillStroke(pal.gold, pal.goldDark, cs*0.035))
	}
}

// boat draws a collapsible boat's hull centred on c, w wide (FAQ III
// Actions "Canots démontables & bateaux").
func (p pen) boat(c pt, w float64) {
	hull := (&Path{}).poly([]pt{{c.X - w/2, c.Y - w*0.14}, {c.X + w/2, c.Y - w*0.14}, {c.X + w*0.34, c.Y + w*0.14}, {c.X - w*0.34, c.Y + w*0.14}})
	p.c.draw(hull, fillStroke(rgb("#8d6e63"), rgb("#4e342e"), w*0.06))
}

func (p pen) soldier(g pt, cs float64, ink, dark Color) {
	u := func(x, y float64) pt { return pt{g.X + x*cs, g.Y + y*cs} }
	lw := cs * 0.02
	// Rifle, slung across the back.
	p.c.draw((&Path{}).line(u(-0.2, 0.18), u(0.19, -0.27)), stroke(dark, cs*0.075))
	p.c.draw((&Path{}).line(u(-0.2, 0.18), u(0.19, -0.27)), stroke(ink.mix(dark, 0.35), cs*0.04))
	// Legs, body, head, helmet.
	p.c.draw((&Path{}).poly([]pt{u(-0.12, 0.1), u(-0.02, 0.1), u(-0.05, 0.33), u(-0.14, 0.33)}), fillStroke(ink, dark, lw))
	p.c.draw((&Path{}).poly([]pt{u(0.02, 0.1), u(0.12, 0.1), u(0.14, 0.33), u(0.05, 0.33)}), fillStroke(ink, dark, lw))
	p.c.draw((&Path{}).poly([]pt{u(-0.16, -0.1), u(0.16, -0.1), u(0.13, 0.14), u(-0.13, 0.14)}), fillStroke(ink, dark, lw))
	hd := u(0, -0.17)
	p.c.draw((&Path{}).circle(hd.X, hd.Y, cs*0.075), fillStroke(ink, dark, lw))
	hm := u(0, -0.2)
	helmet := (&Path{}).M(hm.X-cs*0.13, hm.Y).arc(hm.X, hm.Y, cs*0.11, math.Pi, 2*math.Pi, false).L(hm.X+cs*0.13, hm.Y).Z()
	p.c.draw(helmet, fillStroke(ink, dark, lw))
}

func (p pen) tank(g pt, cs float64, ink, dark Color) {
	u := func(x, y float64) pt { return pt{g.X + x*cs, g.Y + y*cs} }
	lw := cs * 0.025
	tl := u(-0.36, 0.07)
	p.c.draw((&Path{}).rect(tl.X, tl.Y, cs*0.72, cs*0.17, cs*0.085), fillStroke(ink, dark, lw))
	wheels := &Path{}
	for i := 0; i < 5; i++ {
		w := u(-0.27+float64(i)*0.135, 0.155)
		wheels.circle(w.X, w.Y, cs*0.045)
	}
	p.c.draw(wheels, fill(dark))
	p.c.draw((&Path{}).poly([]pt{u(-0.3, 0.07), u(-0.26, -0.04), u(0.3, -0.04), u(0.34, 0.07)}), fillStroke(ink, dark, lw))
	p.c.draw((&Path{}).line(u(0.1, -0.12), u(0.44, -0.14)), stroke(dark, cs*0.075))
	p.c.draw((&Path{}).line(u(0.1, -0.12), u(0.43, -0.14)), stroke(ink, cs*0.035))
	tt := u(-0.15, -0.2)
	p.c.draw((&Path{}).rect(tt.X, tt.Y, cs*0.3, cs*0.17, cs*0.05), fillStroke(ink, dark, lw))
}

func (p pen) gun(g pt, cs float64, ink, dark Color) {
	u := func(x, y float64) pt { return pt{g.X + x*cs, g.Y + y*cs} }
	lw := cs * 0.025
	p.c.draw((&Path{}).line(u(-0.06, 0.12), u(-0.38, 0.3)), stroke(dark, cs*0.08))
	p.c.draw((&Path{}).line(u(-0.06, 0.12), u(-0.37, 0.3)), stroke(ink, cs*0.04))
	p.c.draw((&Path{}).line(u(-0.08, 0.06), u(0.4, -0.24)), stroke(dark, cs*0.1))
	p.c.draw((&Path{}).line(u(-0.07, 0.06), u(0.39, -0.235)), stroke(ink, cs*0.055))
	p.c.draw((&Path{}).poly([]pt{u(-0.02, -0.12), u(0.1, -0.16), u(0.14, 0.06), u(0.02, 0.1)}), fillStroke(ink, dark, lw))
	w := u(0.0, 0.16)
	p.c.draw((&Path{}).circle(w.X, w.Y, cs*0.14), fillStroke(ink, dark, lw*1.4))
	p.c.draw((&Path{}).circle(w.X, w.Y, cs*0.04), fill(dark))
}

func itoa(n int) string {
	if n >= 0 && n < 10 {
		return string(rune('0' + n))
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	if len(b) == 0 {
		return "0"
	}
	return string(b)
}
