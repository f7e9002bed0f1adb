package pgstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"m44/store"
)

// Several servers ("nodes") may serve the games of one database. Each game
// is owned by one node at a time, through a lease: a row of game_leases
// naming the node, the address the other nodes forward the game's requests
// to, and when the lease expires (on the database's clock, so that the
// nodes' clocks do not matter). The owner renews its leases every third of
// their length; once a lease has expired, any node may take the game over
// (Acquire), and nodes take over the unfinished games of a node that
// stopped renewing (Run). A node that is killed loses nothing: every
// acknowledged action was committed before it was acknowledged, and the new
// owner replays the game from the store.
//
// Why leases and not advisory locks: a session's advisory lock is released
// at once when the node's process dies (its socket closes), but not when
// its machine or the network between it and the database goes away (the
// session lives until TCP keep-alives give up, by default hours), and a
// node whose lock session breaks keeps running without knowing that it lost
// its games. A lease expires on the database's clock whatever happened to
// the node, and a node that cannot renew simply stops being the owner.
//
// Fencing: a node's writes to a game's log (Append) check, in the same
// transaction and under a share lock of the lease row, that the node still
// holds the lease; a takeover updates that row, so it waits for an append
// in flight and any later append of the former owner fails with
// store.ErrNotOwner. Two nodes never both extend a game's log, even when a
// node that was paused for longer than the lease wakes up.
//
// Changes fan out with NOTIFY on the channel Channel, sent in the writing
// transaction (delivered on commit): the payload is "node game seq", where
// seq is the log's new length (0 for a change that is not in the log: a
// clock, a seat's token or account). The payload is small whatever the
// change; nodes that follow the game read what changed from the store.

// Channel is the NOTIFY channel of games' changes.
const Channel = "m44_games"

// Cluster is a node's membership of the servers sharing the database:
// its leases and the other nodes' changes. Make it with Store.Join.
type Cluster struct {
	s      *Store
	node   string
	addr   string
	ttl    time.Duration
	secret string
}

// Join makes the store's writes those of node (fenced by its leases, and
// announced with NOTIFY) and returns the node's Cluster: leases of ttl,
// with addr the address other nodes forward its games' requests to. Call
// it once, before the store is used.
func (s *Store) Join(ctx context.Context, node, addr string, ttl time.Duration) (*Cluster, error) {
	if node == "" || strings.ContainsAny(node, " \t\n") {
		return nil, fmt.Errorf("pgstore: node name %q: want a word", node)
	}
	ctx, cancel := op(ctx)
	defer cancel()
	var b [24]byte
	rand.Read(b[:])
	var secret string
	err := s.pool.QueryRow(ctx, `WITH ins AS (INSERT INTO cluster (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING RETURNING secret)
		SELECT secret FROM ins UNION ALL SELECT secret FROM cluster WHERE id = 1 LIMIT 1`, hex.EncodeToString(b[:])).Scan(&secret)
	if errors.Is(err, pgx.ErrNoRows) {
		// Another node made it in the same instant: read it.
		err = s.pool.QueryRow(ctx, `SELECT secret FROM cluster WHERE id = 1`).Scan(&secret)
	}
	if err != nil {
		return nil, fmt.Errorf("pgstore: join: %w", err)
	}
	if err := s.lockName(ctx, node); err != nil {
		return nil, err
	}
	s.node = node
	return &Cluster{s: s, node: node, addr: addr, ttl: ttl, secret: secret}, nil
}

// nameLockClass is the first key of the advisory locks on node names (the
// second is the name's hashtext).
const nameLockClass int32 = 0x6d3434 // "m44"

// ErrNodeNameTaken is Join's error when another server runs with the same
// node name on the database: the two would each take the other's games for
// their own (a lease names a node, not a process).
var ErrNodeNameTaken = errors.New("pgstore: another server runs with this node name on the database")

