package bots

import (
	"context"
	"fmt"
	"hash/fnv"
	"m44/rules"
	"testing"
)

// mediumGolden is the hash of medium's choices on the benchmark's first 24
// positions (mediumChoices), as the build before the per-level evaluation
// made them: giving hard its own evaluation must not change medium's
// games. A change meant to change medium's play (the engine's games, the
// greedy, medium's budget) updates the hash. (0x5baf5b3c0bfe97ee on
// 4e352e1; the engine's sixth pass, moves listed by cost then hex, changed
// the games: 0x59b3c168311cf3fe on the merge's first parent, before the
// per-level evaluation, and after it.)
const mediumGolden = 0x59b3c168311cf3fe

// mediumChoices hashes medium's choices (default budget, no cap, one core)
// on the benchmark's first 24 positions.
func mediumChoices(t testing.TB) (uint64, string) {
	b, err := New("medium", 3, Options{Time: NoCap, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	var first string
	for i, s := range benchPositionsT(t, 24) {
		a, _ := b.Choose(context.Background(), NewPerspective(s, s.ToAct(), uint64(i)))
		fmt.Fprintf(h, "%d:%v;", i, a)
		if i == 0 {
			first = fmt.Sprint(a)
		}
	}
	return h.Sum64(), first
}

func TestMediumDecisionsUnchanged(t *testing.T) {
	if got, first := mediumChoices(t); got != mediumGolden {
		t.Errorf("medium's choices hash to %#x (first: %s), want %#x", got, first, uint64(mediumGolden))
	}
}

// Each search level judges its worlds by its own evaluation: medium by the
// model fitted on greedy games, hard by HardModel.
func TestLevelModels(t *testing.T) {
	for _, c := range []struct {
		level string
		want  *Model
	}{{"medium", MediumModel}, {"hard", HardModel}} {
		b, err := New(c.level, 1, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := b.(*Rollout).Config().Model; got != c.want {
			t.Errorf("%s judges by %p, want %p", c.level, got, c.want)
		}
	}
	if MediumModel != &LearnedModel {
		t.Errorf("medium's evaluation is not LearnedModel")
	}
}

// The extra features are computed only for a model that weighs them (so
// medium's judgement costs what it did), and they read the position: the
// units by type add up to the units' difference, and no more units stand
// next to an enemy than there are.
func TestExtraFeatures(t *testing.T) {
	if LearnedModel.extended() {
		t.Fatal("LearnedModel weighs the extra features")
	}
	n := 0
	randomPositions(t, tacticSetup(), 4, 200, func(s *rules.State) {
		if ph := s.Phase(); ph != rules.PhaseBattle {
			return
		}
		n++
		f := Features(s)
		k := newKnow(s, &DefaultWeights)
		g := k.features(s.Active(), f[4], false)
		var us, them float64
		for i := range k.units {
			if k.units[i].side == s.Active() {
				us++
			} else {
				them++
			}
		}
		k.free()
		for i := baseFeatures; i < NumFeatures; i++ {
			if g[i] != 0 {
				t.Fatalf("%s computed without ext: %v", FeatureNames[i], g[i])
			}
		}
		if g != [NumFeatures]float64(append(append([]float64(nil), f[:baseFeatures]...), make([]float64, NumFeatures-baseFeatures)...)) {
			t.Fatalf("base features differ: %v, %v", g, f)
		}
		if d := f[12] + f[13] + f[14]; d != f[8] {
			t.Errorf("units by type add up to %v, units %v", d, f[8])
		}
		if f[15] > us || f[16] > them || f[15] < 0 || f[16] < 0 {
			t.Errorf("units next to an enemy %v, %v of %v, %v", f[15], f[16], us, them)
		}
	})
	if n == 0 {
		t.Fatal("no battle positions")
	}
}

// LearnedModelExt (and LearnedModelMedium) weigh the extra features;
// LearnedModelExt reads the forced-win
// position as LearnedModel does: the allies favourites.
func TestLearnedModelExt(t *testing.T) {
	if !LearnedModelExt.extended() || !LearnedModelMedium.extended() {
		t.Fatal("LearnedModelExt or LearnedModelMedium does not weigh the extra features")
	}
	st, _ := forcedWinState(t)
	pa, px := LearnedModelExt.Win(st, rules.Allies), LearnedModelExt.Win(st, rules.Axis)
	if pa < 0.7 || pa+px < 1-1e-9 || pa+px > 1+1e-9 {
		t.Errorf("allies' chance %.3f, axis' %.3f: want the allies favourites, summing to 1", pa, px)
	}
	if LearnedModelExt.medal() <= 0.1 {
		t.Errorf("a medal is worth %.3f log-odds", LearnedModelExt.medal())
	}
}
