package main

import (
	"context"
	"encoding/gob"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"m44/bots"
	"m44/rules"
)

// sample is one position at the start of the active side's battles.
type sample struct {
	F    [bots.NumFeatures]float64
	Eval float64 // the hand-written evaluation plus the battles to come
	Win  bool    // the active side won the game
	Test bool    // held out (one game in five)
}

// collect plays games between two bots of level players (greedy: easy)
// on every battle and records a sample at the start of each side's
// battles, in the order of the games and battles (whatever the workers).
// The games are dealt game index first (every battle's game 0, then game
// 1...), so that a time limit (until > 0: no game is started after it)
// cuts every battle's games alike.
func collect(battles []battle, games int, seed uint64, players string, until time.Duration) []sample {
	type job struct {
		b battle
		i int
		k int // slot
	}
	jobs := make(chan job)
	res := make([][]sample, len(battles)*games)
	var wg sync.WaitGroup
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				ss := playRecord(j.b.setup, seed+uint64(j.i)*1000003, players)
				for k := range ss {
					ss[k].Test = j.i%5 == 0
				}
				res[j.k] = ss
			}
		}()
	}
	k := 0
	start := time.Now()
	for i := 0; i < games; i++ {
		if until > 0 && time.Since(start) > until {
			break
		}
		fmt.Fprintf(os.Stderr, "fit: game %d of each battle, %s\n", i+1, time.Since(start).Round(time.Second))
		for _, b := range battles {
			jobs <- job{b, i, k}
			k++
		}
	}
	close(jobs)
	wg.Wait()
	var out []sample
	for _, ss := range res {
		out = append(out, ss...)
	}
	return out
}

// player is a bot of level players ("greedy" is easy's greedy), with no
// wall-clock cap and one core, so that the games reproduce.
func player(players string, seed uint64) bots.Bot {
	if players == "greedy" {
		return bots.NewGreedy(seed)
	}
	b, err := bots.New(players, seed, bots.Options{Time: bots.NoCap, Workers: 1})
	must(err)
	return b
}

func playRecord(setup *rules.Setup, seed uint64, players string) []sample {
	s, err := rules.New(setup, seed)
	must(err)
	ps := [2]bots.Bot{player(players, seed+1), player(players, seed+2)}
	var ss []sample
	var act []rules.Side
	last := -1
	for n := 0; n < 20000; n++ {
		if over, w := s.Over(); over {
			for i := range ss {
				ss[i].Win = act[i] == w
			}
			return ss
		}
		if ph := s.Phase(); (ph == rules.PhaseBattle || ph == rules.PhaseTarget) && s.Turn() != last {
			last = s.Turn()
			f := bots.Features(s)
			ss = append(ss, sample{F: f, Eval: bots.Evaluate(s, s.Active()) + f[4]})
			act = append(act, s.Active())
		}
		side := s.ToAct()
		p := bots.NewPerspective(s, side, seed^uint64(n)<<20)
		a, err := ps[side].Choose(context.Background(), p)
		must(err)
		s.Play(a)
	}
	return nil // unfinished: no label
}

