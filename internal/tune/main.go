// Command tune measures candidate bots against easy (the greedy with the
// default weights), both sides swapped, on many scenarios, and fits the
// learned evaluation (docs/bots.md "Tuning").
//
//	go run ./internal/tune [-games 10] [-seed 1] [-set Damage=0.7,Exposure=0.3] [-sweep] [scenario.m44...]
//	go run ./internal/tune -rollout [-candidates 4] [-samples 24] [-horizon 1] [-learned]
//	go run ./internal/tune -medium [-iterations 150] [-search-battles] [-learned]   (MCTS)
//	go run ./internal/tune -fit -games 100
//	go run ./internal/tune -ladder [-pairs easy-random:20:201,...] [-cache dir] [-workers 1]
//
// Without files it plays every fully playable scenario of ../shared/scenarios
// and of the library. -set changes the candidate's weights; -sweep tries
// each weight of the candidate at ×0, ×0.5, ×1.5 and ×2 in turn; -fit plays
// greedy-versus-greedy games and prints the fitted bots.LearnedModel.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"m44/bots"
	"m44/library"
	"m44/rules"
	"m44/scenario"
	"m44/sim"
)

var (
	iters         *int
	searchBattles *bool
	rollout       *bool
	horizon       *int
	cands         *int
	samples       *int
)

type battle struct {
	name  string
	setup *rules.Setup
}

func main() {
	games := flag.Int("games", 10, "games per scenario and side")
	seed := flag.Uint64("seed", 1, "seed")
	set := flag.String("set", "", "candidate weights, Name=value,...")
	base := flag.String("base", "", "baseline weights, Name=value,... (default: bots.DefaultWeights)")
	sweep := flag.Bool("sweep", false, "try each weight at x0, x0.5, x1.5, x2")
	medium := flag.Bool("medium", false, "candidate is the medium search bot with the candidate weights")
	fitModel := flag.Bool("fit", false, "fit the learned evaluation on greedy-versus-greedy games")
	learned := flag.Bool("learned", false, "candidate uses the learned evaluation")
	iters = flag.Int("iterations", 150, "search iterations (-medium)")
	rollout = flag.Bool("rollout", false, "candidate is the rollout bot")
	horizon = flag.Int("horizon", 1, "rollout horizon in turns")
	cands = flag.Int("candidates", 4, "rollout candidates")
	samples = flag.Int("samples", 24, "rollout samples")
	searchBattles = flag.Bool("search-battles", false, "search the battle step too (-medium)")
	lad := flag.Bool("ladder", false, "play the strength ladder (-pairs) and print its markdown tables")
	agr := flag.Bool("agree", false, "how often easy, medium and hard choose alike, by decision phase, at positions of -games medium games per ladder scenario (-seed; -scenarios)")
	pairs := flag.String("pairs", DefaultPairs, "ladder pairs, level-opponent:rounds:seed,... (a round: one game per scenario and side)")
	cache := flag.String("cache", "", "ladder: directory where each round is saved and read back (resume, extend)")
	scenDir := flag.String("scenarios", "../shared/scenarios", "ladder: directory of the .m44 scenarios")
	workers := flag.Int("workers", 1, "ladder: games played at once")
	variants := flag.String("variant", "", "ladder: rollout bots to try, name=key:value/...,... (keys: candidates, samples, first, playouts, steps, csamples, cplayouts, csteps, horizon, steph, plan, race, prefer, mix, luck, model; the rest as hard)")
	pairedFlag := flag.String("paired", "", "compare two ladder pairs saved in -cache game by game, level-opponent:rounds:seed,level-opponent:rounds:seed (the same opponent and seed: the same deals; rounds 0: all both have)")
	fitPlayers := flag.String("players", "greedy", "-fit: the level of both players (greedy, medium, hard)")
	fitSave := flag.String("save", "", "-fit: save the played positions to this file")
	fitLoad := flag.String("load", "", "-fit: fit on positions saved by -save (files, comma-separated) instead of playing")
	fitTrain := flag.Int("train", -1, "-fit -load: fit on this file's training positions only (index; -1: all)")
	fitExt := flag.Bool("ext", false, "-fit: print the model with the extra features (bots.NumFeatures, not 12)")
	fitName := flag.String("name", "LearnedModel", "-fit: the printed model's name")
	fitUntil := flag.Duration("until", 0, "-fit: start no game after this time (every battle's game i before any game i+1)")
	flag.Parse()

	if *agr {
		must(agree(os.Stdout, *scenDir, *games, *seed))
		return
	}
	if *pairedFlag != "" {
		must(paired(os.Stdout, *cache, *pairedFlag))
		return
	}
	if *lad {
		ladder(*scenDir, *pairs, *cache, *workers, *variants)
		return
	}

	if *fitModel && *fitLoad != "" {
		fit(nil, 0, 0, fitOpts{load: *fitLoad, train: *fitTrain, ext: *fitExt, name: *fitName})
		return
	}
	battles := load(flag.Args())
	if *fitModel {
		fit(battles, *games, *seed, fitOpts{players: *fitPlayers, save: *fitSave, until: *fitUntil, train: -1, ext: *fitExt, name: *fitName})
		return
	}
	fmt.Printf("%d scenarios, %d games each side\n", len(battles), *games)
	cand := bots.DefaultWeights
	must(apply(&cand, *set))
	ref := bots.DefaultWeights
	must(apply(&ref, *base))
	if !*sweep {
		k, n := match(battles, cand, ref, *games, *seed, *medium, *learned)
		report("candidate", k, n)
		return
	}
	v := reflect.ValueOf(&cand).Elem()
	for i := 0; i < v.NumField(); i++ {
		for _, f := range []float64{0, 0.5, 1.5, 2} {
			c := cand
			cv := reflect.ValueOf(&c).Elem().Field(i)
			cv.SetFloat(cv.Float() * f)
			k, n := match(battles, c, ref, *games, *seed, *medium, *learned)
			report(fmt.Sprintf("%s=%.3g", v.Type().Field(i).Name, cv.Float()), k, n)
		}
	}
}

