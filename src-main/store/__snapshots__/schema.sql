-- index code_repos_path
CREATE UNIQUE INDEX `code_repos_path` ON `code_repos` (`path`);

-- index consolidation_runs_running
CREATE INDEX `consolidation_runs_running` ON `consolidation_runs` (`status`) WHERE status = 'running';

-- index consolidation_runs_started
CREATE INDEX `consolidation_runs_started` ON `consolidation_runs` (`started_at`);

-- index contradictions_b
CREATE INDEX `contradictions_b` ON `contradictions` (`b_seq`);

-- index contradictions_id
CREATE UNIQUE INDEX `contradictions_id` ON `contradictions` (`id`);

-- index contradictions_pair
CREATE UNIQUE INDEX `contradictions_pair` ON `contradictions` (`a_seq`,`b_seq`);

-- index contradictions_status
CREATE INDEX `contradictions_status` ON `contradictions` (`status`);

-- index evidence_refs_memory
CREATE UNIQUE INDEX `evidence_refs_memory` ON `evidence_refs` (`memory_seq`,`kind`,`ref`);

-- index evidence_refs_stale
CREATE INDEX `evidence_refs_stale` ON `evidence_refs` (`state`) WHERE state IN ('changed', 'gone');

-- index journal_action
CREATE INDEX `journal_action` ON `journal` (`action_id`) WHERE action_id IS NOT NULL;

-- index journal_at
CREATE INDEX `journal_at` ON `journal` (`at`);

-- index journal_at_changes
CREATE INDEX `journal_at_changes` ON `journal` (`at`,`memory_version`,`op`) WHERE memory_version IS NOT NULL;

-- index journal_memory
CREATE INDEX `journal_memory` ON `journal` (`memory_id`,`seq`);

-- index journal_run
CREATE INDEX `journal_run` ON `journal` (`run_id`) WHERE run_id IS NOT NULL;

-- index linked_sources_path
CREATE UNIQUE INDEX `linked_sources_path` ON `linked_sources` (`system`,`path`);

-- index links_action
CREATE INDEX `links_action` ON `links` (`action_id`) WHERE action_id IS NOT NULL;

-- index links_from
CREATE UNIQUE INDEX `links_from` ON `links` (`from_seq`,`kind`,`to_seq`);

-- index links_to
CREATE INDEX `links_to` ON `links` (`to_seq`,`kind`,`from_seq`);

-- index memories_confidence
CREATE INDEX `memories_confidence` ON `memories` (`confidence`);

-- index memories_created
CREATE INDEX `memories_created` ON `memories` (`created_at`);

-- index memories_id
CREATE UNIQUE INDEX `memories_id` ON `memories` (`id`);

-- index memories_review
CREATE INDEX `memories_review` ON `memories` (`review_status`,`updated_at`);

-- index memories_review_queue
CREATE INDEX `memories_review_queue` ON `memories` ((1 + "event_evidence_count") * "confidence" DESC,`created_at`,`seq`) WHERE "memories"."review_status" = 'pending' AND "memories"."status" = 'active';

-- index memories_scope
CREATE INDEX `memories_scope` ON `memories` (`scope`,`updated_at`);

-- index memories_source
CREATE INDEX `memories_source` ON `memories` (`source_type`,`updated_at`);

-- index memories_status_confidence
CREATE INDEX `memories_status_confidence` ON `memories` (`status`,`confidence`);

-- index memories_status_updated
CREATE INDEX `memories_status_updated` ON `memories` (`status`,`updated_at`);

-- index memories_tier
CREATE INDEX `memories_tier` ON `memories` (`tier`,`updated_at`);

-- index memories_tier_seq
CREATE INDEX `memories_tier_seq` ON `memories` (`tier`);

-- index memories_type_seq
CREATE INDEX `memories_type_seq` ON `memories` (`type`);

-- index memories_type_updated
CREATE INDEX `memories_type_updated` ON `memories` (`type`,`updated_at`);

-- index memories_updated
CREATE INDEX `memories_updated` ON `memories` (`updated_at`);

-- index memory_origins_original
CREATE UNIQUE INDEX `memory_origins_original` ON `memory_origins` (`system`,`original_id`);

-- index memory_turns_at
CREATE INDEX memory_turns_at ON memory_turns (at);

