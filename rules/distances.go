package rules

import (
	"sync"

	"m44/hex"
)

// distTabs holds a table of the distances between the hexes of a board per
// board shape: it depends on the grid's size alone, so every board of a
// shape shares one, made the first time a board of that shape is compiled
// (issue 15: not a cost of each Compile).
var distTabs sync.Map // [2]int{Rows, Width} -> []int8

// distances is the table of the distances between the hexes of grid g:
// [i*g.Len()+j] is hex.Distance between the hexes of index i and j (127
// where either index is unused).
func distances(g hex.Grid) []int8 {
	key := [2]int{g.Rows, g.Width}
	if t, ok := distTabs.Load(key); ok {
		return t.([]int8)
	}
	n := g.Len()
	t := make([]int8, n*n)
	for i := range n {
		a, okA := g.At(i)
		for j := range n {
			b, okB := g.At(j)
			t[i*n+j] = 127
			if okA && okB {
				t[i*n+j] = int8(min(hex.Distance(a, b), 127))
			}
		}
	}
	v, _ := distTabs.LoadOrStore(key, t)
	return v.([]int8)
}
