package pgstore_test

import (
	"context"
	"testing"

	"m44/match"
	"m44/store/pgstore"
	"m44/store/pgstore/pgtest"
	"m44/store/storetest"
)

// The PostgreSQL store is a match.Store.
var _ match.Store = (*pgstore.Store)(nil)

// The PostgreSQL store keeps the match.Store contract; each test has a
// database of its own.
func TestPostgres(t *testing.T) {
	storetest.Run(t, func(t *testing.T) match.Store {
		s, err := pgstore.Open(context.Background(), pgtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
