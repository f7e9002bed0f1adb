package rules

// Every ruling of the FAQ digest (../shared/docs/faq-digest.md, from the
// French FAQ v1.3): §A the base game and the base-game scenarios (FAQ XI),
// §B the elements Winter Wars introduces. Each ruling runs the tests that
// check it (tests that cite the ruling, by its digest number: "FAQ 19" or
// "FAQ digest 19"), or is skipped with its reason: an expansion, with the
// issue area that will cover it, or a ruling a newer text supersedes. The
// card rulings have their own table (TestFAQCardRulings, command-cards.md
// §4).

import (
	"fmt"
	"testing"
)

const (
	wwArea      = "a Winter Wars ruling missing from the tables below"
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
		run(7, testDigest7),
		skip(8, expansionOf+"snipers; the base game's dice have no such case"),
		// A3. Take Ground and Armor Overrun
		run(9, TestTakeGround),
		run(10, TestArmorOverrun),
		run(11, TestTakeGround),
		run(12, TestArmorOverrun),
		run(13, TestArmorOverrun),
		run(14, TestTakeGround, TestArmorOverrun),
		run(15, TestTakeGround),
		run(16, TestTakeGroundOneHex),
		run(17, TestTakeGround),
		run(18, TestTheirFinestHourOverrun, TestArmorAssaultOverrun, TestCloseAssault),
		// A4. Retreat
		run(19, TestRetreat),
		run(20, TestRetreat),
		run(21, TestRetreat),
		run(22, TestRetreatDoesNotClearWire),
		run(23, TestNoRetreatIntoOcean),
		run(24, TestBunkerNoRetreat),
		run(25, TestRetreat),
		// A5. Line of sight
		run(26, TestLineOfSight),
		skip(27, "superseded by the rulebook's height rule (faq-digest §D1); tested as rulebook p.18-19"),
		skip(28, "superseded by the rulebook's height rule (faq-digest §D1); tested as rulebook p.18-19"),
		run(29, testDigest29, TestLineOfSight),
		// A6. Units (base)
		run(30, TestArtilleryAgainstSandbags),
		run(31, testDigest31),
		run(32, TestBattleAfterMove, TestMovementRange),
		// A7. Beaches and ocean
		run(33, TestBeachCapLanes),
		run(34, TestBeachCapLanes),
		skip(35, "the importer reads the desert face as plain, tested in scenario TestBoardFaces (the rules package cannot read .m44 files); the desert rules: "+expansionOf+"North African desert"),
		run(36, TestNoRetreatIntoOcean),
		run(37, testDigest37, TestNoRetreatIntoOcean),
		run(38, TestMovementRange),
		run(39, TestMovementRange, TestBattleAfterMove, TestNoRetreatIntoOcean),
		// A8. Forests, hedgerows, hills, towns, churches
		run(40, TestProtectionsAndMaluses),
		run(41, TestMovementRange, TestTakeGround, TestLineOfSight, TestProtectionsAndMaluses, TestBattleAfterMove),
		run(42, TestProtectionsAndMaluses),
		run(43, TestProtectionsAndMaluses),
		run(44, TestExpansionTerrainBattle), // a road over a hill protects as a hill
		run(45, TestProtectionsAndMaluses, TestCloseCombatObligation),
		skip(46, "no ruling: the rulebook's rule stands"),
		// A9. Rivers and bridges
		run(47, TestBlowBridge, TestBlowBridgeNeighbour, TestBlowBridgeReplays),
		run(48, TestBlowBridgeUnitOnIt),
		run(49, testDigest49),
		run(50, TestMovementRange, TestTakeGround, TestRetreat),
		run(51, TestExpansionTerrainMovement), // a bridge ends the road bonus
		run(52, TestBoats),                    // boats (boats_test.go)
		// A10. Cliffs, bluffs, seawall
		run(53, TestMovementRange),
		run(54, TestMovementRange, TestBattleAfterMove, TestProtectionsAndMaluses, TestRetreat, TestLineOfSight),
		run(55, TestTakeGround),
		run(56, TestRetreat),
		run(57, testDigest57),
		run(58, TestSeawallForOneSide),
		run(59, TestProtectionsAndMaluses),
		// A11. Bunkers
		run(60, testDigest60),
		run(61, TestProtectionsAndMaluses),
		run(62, TestAirPowerFlagInBunker, testRuling36),
		run(63, TestMovementRange),
		run(64, TestBattleAfterMove),
		run(65, TestMovementRange, TestLineOfSight, testDigest31, TestIgnoreOneFlag, TestBunkerNoRetreat, TestBattleAfterMove),
		// A12. Hedgehogs, wire, sandbags
		skip(66, expansionOf+"landing craft (Pacific)"),
		run(67, testDigest67, TestMovementRange, TestIgnoreOneFlag, TestLineOfSight, TestProtectionsAndMaluses),
		run(68, TestBattleAfterMove),
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
		run(79, TestClosedHexes),
	}
	// §B: the elements Winter Wars introduces.
	for n := 80; n <= 120; n++ {
		if tests, ok := terrainDigestRulings[n]; ok {
			rulings = append(rulings, run(n, tests...))
			continue
		}
		rulings = append(rulings, skip(n, wwArea))
	}
	// §B rulings on Winter Wars' markers, obstacles and troops
	// (winter_troops_test.go, winter_mines_test.go, winter_faq_test.go).
	for _, r := range []ruling{
		run(93, TestExpansionTerrainMovement, TestExpansionTerrainValues), // rail bridges (terrainpack_terrain_test.go)
		run(94, TestExpansionTerrainMovement),
		run(96, TestRoadBlock),
		run(97, TestPontoonBridge, TestPontoonOnlyWhereAllowed), // pontoon bridges (pontoon_test.go)
		run(98, TestPontoonBridge),
		run(99, TestBlowPontoonBridge),
		run(100, TestMinefieldSurvivorNoTakeGround, TestMinefieldEntry),
		run(83, TestTigerOnFrozenRiver),
		run(101, TestMinefieldEntry),
		run(103, TestTigerInMinefield),
		run(104, TestMinefieldEntry, TestMinefieldRetreat, TestMinefieldTokensRecorded),
		run(105, TestBehindEnemyLinesThroughMinefield),
		run(107, TestCamouflageFAQ),
		run(108, TestCamouflageFAQ),
		run(109, TestCamouflageFAQ),
		run(110, TestCamouflageAirPower, TestCamouflage),
		run(95, TestEngineersRoadBlock, TestRoadBlock), // the booklet's rule over the FAQ's (§D5)
		run(112, TestEngineersSandbags, TestWinterTroopsDice),
		run(113, TestEngineersSandbags),
		run(114, TestEngineersWire, TestEngineersTooFarToClear, TestWinterTroopsDice),
		run(115, TestEngineersFigures),
		run(116, TestEquipmentFAQ, TestWinterTroopsStars), // equipment (winter_equipment_faq_test.go)
		run(117, TestEquipmentFAQ),
		run(118, TestEquipmentFAQ, TestWinterTroopsMoves), // Infantry Assault; move 1 and battle is §D6's newer rule
		skip(80, "the importer reads the winter face as plain, tested in scenario TestBoardFaces (the rules package cannot read .m44 files)"),
		skip(102, "who lays the mines is scenario data (rules.Minefield.Side); the importer reports a minefield without a side unsupported (scenario TestUnsupportedFeatures) and the FAQ's named scenarios carry the FAQ's side (scenario TestCorpusMineLayersFAQ)"),
		skip(106, expansionOf+"Air Pack (planes and their air check)"),
		skip(111, expansionOf+"Air Pack (the Air Support plane in a close assault)"),
		skip(119, expansionOf+"US Marine Corps (Pacific Theater; no Gung-Ho yet)"),
		skip(120, expansionOf+"the Breakthrough format deck and the Air Pack's Air Sortie cards"),
	} {
		rulings[r.n-1] = r
	}
	for k, r := range rulings {
		if r.skip == wwArea {
			t.Errorf("ruling %d: %s", r.n, wwArea)
		}
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
