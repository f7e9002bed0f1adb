package store

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Two stores on one database file: the second is refused until the first
// is closed.
func TestLockInProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m44.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if s2, err := Open(path); !errors.Is(err, ErrLocked) {
		if err == nil {
			s2.Close()
		}
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	// Through a symbolic link too.
	link := filepath.Join(t.TempDir(), "link.db")
	if err := os.Symlink(path, link); err == nil {
		if s2, err := Open(link); !errors.Is(err, ErrLocked) {
			if err == nil {
				s2.Close()
			}
			t.Fatalf("Open through a link: %v, want ErrLocked", err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(path)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	s.Close()
	// In-memory databases are private: no lock.
	a, err := Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
}

// A server in another process holds the file; once that process is killed
// (kill -9, no Close), the file opens again.
func TestLockOtherProcess(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("kills a child process with SIGKILL")
	}
	if path := os.Getenv("M44_STORE_LOCK_HOLD"); path != "" {
		// The child: open, say so, wait to be killed.
		if _, err := Open(path); err != nil {
			os.Stdout.WriteString("error: " + err.Error() + "\n")
			os.Exit(1)
		}
		os.Stdout.WriteString("open\n")
		select {}
	}
	path := filepath.Join(t.TempDir(), "m44.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockOtherProcess$")
	cmd.Env = append(os.Environ(), "M44_STORE_LOCK_HOLD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "open\n" {
		t.Fatalf("child: %q, %v", line, err)
	}
	if s, err := Open(path); !errors.Is(err, ErrLocked) {
		if err == nil {
			s.Close()
		}
		t.Fatalf("Open while another process holds it: %v, want ErrLocked", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	s, err := Open(path)
	if err != nil {
		t.Fatalf("Open after the other process died: %v", err)
	}
	s.Close()
}
