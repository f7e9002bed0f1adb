-- Accounts (issue 13), as store/migrations/0003_accounts.sql in PostgreSQL's
-- types: a player may sign up with a name and a password (its argon2id hash
-- in PHC form) to keep their seats on any device; name_key is the name
-- folded to lower case, unique; rating, rd and vol the Glicko-2 rating,
-- deviation and volatility (Glicko scale), rated the rated games played.
CREATE TABLE accounts (
    id       TEXT PRIMARY KEY,
    name     TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    hash     TEXT NOT NULL,
    created  TIMESTAMPTZ NOT NULL,
    rating   DOUBLE PRECISION NOT NULL DEFAULT 1500,
    rd       DOUBLE PRECISION NOT NULL DEFAULT 350,
    vol      DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    rated    INTEGER NOT NULL DEFAULT 0
);

-- Signed-in browsers: the SHA-256 of the session cookie's secret.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created    TIMESTAMPTZ NOT NULL,
    expires    TIMESTAMPTZ NOT NULL
);

-- A seat may belong to an account, and hold more tokens than the first: one
-- per device the account opened it on.
ALTER TABLE seats ADD COLUMN account TEXT REFERENCES accounts(id);
CREATE INDEX seats_account ON seats (account) WHERE account IS NOT NULL;

CREATE TABLE seat_tokens (
    game       TEXT NOT NULL,
    seat       TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game, seat, token_hash),
    FOREIGN KEY (game, seat) REFERENCES seats (game, seat) ON DELETE CASCADE
);

-- A game's clock (issue 13), as JSON: the seat whose time runs, since
-- when, and the time each seat has used; '' for a game without a clock.
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '';

-- A game's chat (issue 13): per channel ("players", "spectators"), each
-- message by its number n, as JSON.
CREATE TABLE chats (
    game    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    channel TEXT NOT NULL,
    n       INTEGER NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (game, channel, n)
);
