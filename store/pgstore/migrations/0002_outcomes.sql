-- Record version 1 (rules.RecordVersion), as store/migrations/0002_outcomes.sql:
-- a game records the outcomes of chance, so that it replays by feeding them
-- back to the engine whatever the order the engine draws random numbers in.
-- record_version is the game's record version (0: stored before, replayed
-- with the seed alone); deal holds the outcomes of the opening (the cards
-- dealt, an opening airdrop) and actions.outcomes those of each action (die
-- faces, cards drawn, landings), in the engine's text form separated by spaces.
ALTER TABLE games ADD COLUMN record_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN deal TEXT NOT NULL DEFAULT '';
ALTER TABLE actions ADD COLUMN outcomes TEXT NOT NULL DEFAULT '';
