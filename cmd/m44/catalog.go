package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"m44/rules"
	"m44/view"
)

const catalogUsage = `usage: m44 catalog [--json] [FILE.m44|ID]

Prints the rules catalog: every ground, feature (structure, obstacle,
marker), unit kind, card kind and deck the engine knows, with its key, the
rule it comes from, its effects and its one-line summary. With a scenario
(a .m44 file or a built-in id), the catalog of its rulesets; without, the
base game's. --json prints the rows as GET /api/catalog serves them
(docs/web-api.md "Catalog").

`

// runCatalog is "m44 catalog".
func runCatalog(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("catalog", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "write the rows as JSON")
	fs.Usage = func() {
		fmt.Fprint(stderr, catalogUsage)
		fs.PrintDefaults()
	}
	names, code, ok := parseWithNames(fs, args)
	if !ok {
		return code
	}
	if len(names) > 1 {
		fmt.Fprintln(stderr, "m44 catalog: one scenario at most")
		fs.Usage()
		return 2
	}
	cat := rules.BaseCatalog()
	if len(names) == 1 {
		f, _, err := loadScenario(names[0])
		if err != nil {
			fmt.Fprintf(stderr, "m44 catalog: %v\n", err)
			return 1
		}
		setup, rep := f.Setup()
		if setup == nil {
			fmt.Fprintf(stderr, "m44 catalog: %s: no setup: %v\n", names[0], rep.Errors)
			return 1
		}
		if cat, err = setup.Catalog(); err != nil {
			fmt.Fprintf(stderr, "m44 catalog: %s: %v\n", names[0], err)
			return 1
		}
	}
	c := view.CatalogOf(cat)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(c); err != nil {
			fmt.Fprintf(stderr, "m44 catalog: %v\n", err)
			return 1
		}
		return 0
	}
	writeCatalog(stdout, c)
	return 0
}

// writeCatalog prints the rows as text tables, one per kind of row.
func writeCatalog(out io.Writer, c view.Catalog) {
	fmt.Fprintf(out, "rulesets: %s\n", strings.Join(c.Rulesets, ", "))
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	terrain := func(title string, rows []view.TerrainRow) {
		fmt.Fprintf(tw, "\n%s\nKEY\tLAYER\tEFFECTS\tSUMMARY\tSOURCE\n", title)
		for _, r := range rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.Key, r.Layer, orDash(terrainEffects(r)), orDash(r.Summary), r.Source)
		}
	}
	terrain("GROUNDS", c.Grounds)
	terrain("FEATURES", c.Features)
	fmt.Fprintf(tw, "\nUNITS\nKEY\tCLASS\tFIGURES\tMOVE\tMOVE+BATTLE\tDICE\tSUMMARY\tSOURCE\n")
	for _, u := range c.Units {
		dice := make([]string, len(u.RangeDice))
		for i, d := range u.RangeDice {
			dice[i] = fmt.Sprint(d)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\n", u.Key, u.Class, u.Figures, u.Move, u.MoveAndFight,
			orDash(strings.Join(dice, "-")), orDash(u.Summary), u.Source)
	}
	fmt.Fprintf(tw, "\nCARDS\nKEY\tKIND\tSUMMARY\tSOURCE\n")
	for _, k := range c.Cards {
		kind := "section"
		if k.Tactic {
			kind = "tactic"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", k.Key, kind, k.Summary, k.Source)
	}
	fmt.Fprintf(tw, "\nDECKS\nKEY\tCARDS\n")
	for _, d := range c.Decks {
		fmt.Fprintf(tw, "%s\t%d\n", d.Key, d.Size)
	}
	tw.Flush()
}

// terrainEffects words a terrain row's effect fields tersely.
func terrainEffects(r view.TerrainRow) string {
	var e []string
	add := func(on bool, s string) {
		if on {
			e = append(e, s)
		}
	}
	add(r.Height != 0, fmt.Sprintf("height %d", r.Height))
	add(r.Water, "water")
	add(r.Crossing, "crossing")
	add(r.MustStop, "stop")
	add(r.NoBattle, "no battle after entering")
	add(r.VehiclesStop, "armor and artillery stop")
	add(r.LeaveStops, "leaving: 1 hex")
	add(r.Road, "road: +1 hex")
	add(r.NoTakeGround, "no take ground")
	add(r.EnterDice != 0, fmt.Sprintf("entering: %d dice, a loss per star", r.EnterDice))
	add(r.MoveCap != 0, fmt.Sprintf("move cap %d", r.MoveCap))
	add(r.BlocksSight, "blocks sight")
	if p := r.Protection; p != (view.ByClass{}) {
		below := ""
		if r.ProtectedBelow {
			below = " from below"
		}
		e = append(e, fmt.Sprintf("protection %d/%d%s", p.Infantry, p.Armor, below))
	}
	add(r.NoBattleFrom, "no battle from it")
	add(r.NoRetreatInto, "no retreat into it")
	add(len(r.Impassable) > 0, "impassable"+classList(r.Impassable))
	add(len(r.IgnoreFlag) > 0, "ignore flag"+classList(r.IgnoreFlag))
	add(len(r.Rules) > 0, "rules: "+strings.Join(r.Rules, "+"))
	add(r.AirCheck != 0, fmt.Sprintf("air check %d", r.AirCheck))
	return strings.Join(e, ", ")
}

// classList is ": infantry+armor" for some classes, "" for all three.
func classList(c []string) string {
	if len(c) == 3 {
		return ""
	}
	return ": " + strings.Join(c, "+")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
