package store

import (
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

// Migration is one schema migration file: NNNN_name.sql.
type Migration struct {
	Version int
	Name    string // the file name
}

// MigrationFiles lists the migrations of dir in order of their number:
// files named NNNN_name.sql, numbers positive and distinct. Every store
// (SQLite here, PostgreSQL in pgstore) reads its migrations with it.
func MigrationFiles(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	var list []Migration
	seen := map[int]string{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: want NNNN_name.sql", name)
		}
		if prev, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %s and %s have the same number", prev, name)
		}
		seen[v] = name
		list = append(list, Migration{v, name})
	}
	slices.SortFunc(list, func(a, b Migration) int { return a.Version - b.Version })
	return list, nil
}
