package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The rasterizer paints the display list with golang.org/x/image/vector
// (anti-aliased polygon coverage) and the Go fonts. Strokes are turned into
// polygons here: one quadrilateral per segment and a disc at each joint
// (round joins and caps), all wound the same way so that the rasterizer's
// clamped coverage gives their union.

var (
	fontsOnce sync.Once
	fontReg   *opentype.Font
	fontBold  *opentype.Font
	facesMu   sync.Mutex
	faces     = map[faceKey]font.Face{}
)

type faceKey struct {
	size float64
	bold bool
}

func loadFonts() {
	var err error
	if fontReg, err = opentype.Parse(goregular.TTF); err != nil {
		panic("render: Go Regular font: " + err.Error())
	}
	if fontBold, err = opentype.Parse(gobold.TTF); err != nil {
		panic("render: Go Bold font: " + err.Error())
	}
}

func face(size float64, bold bool) font.Face {
	fontsOnce.Do(loadFonts)
	size = math.Round(size*4) / 4
	k := faceKey{size, bold}
	facesMu.Lock()
	defer facesMu.Unlock()
	if f, ok := faces[k]; ok {
		return f
	}
	fnt := fontReg
	if bold {
		fnt = fontBold
	}
	f, err := opentype.NewFace(fnt, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: font face: " + err.Error())
	}
	faces[k] = f
	return f
}

// textWidth is the advance of s in pixels at size (Go fonts; the SVG asks
// for them first).
func textWidth(s string, size float64, bold bool) float64 {
	f := face(size, bold)
	facesMu.Lock()
	defer facesMu.Unlock()
	return float64(font.MeasureString(f, s)) / 64
}

// Image paints the canvas at scale times its size.
func (c *Canvas) Image(scale float64) *image.RGBA {
	if scale <= 0 {
		scale = 1
	}
	w, h := int(math.Ceil(c.W*scale)), int(math.Ceil(c.H*scale))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var z vector.Rasterizer
	tol := 0.25 / scale
	for _, it := range c.items {
		switch {
		case it.text != nil:
			drawText(img, it.text, scale)
		case it.path != nil:
			lines, closed := it.path.flatten(tol)
			for i := range lines {
				for j := range lines[i] {
					lines[i][j].X *= scale
					lines[i][j].Y *= scale
				}
			}
			s := it.style
			if s.Fill.A > 0 {
				var polys [][]pt
				for _, l := range lines {
					polys = append(polys, oriented(l))
				}
				paintPolys(img, &z, polys, s.Fill)
			}
			if s.Stroke.A > 0 && s.Width > 0 {
				wd := s.Width * scale
				var polys [][]pt
				for i, l := range lines {
					if len(s.Dash) > 0 {
						for _, d := range dashes(l, closed[i], s.Dash, scale) {
							polys = strokePolys(polys, d, false, wd, s.Butt)
						}
					} else {
						polys = strokePolys(polys, l, closed[i], wd, s.Butt)
					}
				}
				paintPolys(img, &z, polys, s.Stroke)
			}
		}
	}
	return img
}

// PNG encodes the canvas painted at scale.
func (c *Canvas) PNG(scale float64) ([]byte, error) {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&b, c.Image(scale)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func drawText(img *image.RGBA, t *text, scale float64) {
	f := face(t.size*scale, t.bold)
	facesMu.Lock()
	defer facesMu.Unlock()
	x := t.x * scale
	switch t.anchor {
	case Middle:
		x -= float64(font.MeasureString(f, t.s)) / 64 / 2
	case End:
		x -= float64(font.MeasureString(f, t.s)) / 64
	}
	d := font.Drawer{
		Dst:  img,
		Src:  image.NewUniform(color.NRGBA{t.color.R, t.color.G, t.color.B, t.color.A}),
		Face: f,
		Dot:  fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(t.y * scale * 64))},
	}
	d.DrawString(t.s)
}

func area(p []pt) float64 {
	var a float64
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	return a / 2
}

// oriented returns p wound with a positive area.
func oriented(p []pt) []pt {
	if area(p) >= 0 {
		return p
	}
	q := make([]pt, len(p))
	for i := range p {
		q[i] = p[len(p)-1-i]
	}
	return q
}

func disc(c pt, r float64) []pt {
	n := max(8, min(40, int(math.Ceil(r*2))))
	out := make([]pt, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return oriented(out)
}

// strokePolys appends the polygons covering a stroke of width w along l.
func strokePolys(polys [][]pt, l []pt, closed bool, w float64, butt bool) [][]pt {
	r := w / 2
	for i := 0; i+1 < len(l); i++ {
		a, b := l[i], l[i+1]
		dx, dy := b.X-a.X, b.Y-a.Y
		d := math.Hypot(dx, dy)
		if d < 1e-9 {
			continue
		}
		nx, ny := -dy/d*r, dx/d*r
		polys = append(polys, oriented([]pt{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}))
	}
	if r < 0.6 {
		return polys // joints of hairlines are invisible
	}
	for i, p := range l {
		end := !closed && (i == 0 || i == len(l)-1)
		if end && butt {
			continue
		}
		polys = append(polys, disc(p, r))
	}
	return polys
}

// dashes splits a polyline by a dash pattern (in canvas units, scaled).
func dashes(l []pt, closed bool, pattern []float64, scale float64) [][]pt {
	var total float64
	for _, d := range pattern {
		total += d
	}
	if total <= 0 {
		return [][]pt{l}
	}
	var out [][]pt
	k, left, on := 0, pattern[0]*scale, true
	var cur []pt
	if on {
		cur = []pt{l[0]}
	}
	for i := 0; i+1 < len(l); i++ {
		a, b := l[i], l[i+1]
		segLen := math.Hypot(b.X-a.X, b.Y-a.Y)
		pos := 0.0
		for segLen-pos > left {
			pos += left
			t := pos / segLen
			p := pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
			if on {
				cur = append(cur, p)
				out = append(out, cur)
				cur = nil
			} else {
				cur = []pt{p}
			}
			on = !on
			k = (k + 1) % len(pattern)
			left = pattern[k] * scale
		}
		left -= segLen - pos
		if on {
			cur = append(cur, b)
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

func paintPolys(img *image.RGBA, z *vector.Rasterizer, polys [][]pt, c Color) {
	if len(polys) == 0 {
		return
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range polys {
		for _, q := range p {
			minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
			maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
		}
	}
	b := img.Bounds()
	x0, y0 := max(b.Min.X, int(math.Floor(minX))), max(b.Min.Y, int(math.Floor(minY)))
	x1, y1 := min(b.Max.X, int(math.Ceil(maxX))+1), min(b.Max.Y, int(math.Ceil(maxY))+1)
	if x1 <= x0 || y1 <= y0 {
		return
	}
	z.Reset(x1-x0, y1-y0)
	ox, oy := float32(x0), float32(y0)
	for _, p := range polys {
		if len(p) < 3 {
			continue
		}
		z.MoveTo(float32(p[0].X)-ox, float32(p[0].Y)-oy)
		for _, q := range p[1:] {
			z.LineTo(float32(q.X)-ox, float32(q.Y)-oy)
		}
		z.ClosePath()
	}
	src := image.NewUniform(color.NRGBA{c.R, c.G, c.B, c.A})
	z.Draw(img, image.Rect(x0, y0, x1, y1), src, image.Point{})
}