-- index memory_turns_conversation
CREATE INDEX memory_turns_conversation ON memory_turns (conversation, seq);

-- index memory_turns_speaker
CREATE INDEX memory_turns_speaker ON memory_turns (speaker COLLATE NOCASE);

-- index memory_versions_open
CREATE INDEX `memory_versions_open` ON `memory_versions` (`seq`) WHERE valid_to IS NULL;

-- index memory_versions_seq
CREATE INDEX `memory_versions_seq` ON `memory_versions` (`seq`,`valid_from`);

-- index memory_versions_updated
CREATE INDEX `memory_versions_updated` ON `memory_versions` (`updated_at`,`seq`);

-- index proposals_id
CREATE UNIQUE INDEX `proposals_id` ON `proposals` (`id`);

-- index proposals_run
CREATE INDEX `proposals_run` ON `proposals` (`run_id`);

-- index proposals_status
CREATE INDEX `proposals_status` ON `proposals` (`status`,`created_at`);

-- index rejections_fingerprint
CREATE INDEX `rejections_fingerprint` ON `rejections` (`fingerprint`);

-- table __drizzle_migrations
CREATE TABLE "__drizzle_migrations" (
				id SERIAL PRIMARY KEY,
				hash text NOT NULL,
				created_at numeric
			);

-- table belief_explanations
CREATE TABLE `belief_explanations` (
	`memory_seq` integer PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`explanation` text NOT NULL,
	FOREIGN KEY (`memory_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);

-- table belief_fts
CREATE VIRTUAL TABLE belief_fts USING fts5(text, content = '', contentless_delete = 1, tokenize = 'porter unicode61');

-- table belief_fts_config
CREATE TABLE 'belief_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table belief_fts_data
CREATE TABLE 'belief_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table belief_fts_docsize
CREATE TABLE 'belief_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

-- table belief_fts_idx
CREATE TABLE 'belief_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table code_repos
CREATE TABLE `code_repos` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`path` text NOT NULL,
	`added_at` integer NOT NULL,
	`checked_head` text,
	`checked_at` integer
);

-- table consolidation_marks
CREATE TABLE `consolidation_marks` (
	`seq` integer PRIMARY KEY NOT NULL,
	`stage` text NOT NULL,
	`run_id` text NOT NULL
);

-- table consolidation_runs
CREATE TABLE `consolidation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`trigger` text NOT NULL,
	`provider` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`budget_used` text DEFAULT '{}' NOT NULL,
	`stats` text DEFAULT '{}' NOT NULL,
	`error` text
, `reverted_at` integer, `owner_host` text, `owner_pid` integer, `owner_start` text, `heartbeat_at` integer, `revert_action` integer);

-- table contradictions
CREATE TABLE `contradictions` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`a_seq` integer NOT NULL,
	`b_seq` integer NOT NULL,
	`kind` text NOT NULL,
	`detector` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolution` text,
	`note` text,
	`detected_at` integer NOT NULL,
	`resolved_at` integer, `resolved_by` text,
	FOREIGN KEY (`a_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`b_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);

-- table evidence_refs
CREATE TABLE `evidence_refs` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`memory_seq` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL, `repo_seq` integer, `verified_commit` text, `lines_hash` text, `state` text, `current_path` text, `state_reason` text,
	FOREIGN KEY (`memory_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);

-- table imports_in_progress
CREATE TABLE `imports_in_progress` (
	`source` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`owner_host` text NOT NULL,
	`owner_pid` integer NOT NULL,
	`owner_start` text,
	`memories_before` integer NOT NULL
);

-- table journal
CREATE TABLE `journal` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`op` text NOT NULL,
	`memory_id` text,
	`run_id` text,
	`before` text,
	`after` text,
	`confidence_before` real,
	`confidence_after` real,
	`reason` text,
	`evidence` text
, `action_id` integer, `memory_version` integer);

-- table linked_sources
CREATE TABLE `linked_sources` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`system` text NOT NULL,
	`path` text NOT NULL,
	`container` text,
	`cursor` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`last_synced_at` integer,
	`last_change` text,
	`last_change_at` integer,
	`totals` text DEFAULT '{}' NOT NULL,
	`last_error` text
);

-- table links
CREATE TABLE `links` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_seq` integer NOT NULL,
	`to_seq` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL, `action_id` integer, `voided_at` integer, `voided_by` integer,
	FOREIGN KEY (`from_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);

