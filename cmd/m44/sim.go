package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"m44/bots"
	"m44/scenario"
	"m44/sim"
)

// stdoutIsTerminal reports whether the real standard output is a terminal
// (the progress bar is drawn only then). Tests replace it.
var stdoutIsTerminal = func() bool {
	fi, err := os.Stdout.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// simContext is the context of a run: cancelled by Ctrl-C. Tests replace it.
var simContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

const simUsage = `usage: m44 sim SCENARIO.m44... [flags]

Plays games between two bots on each scenario and reports the wins of each
side with 95% Wilson intervals, medal margins, game length and bot speed.
Levels: random, easy, medium, hard (docs/bots.md). Ctrl-C stops and reports
the games that finished.

flags:
`

// runSim is "m44 sim".
func runSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 20, "games per scenario")
	allies := fs.String("allies", "easy", "allies bot level")
	axis := fs.String("axis", "easy", "axis bot level")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	seed := fs.Uint64("seed", 1, "seed of the run (same seed and bots: same results)")
	asJSON := fs.Bool("json", false, "write the reports as JSON")
	plotPath := fs.String("plot", "", "draw the win rates to this .svg or .png file")
	iters := fs.Int("iterations", 0, "worlds each candidate is played out in per round, for medium/hard (overrides their default: 24, 16)")
	playouts := fs.Int("playouts", 0, "playouts per decision, for medium/hard (overrides their budget: 96, 1024)")
	think := fs.Duration("time", 0, "wall-clock cap per decision for medium/hard (default none: budgets are in playouts, so runs reproduce on any machine)")
	botWorkers := fs.Int("bot-workers", 1, "cores each medium/hard decision plays its worlds on")
	maxDec := fs.Int("max-decisions", 0, "cut a game after this many decisions (0: 20000)")
	fs.Usage = func() {
		fmt.Fprint(stderr, simUsage)
		fs.PrintDefaults()
	}
	// Flags may come before, between or after the scenario files.
	files, code, ok := parseWithNames(fs, args)
	if !ok {
		return code
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "m44 sim: no scenario file given")
		fs.Usage()
		return 2
	}
	if *games <= 0 || *workers <= 0 || *botWorkers <= 0 {
		fmt.Fprintln(stderr, "m44 sim: --games, --workers and --bot-workers must be positive")
		return 2
	}
	if *iters < 0 || *playouts < 0 || *think < 0 {
		fmt.Fprintln(stderr, "m44 sim: --iterations, --playouts and --time must not be negative")
		return 2
	}
	// No wall-clock cap unless asked: the same seeds give the same games on
	// any machine, however loaded.
	opts := bots.Options{Iterations: *iters, Playouts: *playouts, Time: bots.NoCap, Workers: *botWorkers}
	if *think > 0 {
		opts.Time = *think
	}
	var factories [2]sim.Factory
	for side, level := range []string{*allies, *axis} {
		f, err := sim.Level(level, opts)
		if err != nil {
			fmt.Fprintf(stderr, "m44 sim: %v\n", err)
			return 2
		}
		factories[side] = f
	}
	type job struct {
		name string
		cfg  sim.Config
	}
	var jobs []job
	for _, f := range files {
		setup, rep := scenario.Check(f)
		if !rep.Playable() || setup == nil {
			fmt.Fprintf(stderr, "m44 sim: %s: not playable: %s\n", f, notPlayable(rep))
			return 1
		}
		jobs = append(jobs, job{f, sim.Config{Name: f, Setup: setup, Games: *games, Bots: factories,
			Names: [2]string{*allies, *axis}, Workers: *workers, Seed: *seed, MaxDecisions: *maxDec}})
	}

	ctx, stop := simContext()
	defer stop()
	var bar *progressBar
	if stdoutIsTerminal() {
		bar = &progressBar{w: stderr, total: len(jobs) * *games, start: time.Now()}
	}
	var reports []*sim.Report
	cancelled := false
	for _, j := range jobs {
		if bar != nil {
			base := bar.done
			name := filepath.Base(j.name)
			j.cfg.Progress = func(p sim.Progress) { bar.update(base+p.Done, p.Decisions, name) }
			bar.beginScenario()
		}
		rep, err := sim.Run(ctx, j.cfg)
		if err != nil {
			bar.clear()
			fmt.Fprintf(stderr, "m44 sim: %v\n", err)
			return 1
		}
		reports = append(reports, rep)
		if rep.Cancelled {
			cancelled = true
			break
		}
	}
	bar.clear()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reports); err != nil {
			fmt.Fprintf(stderr, "m44 sim: %v\n", err)
			return 1
		}
	} else if err := sim.WriteText(stdout, reports); err != nil {
		fmt.Fprintf(stderr, "m44 sim: %v\n", err)
		return 1
	}
	if *plotPath != "" {
		if err := sim.Plot(reports, *plotPath); err != nil {
			fmt.Fprintf(stderr, "m44 sim: %v\n", err)
			return 1
		}
	}
	if cancelled {
		fmt.Fprintln(stderr, "m44 sim: interrupted; the results above are the games that finished")
		return 130
	}
	return 0
}

// notPlayable says why a checked scenario cannot be simulated.
func notPlayable(r *scenario.Report) string {
	if err := r.Err(); err != nil {
		return err.Error()
	}
	if f := r.Features(); len(f) > 0 {
		return "unsupported: " + strings.Join(f, ", ")
	}
	return "no setup"
}

// progressBar draws "[####....] 12/40 games  0.8 games/s  950 dec/s  ETA 0:35".
type progressBar struct {
	w         io.Writer
	total     int
	done      int
	decisions int
	decBase   int
	start     time.Time
}

func (b *progressBar) beginScenario() { b.decBase = b.decisions }

func (b *progressBar) update(done, decisions int, name string) {
	b.done = done
	b.decisions = b.decBase + decisions
	el := time.Since(b.start).Seconds()
	const width = 24
	fill := width * done / max(1, b.total)
	rate := float64(done) / max(el, 1e-9)
	eta := "?"
	if rate > 0 {
		left := time.Duration(float64(b.total-done) / rate * float64(time.Second)).Round(time.Second)
		eta = fmt.Sprintf("%d:%02d", int(left.Minutes()), int(left.Seconds())%60)
	}
	fmt.Fprintf(b.w, "\r[%s%s] %d/%d games  %.2f games/s  %.0f dec/s  ETA %s  %s\x1b[K",
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, b.total, rate,
		float64(b.decisions)/max(el, 1e-9), eta, name)
}

func (b *progressBar) clear() {
	if b != nil {
		fmt.Fprint(b.w, "\r\x1b[K")
	}
}
