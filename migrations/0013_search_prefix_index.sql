-- Hand-written: the full-text index gains prefix indexes of 2, 3 and 4 characters. A search's last
-- word matches as a prefix (results follow typing), and without these FTS5 answers a prefix by
-- merging the posting lists of every word that starts with it: at a million memories `de` merged
-- hundreds of thousands of entries per keystroke. With them a prefix of up to four characters is
-- one posting list. FTS5 fixes its options at creation, so the index is rebuilt from its own text
-- (the same rows and rowids; the triggers on memories name it and keep working), with
-- secure-delete set again, then merged into one segment.
CREATE TABLE memories_fts_rebuild AS SELECT rowid AS seq, text FROM memories_fts;
--> statement-breakpoint
DROP TABLE memories_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE memories_fts USING fts5(text, tokenize = 'porter unicode61', prefix = '2 3 4');
--> statement-breakpoint
INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1);
--> statement-breakpoint
INSERT INTO memories_fts(rowid, text) SELECT seq, text FROM memories_fts_rebuild ORDER BY seq;
--> statement-breakpoint
DROP TABLE memories_fts_rebuild;
--> statement-breakpoint
INSERT INTO memories_fts(memories_fts) VALUES ('optimize');
