package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
)

// buildVersion is what the binary knows about how it was built: the main
// module's version, the Go toolchain, and the version-control stamp that
// go adds when it builds inside a git clone. The stamp is absent under
// -buildvcs=false and in a git worktree: go looks for a .git directory, and a
// worktree's .git is a file.
type buildVersion struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Go       string `json:"go"`
	Platform string `json:"platform,omitempty"`
	VCS      string `json:"vcs,omitempty"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified *bool  `json:"modified,omitempty"`
}

// versionOf reads a build's information; ok is ReadBuildInfo's (false for a
// binary built without module support).
func versionOf(bi *debug.BuildInfo, ok bool) buildVersion {
	if !ok || bi == nil {
		return buildVersion{Module: "m44", Version: "unknown", Go: "unknown"}
	}
	v := buildVersion{Module: bi.Main.Path, Version: bi.Main.Version, Go: bi.GoVersion}
	if v.Module == "" {
		v.Module = "m44"
	}
	if v.Version == "" {
		v.Version = "(devel)"
	}
	var goos, goarch string
	for _, s := range bi.Settings {
		switch s.Key {
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		case "vcs":
			v.VCS = s.Value
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			if m, err := strconv.ParseBool(s.Value); err == nil {
				v.Modified = &m
			}
		}
	}
	if goos != "" && goarch != "" {
		v.Platform = goos + "/" + goarch
	}
	return v
}

// text is the version in two lines: what was built with what, then where in
// the history it comes from.
func (v buildVersion) text() string {
	line1 := fmt.Sprintf("%s %s, built with %s", v.Module, v.Version, v.Go)
	if v.Platform != "" {
		line1 += " for " + v.Platform
	}
	if v.Revision == "" {
		return line1 + "\nno VCS information (built with -buildvcs=false, outside a git clone, or in a git worktree, which go does not stamp)\n"
	}
	line2 := "revision " + v.Revision
	if v.Time != "" {
		line2 += " of " + v.Time
	}
	if v.Modified != nil && *v.Modified {
		line2 += ", with uncommitted changes"
	}
	return line1 + "\n" + line2 + "\n"
}

// runVersion is "m44 version": the build's version and VCS stamp, as text or
// as JSON with --json.
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print a JSON object for programs")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: m44 version [--json]\n\n"+
			"Prints the module version, the Go version and the git revision the binary was built from\n"+
			"(vcs.revision, vcs.time, vcs.modified: present when go built it in a git clone with VCS stamping on).\n\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	v := versionOf(debug.ReadBuildInfo())
	if *asJSON {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "m44 version: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	fmt.Fprint(stdout, v.text())
	return 0
}
