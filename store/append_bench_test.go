package store

import (
	"context"
	"strconv"
	"sync"
	"testing"
)

// BenchmarkAppends: 50 games append at once, as a loaded server's do (group
// commit), each action a row of the size of a real one.
func BenchmarkAppends(b *testing.B) {
	s, _ := openTemp(b)
	ids := createGames(b, s, 50)
	ctx := context.Background()
	per := b.N/len(ids) + 1
	b.ResetTimer()
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 1; seq <= per; seq++ {
				a := Action{Seq: seq, Seat: "allies", Action: "move 3,4 4,5", Version: 3 * seq, Outcomes: "d:2 d:5"}
				if err := s.Append(ctx, id, a, false, ""); err != nil {
					b.Error(id, strconv.Itoa(seq), err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