-- table memories
CREATE TABLE `memories` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`fields` text DEFAULT '{}' NOT NULL,
	`source_type` text NOT NULL,
	`source_entity` text,
	`confidence` real NOT NULL,
	`alpha` real,
	`beta` real,
	`times_reinforced` integer DEFAULT 0 NOT NULL,
	`verification_count` integer DEFAULT 0 NOT NULL,
	`last_verified_at` integer,
	`last_reinforced_at` integer,
	`review_status` text,
	`status` text DEFAULT 'active' NOT NULL,
	`protected` integer DEFAULT 0 NOT NULL,
	`scope` text DEFAULT 'global' NOT NULL,
	`project` text,
	`stability` real DEFAULT 1 NOT NULL,
	`access_count` integer DEFAULT 0 NOT NULL,
	`last_accessed_at` integer,
	`code_ref_count` integer DEFAULT 0 NOT NULL,
	`event_evidence_count` integer DEFAULT 0 NOT NULL,
	`superseded_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL, `tier` text GENERATED ALWAYS AS (CASE
  WHEN code_ref_count > 0 AND last_verified_at IS NOT NULL AND review_status IS NOT 'rejected' THEN 'grounded'
  WHEN review_status = 'approved' OR event_evidence_count > 0 THEN 'observed'
  WHEN review_status = 'pending' THEN 'inferred'
  ELSE 'hypothesis' END) VIRTUAL);

-- table memories_fts
CREATE VIRTUAL TABLE memories_fts USING fts5(text, tokenize = 'porter unicode61', prefix = '2 3 4');

-- table memories_fts_config
CREATE TABLE 'memories_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table memories_fts_content
CREATE TABLE 'memories_fts_content'(id INTEGER PRIMARY KEY, c0);

-- table memories_fts_data
CREATE TABLE 'memories_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table memories_fts_docsize
CREATE TABLE 'memories_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table memories_fts_idx
CREATE TABLE 'memories_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table memory_origins
CREATE TABLE `memory_origins` (
	`memory_seq` integer PRIMARY KEY NOT NULL,
	`system` text NOT NULL,
	`original_id` text NOT NULL,
	`container` text,
	`details` text DEFAULT '{}' NOT NULL,
	`imported_at` integer NOT NULL,
	FOREIGN KEY (`memory_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);

-- table memory_tallies
CREATE TABLE memory_tallies (
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  tier TEXT NOT NULL,
  review TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (type, status, tier, review, bucket)
) WITHOUT ROWID;

-- table memory_turns
CREATE TABLE memory_turns (
  seq INTEGER PRIMARY KEY NOT NULL,
  conversation TEXT NOT NULL,
  at INTEGER NOT NULL,
  speaker TEXT NOT NULL
);

-- table memory_turns_fts
CREATE VIRTUAL TABLE memory_turns_fts USING fts5(own, context, content = '', contentless_delete = 1, tokenize = 'porter unicode61');

-- table memory_turns_fts_config
CREATE TABLE 'memory_turns_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table memory_turns_fts_data
CREATE TABLE 'memory_turns_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table memory_turns_fts_docsize
CREATE TABLE 'memory_turns_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

-- table memory_turns_fts_idx
CREATE TABLE 'memory_turns_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table memory_vectors
CREATE VIRTUAL TABLE memory_vectors USING vec0(embedding float[384] distance_metric=cosine);

-- table memory_vectors_chunks
CREATE TABLE "memory_vectors_chunks"(chunk_id INTEGER PRIMARY KEY AUTOINCREMENT,size INTEGER NOT NULL,validity BLOB NOT NULL,rowids BLOB NOT NULL);

-- table memory_vectors_info
CREATE TABLE "memory_vectors_info" (key text primary key, value any);

-- table memory_vectors_rowids
CREATE TABLE "memory_vectors_rowids"(rowid INTEGER PRIMARY KEY AUTOINCREMENT,id,chunk_id INTEGER,chunk_offset INTEGER);

-- table memory_vectors_vector_chunks00
CREATE TABLE "memory_vectors_vector_chunks00"(rowid PRIMARY KEY,vectors BLOB NOT NULL);

