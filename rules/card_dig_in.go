package rules

// Dig In (command-cards.md "Dig In"; rulebook "Sacs de sable"; FAQ rulings
// 59-61; FAQ II Terrains "Sacs de sable").

// maxSandbags is the most sandbags on the board at once (FAQ II Sacs de sable).
const maxSandbags = 12

// digIn: each ordered infantry unit places sandbags on its hex and does
// nothing else; never on water (the new rulebook excludes only the ocean;
// FAQ II Terrains allows bridges, bunkers, hedgehogs and wire, so sandbags
// sit beside another obstacle: protections never add up and one flag at most
// is ignored, terrain.go), never twice on a hex, never more than 12 on the
// board. The turn ends there.
func digIn(s *State) bool {
	n := 0
	for i := range s.feat[:s.b.n] {
		if s.hasFeature(int16(i), Sandbags) {
			n++
		}
	}
	for _, ui := range s.orderedBy {
		i := s.units[ui].pos
		if n >= maxSandbags || s.isWater(i) || s.hasFeature(i, Sandbags) || !s.addFeature(i, Sandbags) {
			continue
		}
		n++
		s.emit(Event{Kind: EvObstaclePlaced, From: s.b.hexAt[i], N: int8(Sandbags)})
	}
	return true
}
