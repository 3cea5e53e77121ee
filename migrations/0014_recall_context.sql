-- Hand-written: what recall knows about a conversation turn beyond its own words. A turn is a raw
-- capture whose source names a conversation (the transcripts importer, an agent's capture).
-- `memory_turns` places each turn in its conversation (by seq, the order it arrived) with its time
-- and speaker; `memory_turn_context` says what surrounds it: its speaker, its date in the words a
-- question uses ("8 May 2023", "Monday") and the turns just before and after it, each with its
-- speaker. `memory_turns_fts` indexes each turn's own words and that context in two columns
-- (rowid = memory seq), so one bm25 ranks a turn by both with the context weighted apart; it
-- stores no text (contentless) and the memory's own text is untouched. Triggers keep it as turns
-- are added, edited, forgotten or deleted, refreshing the neighbours too, whose context holds the
-- turn's words.
CREATE TABLE memory_turns (
  seq INTEGER PRIMARY KEY NOT NULL,
  conversation TEXT NOT NULL,
  at INTEGER NOT NULL,
  speaker TEXT NOT NULL
);
--> statement-breakpoint
CREATE INDEX memory_turns_conversation ON memory_turns (conversation, seq);
--> statement-breakpoint
CREATE INDEX memory_turns_at ON memory_turns (at);
--> statement-breakpoint
CREATE INDEX memory_turns_speaker ON memory_turns (speaker COLLATE NOCASE);
--> statement-breakpoint
CREATE VIEW memory_turn_context AS
SELECT t.seq AS seq, m.content AS own,
  t.speaker || ' ' || CAST(strftime('%d', t.at / 1000, 'unixepoch') AS INTEGER) || ' ' ||
  CASE strftime('%m', t.at / 1000, 'unixepoch')
    WHEN '01' THEN 'January' WHEN '02' THEN 'February' WHEN '03' THEN 'March' WHEN '04' THEN 'April'
    WHEN '05' THEN 'May' WHEN '06' THEN 'June' WHEN '07' THEN 'July' WHEN '08' THEN 'August'
    WHEN '09' THEN 'September' WHEN '10' THEN 'October' WHEN '11' THEN 'November' ELSE 'December' END || ' ' ||
  strftime('%Y', t.at / 1000, 'unixepoch') || ' ' ||
  CASE strftime('%w', t.at / 1000, 'unixepoch')
    WHEN '0' THEN 'Sunday' WHEN '1' THEN 'Monday' WHEN '2' THEN 'Tuesday' WHEN '3' THEN 'Wednesday'
    WHEN '4' THEN 'Thursday' WHEN '5' THEN 'Friday' ELSE 'Saturday' END || ' ' ||
  coalesce((SELECT p.speaker || ' ' || pm.content FROM memory_turns p JOIN memories pm ON pm.seq = p.seq
            WHERE p.conversation = t.conversation AND p.seq < t.seq ORDER BY p.seq DESC LIMIT 1), '') || ' ' ||
  coalesce((SELECT n.speaker || ' ' || nm.content FROM memory_turns n JOIN memories nm ON nm.seq = n.seq
            WHERE n.conversation = t.conversation AND n.seq > t.seq ORDER BY n.seq LIMIT 1), '') AS context
FROM memory_turns t JOIN memories m ON m.seq = t.seq
WHERE m.status <> 'forgotten';
--> statement-breakpoint
CREATE VIRTUAL TABLE memory_turns_fts USING fts5(own, context, content = '', contentless_delete = 1, tokenize = 'porter unicode61');
--> statement-breakpoint
INSERT INTO memory_turns_fts(memory_turns_fts, rank) VALUES ('secure-delete', 1);
--> statement-breakpoint
INSERT INTO memory_turns (seq, conversation, at, speaker)
  SELECT seq, json_extract(fields, '$.source.conversationId'), created_at, coalesce(json_extract(fields, '$.source.role'), source_entity, '')
  FROM memories WHERE type = 'raw' AND json_extract(fields, '$.source.conversationId') IS NOT NULL;
--> statement-breakpoint
INSERT INTO memory_turns_fts (rowid, own, context) SELECT seq, own, context FROM memory_turn_context;
--> statement-breakpoint
CREATE TRIGGER memory_turns_insert AFTER INSERT ON memories
WHEN new.type = 'raw' AND json_extract(new.fields, '$.source.conversationId') IS NOT NULL
BEGIN
  INSERT INTO memory_turns (seq, conversation, at, speaker)
    VALUES (new.seq, json_extract(new.fields, '$.source.conversationId'), new.created_at, coalesce(json_extract(new.fields, '$.source.role'), new.source_entity, ''));
  DELETE FROM memory_turns_fts WHERE rowid IN (
    SELECT new.seq
    UNION ALL SELECT max(seq) FROM memory_turns WHERE conversation = json_extract(new.fields, '$.source.conversationId') AND seq < new.seq
    UNION ALL SELECT min(seq) FROM memory_turns WHERE conversation = json_extract(new.fields, '$.source.conversationId') AND seq > new.seq);
  INSERT INTO memory_turns_fts (rowid, own, context) SELECT seq, own, context FROM memory_turn_context WHERE seq IN (
    SELECT new.seq
    UNION ALL SELECT max(seq) FROM memory_turns WHERE conversation = json_extract(new.fields, '$.source.conversationId') AND seq < new.seq
    UNION ALL SELECT min(seq) FROM memory_turns WHERE conversation = json_extract(new.fields, '$.source.conversationId') AND seq > new.seq);
END;
--> statement-breakpoint
CREATE TRIGGER memory_turns_update AFTER UPDATE OF content, fields, status, created_at, source_entity ON memories
WHEN (old.type = 'raw' AND json_extract(old.fields, '$.source.conversationId') IS NOT NULL)
  OR (new.type = 'raw' AND json_extract(new.fields, '$.source.conversationId') IS NOT NULL)
BEGIN
  DELETE FROM memory_turns WHERE seq = old.seq;
  INSERT INTO memory_turns (seq, conversation, at, speaker)
    SELECT new.seq, json_extract(new.fields, '$.source.conversationId'), new.created_at, coalesce(json_extract(new.fields, '$.source.role'), new.source_entity, '')
    WHERE new.type = 'raw' AND json_extract(new.fields, '$.source.conversationId') IS NOT NULL;
  DELETE FROM memory_turns_fts WHERE rowid IN (
    SELECT old.seq
    UNION ALL SELECT max(seq) FROM memory_turns WHERE conversation = json_extract(old.fields, '$.source.conversationId') AND seq < old.seq
    UNION ALL SELECT min(seq) FROM memory_turns WHERE conversation = json_extract(old.fields, '$.source.conversationId') AND seq > old.seq
    UNION ALL SELECT max(seq) FROM memory_turns WHERE conversation = json_extract(new.fields, '$.source.conversationId') AND seq < new.seq
    UNION ALL SELECT min(seq) FROM memory_turns WHERE conversation = json_extract(new.fields, '$.source.conversationId') AND seq > new.seq);
  INSERT INTO memory_turns_fts (rowid, own, context) SELECT seq, own, context FROM memory_turn_context WHERE seq IN (
    SELECT old.seq
    UNION ALL SELECT max(seq) FROM memory_turns WHERE conversation = json_extract(old.fields, '$.source.conversationId') AND seq < old.seq
    UNION ALL SELECT min(seq) FROM memory_turns WHERE conversation = json_extract(old.fields, '$.source.conversationId') AND seq > old.seq
    UNION ALL SELECT max(seq) FROM memory_turns WHERE conversation = json_extract(new.fields, '$.source.conversationId') AND seq < new.seq
    UNION ALL SELECT min(seq) FROM memory_turns WHERE conversation = json_extract(new.fields, '$.source.conversationId') AND seq > new.seq);
END;
--> statement-breakpoint
CREATE TRIGGER memory_turns_delete AFTER DELETE ON memories
WHEN old.type = 'raw' AND json_extract(old.fields, '$.source.conversationId') IS NOT NULL
BEGIN
  DELETE FROM memory_turns WHERE seq = old.seq;
  DELETE FROM memory_turns_fts WHERE rowid IN (
    SELECT old.seq
    UNION ALL SELECT max(seq) FROM memory_turns WHERE conversation = json_extract(old.fields, '$.source.conversationId') AND seq < old.seq
    UNION ALL SELECT min(seq) FROM memory_turns WHERE conversation = json_extract(old.fields, '$.source.conversationId') AND seq > old.seq);
  INSERT INTO memory_turns_fts (rowid, own, context) SELECT seq, own, context FROM memory_turn_context WHERE seq IN (
    SELECT max(seq) FROM memory_turns WHERE conversation = json_extract(old.fields, '$.source.conversationId') AND seq < old.seq
    UNION ALL SELECT min(seq) FROM memory_turns WHERE conversation = json_extract(old.fields, '$.source.conversationId') AND seq > old.seq);
END;
