package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	neturl "net/url"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"m44/match"
	"m44/store"
	"m44/store/pgstore"
	"m44/web"
)

// defaultDB is the SQLite database "m44 serve" uses unless told otherwise.
const defaultDB = "data/m44.db"

// dbEnv names the environment variable that chooses the database when
// --db is not given.
const dbEnv = "M44_DATABASE_URL"

// defaultAddr is where "m44 serve" listens unless told otherwise; if it is
// taken, a free port is used instead.
const defaultAddr = "127.0.0.1:8044"

type serveConfig struct {
	addr     string // "" = defaultAddr, else a free port
	db       string // a SQLite file, or a postgres:// URL
	botDelay time.Duration
	verbose  bool
	noLimits bool // no rate limits nor connection caps (timeouts stay)
	// publicURL is the address players reach the server at, for invite
	// and spectator links; trustProxy takes it from X-Forwarded-* headers.
	publicURL  string
	trustProxy bool
	// pushContact is the contact in Web Push's VAPID tokens (RFC 8292).
	pushContact string
	ready       func(url string) // called once listening (tests)
	// Several nodes on one PostgreSQL database (docs/web-api.md):
	// node names this server (default: host name and a random suffix),
	// advertise is the address the other nodes forward its games'
	// requests to (default: the listening address), lease the length of
	// its games' leases.
	node      string
	advertise string
	lease     time.Duration
	// cpuprofile: a file to write the server's CPU profile to, from start
	// to stop (load measurements).
	cpuprofile string
	// memprofile: a file to write the server's heap profile to when it
	// stops (its alloc_space: what the run allocated; load measurements).
	memprofile string
	// memory is the server's memory budget in bytes (--memory; 0: none,
	// collections at serveGOGC): memory.go.
	memory int64
}

// defaultLease is the length of a game's lease: a node that dies has its
// games taken over within about this long.
const defaultLease = 10 * time.Second

