package main

import (
	"testing"

	"m44/bots"
)

// A variant names its evaluation; the rest is hard's.
func TestVariantModel(t *testing.T) {
	vs, err := parseVariants("hx=model:ext,hm=model:medium,hl=model:learned,hd=steps:20000")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]*bots.Model{"hx": &bots.LearnedModelExt, "hm": &bots.LearnedModelMedium, "hl": &bots.LearnedModel, "hd": bots.HardModel} {
		b, err := vs[name](1)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.(*bots.Rollout).Config().Model; got != want {
			t.Errorf("%s judges by %p, want %p", name, got, want)
		}
	}
	if _, err := parseVariants("hy=model:nosuch"); err == nil {
		t.Error("an unknown model is accepted")
	}
}

// A variant may give the decisions after the card their own horizon
// (steph), the card's keeping hard's 2.
func TestVariantStepHorizon(t *testing.T) {
	vs, err := parseVariants("hs=steph:1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := vs["hs"](1)
	if err != nil {
		t.Fatal(err)
	}
	if c := b.(*bots.Rollout).Config(); c.Horizon != 2 || c.StepHorizon != 1 {
		t.Errorf("horizon %d, step horizon %d: want 2 and 1", c.Horizon, c.StepHorizon)
	}
}
