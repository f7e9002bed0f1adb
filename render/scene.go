package render

import (
	"fmt"
	"math"
)

// This file is the display list both back ends draw: paths (filled and/or
// stroked) and single-line texts, in painting order, in pixels. The SVG
// writer turns each item into one element; the rasterizer paints the same
// items, so the PNG looks like the SVG.

// Color is a colour with straight (not premultiplied) alpha.
type Color struct{ R, G, B, A uint8 }

// rgb reads "#rrggbb".
func rgb(s string) Color {
	var c Color
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &c.R, &c.G, &c.B); err != nil {
		panic("render: bad colour " + s)
	}
	c.A = 255
	return c
}

// alpha is c with opacity a (0..1).
func (c Color) alpha(a float64) Color {
	c.A = uint8(math.Round(float64(c.A) * a))
	return c
}

// mix is c moved towards d by t (0..1).
func (c Color) mix(d Color, t float64) Color {
	f := func(a, b uint8) uint8 { return uint8(math.Round(float64(a) + (float64(b)-float64(a))*t)) }
	return Color{f(c.R, d.R), f(c.G, d.G), f(c.B, d.B), c.A}
}

func (c Color) hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

type pt struct{ X, Y float64 }

type segKind uint8

const (
	moveTo segKind = iota
	lineTo
	quadTo
	cubeTo
	closePath
)

type seg struct {
	k segKind
	p [3]pt
}

// Path is a sequence of subpaths.
type Path struct{ segs []seg }

func (p *Path) M(x, y float64) *Path {
	p.segs = append(p.segs, seg{k: moveTo, p: [3]pt{{x, y}}})
	return p
}

func (p *Path) L(x, y float64) *Path {
	p.segs = append(p.segs, seg{k: lineTo, p: [3]pt{{x, y}}})
	return p
}

func (p *Path) Q(cx, cy, x, y float64) *Path {
	p.segs = append(p.segs, seg{k: quadTo, p: [3]pt{{cx, cy}, {x, y}}})
	return p
}

func (p *Path) C(c1x, c1y, c2x, c2y, x, y float64) *Path {
	p.segs = append(p.segs, seg{k: cubeTo, p: [3]pt{{c1x, c1y}, {c2x, c2y}, {x, y}}})
	return p
}

func (p *Path) Z() *Path {
	p.segs = append(p.segs, seg{k: closePath})
	return p
}

// poly adds a closed polygon.
func (p *Path) poly(pts []pt) *Path {
	for i, q := range pts {
		if i == 0 {
			p.M(q.X, q.Y)
		} else {
			p.L(q.X, q.Y)
		}
	}
	return p.Z()
}

// line adds an open polyline.
func (p *Path) line(pts ...pt) *Path {
	for i, q := range pts {
		if i == 0 {
			p.M(q.X, q.Y)
		} else {
			p.L(q.X, q.Y)
		}
	}
	return p
}

// circle adds a circle (four cubic arcs).
func (p *Path) circle(cx, cy, r float64) *Path {
	return p.ellipse(cx, cy, r, r)
}

func (p *Path) ellipse(cx, cy, rx, ry float64) *Path {
	const k = 0.5522847498
	p.M(cx+rx, cy)
	p.C(cx+rx, cy+k*ry, cx+k*rx, cy+ry, cx, cy+ry)
	p.C(cx-k*rx, cy+ry, cx-rx, cy+k*ry, cx-rx, cy)
	p.C(cx-rx, cy-k*ry, cx-k*rx, cy-ry, cx, cy-ry)
	p.C(cx+k*rx, cy-ry, cx+rx, cy-k*ry, cx+rx, cy)
	return p.Z()
}

// rect adds a rectangle with rounded corners of radius r.
func (p *Path) rect(x, y, w, h, r float64) *Path {
	if r <= 0 {
		return p.poly([]pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}})
	}
	r = math.Min(r, math.Min(w, h)/2)
	p.M(x+r, y)
	p.L(x+w-r, y)
	p.Q(x+w, y, x+w, y+r)
	p.L(x+w, y+h-r)
	p.Q(x+w, y+h, x+w-r, y+h)
	p.L(x+r, y+h)
	p.Q(x, y+h, x, y+h-r)
	p.L(x, y+r)
	p.Q(x, y, x+r, y)
	return p.Z()
}

