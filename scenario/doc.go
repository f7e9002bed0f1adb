// Package scenario reads and writes the official .m44 scenario format (the
// JSON of Days of Wonder's scenario editor, with the extension keys of the
// public implementations) and converts it into the engine's rules.Setup.
//
// # Raw model
//
// Parse and (*File).Marshal are lossless: every member is kept, including
// members the model does not know, nulls and values of the wrong type, and
// Marshal writes them back in their original order (the real files come back
// byte for byte). Integers written as strings ("cards_player1": "4") are
// read and written back as strings. Parse fails only on invalid JSON; ill-
// typed members are listed by (*File).Problems and reported by Setup.
//
// # Conversion
//
// (*File).Setup returns a rules.Setup and a Report: errors (the file
// contradicts itself or the rules, or uses a name nobody knows), unsupported
// features (the engine does not play them yet: each with its hex, JSON field,
// name and feature) and notes. Report.Playable is true when nothing blocks.
//
//   - Grid from board.type (STANDARD, BRKTHRU, OVERLORD); Top is
//     side_player1's side (its baseline is row 0); First from "starting";
//     Cards and Victory per side; Front (upper case, as rules.AirSuperiority
//     expects) and Year from date_begin. Enum values are read in any case.
//   - Board face: on the BEACH face rows 4-6 are beach and rows 7-8 ocean
//     (Breakthrough board: 11-13 and 14-16; Overlord as standard) wherever no
//     terrain tile is placed; the other faces are plain.
//   - Every name of the corpus vocabulary is in one table, Vocabulary: the
//     engine value, or "not supported yet: <feature>", with the rule or file
//     that decides. A name outside the table is an error, except new
//     badgeN, tagN and option keys, which are unsupported.
//   - Units: inf|tank|gun, "2" for the special forces icon (elite infantry,
//     elite armor with 4 figures), a nation suffix giving the side (ger, jp,
//     it: Axis; us, brit, ru, fr: Allies). nbr_units overrides the figures;
//     FRENCH_RESISTANCE makes Resistance infantry (3 figures, not elite). A
//     badge is carried in UnitSetup.Badge; badges that mark troops with their
//     own rules (engineers, big guns, snipers, Italian units, …) are
//     unsupported.
//   - Medal tags give objectives: temporary by default, permanent or
//     majority from the medal object, worth counts_for medals. The side comes
//     from the tag's picture (medal0 either side, medal1/4/6 Allies, medal2
//     Axis) or from medal.side. game_info.victory's group_sudden_death gives
//     a SuddenDeath objective.
//   - Hex names in "group" lists: see GroupName.
//
// # Coverage
//
// Coverage checks a folder and ranks the missing features by the files they
// would unlock; cmd/m44 "validate" prints it.
package scenario
