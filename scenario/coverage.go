package scenario

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// CoverageReport says how much of a folder of .m44 files the engine plays.
type CoverageReport struct {
	Dir      string
	Files    int // .m44 files found
	Parsed   int // valid .m44 JSON
	Loaded   int // convert without errors
	Playable int // convert fully
	Reports  []*Report
	// Features are the unsupported features, most useful first: by the
	// files each would unlock alone, then by the files it blocks.
	Features []FeatureCount
	// Plan orders the features greedily: each step implements the feature
	// that makes the most further files playable (or, when none would, the
	// one blocking the most files).
	Plan []PlanStep
}

// FeatureCount is one unsupported feature across the files that load.
type FeatureCount struct {
	Feature string   `json:"feature"`
	Blocks  int      `json:"blocks"` // files needing it
	Alone   int      `json:"alone"`  // files needing only it
	Files   []string `json:"files"`
}

// PlanStep is one step of the greedy plan.
type PlanStep struct {
	Feature  string `json:"feature"`
	Unlocks  int    `json:"unlocks"`  // files this step makes playable
	Playable int    `json:"playable"` // files playable after this step
}

// Coverage checks every .m44 file of dir.
func Coverage(dir string) (*CoverageReport, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.m44"))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	slices.Sort(paths)
	c := &CoverageReport{Dir: dir, Files: len(paths)}
	for _, p := range paths {
		f, r := open(p)
		if f != nil {
			c.Parsed++
			_, r = f.Setup()
		}
		c.Reports = append(c.Reports, r)
		if r.Loaded() {
			c.Loaded++
		}
		if r.Playable() {
			c.Playable++
		}
	}
	c.rank()
	return c, nil
}

func (c *CoverageReport) rank() {
	need := map[string][]string{} // feature → files
	var blocked [][]string        // features of each loaded, unplayable file
	for _, r := range c.Reports {
		if !r.Loaded() || r.Playable() {
			continue
		}
		fs := r.Features()
		blocked = append(blocked, fs)
		for _, f := range fs {
			need[f] = append(need[f], filepath.Base(r.File))
		}
	}
	for f, files := range need {
		fc := FeatureCount{Feature: f, Blocks: len(files), Files: files}
		for _, fs := range blocked {
			if len(fs) == 1 && fs[0] == f {
				fc.Alone++
			}
		}
		c.Features = append(c.Features, fc)
	}
	slices.SortFunc(c.Features, func(a, b FeatureCount) int {
		return cmp.Or(cmp.Compare(b.Alone, a.Alone), cmp.Compare(b.Blocks, a.Blocks), strings.Compare(a.Feature, b.Feature))
	})

	// Greedy plan.
	done := map[string]bool{}
	left := slices.Clone(blocked)
	playable := c.Playable
	for len(left) > 0 {
		unlock, block := map[string]int{}, map[string]int{}
		for _, fs := range left {
			var rest []string
			for _, f := range fs {
				if !done[f] {
					rest = append(rest, f)
				}
			}
			for _, f := range rest {
				block[f]++
			}
			if len(rest) == 1 {
				unlock[rest[0]]++
			}
		}
		best, bu, bb := "", -1, -1
		for f, b := range block {
			u := unlock[f]
			if u > bu || u == bu && b > bb || u == bu && b == bb && f < best {
				best, bu, bb = f, u, b
			}
		}
		done[best] = true
		var still [][]string
		n := 0
		for _, fs := range left {
			if slices.ContainsFunc(fs, func(f string) bool { return !done[f] }) {
				still = append(still, fs)
			} else {
				n++
			}
		}
		left = still
		playable += n
		c.Plan = append(c.Plan, PlanStep{Feature: best, Unlocks: n, Playable: playable})
	}
}

// WriteText writes the summary for people.
func (c *CoverageReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "coverage of %s: %d files, %d parse, %d load, %d fully playable\n", c.Dir, c.Files, c.Parsed, c.Loaded, c.Playable)
	if c.Files > 0 {
		var ok, bad []string
		for _, r := range c.Reports {
			switch {
			case r.Playable():
				ok = append(ok, filepath.Base(r.File))
			case !r.Loaded():
				bad = append(bad, filepath.Base(r.File))
			}
		}
		if len(ok) > 0 {
			fmt.Fprintf(&b, "playable: %s\n", strings.Join(ok, ", "))
		}
		if len(bad) > 0 {
			fmt.Fprintf(&b, "with errors: %s\n", strings.Join(bad, ", "))
		}
	}
	if len(c.Features) > 0 {
		fmt.Fprintf(&b, "blocking features (files it alone would unlock / files needing it):\n")
		for _, f := range c.Features {
			fmt.Fprintf(&b, "  %3d %3d  %s\n", f.Alone, f.Blocks, f.Feature)
		}
	}
	if len(c.Plan) > 0 {
		fmt.Fprintf(&b, "greedy plan (feature: files unlocked, playable after):\n")
		for i, s := range c.Plan {
			fmt.Fprintf(&b, "  %2d. %s: +%d -> %d\n", i+1, s.Feature, s.Unlocks, s.Playable)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// MarshalJSON gives the machine form.
func (c *CoverageReport) MarshalJSON() ([]byte, error) {
	type out struct {
		Dir      string         `json:"dir"`
		Files    int            `json:"files"`
		Parsed   int            `json:"parsed"`
		Loaded   int            `json:"loaded"`
		Playable int            `json:"playable"`
		Features []FeatureCount `json:"features"`
		Plan     []PlanStep     `json:"plan"`
		Reports  []*Report      `json:"reports"`
	}
	return json.Marshal(out{c.Dir, c.Files, c.Parsed, c.Loaded, c.Playable, c.Features, c.Plan, c.Reports})
}
