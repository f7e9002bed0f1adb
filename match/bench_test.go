package match

import "testing"

// BenchmarkSubscribedAction is an action of a game whose two seats follow
// it (two WebSockets, without the sockets): the action, then each seat's
// next message (a delta). Whole games, a new one when one ends.
func BenchmarkSubscribedAction(b *testing.B) {
	g := testManager(b, testStore(b))
	var m *Match
	var tokens map[string]string
	var subs []*Sub
	var bufs [2][]byte // each socket's delta buffer, as the web server's (NextInto)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if m == nil || m.Over() {
			b.StopTimer()
			for _, s := range subs {
				s.Close()
			}
			m, tokens = humanGame(b, g, PerSide{1, 1}, uint64(i))
			subs = subs[:0]
			for _, tok := range tokens {
				s, err := m.Subscribe(tok)
				if err != nil {
					b.Fatal(err)
				}
				s.Next(-1)
				subs = append(subs, s)
			}
			b.StartTimer()
		}
		step(b, m, tokens, i)
		for k, s := range subs {
			if _, _, err := s.NextInto(0, &bufs[k%2]); err != nil {
				b.Fatal(err)
			}
		}
	}
}
