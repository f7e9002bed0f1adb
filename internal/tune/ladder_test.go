package main

import (
	"testing"

	"m44/bots"
)

// variantConfig is the configuration of the variant named name among
// those spec makes.
func variantConfig(t *testing.T, spec, name string) bots.RolloutConfig {
	t.Helper()
	vs, err := parseVariants(spec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := vs[name](1)
	if err != nil {
		t.Fatal(err)
	}
	return b.(*bots.Rollout).Config()
}

// A variant names its evaluation; the rest is hard's.
func TestVariantModel(t *testing.T) {
	const spec = "hx=model:ext,hm=model:medium,hl=model:learned,hd=steps:20000"
	for name, want := range map[string]*bots.Model{"hx": &bots.LearnedModelExt, "hm": &bots.LearnedModelMedium, "hl": &bots.LearnedModel, "hd": bots.HardModel} {
		if got := variantConfig(t, spec, name).Model; got != want {
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
	if c := variantConfig(t, "hs=steph:1", "hs"); c.Horizon != 2 || c.StepHorizon != 1 {
		t.Errorf("horizon %d, step horizon %d: want 2 and 1", c.Horizon, c.StepHorizon)
	}
}

// A variant may give the card's choice its own worlds and budget, and set
// racing or the preference for the greedy's choice.
func TestVariantCardAndFloats(t *testing.T) {
	c := variantConfig(t, "hc=csamples:48/csteps:24000/cplayouts:2048/prefer:1.5/race:2/mix:0.5", "hc")
	if c.CardSamples != 48 || c.CardSteps != 24000 || c.CardPlayouts != 2048 || c.Prefer != 1.5 || c.Race != 2 || c.Mix != 0.5 {
		t.Errorf("config %+v: want card samples 48, steps 24000, playouts 2048, prefer 1.5, race 2, mix 0.5", c)
	}
	if c.Samples != bots.HardSamples || c.Steps != bots.HardSteps {
		t.Errorf("samples %d, steps %d: want hard's %d and %d", c.Samples, c.Steps, bots.HardSamples, bots.HardSteps)
	}
	for _, bad := range []string{"hb=prefer:-1", "hb=prefer:x", "hb=csamples:-2", "hb=mix:1.5"} {
		if _, err := parseVariants(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
