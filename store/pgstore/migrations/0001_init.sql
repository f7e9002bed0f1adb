-- The PostgreSQL twin of store/migrations/0001_init.sql: the same tables,
-- columns and migration names, in PostgreSQL's types (BYTEA for BLOB, BIGINT
-- for the seed, BOOLEAN for over, TIMESTAMPTZ for the creation times), and
-- seats.ord for the order of a game's seats (SQLite's rowid).

-- Uploaded scenarios: the .m44 file as received (validated before it is stored).
CREATE TABLE scenarios (
    id      TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    data    BYTEA NOT NULL,
    created TIMESTAMPTZ NOT NULL
);

-- A game: the scenario it was created from (the .m44 file itself, so the game
-- replays even if the library changes), the dice seed (the uint64's bits),
-- and its settings (JSON, kept byte for byte).
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    scenario_id TEXT NOT NULL,
    scenario    BYTEA NOT NULL,
    seed        BIGINT NOT NULL,
    settings    TEXT NOT NULL,
    created     TIMESTAMPTZ NOT NULL,
    over        BOOLEAN NOT NULL DEFAULT FALSE,
    winner      TEXT
);

-- One row per seat: "human" (with the SHA-256 of its token) or "bot:<level>";
-- ord is its place among the game's seats.
CREATE TABLE seats (
    game       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat       TEXT NOT NULL,
    kind       TEXT NOT NULL,
    token_hash TEXT,
    ord        INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);

-- The game's log of decisions, in order: an action in the engine's text form,
-- or "undo". version is the game's version once it was applied.
CREATE TABLE actions (
    game    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    seat    TEXT NOT NULL,
    action  TEXT NOT NULL,
    version INTEGER NOT NULL,
    created TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game, seq)
);

-- The live games (LiveGames), oldest first.
CREATE INDEX games_live ON games (created, id) WHERE NOT over;