-- table memory_versions
CREATE TABLE `memory_versions` (
	`version_seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seq` integer NOT NULL,
	`id` text NOT NULL,
	`valid_from` integer NOT NULL,
	`valid_to` integer,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`fields` text DEFAULT '{}' NOT NULL,
	`source_type` text NOT NULL,
	`source_entity` text,
	`confidence` real NOT NULL,
	`alpha` real,
	`beta` real,
	`times_reinforced` integer DEFAULT 0 NOT NULL,
	`verification_count` integer DEFAULT 0 NOT NULL,
	`last_verified_at` integer,
	`last_reinforced_at` integer,
	`review_status` text,
	`status` text DEFAULT 'active' NOT NULL,
	`protected` integer DEFAULT 0 NOT NULL,
	`scope` text DEFAULT 'global' NOT NULL,
	`project` text,
	`stability` real DEFAULT 1 NOT NULL,
	`access_count` integer DEFAULT 0 NOT NULL,
	`last_accessed_at` integer,
	`code_ref_count` integer DEFAULT 0 NOT NULL,
	`event_evidence_count` integer DEFAULT 0 NOT NULL,
	`superseded_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL, `tier` text GENERATED ALWAYS AS (CASE
  WHEN code_ref_count > 0 AND last_verified_at IS NOT NULL AND review_status IS NOT 'rejected' THEN 'grounded'
  WHEN review_status = 'approved' OR event_evidence_count > 0 THEN 'observed'
  WHEN review_status = 'pending' THEN 'inferred'
  ELSE 'hypothesis' END) VIRTUAL);

-- table meta
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);

-- table proposals
CREATE TABLE `proposals` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`run_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`targets` text NOT NULL,
	`target_versions` text NOT NULL,
	`payload` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	`decided_by` text,
	`decision_note` text
);

