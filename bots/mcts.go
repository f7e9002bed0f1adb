package bots

import (
	"context"
	"math"
	"runtime"
	"sort"
	"sync"
	"time"

	"m44/rules"
)

// MCTS is Information-Set Monte Carlo Tree Search (single observer,
// open-loop): every iteration samples a determinization of the perspective
// (the other hand redealt, the dice reseeded: dice are chance through the
// state's own generator), walks the tree by UCB among the actions legal in
// that sample (counting availability, as ISMCTS does), widens each node
// progressively in the greedy policy's order, then plays the greedy policy
// out to the end of the next turn and scores the position.
type MCTS struct {
	name string
	seed uint64
	n    uint64
	cfg  MCTSConfig
}

// MCTSConfig is a search budget and its knobs.
type MCTSConfig struct {
	// Iterations per decision (0 = no limit; then Time must be set).
	Iterations int
	// Time per decision (0 = no limit). With a time budget the choice
	// depends on the machine's speed: determinism is best effort.
	Time time.Duration
	// Workers searching independent trees from different seeds whose root
	// statistics are summed (root parallelism); 0 or 1 = one. Iterations
	// are split among them.
	Workers int
	// Turns is how many turn ends a playout goes past before it is scored
	// (1: the end of the current turn; 2: and the opponent's next turn);
	// 0 scores the searching side's coming battles exactly instead of
	// rolling them.
	Turns int
	// Explore is the UCB exploration constant.
	Explore float64
	// GreedyBattles leaves the decisions of the battle step (battles,
	// retreats, take ground, overrun) to the greedy policy, whose
	// expectations over the dice are exact: a small search only adds
	// sampling noise there.
	GreedyBattles bool
	// MaxBackup values a node by the best playout found through it rather
	// than the mean: with exact battle expectations (Turns = 0) the search
	// of one's own turn is nearly deterministic, a planning problem where
	// the mean undervalues actions with many poor continuations. Not used
	// when the search starts in the battle step (dice are sampled there).
	MaxBackup bool
	// Reply makes playouts go on through the opponent's next orders and
	// moves, scoring his coming battles exactly. The searching side's own
	// battles in the playout are rolled, and their luck (the material they
	// brought less its expectation) is taken out of the score, so the
	// opponent's answer is judged without the noise of the dice.
	Reply bool
	// Horizon is the reply playouts' length: 1 (0 too) scores the position
	// when the opponent's next battles come; 2 plays through them (their
	// luck taken out as well) and the searching side's next card, orders
	// and moves, scoring when its own battles come.
	Horizon int
	// Mix, with Horizon 2, scores a playout by (1-Mix) × its score at the
	// searching side's own next battles plus Mix × its score when the
	// opponent's battles came before them (Horizon 1's), each with the
	// luck rolled so far taken out (a λ-return: the nearer score is less
	// noisy, the farther one sees further). 0: the far score alone.
	Mix float64
	// Plan makes reply playouts choose cards as the greedy level does, by
	// playing each distinct card out through its orders and moves, rather
	// than by its quick estimate: 1 the opponent's cards, 2 every card.
	// The planning's steps count as playout steps (the step budget).
	Plan int
	// MaterialLuck measures a rolled battle's luck against the material it
	// was expected to bring (a kill worth its medal, never the game; no
	// value for a retreat), the currency the luck is counted in, rather
	// than against the greedy's value of the battle (RolloutConfig.MaterialLuck).
	MaterialLuck bool
	// Weights are the judgement of the policy and the evaluation (zero:
	// DefaultWeights).
	Weights Weights
	// Model, if set, scores playouts (Reply mode) and ranks the root's
	// cards by the learned evaluation.
	Model *Model
}