// runServe is "m44 serve": the game server and the browser client.
// serveGOGC is the collector's GOGC for m44 serve unless the environment
// sets one. A server of many games keeps much live memory (some 250 MB at
// 1,000 games) that every collection marks anew (~0.2 s at 1,000 games,
// its assists taxing the requests of the moment); at 200 rather than Go's
// 100 the heap may grow to three times what is live rather than two, and
// collections come half as often (issue 14, eighth pass: the actions'
// p90 and p99 at 1,000 games; docs/web-api.md).
const serveGOGC = 200

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c serveConfig
	fs.StringVar(&c.addr, "addr", "", "address to listen on (default "+defaultAddr+", or a free port if it is taken)")
	fs.StringVar(&c.db, "db", "", "database: a SQLite file (created if missing) or a postgres:// URL (default $"+dbEnv+" if set, else "+defaultDB+")")
	fs.DurationVar(&c.botDelay, "bot-delay", 250*time.Millisecond, "pause before each computer move, so that players can follow")
	fs.BoolVar(&c.verbose, "v", false, "log every request")
	fs.BoolVar(&c.noLimits, "no-rate-limits", false, "no per-address rate limits nor WebSocket caps (load tests on loopback); the timeouts stay")
	fs.StringVar(&c.publicURL, "public-url", "", "the address players reach this server at, for invite and spectator links (e.g. https://m44.example.org; default $"+publicURLEnv+", else the address each request came to)")
	fs.StringVar(&c.pushContact, "push-contact", "", "the contact push services see for this server's Web Push messages: mailto:you@example.org or an https URL (default $"+pushContactEnv+", else the public URL if https)")
	fs.StringVar(&c.node, "node", "", "with PostgreSQL: this node's name among the servers sharing the database (default: the host name and a random suffix)")
	fs.StringVar(&c.advertise, "advertise", "", "with PostgreSQL: the address the other nodes reach this one at, to forward its games' requests (default: http:// and the listening address)")
	fs.DurationVar(&c.lease, "lease", defaultLease, "with PostgreSQL: how long a node owns a game without renewing: a node that dies has its games taken over after it")
	fs.StringVar(&c.cpuprofile, "cpuprofile", "", "write a CPU profile of the server, from start to stop, to this file (for load measurements; see m44 load)")
	fs.StringVar(&c.memprofile, "memprofile", "", "write a heap profile of the server to this file when it stops (its alloc_space is what the run allocated; for load measurements)")
	memory := fs.String("memory", "", "a memory budget for the server, e.g. 1200MiB: it then collects garbage only as its heap nears the budget while what is live is under half of it, which spares the actions of busy servers the collector's pauses (default: none; docs/web-api.md)")
	fs.BoolVar(&c.trustProxy, "trust-proxy", false, "behind a reverse proxy: take the links' address from its X-Forwarded-Proto and X-Forwarded-Host headers")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: m44 serve [--addr host:port] [--db file|postgres://user@host/db] [--public-url URL] [--trust-proxy] [--push-contact mailto:…]\n"+
			"                 [--node NAME] [--advertise URL] [--lease D]\n\n"+
			"Serves Memoir '44 in the browser: the game server (docs/web-api.md) and its client.\n"+
			"Games are kept in an embedded SQLite file, or in PostgreSQL with a postgres:// URL\n"+
			"(--db, or the environment variable "+dbEnv+"). Several servers may share one\n"+
			"PostgreSQL database: each game is played by one of them, the others forward to it.\n\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *memory != "" {
		n, err := parseSize(*memory)
		if err == nil && n < minMemory {
			err = fmt.Errorf("%s: at least %d MiB", *memory, minMemory>>20)
		}
		if err != nil {
			fmt.Fprintf(stderr, "m44 serve: --memory %v\n", err)
			return 2
		}
		c.memory = n
	}
	if os.Getenv("GOGC") == "" && c.memory == 0 {
		debug.SetGCPercent(serveGOGC)
	}
	c.db = chooseDB(c.db, os.Getenv(dbEnv))
	if c.publicURL == "" {
		c.publicURL = os.Getenv(publicURLEnv)
	}
	if c.pushContact == "" {
		c.pushContact = os.Getenv(pushContactEnv)
	}
	if c.pushContact == "" && strings.HasPrefix(c.publicURL, "https://") {
		c.pushContact = strings.TrimRight(c.publicURL, "/")
	}
	if c.pushContact != "" && !strings.HasPrefix(c.pushContact, "mailto:") && !strings.HasPrefix(c.pushContact, "https://") {
		fmt.Fprintf(stderr, "m44 serve: --push-contact %q: want mailto:… or https://…\n", c.pushContact)
		return 2
	}
	if c.publicURL != "" {
		if err := web.ValidPublicURL(c.publicURL); err != nil {
			fmt.Fprintf(stderr, "m44 serve: --public-url %q: %v\n", c.publicURL, err)
			return 2
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if c.memory > 0 {
		if os.Getenv("GOGC") != "" {
			debug.SetMemoryLimit(c.memory) // the environment's GOGC stands
		} else {
			go manageMemory(ctx, c.memory)
		}
	}
	if err := serve(ctx, c, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "m44 serve: %v\n", err)
		return 1
	}
	return 0
}

