/** The overview's confidence spread, which no other query gives. */
import type { Db } from './connection';
import { stmt } from './statements';

/** Active memories counted by stored confidence into `buckets` equal slices of [0, 1]. */
export function activeConfidenceHistogram(db: Db, buckets: number): number[] {
  const rows = stmt(
    db,
    // The (status, confidence) index covers the scan; confidence 1 falls in the last bucket.
    `SELECT min(CAST(confidence * ? AS INTEGER), ? - 1) AS bucket, count(*) AS n
     FROM memories INDEXED BY memories_status_confidence WHERE status = 'active' GROUP BY bucket`,
  ).all(buckets, buckets) as { bucket: number; n: number }[];
  const histogram = Array.from({ length: buckets }, () => 0);
  for (const row of rows) if (row.bucket >= 0 && row.bucket < buckets) histogram[row.bucket] = row.n;
  return histogram;
}