-- table rejections
CREATE TABLE `rejections` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fingerprint` text NOT NULL,
	`text` text NOT NULL,
	`memory_id` text,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
, `revoked_at` integer);

-- trigger belief_fts_delete
CREATE TRIGGER belief_fts_delete AFTER DELETE ON memories
WHEN old.type = 'belief' AND old.status = 'active'
BEGIN
  DELETE FROM belief_fts WHERE rowid = old.seq;
END;

-- trigger belief_fts_insert
CREATE TRIGGER belief_fts_insert AFTER INSERT ON memories
WHEN new.type = 'belief' AND new.status = 'active'
BEGIN
  INSERT INTO belief_fts (rowid, text) VALUES (new.seq, new.content || ' ' || coalesce(json_extract(new.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(new.fields, '$.description'), '') || ' ' || coalesce(json_extract(new.fields, '$.name'), '') || ' ' || coalesce(json_extract(new.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.fields, '$.lessons')), ''));
END;

-- trigger belief_fts_update
CREATE TRIGGER belief_fts_update AFTER UPDATE OF type, status, content, fields ON memories
WHEN (old.type = 'belief' AND old.status = 'active') OR (new.type = 'belief' AND new.status = 'active')
BEGIN
  DELETE FROM belief_fts WHERE rowid = old.seq AND old.type = 'belief' AND old.status = 'active';
  INSERT INTO belief_fts (rowid, text)
    SELECT new.seq, new.content || ' ' || coalesce(json_extract(new.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(new.fields, '$.description'), '') || ' ' || coalesce(json_extract(new.fields, '$.name'), '') || ' ' || coalesce(json_extract(new.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.fields, '$.lessons')), '')
    WHERE new.type = 'belief' AND new.status = 'active';
END;

-- trigger memories_fts_delete
CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
  DELETE FROM memories_fts WHERE rowid = old.seq;
END;

-- trigger memories_fts_insert
CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts(rowid, text) VALUES (new.seq, new.content || ' ' || coalesce(json_extract(new.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(new.fields, '$.description'), '') || ' ' || coalesce(json_extract(new.fields, '$.name'), '') || ' ' || coalesce(json_extract(new.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.fields, '$.lessons')), ''));
END;

-- trigger memories_fts_update
CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, fields ON memories BEGIN
  DELETE FROM memories_fts WHERE rowid = old.seq;
  INSERT INTO memories_fts(rowid, text) VALUES (new.seq, new.content || ' ' || coalesce(json_extract(new.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(new.fields, '$.description'), '') || ' ' || coalesce(json_extract(new.fields, '$.name'), '') || ' ' || coalesce(json_extract(new.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.fields, '$.lessons')), ''));
END;

-- trigger memories_version_insert
CREATE TRIGGER memories_version_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memory_versions(seq, id, valid_from, valid_to, type, content, fields, source_type, source_entity, confidence, alpha, beta, times_reinforced, verification_count, last_verified_at, last_reinforced_at, review_status, status, protected, scope, project, stability, access_count, last_accessed_at, code_ref_count, event_evidence_count, superseded_by, created_at, updated_at, version)
  VALUES (new.seq, new.id, new.updated_at, NULL, new.type, new.content, new.fields, new.source_type, new.source_entity, new.confidence, new.alpha, new.beta, new.times_reinforced, new.verification_count, new.last_verified_at, new.last_reinforced_at, new.review_status, new.status, new.protected, new.scope, new.project, new.stability, new.access_count, new.last_accessed_at, new.code_ref_count, new.event_evidence_count, new.superseded_by, new.created_at, new.updated_at, new.version);
END;

-- trigger memories_version_update
CREATE TRIGGER memories_version_update AFTER UPDATE OF type, content, fields, source_type, source_entity, confidence, alpha, beta, times_reinforced, verification_count, last_verified_at, last_reinforced_at, review_status, status, protected, scope, project, code_ref_count, event_evidence_count, superseded_by, version ON memories BEGIN
  UPDATE memory_versions SET valid_to = new.updated_at WHERE seq = new.seq AND valid_to IS NULL;
  INSERT INTO memory_versions(seq, id, valid_from, valid_to, type, content, fields, source_type, source_entity, confidence, alpha, beta, times_reinforced, verification_count, last_verified_at, last_reinforced_at, review_status, status, protected, scope, project, stability, access_count, last_accessed_at, code_ref_count, event_evidence_count, superseded_by, created_at, updated_at, version)
  VALUES (new.seq, new.id, new.updated_at, NULL, new.type, new.content, new.fields, new.source_type, new.source_entity, new.confidence, new.alpha, new.beta, new.times_reinforced, new.verification_count, new.last_verified_at, new.last_reinforced_at, new.review_status, new.status, new.protected, new.scope, new.project, new.stability, new.access_count, new.last_accessed_at, new.code_ref_count, new.event_evidence_count, new.superseded_by, new.created_at, new.updated_at, new.version);
END;

-- trigger memory_tallies_delete
CREATE TRIGGER memory_tallies_delete AFTER DELETE ON memories BEGIN
  UPDATE memory_tallies SET n = n - 1
  WHERE type = old.type AND status = old.status AND tier = old.tier AND review = coalesce(old.review_status, '')
    AND bucket = min(CAST(old.confidence * 10 AS INTEGER), 9);
END;

-- trigger memory_tallies_insert
CREATE TRIGGER memory_tallies_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memory_tallies (type, status, tier, review, bucket, n)
  VALUES (new.type, new.status, new.tier, coalesce(new.review_status, ''), min(CAST(new.confidence * 10 AS INTEGER), 9), 1)
  ON CONFLICT (type, status, tier, review, bucket) DO UPDATE SET n = n + 1;
END;

-- trigger memory_tallies_update
CREATE TRIGGER memory_tallies_update AFTER UPDATE ON memories
WHEN old.type IS NOT new.type OR old.status IS NOT new.status OR old.tier IS NOT new.tier
  OR old.review_status IS NOT new.review_status
  OR min(CAST(old.confidence * 10 AS INTEGER), 9) IS NOT min(CAST(new.confidence * 10 AS INTEGER), 9)
BEGIN
  UPDATE memory_tallies SET n = n - 1
  WHERE type = old.type AND status = old.status AND tier = old.tier AND review = coalesce(old.review_status, '')
    AND bucket = min(CAST(old.confidence * 10 AS INTEGER), 9);
  INSERT INTO memory_tallies (type, status, tier, review, bucket, n)
  VALUES (new.type, new.status, new.tier, coalesce(new.review_status, ''), min(CAST(new.confidence * 10 AS INTEGER), 9), 1)
  ON CONFLICT (type, status, tier, review, bucket) DO UPDATE SET n = n + 1;
END;

-- trigger memory_turns_delete
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

-- trigger memory_turns_insert
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

-- trigger memory_turns_update
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

-- view memory_turn_context
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