// lockName takes node's name for this process: a session advisory lock on
// a connection of its own, held until Leave or Close (or the process's
// end: the database drops a dead process's session, and with it the lock).
func (s *Store) lockName(ctx context.Context, node string) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("pgstore: join: %w", err)
	}
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1, hashtext($2))`, nameLockClass, node).Scan(&got); err != nil {
		conn.Close(context.Background())
		return fmt.Errorf("pgstore: join: %w", err)
	}
	if !got {
		conn.Close(context.Background())
		return fmt.Errorf("%w: node %q (give each server its own --node; a server of that name killed a moment ago frees it once the database notices)", ErrNodeNameTaken, node)
	}
	s.nameMu.Lock()
	old := s.nameLock
	s.nameLock = conn
	s.nameMu.Unlock()
	unlockName(old)
	return nil
}

// releaseName lets the node's name go.
func (s *Store) releaseName() {
	s.nameMu.Lock()
	conn := s.nameLock
	s.nameLock = nil
	s.nameMu.Unlock()
	unlockName(conn)
}

// unlockName releases the name lock held by conn (nil: none) and closes
// the connection. The lock is released by a query first: closing alone
// returns before the database has ended the session, and a Join of the same
// name just after could still find it taken.
func unlockName(conn *pgx.Conn) {
	if conn == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	conn.Exec(ctx, `SELECT pg_advisory_unlock_all()`) // (on failure, the close below ends the session all the same)
	conn.Close(ctx)
}

// Secret is the secret the nodes show each other on forwarded requests.
func (c *Cluster) Secret() string { return c.secret }

// Node is this node's name.
func (c *Cluster) Node() string { return c.node }

// TTL is the leases' length.
func (c *Cluster) TTL() time.Duration { return c.ttl }

func (c *Cluster) ttlMS() int64 { return max(c.ttl.Milliseconds(), 1) }

// Acquire takes the game's lease for this node, or renews it if the node
// holds it: it returns this node's name and address. If another node's
// lease has not expired, it returns that node's name and address instead.
// A game not stored is store.ErrNotFound.
func (c *Cluster) Acquire(ctx context.Context, game string) (node, addr string, err error) {
	ctx, cancel := op(ctx)
	defer cancel()
	for range 3 {
		err = c.s.pool.QueryRow(ctx, `INSERT INTO game_leases (game, node, addr, expires)
			VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond')
			ON CONFLICT (game) DO UPDATE SET node = EXCLUDED.node, addr = EXCLUDED.addr, expires = EXCLUDED.expires
			WHERE game_leases.node = EXCLUDED.node OR game_leases.expires < clock_timestamp()
			RETURNING node, addr`, game, c.node, c.addr, c.ttlMS()).Scan(&node, &addr)
		if err == nil {
			return node, addr, nil
		}
		if pgCode(err) == foreignKeyViolation {
			return "", "", store.ErrNotFound
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return "", "", fmt.Errorf("pgstore: acquire %s: %w", game, err)
		}
		// Another node holds it: who?
		err = c.s.pool.QueryRow(ctx, `SELECT node, addr FROM game_leases WHERE game = $1`, game).Scan(&node, &addr)
		if err == nil {
			return node, addr, nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return "", "", fmt.Errorf("pgstore: acquire %s: %w", game, err)
		}
		// Released meanwhile: try again.
	}
	return "", "", fmt.Errorf("pgstore: acquire %s: the lease keeps changing hands", game)
}

// Release gives up this node's lease of the game (a game unloaded from
// memory): the next node asked for it takes it.
func (c *Cluster) Release(ctx context.Context, game string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	if _, err := c.s.pool.Exec(ctx, `DELETE FROM game_leases WHERE game = $1 AND node = $2`, game, c.node); err != nil {
		return fmt.Errorf("pgstore: release %s: %w", game, err)
	}
	return nil
}

// Renew extends every lease this node holds, and lists their games.
func (c *Cluster) Renew(ctx context.Context) ([]string, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := c.s.pool.Query(ctx, `UPDATE game_leases SET expires = clock_timestamp() + $2 * interval '1 millisecond'
		WHERE node = $1 RETURNING game`, c.node, c.ttlMS())
	if err != nil {
		return nil, fmt.Errorf("pgstore: renew leases: %w", err)
	}
	games, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("pgstore: renew leases: %w", err)
	}
	return games, nil
}

// Orphans lists the unfinished games whose owner (another node) let its
// lease expire: a node that died or lost the database.
func (c *Cluster) Orphans(ctx context.Context) ([]string, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := c.s.pool.Query(ctx, `SELECT l.game FROM game_leases l JOIN games g ON g.id = l.game
		WHERE NOT g.over AND l.node <> $1 AND l.expires < clock_timestamp() ORDER BY l.expires, l.game LIMIT 1000`, c.node)
	if err != nil {
		return nil, fmt.Errorf("pgstore: orphaned games: %w", err)
	}
	games, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("pgstore: orphaned games: %w", err)
	}
	return games, nil
}

// Nodes lists the other nodes that hold a lease now, by name, with their
// addresses (the lobby asks them for their open tables).
func (c *Cluster) Nodes(ctx context.Context) (map[string]string, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := c.s.pool.Query(ctx, `SELECT DISTINCT ON (node) node, addr FROM game_leases
		WHERE node <> $1 AND expires > clock_timestamp() ORDER BY node, expires DESC`, c.node)
	if err != nil {
		return nil, fmt.Errorf("pgstore: nodes: %w", err)
	}
	out := map[string]string{}
	var node, addr string
	_, err = pgx.ForEachRow(rows, []any{&node, &addr}, func() error {
		out[node] = addr
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("pgstore: nodes: %w", err)
	}
	return out, nil
}

// Leave lets every lease of this node expire now (a node shutting down),
// so that the other nodes take its unfinished games over at once, and
// frees its name for another server.
func (c *Cluster) Leave(ctx context.Context) error {
	ctx, cancel := op(ctx)
	defer cancel()
	if _, err := c.s.pool.Exec(ctx, `UPDATE game_leases SET expires = clock_timestamp() - interval '1 second' WHERE node = $1`, c.node); err != nil {
		return fmt.Errorf("pgstore: leave: %w", err)
	}
	c.s.releaseName()
	return nil
}

// Run keeps this node's leases and follows the other nodes until ctx is
// done. Every third of the leases' length it renews them and calls held
// with the games whose lease the node still holds (as of at, when the
// renewal started), then calls orphan with each game another node let
// expire. It calls changed with each game another node changed (NOTIFY)
// and the length of its log then (0 for a change outside the log),
// and with "" when it may have missed changes (its listening connection
// was lost and is back); and presence with each other node's Announce.
func (c *Cluster) Run(ctx context.Context, held func(games []string, at time.Time), orphan func(game string), changed func(game string, seq int), presence func(node string, games map[string][]string)) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		c.listen(ctx, changed, presence)
	}()
	go func() {
		defer wg.Done()
		t := time.NewTicker(max(c.ttl/3, 10*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			at := time.Now()
			games, err := c.Renew(ctx)
			if err != nil {
				continue // the database is away: try again (fenced writes keep the games safe)
			}
			held(games, at)
			orphans, err := c.Orphans(ctx)
			if err != nil {
				continue
			}
			for _, g := range orphans {
				if ctx.Err() != nil {
					return
				}
				orphan(g)
			}
		}
	}()
	wg.Wait()
}

// listen LISTENs on Channel on a connection of its own, calling changed
// for each notification of another node, reconnecting when the connection
// is lost.
func (c *Cluster) listen(ctx context.Context, changed func(game string, seq int), presence func(node string, games map[string][]string)) {
	for ctx.Err() == nil {
		err := c.listenOnce(ctx, changed, presence)
		if ctx.Err() != nil {
			return
		}
		_ = err // the database went away: try again shortly
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

func (c *Cluster) listenOnce(ctx context.Context, changed func(game string, seq int), presence func(node string, games map[string][]string)) error {
	cctx, cancel := context.WithTimeout(ctx, Timeout)
	conn, err := pgx.ConnectConfig(cctx, c.s.pool.Config().ConnConfig.Copy())
	if err == nil {
		_, err = conn.Exec(cctx, "LISTEN "+Channel)
	}
	cancel()
	if err != nil {
		if conn != nil {
			conn.Close(context.Background())
		}
		return err
	}
	defer conn.Close(context.Background())
	changed("", 0) // listening now: changes made before may have been missed
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if node, games, ok := parsePresence(n.Payload); ok {
			if node != c.node {
				presence(node, games)
			}
			continue
		}
		node, game, seq := parsePayload(n.Payload)
		if node == c.node || game == "" {
			continue
		}
		changed(game, seq)
	}
}

// payload is a notification's payload: "node game seq".
func payload(node, game string, seq int) string {
	return node + " " + game + " " + strconv.Itoa(seq)
}

func parsePayload(p string) (node, game string, seq int) {
	f := strings.Fields(p)
	if len(f) != 3 {
		return "", "", 0
	}
	seq, _ = strconv.Atoi(f[2])
	return f[0], f[1], seq
}

// Presence payloads on Channel are "node @ game=seat,seat game= …": for
// each game, the seats with a WebSocket open on node (none after "=");
// "node @" alone: none of any game (the node stops). A node that does not
// know them reads a game "@" that it does not hold, and ignores it.

// maxPayload bounds a presence payload (PostgreSQL's limit is 8,000 bytes).
const maxPayload = 7000

// Announce tells the other nodes, for each game, the seats that have a
// WebSocket open on this node (none: none now); games nil: none of any game
// (the node stops). Long lists go in several notifications.
func (c *Cluster) Announce(ctx context.Context, games map[string][]string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	prefix := c.node + " @"
	send := func(p string) error {
		if _, err := c.s.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, Channel, p); err != nil {
			return fmt.Errorf("pgstore: announce: %w", err)
		}
		return nil
	}
	if games == nil {
		return send(prefix)
	}
	ids := make([]string, 0, len(games))
	for id := range games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	cur := prefix
	for _, id := range ids {
		if !presenceWord(id) {
			continue
		}
		var seats []string
		for _, s := range games[id] {
			if presenceWord(s) {
				seats = append(seats, s)
			}
		}
		f := " " + id + "=" + strings.Join(seats, ",")
		if len(cur)+len(f) > maxPayload && cur != prefix {
			if err := send(cur); err != nil {
				return err
			}
			cur = prefix
		}
		cur += f
	}
	if cur == prefix {
		return nil
	}
	return send(cur)
}

// presenceWord reports whether s can stand in a presence payload (a game
// id or seat name: no space, "=" or ",").
func presenceWord(s string) bool {
	return s != "" && !strings.ContainsAny(s, " \t\n=,")
}

// parsePresence reads a presence payload: games nil for "node @".
func parsePresence(p string) (node string, games map[string][]string, ok bool) {
	f := strings.Fields(p)
	if len(f) < 2 || f[1] != "@" {
		return "", nil, false
	}
	if len(f) == 2 {
		return f[0], nil, true
	}
	games = map[string][]string{}
	for _, x := range f[2:] {
		id, seats, found := strings.Cut(x, "=")
		if !found || id == "" {
			continue
		}
		var ss []string
		if seats != "" {
			ss = strings.Split(seats, ",")
		}
		games[id] = ss
	}
	return f[0], games, true
}

// notify announces a change of game outside the log (a clock, a seat's
// token or account) when the store is a node's; an error is ignored (the
// followers catch up at the next change).
func (s *Store) notify(ctx context.Context, game string) {
	if s.node == "" {
		return
	}
	s.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, Channel, payload(s.node, game, 0))
}