func report(label string, k, n int) {
	w := sim.Wilson(k, n)
	fmt.Printf("%-22s %4d/%-4d %5.1f%% [%4.1f-%4.1f]\n", label, k, n, 100*w.P, 100*w.Low, 100*w.High)
}

// match plays candidate against baseline on every battle, both sides, and
// returns the candidate's wins and the games played (draws count half a
// game lost).
func match(battles []battle, cand, ref bots.Weights, games int, seed uint64, medium, learned bool) (int, int) {
	var model *bots.Model
	if learned {
		model = &bots.LearnedModel
	}
	mk := func(w bots.Weights, m *bots.Model) sim.Factory {
		return func(s uint64) (bots.Bot, error) { return bots.NewGreedyWeights(s, w, m), nil }
	}
	cf := mk(cand, model)
	if *rollout {
		cf = func(s uint64) (bots.Bot, error) {
			return bots.NewRollout("rollout", s, bots.RolloutConfig{Candidates: *cands, Samples: *samples, Weights: cand, Model: model, Horizon: *horizon}), nil
		}
	}
	if medium {
		cf = func(s uint64) (bots.Bot, error) {
			return bots.NewMCTS("medium", s, bots.MCTSConfig{Iterations: *iters, Explore: 0.1, Reply: true, GreedyBattles: !*searchBattles, Weights: cand, Model: model}), nil
		}
	}
	k, n := 0, 0
	for _, b := range battles {
		for side := rules.Allies; side <= rules.Axis; side++ {
			cfg := sim.Config{Name: b.name, Setup: b.setup, Games: games, Workers: runtime.NumCPU(), Seed: seed + uint64(side)*7919}
			cfg.Bots[side], cfg.Bots[side.Opp()] = cf, mk(ref, nil)
			r, err := sim.Run(context.Background(), cfg)
			must(err)
			k += r.Wins[side]
			n += r.Played
		}
	}
	return k, n
}

func apply(w *bots.Weights, set string) error {
	if set == "" {
		return nil
	}
	v := reflect.ValueOf(w).Elem()
	for _, kv := range strings.Split(set, ",") {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("want Name=value, got %q", kv)
		}
		f := v.FieldByName(name)
		if !f.IsValid() {
			return fmt.Errorf("no weight %q", name)
		}
		x, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return err
		}
		f.SetFloat(x)
	}
	return nil
}

func load(files []string) []battle {
	var out []battle
	if len(files) == 0 {
		files, _ = filepath.Glob("../shared/scenarios/*.m44")
		for _, e := range library.All() {
			if s, rep := e.Setup(); s != nil && rep.Playable() {
				out = append(out, battle{"library/" + e.ID, s})
			}
		}
	}
	for _, f := range files {
		s, rep := scenario.Check(f)
		if s != nil && rep.Playable() {
			out = append(out, battle{filepath.Base(f), s})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}
