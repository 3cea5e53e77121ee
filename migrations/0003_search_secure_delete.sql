-- Hand-written: FTS5 deletes normally only mark entries, leaving a deleted row's terms in older
-- index segments until they merge. With secure-delete they are removed at once, so a forgotten
-- memory's words (and those of its earlier versions) do not survive in the index. The setting is
-- stored in the index's own config table, so it is set once, here.
INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1);
