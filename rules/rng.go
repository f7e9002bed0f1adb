package rules

// rng is the engine's only source of chance: a splitmix64 generator whose whole
// state is one word, so it is copied by Clone and saved with the state. The
// caller seeds it; nothing else is random.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n).
func (r *rng) intn(n int) int {
	hi := (uint64(uint32(r.next()>>32)) * uint64(n)) >> 32
	return int(hi)
}
