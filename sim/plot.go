package sim

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plot draws each report's win rates (allies and axis) with their 95%
// intervals, one group per scenario, to path; the extension (.svg, .png,
// .pdf) chooses the format.
func Plot(reports []*Report, path string) error {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".svg", ".png", ".pdf":
	default:
		return fmt.Errorf("plot %s: want a .svg, .png or .pdf file", path)
	}
	if len(reports) == 0 {
		return fmt.Errorf("plot %s: no results", path)
	}
	p := plot.New()
	p.Title.Text = "Win rate by scenario (95% Wilson intervals)"
	if r := reports[0]; r.Bots[0] != "" {
		p.Title.Text = fmt.Sprintf("Win rate: allies %s vs axis %s (95%% Wilson intervals)", r.Bots[0], r.Bots[1])
	}
	p.Y.Label.Text = "win rate"
	p.Y.Min, p.Y.Max = 0, 1
	var names []string
	for _, r := range reports {
		names = append(names, fmt.Sprintf("%s (%d)", shortName(r.Scenario), r.Played))
	}
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = 0.5
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	colors := [2]color.Color{color.RGBA{R: 40, G: 90, B: 200, A: 255}, color.RGBA{R: 200, G: 60, B: 40, A: 255}}
	for side := 0; side < 2; side++ {
		var pts plotter.XYs
		var errs plotter.YErrors
		for i, r := range reports {
			w := r.WinRate[side]
			off := -0.12
			if side == 1 {
				off = 0.12
			}
			pts = append(pts, plotter.XY{X: float64(i) + off, Y: w.P})
			errs = append(errs, struct{ Low, High float64 }{w.P - w.Low, w.High - w.P})
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Color = colors[side]
		sc.GlyphStyle.Radius = vg.Points(3.5)
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{pts, errs})
		if err != nil {
			return err
		}
		eb.LineStyle.Color = colors[side]
		eb.LineStyle.Width = vg.Points(1.5)
		p.Add(sc, eb)
		p.Legend.Add([2]string{"allies", "axis"}[side], sc)
	}
	half := plotter.NewFunction(func(float64) float64 { return 0.5 })
	half.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	half.Color = color.Gray{Y: 120}
	p.Add(half, plotter.NewGrid())
	p.Legend.Top = true
	p.X.Min, p.X.Max = -0.6, float64(len(reports))-0.4
	width := vg.Length(max(6, 1.1*float64(len(reports))+2)) * vg.Inch
	return p.Save(width, 5*vg.Inch, path)
}

// shortName is a scenario's file name without folder and extension.
func shortName(s string) string {
	return strings.TrimSuffix(filepath.Base(s), filepath.Ext(s))
}
