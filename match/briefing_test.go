package match

import (
	"testing"

	"m44/hex"
	"m44/rules"
)

// The briefing states the paratroopers a side may call in during play
// (Drop in the Night: 82nd's daylight drop, rules.CalledAirdrop): in full
// daylight and from lost figures as the scenario says, or without those
// conditions.
func TestBriefingCalledAirdrop(t *testing.T) {
	su := &rules.Setup{CalledAirdrops: []rules.CalledAirdrop{
		{Side: rules.Allies, Center: hex.Hex{Row: 11, Col: 5}, Range: 3, Max: 3, Daylight: true, FromLost: true},
		{Side: rules.Axis, Center: hex.Hex{Row: 1, Col: 5}, Range: 1, Max: 2},
	}}
	var got []Fact
	for _, f := range factsOf(su) {
		if f.Key == "called-airdrop" || f.Key == "called-airdrop.any" {
			got = append(got, f)
		}
	}
	if len(got) != 2 || got[0].Key != "called-airdrop" || got[1].Key != "called-airdrop.any" ||
		got[0].Args["side"] != "allies" || got[0].Args["count"] != 3 || got[0].Args["hex"] != "11,5" || got[1].Args["count"] != 2 {
		t.Fatalf("facts %+v", got)
	}
}

// The briefing states a smoke screen a side may lay (FAQ III "Écran de
// fumée") and the armor a side may bring in (armor breakthrough).
func TestBriefingSmokeAndBreakthrough(t *testing.T) {
	su := &rules.Setup{Smoke: rules.MaskAxis,
		Breakthroughs: []rules.ArmorBreakthrough{{Side: rules.Allies, Max: 2, Unit: rules.UnitSetup{Type: rules.Armor}}}}
	var keys []string
	for _, f := range factsOf(su) {
		switch f.Key {
		case "smoke":
			keys = append(keys, f.Key)
			if f.Args["side"] != "axis" {
				t.Errorf("smoke %+v", f)
			}
		case "breakthrough":
			keys = append(keys, f.Key)
			if f.Args["side"] != "allies" || f.Args["count"] != 2 {
				t.Errorf("breakthrough %+v", f)
			}
		}
	}
	if len(keys) != 2 {
		t.Fatalf("facts %v", keys)
	}
}
