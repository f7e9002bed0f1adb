package store_test

import (
	"path/filepath"
	"testing"

	"m44/match"
	"m44/store"
	"m44/store/storetest"
)

// The SQLite store keeps the match.Store contract, on a database file as
// the server uses it.
func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) match.Store {
		s, err := store.Open(filepath.Join(t.TempDir(), "m44.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
