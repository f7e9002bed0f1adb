//go:build !linux

package main

import "errors"

// lowerPriority is Linux's only (nice_linux.go).
func lowerPriority(n int) error {
	return errors.New("--nice works on Linux only")
}