// fitLogistic fits coefficients by Newton's method (L2 penalty lambda)
// on the training samples, x(s) giving the inputs.
func fitLogistic(ss []sample, dim int, x func(*sample) []float64, lambda float64) []float64 {
	w := make([]float64, dim)
	for it := 0; it < 30; it++ {
		g := make([]float64, dim)
		h := make([][]float64, dim)
		for i := range h {
			h[i] = make([]float64, dim)
			h[i][i] = lambda
			g[i] = lambda * w[i]
		}
		for k := range ss {
			if ss[k].Test {
				continue
			}
			xs := x(&ss[k])
			z := dot(w, xs)
			p := 1 / (1 + math.Exp(-z))
			y := 0.0
			if ss[k].Win {
				y = 1
			}
			for i := range xs {
				g[i] += (p - y) * xs[i]
				for j := range xs {
					h[i][j] += p * (1 - p) * xs[i] * xs[j]
				}
			}
		}
		d := solve(h, g)
		for i := range w {
			w[i] -= d[i]
		}
	}
	return w
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// solve solves h d = g by Gaussian elimination with partial pivoting.
func solve(h [][]float64, g []float64) []float64 {
	n := len(g)
	a := make([][]float64, n)
	for i := range a {
		a[i] = append(append([]float64{}, h[i]...), g[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := 0; r < n; r++ {
			if r == c || a[c][c] == 0 {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	d := make([]float64, n)
	for i := range d {
		if a[i][i] != 0 {
			d[i] = a[i][n] / a[i][i]
		}
	}
	return d
}

// loss is the mean log-loss and accuracy on the train or test samples.
func loss(ss []sample, test bool, w []float64, x func(*sample) []float64) (float64, float64, int) {
	l, acc, n := 0.0, 0.0, 0
	for k := range ss {
		if ss[k].Test != test {
			continue
		}
		p := 1 / (1 + math.Exp(-dot(w, x(&ss[k]))))
		p = math.Min(math.Max(p, 1e-9), 1-1e-9)
		if ss[k].Win {
			l -= math.Log(p)
		} else {
			l -= math.Log(1 - p)
		}
		if (p > 0.5) == ss[k].Win {
			acc++
		}
		n++
	}
	return l / float64(n), acc / float64(n), n
}

// dataset is a named set of samples.
type dataset struct {
	name string
	ss   []sample
}

// fitOpts: where fit's samples come from and which model it prints.
type fitOpts struct {
	players string        // level of both players when playing games
	save    string        // file the played samples are saved to
	load    string        // files of samples (comma-separated) instead of playing
	train   int           // index of the loaded file to fit on (-1: all of them)
	until   time.Duration // no game is started after this time (0: no limit)
	ext     bool          // print the model with the extra features
	name    string        // the printed variable's name
}

// fit plays games (or loads samples), fits the hand-written evaluation's
// calibration and the learned model on the base features and on all of
// them, and prints the held-out log-loss and accuracy of each, and of
// bots.LearnedModel as it is, on each data set.
func fit(battles []battle, games int, seed uint64, o fitOpts) {
	var data []dataset
	if o.load == "" {
		ss := collect(battles, games, seed, o.players, o.until)
		if o.save != "" {
			f, err := os.Create(o.save)
			must(err)
			must(gob.NewEncoder(f).Encode(ss))
			must(f.Close())
		}
		data = append(data, dataset{o.players, ss})
	} else {
		for _, name := range strings.Split(o.load, ",") {
			f, err := os.Open(name)
			must(err)
			var ss []sample
			must(gob.NewDecoder(f).Decode(&ss))
			f.Close()
			data = append(data, dataset{name, ss})
		}
	}
	var train []sample
	for i, d := range data {
		if o.train < 0 || i == o.train {
			train = append(train, d.ss...)
		}
	}
	base := func(s *sample) []float64 { return []float64{1, s.Eval} }
	short := func(s *sample) []float64 { return s.F[:12] }
	full := func(s *sample) []float64 { return s.F[:] }
	wb := fitLogistic(train, 2, base, 1e-3)
	ws := fitLogistic(train, 12, short, 1e-3)
	wf := fitLogistic(train, bots.NumFeatures, full, 1e-3)
	models := []struct {
		name string
		w    []float64
		x    func(*sample) []float64
	}{
		{"hand-written evaluation", wb, base},
		{"bots.LearnedModel", bots.LearnedModel[:], full},
		{"refit, 12 features", ws, short},
		{fmt.Sprintf("refit, %d features", bots.NumFeatures), wf, full},
	}
	for _, d := range data {
		pos, g := 0, 0
		for k := range d.ss {
			if !d.ss[k].Test {
				pos++
			}
			g++
		}
		fmt.Printf("%s: %d positions (%d held out)\n", d.name, g, g-pos)
		for _, m := range models {
			lt, at, nt := loss(d.ss, false, m.w, m.x)
			lv, av, nv := loss(d.ss, true, m.w, m.x)
			fmt.Printf("  %-24s train %.4f (%.1f%%, %d)  test %.4f (%.1f%%, %d)\n", m.name, lt, 100*at, nt, lv, 100*av, nv)
		}
	}
	fmt.Printf("hand-written: z = %.4f + %.4f * eval\n", wb[0], wb[1])
	w := ws
	if o.ext {
		w = wf
	}
	fmt.Printf("var %s = Model{\n", o.name)
	for i, c := range w {
		fmt.Printf("\t%.4f, // %s\n", c, bots.FeatureNames[i])
	}
	fmt.Println("}")
}
