package main

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"m44/bots"
	"m44/rules"
)

// sample is one position at the start of the active side's battles.
type sample struct {
	f    [bots.NumFeatures]float64
	eval float64 // the hand-written evaluation plus the battles to come
	win  bool    // the active side won the game
	test bool    // held out
}

// collect plays greedy-versus-greedy games on every battle and records a
// sample at the start of each side's battles.
func collect(battles []battle, games int, seed uint64) []sample {
	type job struct {
		b battle
		i int
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var out []sample
	var wg sync.WaitGroup
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				ss := playRecord(j.b.setup, seed+uint64(j.i)*1000003)
				for k := range ss {
					ss[k].test = j.i%5 == 0
				}
				mu.Lock()
				out = append(out, ss...)
				mu.Unlock()
			}
		}()
	}
	for _, b := range battles {
		for i := 0; i < games; i++ {
			jobs <- job{b, i}
		}
	}
	close(jobs)
	wg.Wait()
	return out
}

func playRecord(setup *rules.Setup, seed uint64) []sample {
	s, err := rules.New(setup, seed)
	must(err)
	players := [2]bots.Bot{bots.NewGreedy(seed + 1), bots.NewGreedy(seed + 2)}
	var ss []sample
	var act []rules.Side
	last := -1
	for n := 0; n < 20000; n++ {
		if over, w := s.Over(); over {
			for i := range ss {
				ss[i].win = act[i] == w
			}
			return ss
		}
		if ph := s.Phase(); (ph == rules.PhaseBattle || ph == rules.PhaseTarget) && s.Turn() != last {
			last = s.Turn()
			f := bots.Features(s)
			ss = append(ss, sample{f: f, eval: bots.Evaluate(s, s.Active()) + f[4]})
			act = append(act, s.Active())
		}
		side := s.ToAct()
		p := bots.NewPerspective(s, side, seed^uint64(n)<<20)
		a, err := players[side].Choose(nil, p)
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
			if ss[k].test {
				continue
			}
			xs := x(&ss[k])
			z := dot(w, xs)
			p := 1 / (1 + math.Exp(-z))
			y := 0.0
			if ss[k].win {
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
		if ss[k].test != test {
			continue
		}
		p := 1 / (1 + math.Exp(-dot(w, x(&ss[k]))))
		p = math.Min(math.Max(p, 1e-9), 1-1e-9)
		if ss[k].win {
			l -= math.Log(p)
		} else {
			l -= math.Log(1 - p)
		}
		if (p > 0.5) == ss[k].win {
			acc++
		}
		n++
	}
	return l / float64(n), acc / float64(n), n
}

func fit(battles []battle, games int, seed uint64) {
	ss := collect(battles, games, seed)
	full := func(s *sample) []float64 { return s.f[:] }
	base := func(s *sample) []float64 { return []float64{1, s.eval} }
	wb := fitLogistic(ss, 2, base, 1e-3)
	wf := fitLogistic(ss, bots.NumFeatures, full, 1e-3)
	for _, m := range []struct {
		name string
		w    []float64
		x    func(*sample) []float64
	}{{"hand-written evaluation", wb, base}, {"learned features", wf, full}} {
		lt, at, nt := loss(ss, false, m.w, m.x)
		lv, av, nv := loss(ss, true, m.w, m.x)
		fmt.Printf("%-24s train %.4f (%.1f%%, %d)  test %.4f (%.1f%%, %d)\n", m.name, lt, 100*at, nt, lv, 100*av, nv)
	}
	fmt.Printf("hand-written: z = %.4f + %.4f * eval\n", wb[0], wb[1])
	fmt.Println("var LearnedModel = Model{")
	for i, c := range wf {
		fmt.Printf("\t%.4f, // %s\n", c, bots.FeatureNames[i])
	}
	fmt.Println("}")
}
