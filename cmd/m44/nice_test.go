package main

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// m44 load --nice: refused without --url (it would slow the server it
// starts) and out of 1-19.
func TestLoadNiceFlags(t *testing.T) {
	for _, args := range [][]string{{"--nice", "5"}, {"--nice", "25", "--url", "http://127.0.0.1:1"}, {"--nice", "-3", "--url", "http://127.0.0.1:1"}} {
		var out, errOut bytes.Buffer
		if code := runLoad(args, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--nice") {
			t.Errorf("%v: exit %d, %q; want 2 and a word on --nice", args, code, errOut.String())
		}
	}
}

// lowerPriority raises the nice value of every thread of the process (on
// Linux each thread has its own): checked in a process of its own, each
// thread's nice value read from /proc.
func TestLowerPriority(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("--nice is Linux's")
	}
	if os.Getenv("M44_TEST_NICE") == "1" {
		before := threadNices(t)
		if err := lowerPriority(3); err != nil {
			t.Fatal(err)
		}
		after := threadNices(t)
		for tid, n := range after {
			if b, ok := before[tid]; ok && n != min(b+3, 19) {
				t.Errorf("thread %s: nice %d, was %d: want +3", tid, n, b)
			}
		}
		if len(after) == 0 {
			t.Fatal("no thread read")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLowerPriority$", "-test.v")
	cmd.Env = append(os.Environ(), "M44_TEST_NICE=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestLowerPriority") {
		t.Fatalf("%v\n%s", err, out)
	}
}

// threadNices is the nice value of each thread of the process (field 19
// of /proc/self/task/TID/stat).
func threadNices(t *testing.T) map[string]int {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, task := range tasks {
		b, err := os.ReadFile("/proc/self/task/" + task.Name() + "/stat")
		if err != nil {
			continue
		}
		// After the command's name, in parentheses, the fields from 3 on.
		rest := string(b[bytes.LastIndexByte(b, ')')+2:])
		f := strings.Fields(rest)
		n, err := strconv.Atoi(f[19-3])
		if err != nil {
			t.Fatal(err)
		}
		out[task.Name()] = n
	}
	return out
}
