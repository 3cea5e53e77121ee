-- Counts of memories by type, status, tier, review state and stored-confidence tenth, kept by
-- triggers in the same transaction as every write: the overview and `stats` read a few hundred
-- rows instead of grouping a million. Review state '' stands for none (a direct entry).
CREATE TABLE memory_tallies (
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  tier TEXT NOT NULL,
  review TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (type, status, tier, review, bucket)
) WITHOUT ROWID;
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
