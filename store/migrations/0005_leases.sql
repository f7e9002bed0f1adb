-- Game leases, for several servers sharing one database (PostgreSQL,
-- store/pgstore/cluster.go): the node that owns a game until expires, and
-- the address the other nodes forward the game's requests to. SQLite keeps
-- one server per database file (store.ErrLocked), which owns every game: the
-- table is created only so that both databases have the same migrations,
-- and stays empty.
CREATE TABLE game_leases (
    game    TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    node    TEXT NOT NULL,
    addr    TEXT NOT NULL,
    expires TEXT NOT NULL
);

-- The secret the nodes sharing the database show each other on the requests
-- they forward (their clients' addresses are believed only with it). Empty
-- in SQLite.
CREATE TABLE cluster (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL
);
