-- Game leases (as store/migrations/0004_leases.sql): the node that owns a
-- game until expires (the database's clock), and the address the other
-- nodes forward the game's requests to. The owner renews its leases; another
-- node takes a game over once its lease has expired (cluster.go).
CREATE TABLE game_leases (
    game    TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    node    TEXT NOT NULL,
    addr    TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX game_leases_node ON game_leases (node);

-- The secret the nodes show each other on the requests they forward (their
-- clients' addresses are believed only with it); made by the first node
-- that joins (Store.Join).
CREATE TABLE cluster (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL
);
