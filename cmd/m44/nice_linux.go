package main

import (
	"os"
	"strconv"
	"syscall"
)

// lowerPriority raises the nice value of every thread of the process by
// n (Linux keeps it per thread; threads made later inherit it from the
// thread that makes them, which by then has it).
func lowerPriority(n int) error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return err
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		// The current value, as getpriority(2) gives it: 20 - nice.
		cur, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid)
		if err != nil {
			continue // (a thread that has ended)
		}
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, min(20-cur+n, 19)); err != nil {
			return err
		}
	}
	return nil
}
