package accounts

import (
	"sync"
	"time"
)

// Limiter counts events (failed sign-ins) per key over a sliding window and
// refuses a key that has had Max of them within Window. Its clock is
// injected (Now) for tests. It is safe for concurrent use.
type Limiter struct {
	Max    int
	Window time.Duration
	Now    func() time.Time

	mu   sync.Mutex
	seen map[string][]time.Time
}

// NewLimiter allows max events per key within window.
func NewLimiter(max int, window time.Duration) *Limiter {
	return &Limiter{Max: max, Window: window, Now: time.Now, seen: map[string][]time.Time{}}
}

// maxKeys bounds the keys remembered; past it, keys with no recent event go.
const maxKeys = 10000

// recent is key's events within the window (locked).
func (l *Limiter) recent(key string, now time.Time) []time.Time {
	ts := l.seen[key]
	i := 0
	for i < len(ts) && now.Sub(ts[i]) >= l.Window {
		i++
	}
	ts = ts[i:]
	if len(ts) == 0 {
		delete(l.seen, key)
	} else {
		l.seen[key] = ts
	}
	return ts
}

// Allowed reports whether key may try again, and if not, after how long.
func (l *Limiter) Allowed(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.Now()
	ts := l.recent(key, now)
	if len(ts) < l.Max {
		return true, 0
	}
	return false, l.Window - now.Sub(ts[len(ts)-l.Max])
}

// Add counts one event of key.
func (l *Limiter) Add(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.Now()
	if len(l.seen) >= maxKeys {
		for k := range l.seen {
			l.recent(k, now)
		}
	}
	if len(l.seen) >= maxKeys {
		return // under attack from everywhere: the other limits hold
	}
	l.seen[key] = append(l.recent(key, now), now)
}

// Reset forgets key's events (a successful sign-in).
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.seen, key)
}
