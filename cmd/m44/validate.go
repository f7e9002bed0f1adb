package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"m44/scenario"
)

const validateUsage = `usage: m44 validate [--json] [--coverage DIR] FILE…

Checks .m44 scenario files (a directory stands for its .m44 files) and reports,
for each, OK, its errors, or the features the engine does not support yet, with
the hex and the JSON field concerned. --coverage DIR summarises a whole folder:
how many files load and play, and which missing features block the others.

Exit status: 0 when every file is fully playable, 1 otherwise, 2 on bad usage.

`

// runValidate is "m44 validate".
func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "write the reports as JSON")
	coverDir := fs.String("coverage", "", "summarise the `DIR`ectory's .m44 files")
	fs.Usage = func() {
		fmt.Fprint(stderr, validateUsage)
		fs.PrintDefaults()
	}
	// Flags may come after file names: parse up to each name in turn.
	files, code, ok := parseWithNames(fs, args)
	if !ok {
		return code
	}
	if len(files) == 0 && *coverDir == "" {
		fmt.Fprintln(stderr, "m44 validate: no file to check")
		fs.Usage()
		return 2
	}

	var paths []string
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil || !st.IsDir() {
			paths = append(paths, f) // a missing file is reported below
			continue
		}
		in, err := filepath.Glob(filepath.Join(f, "*.m44"))
		if err != nil || len(in) == 0 {
			fmt.Fprintf(stderr, "m44 validate: %s: no .m44 file in this directory\n", f)
			return 2
		}
		slices.Sort(in)
		paths = append(paths, in...)
	}

	allPlayable := true
	var reports []*scenario.Report
	for _, p := range paths {
		_, r := scenario.Check(p)
		reports = append(reports, r)
		allPlayable = allPlayable && r.Playable()
	}
	var cover *scenario.CoverageReport
	if *coverDir != "" {
		var err error
		cover, err = scenario.Coverage(*coverDir)
		if err != nil {
			fmt.Fprintf(stderr, "m44 validate: --coverage: %v\n", err)
			return 2
		}
		if cover.Files == 0 {
			fmt.Fprintf(stderr, "m44 validate: --coverage: no .m44 file in %s\n", *coverDir)
			return 2
		}
		allPlayable = allPlayable && cover.Playable == cover.Files
	}

	if *asJSON {
		out := struct {
			Playable bool                     `json:"playable"`
			Files    []*scenario.Report       `json:"files"`
			Coverage *scenario.CoverageReport `json:"coverage,omitempty"`
		}{allPlayable, reports, cover}
		if out.Files == nil {
			out.Files = []*scenario.Report{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "m44 validate: %v\n", err)
			return 2
		}
	} else {
		for _, r := range reports {
			if err := r.WriteText(stdout); err != nil {
				fmt.Fprintf(stderr, "m44 validate: %v\n", err)
				return 2
			}
		}
		if cover != nil {
			if len(reports) > 0 {
				fmt.Fprintln(stdout)
			}
			if err := cover.WriteText(stdout); err != nil {
				fmt.Fprintf(stderr, "m44 validate: %v\n", err)
				return 2
			}
		}
	}
	if !allPlayable {
		return 1
	}
	return 0
}
