package rules

import "testing"

// Wittmann's Final Battle: "thanks to Wittmann's presence, this unit may
// ignore the first flag rolled against it" (.m44 CAN_IGNORE_ONE_FLAG,
// UnitSetup.IgnoresFlag): on open ground it may ignore one flag, never two.
func TestUnitIgnoresOneFlag(t *testing.T) {
	for _, c := range []struct {
		ignores bool
		rows    []int8 // the rows its retreat may end on
	}{{false, []int8{3}}, {true, []int8{3, 4}}} {
		s := tcSetup(t, "allies inf 5,9", "axis inf 5,11")
		s.Units[1].IgnoresFlag = c.ignores
		g := tcNew(t, s)
		g.hand(Allies, "probe-center", "probe-left", "probe-right", "attack-left", "attack-right")
		g.toBattle("probe-center", "5,9")
		g.dice("flag flag star")
		g.do("battle 5,9 5,11")
		rows := map[int8]bool{}
		for _, a := range g.s.LegalActions(nil) {
			if a.Kind == ActRetreat {
				rows[a.To.Row] = true
			}
		}
		if len(rows) != len(c.rows) {
			t.Errorf("ignores %v: retreat rows %v, want %v", c.ignores, rows, c.rows)
		}
		for _, r := range c.rows {
			if !rows[r] {
				t.Errorf("ignores %v: no retreat to row %d (%v)", c.ignores, r, rows)
			}
		}
	}
}
