-- Ratings robust at a game's end (issue 13): a rated game keeps
-- rating_pending = 1 from its creation until its ratings are stored, in the
-- same transaction as the accounts' new ratings; a server that stopped
-- between the game's end and its ratings rates the finished games still
-- pending when it starts again.
ALTER TABLE games ADD COLUMN rating_pending INTEGER NOT NULL DEFAULT 0;
-- Rated games in progress when this migration runs are pending too (their
-- settings, written by the server as compact JSON, say "rated":true).
UPDATE games SET rating_pending = 1 WHERE over = 0 AND settings LIKE '%"rated":true%';

-- The server's own keys, made on its first start and kept: the VAPID key
-- pair of Web Push (RFC 8292), as "vapid" (PKCS #8, base64url).
CREATE TABLE server_keys (
    name    TEXT PRIMARY KEY,
    value   TEXT NOT NULL,
    created TEXT NOT NULL
);

-- Web Push subscriptions (issue 13): a browser's push endpoint and its
-- keys (RFC 8291: p256dh, the browser's P-256 public key, and auth, base64url),
-- bound to an account (owner "a:<account>": every seat of the account) or to
-- one seat (owner "s:<game>/<seat>"), with the language of its messages.
CREATE TABLE push_subscriptions (
    endpoint TEXT NOT NULL,
    owner    TEXT NOT NULL,
    p256dh   TEXT NOT NULL,
    auth     TEXT NOT NULL,
    lang     TEXT NOT NULL DEFAULT '',
    created  TEXT NOT NULL,
    PRIMARY KEY (endpoint, owner)
);
CREATE INDEX push_subscriptions_owner ON push_subscriptions(owner);
