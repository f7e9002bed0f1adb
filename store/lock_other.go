//go:build !unix && !windows

package store

import "os"

// tryLock does nothing where the system has no file locks we know of.
func tryLock(*os.File) error { return nil }