// arc adds an open circular arc from angle a0 to a1 (radians, y down), as
// line segments.
func (p *Path) arc(cx, cy, r, a0, a1 float64, first bool) *Path {
	n := int(math.Ceil(math.Abs(a1-a0) / (math.Pi / 12)))
	n = max(n, 2)
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		x, y := cx+r*math.Cos(a), cy+r*math.Sin(a)
		if i == 0 && first {
			p.M(x, y)
		} else {
			p.L(x, y)
		}
	}
	return p
}

// Style is how a path is painted.
type Style struct {
	Fill   Color
	Stroke Color
	Width  float64
	Dash   []float64
	// Butt ends strokes square at their ends; the default is round.
	Butt bool
}

func fill(c Color) Style { return Style{Fill: c} }

func stroke(c Color, w float64) Style { return Style{Stroke: c, Width: w} }

func fillStroke(f, s Color, w float64) Style { return Style{Fill: f, Stroke: s, Width: w} }

// Anchor is where a text's x lies.
type Anchor uint8

const (
	Start Anchor = iota
	Middle
	End
)

type text struct {
	x, y   float64 // y is the baseline
	s      string
	size   float64
	anchor Anchor
	bold   bool
	color  Color
}

type item struct {
	path  *Path
	style Style
	text  *text
	group string // starts a group (SVG <g id=…>) when set
	end   bool   // ends the current group
}

// Canvas is the display list of one picture.
type Canvas struct {
	W, H  float64
	Title string // the picture's title (SVG <title>)
	items []item
}

func (c *Canvas) draw(p *Path, s Style) {
	if p == nil || len(p.segs) == 0 {
		return
	}
	c.items = append(c.items, item{path: p, style: s})
}

func (c *Canvas) text(x, y float64, s string, size float64, a Anchor, bold bool, col Color) {
	if s == "" {
		return
	}
	c.items = append(c.items, item{text: &text{x, y, s, size, a, bold, col}})
}

// begin and end bracket a named layer.
func (c *Canvas) begin(name string) { c.items = append(c.items, item{group: name}) }
func (c *Canvas) end()              { c.items = append(c.items, item{end: true}) }

// flatten turns the path into polylines (one per subpath) with the closed
// flag of each.
func (p *Path) flatten(tol float64) (lines [][]pt, closed []bool) {
	var cur []pt
	var start, last pt
	flush := func(cl bool) {
		if len(cur) > 1 {
			lines = append(lines, cur)
			closed = append(closed, cl)
		}
		cur = nil
	}
	for _, s := range p.segs {
		switch s.k {
		case moveTo:
			flush(false)
			start, last = s.p[0], s.p[0]
			cur = []pt{last}
		case lineTo:
			if cur == nil {
				cur = []pt{last}
			}
			last = s.p[0]
			cur = append(cur, last)
		case quadTo:
			if cur == nil {
				cur = []pt{last}
			}
			a, b, d := last, s.p[0], s.p[1]
			n := curveSteps(tol, a, b, d)
			for i := 1; i <= n; i++ {
				t := float64(i) / float64(n)
				u := 1 - t
				cur = append(cur, pt{u*u*a.X + 2*u*t*b.X + t*t*d.X, u*u*a.Y + 2*u*t*b.Y + t*t*d.Y})
			}
			last = d
		case cubeTo:
			if cur == nil {
				cur = []pt{last}
			}
			a, b, c2, d := last, s.p[0], s.p[1], s.p[2]
			n := curveSteps(tol, a, b, c2, d)
			for i := 1; i <= n; i++ {
				t := float64(i) / float64(n)
				u := 1 - t
				cur = append(cur, pt{
					u*u*u*a.X + 3*u*u*t*b.X + 3*u*t*t*c2.X + t*t*t*d.X,
					u*u*u*a.Y + 3*u*u*t*b.Y + 3*u*t*t*c2.Y + t*t*t*d.Y,
				})
			}
			last = d
		case closePath:
			if cur != nil {
				if cur[len(cur)-1] != start {
					cur = append(cur, start)
				}
				flush(true)
			}
			last = start
		}
	}
	flush(false)
	return lines, closed
}

func curveSteps(tol float64, ps ...pt) int {
	var l float64
	for i := 1; i < len(ps); i++ {
		l += math.Hypot(ps[i].X-ps[i-1].X, ps[i].Y-ps[i-1].Y)
	}
	return max(2, min(64, int(math.Ceil(math.Sqrt(l/tol)))))
}
