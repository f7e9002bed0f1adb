package render

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"strings"
)

// FontFamily is the SVG font list: the Go fonts the PNG is drawn with first,
// then common sans-serif fonts of similar width.
const FontFamily = "Go, 'Go Regular', 'DejaVu Sans', Verdana, Arial, sans-serif"

// num writes a coordinate with one decimal, without a trailing ".0".
func num(b *bytes.Buffer, v float64) {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		s = "0"
	}
	b.WriteString(s)
}

func pathData(b *bytes.Buffer, p *Path) {
	for i, s := range p.segs {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch s.k {
		case moveTo:
			b.WriteByte('M')
		case lineTo:
			b.WriteByte('L')
		case quadTo:
			b.WriteByte('Q')
		case cubeTo:
			b.WriteByte('C')
		case closePath:
			b.WriteByte('Z')
			continue
		}
		n := map[segKind]int{moveTo: 1, lineTo: 1, quadTo: 2, cubeTo: 3}[s.k]
		for j := 0; j < n; j++ {
			if j > 0 {
				b.WriteByte(' ')
			}
			num(b, s.p[j].X)
			b.WriteByte(',')
			num(b, s.p[j].Y)
		}
	}
}

func paint(b *bytes.Buffer, attr string, c Color) {
	b.WriteString(" " + attr + `="`)
	if c.A == 0 {
		b.WriteString(`none"`)
		return
	}
	b.WriteString(c.hex() + `"`)
	if c.A < 255 {
		b.WriteString(" " + attr + `-opacity="`)
		b.WriteString(strconv.FormatFloat(float64(c.A)/255, 'f', 2, 64))
		b.WriteByte('"')
	}
}

// SVG writes the canvas as a standalone SVG document.
func (c *Canvas) SVG() []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="`)
	num(&b, c.W)
	b.WriteString(`" height="`)
	num(&b, c.H)
	b.WriteString(`" viewBox="0 0 `)
	num(&b, c.W)
	b.WriteByte(' ')
	num(&b, c.H)
	b.WriteString(`" font-family="` + FontFamily + `">` + "\n")
	if c.Title != "" {
		b.WriteString("<title>")
		xml.EscapeText(&b, []byte(c.Title))
		b.WriteString("</title>\n")
	}
	depth := 0
	for _, it := range c.items {
		switch {
		case it.group != "":
			b.WriteString(`<g id="` + it.group + `">` + "\n")
			depth++
		case it.end:
			if depth > 0 {
				b.WriteString("</g>\n")
				depth--
			}
		case it.text != nil:
			t := it.text
			b.WriteString(`<text x="`)
			num(&b, t.x)
			b.WriteString(`" y="`)
			num(&b, t.y)
			b.WriteString(`" font-size="`)
			num(&b, t.size)
			b.WriteByte('"')
			if t.bold {
				b.WriteString(` font-weight="bold"`)
			}
			switch t.anchor {
			case Middle:
				b.WriteString(` text-anchor="middle"`)
			case End:
				b.WriteString(` text-anchor="end"`)
			}
			paint(&b, "fill", t.color)
			b.WriteString(">")
			xml.EscapeText(&b, []byte(t.s))
			b.WriteString("</text>\n")
		default:
			b.WriteString(`<path d="`)
			pathData(&b, it.path)
			b.WriteByte('"')
			s := it.style
			paint(&b, "fill", s.Fill)
			if s.Stroke.A > 0 && s.Width > 0 {
				paint(&b, "stroke", s.Stroke)
				b.WriteString(` stroke-width="`)
				num(&b, s.Width)
				b.WriteString(`" stroke-linejoin="round"`)
				if s.Butt {
					b.WriteString(` stroke-linecap="butt"`)
				} else {
					b.WriteString(` stroke-linecap="round"`)
				}
				if len(s.Dash) > 0 {
					b.WriteString(` stroke-dasharray="`)
					for i, d := range s.Dash {
						if i > 0 {
							b.WriteByte(' ')
						}
						num(&b, d)
					}
					b.WriteByte('"')
				}
			}
			b.WriteString("/>\n")
		}
	}
	for ; depth > 0; depth-- {
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}
