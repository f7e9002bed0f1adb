package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"m44/library"
	"m44/render"
	"m44/rules"
	"m44/scenario"
)

// runRender is "m44 render FILE -o board.svg": draws a scenario (a .m44
// file, or the id of a built-in scenario) as SVG or PNG.
func runRender(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "output file: .svg or .png (default: the scenario's name with .svg; - for SVG on stdout)")
	scale := fs.Float64("scale", 80, "width of a hex in pixels")
	pngScale := fs.Float64("png-scale", 1, "PNG resolution multiplier (2 for print)")
	noLegend := fs.Bool("no-legend", false, "leave out the legend")
	noTitle := fs.Bool("no-title", false, "leave out the title and the side panels")
	face := fs.String("face", "", "draw on another board face: COUNTRY, BEACH, WINTER or DESERT")
	play := fs.Int("play", 0, "draw the position after this many random legal actions (a game in progress)")
	seed := fs.Uint64("seed", 1, "seed of the game for -play")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: m44 render FILE|ID [-o board.svg|board.png] [options]\n\n"+
			"Draws a .m44 scenario, or a built-in one by id (see m44 scenarios), as SVG or PNG.\n"+
			"Scenarios the engine cannot fully play are drawn all the same.\n\n")
		fs.PrintDefaults()
	}
	pos, code, ok := parseWithNames(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	if *scale < 20 || *scale > 400 || *pngScale <= 0 || *pngScale > 8 {
		fmt.Fprintf(stderr, "m44 render: -scale must be 20..400 and -png-scale 0..8\n")
		return 2
	}
	f, base, err := loadScenario(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "m44 render: %v\n", err)
		return 1
	}
	o := render.Options{File: f, Scale: *scale, NoLegend: *noLegend, NoTitle: *noTitle, Face: *face}
	s, rep := f.Setup()
	if *play > 0 {
		if s == nil || !rep.Playable() {
			fmt.Fprintf(stderr, "m44 render: -play needs a scenario the engine plays fully\n")
			return 1
		}
		st, err := randomGame(s, *seed, *play)
		if err != nil {
			fmt.Fprintf(stderr, "m44 render: %v\n", err)
			return 1
		}
		o.State = st
	}
	c, err := render.Board(s, o)
	if err != nil {
		fmt.Fprintf(stderr, "m44 render: %v\n", err)
		return 1
	}
	if !rep.Playable() {
		what := strings.Join(rep.Features(), ", ")
		if len(rep.Errors) > 0 {
			what = fmt.Sprintf("%d errors (see m44 validate)", len(rep.Errors))
		}
		fmt.Fprintf(stderr, "m44 render: note: drawn from the file; the engine cannot play it as written: %s\n", what)
	}
	path := *out
	if path == "" {
		path = base + ".svg"
	}
	var data []byte
	switch ext := strings.ToLower(filepath.Ext(path)); {
	case path == "-" || ext == ".svg":
		data = c.SVG()
	case ext == ".png":
		if data, err = c.PNG(*pngScale); err != nil {
			fmt.Fprintf(stderr, "m44 render: %v\n", err)
			return 1
		}
	default:
		fmt.Fprintf(stderr, "m44 render: %s: want a .svg or .png output\n", path)
		return 2
	}
	if path == "-" {
		_, err = stdout.Write(data)
	} else {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "m44 render: %v\n", err)
		return 1
	}
	if path != "-" {
		k := 1.0
		if strings.EqualFold(filepath.Ext(path), ".png") {
			k = *pngScale
		}
		fmt.Fprintf(stdout, "%s: %.0fx%.0f\n", path, c.W*k, c.H*k)
	}
	return 0
}

// loadScenario reads a .m44 file, or a built-in scenario by id when no such
// file exists ("library:ID" always names a built-in one).
func loadScenario(arg string) (*scenario.File, string, error) {
	if id, ok := strings.CutPrefix(arg, "library:"); ok {
		e, found := library.Get(id)
		if !found {
			return nil, "", fmt.Errorf("no built-in scenario %q (see m44 scenarios)", id)
		}
		return e.File, e.ID, nil
	}
	if _, err := os.Stat(arg); err != nil {
		if e, found := library.Get(arg); found {
			return e.File, e.ID, nil
		}
	}
	f, err := scenario.Load(arg)
	if err != nil {
		return nil, "", err
	}
	return f, strings.TrimSuffix(filepath.Base(arg), filepath.Ext(arg)), nil
}

// randomGame plays n uniformly random legal actions (fewer if the game ends).
func randomGame(s *rules.Setup, seed uint64, n int) (*rules.State, error) {
	st, err := rules.New(s, seed)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, 0x72656e64))
	var buf []rules.Action
	for i := 0; i < n; i++ {
		if over, _ := st.Over(); over {
			break
		}
		buf = st.LegalActions(buf[:0])
		if len(buf) == 0 {
			break
		}
		if _, err := st.Apply(buf[r.IntN(len(buf))]); err != nil {
			return nil, err
		}
	}
	return st, nil
}
