-- Hand-written: full-text search, vectors, and the version history behind time travel.
-- One statement per breakpoint (the migrator splits on them; trigger bodies hold semicolons).

-- Full-text index with its own copy of each memory's searchable text (content plus the text
-- fields of its type), keyed by memories.seq so results join back by rowid.
CREATE VIRTUAL TABLE memories_fts USING fts5(text, tokenize = 'porter unicode61');
--> statement-breakpoint
CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts(rowid, text) VALUES (new.seq, new.content || ' ' || coalesce(json_extract(new.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(new.fields, '$.description'), '') || ' ' || coalesce(json_extract(new.fields, '$.name'), '') || ' ' || coalesce(json_extract(new.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.fields, '$.lessons')), ''));
END;
--> statement-breakpoint
CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, fields ON memories BEGIN
  DELETE FROM memories_fts WHERE rowid = old.seq;
  INSERT INTO memories_fts(rowid, text) VALUES (new.seq, new.content || ' ' || coalesce(json_extract(new.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(new.fields, '$.description'), '') || ' ' || coalesce(json_extract(new.fields, '$.name'), '') || ' ' || coalesce(json_extract(new.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.fields, '$.lessons')), ''));
END;
--> statement-breakpoint
CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
  DELETE FROM memories_fts WHERE rowid = old.seq;
END;
--> statement-breakpoint
-- Every state a memory passes through, with its validity interval, written in the same
-- transaction as the change. Access bookkeeping (access_count, last_accessed_at, stability) is
-- not a change of state worth a version, so those columns do not fire the update trigger.
CREATE TRIGGER memories_version_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memory_versions(seq, id, valid_from, valid_to, type, content, fields, source_type, source_entity, confidence, alpha, beta, times_reinforced, verification_count, last_verified_at, last_reinforced_at, review_status, status, protected, scope, project, stability, access_count, last_accessed_at, code_ref_count, event_evidence_count, superseded_by, created_at, updated_at, version)
  VALUES (new.seq, new.id, new.updated_at, NULL, new.type, new.content, new.fields, new.source_type, new.source_entity, new.confidence, new.alpha, new.beta, new.times_reinforced, new.verification_count, new.last_verified_at, new.last_reinforced_at, new.review_status, new.status, new.protected, new.scope, new.project, new.stability, new.access_count, new.last_accessed_at, new.code_ref_count, new.event_evidence_count, new.superseded_by, new.created_at, new.updated_at, new.version);
END;
--> statement-breakpoint
CREATE TRIGGER memories_version_update AFTER UPDATE OF type, content, fields, source_type, source_entity, confidence, alpha, beta, times_reinforced, verification_count, last_verified_at, last_reinforced_at, review_status, status, protected, scope, project, code_ref_count, event_evidence_count, superseded_by, version ON memories BEGIN
  UPDATE memory_versions SET valid_to = new.updated_at WHERE seq = new.seq AND valid_to IS NULL;
  INSERT INTO memory_versions(seq, id, valid_from, valid_to, type, content, fields, source_type, source_entity, confidence, alpha, beta, times_reinforced, verification_count, last_verified_at, last_reinforced_at, review_status, status, protected, scope, project, stability, access_count, last_accessed_at, code_ref_count, event_evidence_count, superseded_by, created_at, updated_at, version)
  VALUES (new.seq, new.id, new.updated_at, NULL, new.type, new.content, new.fields, new.source_type, new.source_entity, new.confidence, new.alpha, new.beta, new.times_reinforced, new.verification_count, new.last_verified_at, new.last_reinforced_at, new.review_status, new.status, new.protected, new.scope, new.project, new.stability, new.access_count, new.last_accessed_at, new.code_ref_count, new.event_evidence_count, new.superseded_by, new.created_at, new.updated_at, new.version);
END;
--> statement-breakpoint
-- Embeddings (sqlite-vec), rowid = memories.seq. The dimension is the default offline embedder's;
-- meta records which embedder filled it, so switching embedders knows to rebuild.
CREATE VIRTUAL TABLE memory_vectors USING vec0(embedding float[384] distance_metric=cosine);
--> statement-breakpoint
INSERT INTO meta(key, value) VALUES ('embedder', 'offline-ngram'), ('embedder_dimension', '384');
