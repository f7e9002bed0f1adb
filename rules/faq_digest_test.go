package rules

// Every ruling of the FAQ digest (../shared/docs/faq-digest.md, from the
// French FAQ v1.3): §A the base game and the base-game scenarios (FAQ XI),
// §B the elements Winter Wars introduces. Each ruling runs the tests that
// check it, or is skipped with its reason: an expansion, with the issue area
// that will cover it, or "no test yet" where the engine's behaviour is not
// pinned by a test citing the ruling. The card rulings have their own table
// (TestFAQCardRulings, command-cards.md §4).

import (
	"fmt"
	"testing"
)

const (
	wwArea      = "Winter Wars element (issue 16, Winter Wars)"
	scnArea     = "scenario special rule (issue 17, scenario special rules)"
	bridgeArea  = "blowing up bridges (issue 17, bridges and rivers)"
	noTestYet   = "no test yet (issue 17, the base game's open ends)"
	expansionOf = "expansion (no issue yet): "
)

func TestFAQDigestRulings(t *testing.T) {
	type ruling struct {
		n     int
		tests []func(*testing.T)
		skip  string
	}
	run := func(n int, tests ...func(*testing.T)) ruling { return ruling{n: n, tests: tests} }
	skip := func(n int, why string) ruling { return ruling{n: n, skip: why} }
	rulings := []ruling{
		// A1. End of game, medals, objectives
		run(1, TestGameEndsAtOnce),
		run(2, TestMedalCap),
		run(3, TestMedalCap),
		run(4, TestMajorityMedal),
		// A2. Turn, hands, dice
		run(5, TestCardOnEmptySectionPasses, testRuling1),
		run(6, testRuling3),
		skip(7, noTestYet),
		skip(8, expansionOf+"snipers; the base game's dice have no such case"),
		// A3. Take Ground and Armor Overrun
		skip(9, noTestYet),
		run(10, TestArmorOverrun),
		skip(11, noTestYet),
		run(12, TestArmorOverrun),
		run(13, TestArmorOverrun),
		skip(14, noTestYet),
		skip(15, noTestYet),
		run(16, TestTakeGroundOneHex),
		skip(17, noTestYet),
		run(18, TestTheirFinestHourOverrun, TestArmorAssaultOverrun, TestCloseAssault),
		// A4. Retreat
		skip(19, noTestYet),
		skip(20, noTestYet),
		skip(21, noTestYet),
		run(22, TestRetreatDoesNotClearWire),
		run(23, TestNoRetreatIntoOcean),
		run(24, TestBunkerNoRetreat),
		skip(25, noTestYet),
		// A5. Line of sight
		run(26, TestLineOfSight),
		skip(27, "superseded by the rulebook's height rule (faq-digest §D1); tested as rulebook p.18-19"),
		skip(28, "superseded by the rulebook's height rule (faq-digest §D1); tested as rulebook p.18-19"),
		skip(29, noTestYet),
		// A6. Units (base)
		run(30, TestArtilleryAgainstSandbags),
		skip(31, noTestYet),
		skip(32, noTestYet),
		// A7. Beaches and ocean
		run(33, TestBeachCapLanes),
		run(34, TestBeachCapLanes),
		skip(35, expansionOf+"North African desert"),
		skip(36, noTestYet),
		skip(37, noTestYet),
		skip(38, noTestYet),
		skip(39, noTestYet),
		// A8. Forests, hedgerows, hills, towns, churches
		skip(40, noTestYet),
		skip(41, noTestYet),
		skip(42, noTestYet),
		skip(43, noTestYet),
		skip(44, expansionOf+"roads (Terrain Pack)"),
		skip(45, noTestYet),
		skip(46, "no ruling: the rulebook's rule stands"),
		// A9. Rivers and bridges
		skip(47, bridgeArea),
		skip(48, bridgeArea),
		skip(49, noTestYet),
		skip(50, noTestYet),
		skip(51, expansionOf+"roads (Terrain Pack)"),
		skip(52, expansionOf+"boats"),
		// A10. Cliffs, bluffs, seawall
		skip(53, noTestYet),
		skip(54, noTestYet),
		skip(55, noTestYet),
		skip(56, noTestYet),
		skip(57, noTestYet),
		run(58, TestSeawallForOneSide),
		skip(59, noTestYet),
		// A11. Bunkers
		skip(60, noTestYet),
		skip(61, noTestYet),
		run(62, TestAirPowerFlagInBunker, testRuling36),
		run(63, TestMovementRange),
		skip(64, noTestYet),
		skip(65, noTestYet),
		// A12. Hedgehogs, wire, sandbags
		skip(66, expansionOf+"landing craft (Pacific)"),
		skip(67, noTestYet),
		skip(68, noTestYet),
		run(69, TestArmorBattlingFromWireRemovesIt),
		run(70, TestSandbagsGoWithRetreat, testRuling63),
		run(71, testRuling62),
		run(72, testRuling61),
		run(73, TestDigIn),
		// A13. Air Power
		run(74, TestAirPowerOneHexIgnoresTerrain, testRuling13, TestAirPowerFlagInBunker, testCounterAttackAirPower),
		// A14. Base-game scenarios (FAQ XI)
		run(75, TestPegasusBridgeReconThenExtraCard),
		run(76, TestAirdrop),
		run(77, TestAirRaidHill317),
		run(78, TestClosedHexes),
		skip(79, scnArea),
	}
	// §B: the elements Winter Wars introduces.
	for n := 80; n <= 120; n++ {
		rulings = append(rulings, skip(n, wwArea))
	}
	// §B rulings on Winter Wars' markers, obstacles and troops
	// (winter_troops_test.go, winter_mines_test.go, winter_faq_test.go).
	for _, r := range []ruling{
		run(96, TestRoadBlock),
		run(100, TestMinefieldSurvivorNoTakeGround, TestMinefieldEntry),
		run(101, TestMinefieldEntry),
		run(104, TestMinefieldEntry, TestMinefieldRetreat, TestMinefieldTokensRecorded),
		run(105, TestBehindEnemyLinesThroughMinefield),
		run(107, TestCamouflageFAQ),
		run(108, TestCamouflageFAQ),
		run(109, TestCamouflageFAQ),
		run(110, TestCamouflageAirPower, TestCamouflage),
		run(112, TestEngineersSandbags, TestWinterTroopsDice),
		run(113, TestEngineersSandbags),
		run(114, TestEngineersWire, TestEngineersTooFarToClear, TestWinterTroopsDice),
		run(115, TestEngineersFigures),
	} {
		rulings[r.n-1] = r
	}
	for k, r := range rulings {
		if r.n != k+1 {
			t.Fatalf("ruling table out of order at %d", r.n)
		}
	}
	if len(rulings) != 120 {
		t.Fatalf("%d rulings", len(rulings))
	}
	for _, r := range rulings {
		t.Run(fmt.Sprintf("digest-%03d", r.n), func(t *testing.T) {
			if r.tests == nil {
				t.Skip(r.skip)
			}
			for _, f := range r.tests {
				f(t)
			}
		})
	}
}