// NewMCTS is a search bot named name.
func NewMCTS(name string, seed uint64, cfg MCTSConfig) *MCTS {
	if cfg.Turns < 0 {
		cfg.Turns = 0
	}
	if cfg.Explore <= 0 {
		cfg.Explore = 0.35
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.Weights == (Weights{}) {
		cfg.Weights = DefaultWeights
	}
	if cfg.Workers > runtime.GOMAXPROCS(0) && cfg.Iterations == 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	return &MCTS{name: name, seed: seed, cfg: cfg}
}

func (m *MCTS) Name() string { return m.name }

// Stats is what the last search did.
type Stats struct {
	Iterations int
	// Steps: the playout steps counted against a rollout's step budget
	// (RolloutConfig.Steps); Work: all the steps its playouts played (the
	// same on one worker; with several, playouts played ahead of the
	// budget's end and dropped are in Work only).
	Steps, Work int
	Elapsed     time.Duration
	// Capped: the wall-clock cap or the context stopped the search before
	// its budget was spent (the choice then depends on the machine).
	Capped bool
}

// node is one decision point of the open-loop tree.
type node struct {
	action   rules.Action // the action that led here
	actor    rules.Side   // who chose it
	children []*node
	visits   float64
	value    float64 // sum of rewards for actor
	best     float64 // best reward for actor seen through the node
	avail    float64
	ranked   []rules.Action // the greedy order of the actions seen, best first
	score    map[rules.Action]float64
}

func (m *MCTS) Choose(ctx context.Context, p *Perspective) (rules.Action, error) {
	a, _ := m.Search(ctx, p)
	return a, nil
}

// Search chooses an action and tells what the search did.
func (m *MCTS) Search(ctx context.Context, p *Perspective) (rules.Action, Stats) {
	legal := p.Legal()
	if len(legal) == 1 {
		return legal[0], Stats{}
	}
	m.n++
	base := mix(m.seed, m.n)
	if m.cfg.GreedyBattles {
		switch p.Phase() {
		case rules.PhaseBattle, rules.PhaseOverrun, rules.PhaseRetreat, rules.PhaseTakeGround:
			pl := policy{w: &m.cfg.Weights, model: m.cfg.Model}
			return pl.choose(p.Determinize(base), legal), Stats{}
		}
	}
	start := time.Now()
	var deadline time.Time
	if m.cfg.Time > 0 {
		deadline = start.Add(m.cfg.Time)
	}
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	maxBackup := m.cfg.MaxBackup && m.cfg.Turns == 0
	switch p.Phase() {
	case rules.PhaseBattle, rules.PhaseOverrun, rules.PhaseRetreat, rules.PhaseTakeGround, rules.PhaseAmbush, rules.PhaseCombat:
		maxBackup = false
	}
	workers := m.cfg.Workers
	roots := make([]*node, workers)
	iters := make([]int, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		budget := 0
		if m.cfg.Iterations > 0 {
			budget = m.cfg.Iterations / workers
			if w < m.cfg.Iterations%workers {
				budget++
			}
			budget = max(budget, 1)
		}
		wg.Add(1)
		go func(w, budget int) {
			defer wg.Done()
			t := &tree{p: p, side: p.Side(), cfg: &m.cfg, seed: mix(base, uint64(w)), pl: policy{w: &m.cfg.Weights, model: m.cfg.Model}, maxBackup: maxBackup}
			roots[w], iters[w] = t.run(ctx, budget, deadline)
		}(w, budget)
	}
	wg.Wait()
	// Sum the root statistics by action.
	visits := map[rules.Action]float64{}
	value := map[rules.Action]float64{}
	best := map[rules.Action]float64{}
	for _, r := range roots {
		for _, c := range r.children {
			visits[c.action] += c.visits
			value[c.action] += c.value
			if b, ok := best[c.action]; !ok || c.best > b {
				best[c.action] = c.best
			}
		}
	}
	total := 0
	for _, n := range iters {
		total += n
	}
	choice, bestN, bestQ := rules.Action{}, -1.0, 0.0
	found := false
	for _, a := range legal { // legal order breaks ties deterministically
		n, ok := visits[a]
		if !ok {
			continue
		}
		q := value[a] / math.Max(n, 1)
		if maxBackup {
			// The best plan found, its visits breaking ties.
			if q = best[a]; !found || q > bestQ || (q == bestQ && n > bestN) {
				choice, bestN, bestQ, found = a, n, q, true
			}
			continue
		}
		if n > bestN || (n == bestN && q > bestQ) {
			choice, bestN, bestQ, found = a, n, q, true
		}
	}
	if !found {
		// No iteration finished: fall back on the greedy choice.
		pl := policy{planCards: true, w: &m.cfg.Weights, model: m.cfg.Model}
		choice = pl.choose(p.Determinize(base), legal)
	}
	return choice, Stats{Iterations: total, Elapsed: time.Since(start)}
}

// tree is one worker's search.
type tree struct {
	p         *Perspective
	maxBackup bool
	side      rules.Side
	cfg       *MCTSConfig
	seed      uint64
	pl        policy
	buf       []rules.Action
	sc        []float64
	path      []*node
	luck      luck
	stop      *stopper     // if set, asked before every step of a playout
	world     *rules.State // the sampled world a playout plays on, reused (DeterminizeInto)
	steps     int          // the steps the last playouts played (the policy's choices)
}

func (t *tree) run(ctx context.Context, budget int, deadline time.Time) (*node, int) {
	root := &node{}
	start := time.Now()
	n := 0
	for ; budget == 0 || n < budget; n++ {
		if n&7 == 0 {
			if ctx.Err() != nil {
				break
			}
			if !deadline.IsZero() && time.Now().After(deadline) {
				break
			}
		}
		if budget > 0 && n >= 16 && t.decided(root, budget-n) {
			break
		}
		if budget == 0 && n >= 64 && n&63 == 0 && !deadline.IsZero() {
			// With a time budget: stop once the iterations the time left
			// allows at this pace could not change the choice.
			el := time.Since(start)
			left := float64(n) * float64(time.Until(deadline)) / float64(max(el, 1))
			if t.decided(root, int(left)) {
				break
			}
		}
		t.iterate(root, mix(t.seed, uint64(n)))
	}
	return root, n
}

// decided reports whether the most visited root action can no longer be
// overtaken within the iterations left.
func (t *tree) decided(root *node, left int) bool {
	if len(root.children) < 2 {
		return false
	}
	first, second := 0.0, 0.0
	for _, c := range root.children {
		if c.visits > first {
			first, second = c.visits, first
		} else if c.visits > second {
			second = c.visits
		}
	}
	return first-second > float64(left)
}

// widen is how many of a node's ranked actions are open after v visits.
func widen(v float64) int { return 2 + int(math.Sqrt(v)) }

func (t *tree) iterate(root *node, seed uint64) {
	t.world = t.p.DeterminizeInto(t.world, seed)
	s := t.world
	t.luck = luck{me: t.side, w: t.pl.w, material: t.cfg.MaterialLuck}
	n := root
	t.path = append(t.path[:0], root)
	turn0 := s.Turn()
	expanded := false
	for !expanded {
		if over, _ := s.Over(); over {
			break
		}
		t.buf = s.LegalActions(t.buf[:0])
		if len(t.buf) == 1 {
			s.Play(t.buf[0])
			continue
		}
		actor := s.ToAct()
		t.rank(n, s, n == root)
		// The open actions: the first widen(visits) ranked ones legal here.
		k := widen(n.visits)
		var pick *node
		bestU := math.Inf(-1)
		opened := 0
		for _, a := range n.ranked {
			if opened >= k {
				break
			}
			if !contains(t.buf, a) {
				continue
			}
			opened++
			c := n.child(a)
			if c == nil {
				c = &node{action: a, actor: actor}
				n.children = append(n.children, c)
				c.avail++
				pick = c
				expanded = true
				break
			}
			c.avail++
			q := c.value / c.visits
			if t.maxBackup {
				q = c.best
			}
			u := q + t.cfg.Explore*math.Sqrt(math.Log(c.avail)/c.visits) + 0.02*n.score[a]/(1+c.visits)
			if u > bestU {
				bestU, pick = u, c
			}
		}
		if pick == nil {
			// Nothing ranked is legal in this sample: play the policy.
			a := t.pl.choose(s, t.buf)
			c := n.child(a)
			if c == nil {
				c = &node{action: a, actor: actor}
				n.children = append(n.children, c)
				expanded = true
			}
			c.avail++
			pick = c
		}
		if t.cfg.Reply {
			t.luck.settle(s)
			t.luck.before(s, pick.action)
		}
		s.Play(pick.action)
		n = pick
		t.path = append(t.path, n)
	}
	r := squash(t.playout(s, turn0))
	for _, c := range t.path[1:] {
		v := r
		if c.actor != t.side {
			v = 1 - r
		}
		if c.visits == 0 || v > c.best {
			c.best = v
		}
		c.visits++
		c.value += v
	}
	root.visits++
}

// rank orders the actions legal in s that the node has not ranked yet by
// the greedy policy's scores (cards are played out at the root).
func (t *tree) rank(n *node, s *rules.State, atRoot bool) {
	if n.score == nil {
		n.score = map[rules.Action]float64{}
	}
	var fresh []rules.Action
	for _, a := range t.buf {
		if _, ok := n.score[a]; !ok {
			fresh = append(fresh, a)
		}
	}
	if len(fresh) == 0 {
		return
	}
	t.sc = t.pl.scores(s, fresh, atRoot, t.sc)
	for i, a := range fresh {
		n.score[a] = t.sc[i]
	}
	n.ranked = append(n.ranked, fresh...)
	sort.SliceStable(n.ranked, func(i, j int) bool { return n.score[n.ranked[i]] > n.score[n.ranked[j]] })
}

func (n *node) child(a rules.Action) *node {
	for _, c := range n.children {
		if c.action == a {
			return c
		}
	}
	return nil
}

func contains(list []rules.Action, a rules.Action) bool {
	for _, b := range list {
		if b == a {
			return true
		}
	}
	return false
}

// playout plays the greedy policy on and scores the end. With Turns = 0 it
// stops when the searching side's battles are next to come, adding their
// expected value computed exactly over the dice (no sampling noise);
// otherwise it plays to the end of Turns turns.
func (t *tree) playout(s *rules.State, turn0 int) float64 {
	if t.cfg.Reply {
		return t.replyPlayout(s, turn0)
	}
	for steps := 0; steps < 400; steps++ {
		if over, _ := s.Over(); over {
			break
		}
		if t.cfg.Turns == 0 {
			if s.Turn() > turn0 {
				break
			}
			if s.Active() == t.side && s.ToAct() == t.side {
				switch s.Phase() {
				case rules.PhaseBattle:
					k := newKnow(s, t.pl.w)
					defer k.free()
					t.buf = s.LegalActions(t.buf[:0])
					return k.eval(t.side) + battlePlan(k, t.buf)
				case rules.PhaseTarget:
					k := newKnow(s, t.pl.w)
					defer k.free()
					return k.eval(t.side) + targetPlan(k, t.side, k.eff)
				}
			}
		} else if s.Turn() >= turn0+t.cfg.Turns {
			break
		}
		t.buf = s.LegalActions(t.buf[:0])
		s.Play(t.pl.choose(s, t.buf))
	}
	return evalOf(s, t.pl.w, t.side)
}

// maxPlayoutSteps is the most steps (actions chosen) a reply playout
// plays: the bound on how far a decision's work may pass its step budget.
const maxPlayoutSteps = 400

// replyPlayout plays the rest of the turn and the opponent's orders and
// moves, and scores the position with the opponent's battles to come
// counted exactly and the luck of the searching side's dice removed.
func (t *tree) replyPlayout(s *rules.State, turn0 int) float64 {
	me := t.side
	lk := &t.luck
	// The turn scored: the opponent's next one (Horizon 1), or Horizon-1
	// turns after it.
	last := turn0 + max(1, t.cfg.Horizon)
	if t.p.state.Active() != me {
		last++
	}
	// near: the turn whose battles Horizon 1 would score at, when Mix
	// mixes its score in (0: none, turns count from 1); v1 that score once
	// reached.
	near, v1, mixed := 0, 0.0, false
	if t.cfg.Mix > 0 && t.cfg.Horizon >= 2 {
		near = last - (t.cfg.Horizon - 1)
	}
	mix := func(v float64) float64 {
		if !mixed {
			return v
		}
		return (1-t.cfg.Mix)*v + t.cfg.Mix*v1
	}
	for steps := 0; steps < maxPlayoutSteps; steps++ {
		if over, _ := s.Over(); over {
			return mix(evalOf(s, t.pl.w, me)) // decisive results are not luck to remove
		}
		if t.stop != nil && t.stop.over() {
			return math.NaN() // cut by the cap: not played
		}
		ph := s.Phase()
		lk.settle(s)
		luck := lk.sum
		if s.Turn() > last {
			break
		}
		if (s.Turn() == last || s.Turn() == near && !mixed) && s.ToAct() == s.Active() && (ph == rules.PhaseBattle || ph == rules.PhaseTarget) {
			v := t.score(s, me, luck)
			if s.Turn() == last {
				return mix(v)
			}
			v1, mixed = v, true
		}
		t.buf = s.LegalActions(t.buf[:0])
		t.steps++
		var a rules.Action
		if t.cfg.Plan > 0 && ph == rules.PhaseCard && len(t.buf) > 1 && (t.cfg.Plan > 1 || s.ToAct() != me) {
			t.pl.planCards, t.pl.planned = true, 0
			a = t.pl.choose(s, t.buf)
			t.pl.planCards = false
			t.steps += t.pl.planned
		} else {
			a = t.pl.choose(s, t.buf)
		}
		lk.before(s, a)
		s.Play(a)
	}
	lk.settle(s)
	return mix(evalOf(s, t.pl.w, me) - lk.sum)
}

// score is a reply playout's judgement of s, a position at the start of
// the active side's battles (or its target choice), for side me: their
// value counted exactly, less the luck so far.
func (t *tree) score(s *rules.State, me rules.Side, luck float64) float64 {
	k := newKnow(s, t.pl.w)
	ev := k.coming(s.Active(), t.buf)
	var v float64
	if t.cfg.Model != nil {
		v = t.cfg.Model.value(k, me, ev) - luck
	} else {
		if s.Active() != me {
			ev = -ev
		}
		v = k.eval(me) + ev - luck
	}
	k.free()
	return v
}

// luck follows the rolled battles: the material each brought the searching
// side less its expectation (Reply mode).
type luck struct {
	me      rules.Side
	w       *Weights
	sum     float64
	pending bool
	ev, m0  float64
	// material: the expectation is the material the battle brings
	// (battleMaterial), not the greedy's value of it (battleValue).
	material bool
}

// before is called before an action is played.
func (l *luck) before(s *rules.State, a rules.Action) {
	if a.Kind == rules.ActBattle {
		k := newKnow(s, l.w)
		if l.material {
			l.ev = battleMaterial(k, a)
		} else {
			l.ev = battleValue(k, a)
		}
		l.m0, l.pending = k.material(l.me), true
		k.free()
		if s.Active() != l.me {
			l.ev = -l.ev
		}
	}
}

// settle closes a battle once its retreat and ambush are over.
func (l *luck) settle(s *rules.State) {
	if ph := s.Phase(); l.pending && ph != rules.PhaseRetreat && ph != rules.PhaseAmbush && ph != rules.PhaseCombat {
		l.sum += materialOf(s, l.w, l.me) - l.m0 - l.ev
		l.pending = false
	}
}
