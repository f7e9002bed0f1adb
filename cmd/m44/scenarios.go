package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"m44/library"
	"m44/render"
)

// runScenarios is "m44 scenarios": the built-in library as a table, or as
// JSON with --json.
func runScenarios(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("scenarios", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print a JSON array for programs")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: m44 scenarios [--json]\n\n"+
			"Lists the scenarios built into m44. Draw one with: m44 render ID -o board.png\n\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	all := library.All()
	if *asJSON {
		b, err := json.MarshalIndent(all, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "m44 scenarios: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tDATE\tFRONT\tBOARD\tSIDES (top / bottom)\tCARDS\tMEDALS\tFIRST")
	for _, e := range all {
		bottom := "allies"
		if e.Top == "allies" {
			bottom = "axis"
		}
		side := func(s string) string {
			return fmt.Sprintf("%s (%s)", strings.ToUpper(s[:1])+s[1:], e.Countries[s])
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s / %s\t%d / %d\t%d / %d\t%s\n",
			e.ID, e.Name, e.Date, strings.TrimSuffix(render.FrontName(e.Front), " Front"),
			strings.ToLower(e.Board+" "+e.Face), side(e.Top), side(bottom),
			e.Cards[e.Top], e.Cards[bottom], e.Medals[e.Top], e.Medals[bottom], e.First)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "m44 scenarios: %v\n", err)
		return 1
	}
	return 0
}
