-- Grounded no longer waits for approval: code or file references, verified, and not rejected in
-- review (the tiers seed's migration strategy, and what Alexandria computes). `tier` is a VIRTUAL
-- generated column, so it is dropped and added again with the new rule without rewriting a row;
-- SQLite refuses to drop a column an index or a trigger names, so those go first and come back
-- after, and the tallies (which count by tier) are counted again under the new rule.
DROP TRIGGER memory_tallies_insert;
--> statement-breakpoint
DROP TRIGGER memory_tallies_delete;
--> statement-breakpoint
DROP TRIGGER memory_tallies_update;
--> statement-breakpoint
DROP INDEX `memories_tier`;
--> statement-breakpoint
DROP INDEX `memories_tier_seq`;
--> statement-breakpoint
ALTER TABLE `memories` DROP COLUMN `tier`;
--> statement-breakpoint
ALTER TABLE `memories` ADD `tier` text GENERATED ALWAYS AS (CASE
  WHEN code_ref_count > 0 AND last_verified_at IS NOT NULL AND review_status IS NOT 'rejected' THEN 'grounded'
  WHEN review_status = 'approved' OR event_evidence_count > 0 THEN 'observed'
  WHEN review_status = 'pending' THEN 'inferred'
  ELSE 'hypothesis' END) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `memory_versions` DROP COLUMN `tier`;
--> statement-breakpoint
ALTER TABLE `memory_versions` ADD `tier` text GENERATED ALWAYS AS (CASE
  WHEN code_ref_count > 0 AND last_verified_at IS NOT NULL AND review_status IS NOT 'rejected' THEN 'grounded'
  WHEN review_status = 'approved' OR event_evidence_count > 0 THEN 'observed'
  WHEN review_status = 'pending' THEN 'inferred'
  ELSE 'hypothesis' END) VIRTUAL;
--> statement-breakpoint
CREATE INDEX `memories_tier` ON `memories` (`tier`,`updated_at`);
--> statement-breakpoint
CREATE INDEX `memories_tier_seq` ON `memories` (`tier`);
--> statement-breakpoint
DELETE FROM memory_tallies;
--> statement-breakpoint
INSERT INTO memory_tallies (type, status, tier, review, bucket, n)
  SELECT type, status, tier, coalesce(review_status, ''), min(CAST(confidence * 10 AS INTEGER), 9), count(*)
  FROM memories GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TRIGGER memory_tallies_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memory_tallies (type, status, tier, review, bucket, n)
  VALUES (new.type, new.status, new.tier, coalesce(new.review_status, ''), min(CAST(new.confidence * 10 AS INTEGER), 9), 1)
  ON CONFLICT (type, status, tier, review, bucket) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER memory_tallies_delete AFTER DELETE ON memories BEGIN
  UPDATE memory_tallies SET n = n - 1
  WHERE type = old.type AND status = old.status AND tier = old.tier AND review = coalesce(old.review_status, '')
    AND bucket = min(CAST(old.confidence * 10 AS INTEGER), 9);
END;
--> statement-breakpoint
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
