package rules

// Dig In (command-cards.md "Dig In"; rulebook "Sacs de sable"; FAQ rulings
// 59-61).

// maxSandbags is the most sandbags on the board at once (FAQ II Sacs de sable).
const maxSandbags = 12

// digIn: each ordered infantry unit places sandbags on its hex and does
// nothing else; not on water, not where an obstacle already stands, never
// more than 12 on the board. The turn ends there.
func digIn(s *State) bool {
	n := 0
	for i := range s.feat[:s.b.n] {
		if s.hasFeature(int16(i), Sandbags) {
			n++
		}
	}
	for _, ui := range s.orderedBy {
		i := s.units[ui].pos
		if n >= maxSandbags || s.isWater(i) || s.featureOfLayer(i, LayerObstacle) != NoFeature || !s.addFeature(i, Sandbags) {
			continue
		}
		n++
		s.emit(Event{Kind: EvObstaclePlaced, From: s.b.hexAt[i], N: int8(Sandbags)})
	}
	return true
}
