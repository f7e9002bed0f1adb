-- Uploaded scenarios: the .m44 file as received (validated before it is stored).
CREATE TABLE scenarios (
    id      TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    data    BLOB NOT NULL,
    created TEXT NOT NULL
);

-- A game: the scenario it was created from (the .m44 file itself, so the game
-- replays even if the library changes), the dice seed, and its settings (JSON).
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    scenario_id TEXT NOT NULL,
    scenario    BLOB NOT NULL,
    seed        INTEGER NOT NULL,
    settings    TEXT NOT NULL,
    created     TEXT NOT NULL,
    over        INTEGER NOT NULL DEFAULT 0,
    winner      TEXT
);

-- One row per seat: "human" (with the SHA-256 of its token) or "bot:<level>".
CREATE TABLE seats (
    game       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat       TEXT NOT NULL,
    kind       TEXT NOT NULL,
    token_hash TEXT,
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
    created TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);

CREATE INDEX games_live ON games(over);
