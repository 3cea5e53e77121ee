-- Hand-written: a full-text index of the active beliefs alone. Reflection (`reflect`, and
-- `propose_beliefs` comparing an agent's statements with what the mind believes) looks for the
-- beliefs that share a few words with a batch; asked of the index of every memory, FTS5 ranks every
-- episode and note that has one of those words (tens of thousands at 100k memories) before the
-- beliefs among them are kept. `belief_fts` holds the same text as `memories_fts` (rowid = memory
-- seq) for active beliefs only, so its bm25 ranks beliefs among beliefs. Contentless (the text stays
-- in memories), secure-delete as the main index; triggers keep it as beliefs are added, edited,
-- change status (archived, superseded, forgotten) or are deleted.
CREATE VIRTUAL TABLE belief_fts USING fts5(text, content = '', contentless_delete = 1, tokenize = 'porter unicode61');
--> statement-breakpoint
INSERT INTO belief_fts(belief_fts, rank) VALUES ('secure-delete', 1);
--> statement-breakpoint
INSERT INTO belief_fts (rowid, text)
  SELECT m.seq, m.content || ' ' || coalesce(json_extract(m.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(m.fields, '$.description'), '') || ' ' || coalesce(json_extract(m.fields, '$.name'), '') || ' ' || coalesce(json_extract(m.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(m.fields, '$.lessons')), '')
  FROM memories m WHERE m.type = 'belief' AND m.status = 'active' ORDER BY m.seq;
--> statement-breakpoint
CREATE TRIGGER belief_fts_insert AFTER INSERT ON memories
WHEN new.type = 'belief' AND new.status = 'active'
BEGIN
  INSERT INTO belief_fts (rowid, text) VALUES (new.seq, new.content || ' ' || coalesce(json_extract(new.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(new.fields, '$.description'), '') || ' ' || coalesce(json_extract(new.fields, '$.name'), '') || ' ' || coalesce(json_extract(new.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.fields, '$.lessons')), ''));
END;
--> statement-breakpoint
CREATE TRIGGER belief_fts_update AFTER UPDATE OF type, status, content, fields ON memories
WHEN (old.type = 'belief' AND old.status = 'active') OR (new.type = 'belief' AND new.status = 'active')
BEGIN
  DELETE FROM belief_fts WHERE rowid = old.seq AND old.type = 'belief' AND old.status = 'active';
  INSERT INTO belief_fts (rowid, text)
    SELECT new.seq, new.content || ' ' || coalesce(json_extract(new.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(new.fields, '$.description'), '') || ' ' || coalesce(json_extract(new.fields, '$.name'), '') || ' ' || coalesce(json_extract(new.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.fields, '$.lessons')), '')
    WHERE new.type = 'belief' AND new.status = 'active';
END;
--> statement-breakpoint
CREATE TRIGGER belief_fts_delete AFTER DELETE ON memories
WHEN old.type = 'belief' AND old.status = 'active'
BEGIN
  DELETE FROM belief_fts WHERE rowid = old.seq;
END;