// serve runs the server until ctx is done.
func serve(ctx context.Context, c serveConfig, stdout, stderr io.Writer) error {
	level := slog.LevelInfo
	if c.verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	st, closeStore, desc, err := openStore(ctx, c.db)
	if err != nil {
		return err
	}
	defer closeStore()
	limits := web.DefaultLimits()
	if c.noLimits {
		limits.Create, limits.Upload, limits.Action = web.Rate{}, web.Rate{}, web.Rate{}
		limits.SocketsPerGame, limits.SocketsPerClient = 0, 0
	}
	ln, err := listen(c.addr)
	if err != nil {
		return err
	}
	opts := web.Options{Store: st, Logger: log, Version: version(), BotDelay: c.botDelay,
		Library: web.Library(), SVG: web.BoardSVG(), Limits: &limits,
		PublicURL: c.publicURL, TrustProxy: c.trustProxy, PushContact: c.pushContact}
	if pg, ok := st.(*pgstore.Store); ok {
		// PostgreSQL may be shared by several servers: each game is owned
		// by one node at a time (a lease), the others forward to it.
		cl, err := joinCluster(ctx, pg, c, ln.Addr())
		if err != nil {
			ln.Close()
			return err
		}
		opts.Cluster, opts.ClusterSecret, opts.ClusterTTL = cl, cl.Secret(), cl.TTL()
		desc += ", node " + cl.Node()
	}
	srv, err := web.New(ctx, opts)
	if err != nil {
		ln.Close()
		return err
	}
	if c.cpuprofile != "" {
		f, err := os.Create(c.cpuprofile)
		if err != nil {
			ln.Close()
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			ln.Close()
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if c.memprofile != "" {
		f, err := os.Create(c.memprofile)
		if err != nil {
			ln.Close()
			return err
		}
		defer f.Close()
		defer func() {
			runtime.GC() // the heap's figures up to date
			if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
				fmt.Fprintf(stderr, "m44: heap profile: %v\n", err)
			}
		}()
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(stdout, "m44: serving on %s (database %s); Ctrl-C stops\n", url, desc)
	printReach(stdout, ln.Addr(), c.publicURL)
	if c.ready != nil {
		c.ready(url)
	}
	err = web.Serve(ctx, ln, srv)
	log.Info("stopped")
	return err
}

// joinCluster makes this server a node of those sharing the PostgreSQL
// database: its name (--node, else the host name and a random suffix), the
// address the other nodes forward to (--advertise, else the listening
// address, with the host name for an unspecified one), its leases' length.
func joinCluster(ctx context.Context, pg *pgstore.Store, c serveConfig, addr net.Addr) (*pgstore.Cluster, error) {
	node := c.node
	if node == "" {
		host, _ := os.Hostname()
		var b [3]byte
		rand.Read(b[:])
		node = fmt.Sprintf("%s-%x", strings.Map(func(r rune) rune {
			if r <= ' ' {
				return '-'
			}
			return r
		}, host), b)
	}
	adv := c.advertise
	if adv == "" {
		host, port, _ := net.SplitHostPort(addr.String())
		if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
			if h, err := os.Hostname(); err == nil {
				host = h
			}
		}
		adv = "http://" + net.JoinHostPort(host, port)
	}
	if u, err := neturl.Parse(adv); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("--advertise %q: want http://host:port", adv)
	}
	if c.lease == 0 {
		c.lease = defaultLease
	}
	if c.lease < 100*time.Millisecond {
		return nil, fmt.Errorf("--lease %v: want at least 100ms", c.lease)
	}
	return pg.Join(ctx, node, adv, c.lease)
}

// publicURLEnv names the environment variable that gives the public URL
// when --public-url is not given.
const publicURLEnv = "M44_PUBLIC_URL"

// pushContactEnv names the environment variable that gives the Web Push
// contact (--push-contact).
const pushContactEnv = "M44_PUSH_CONTACT"

// chooseDB is the database to serve from: the --db flag's value, else the
// environment's, else defaultDB.
func chooseDB(flag, env string) string {
	switch {
	case flag != "":
		return flag
	case env != "":
		return env
	}
	return defaultDB
}

// openStore opens the database db: PostgreSQL for a postgres:// URL, else
// the SQLite file (refused while another server holds it). desc names it
// for the log, without a password.
func openStore(ctx context.Context, db string) (st match.Store, closeStore func() error, desc string, err error) {
	if pgstore.IsURL(db) {
		pg, err := pgstore.Open(ctx, db)
		if err != nil {
			return nil, nil, "", err
		}
		return pg, pg.Close, "PostgreSQL " + pgstore.Redact(db), nil
	}
	lite, err := store.Open(db)
	if err != nil {
		return nil, nil, "", err
	}
	return lite, lite.Close, "SQLite " + db, nil
}

// listen listens on addr, or on defaultAddr and else on a free port.
func listen(addr string) (net.Listener, error) {
	if addr != "" {
		return net.Listen("tcp", addr)
	}
	ln, err := net.Listen("tcp", defaultAddr)
	if err == nil {
		return ln, nil
	}
	ln, err2 := net.Listen("tcp", "127.0.0.1:0")
	if err2 != nil {
		return nil, errors.Join(err, err2)
	}
	return ln, nil
}

// version is the build's version control revision, if known.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}
