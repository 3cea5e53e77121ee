/**
 * What the memories' insert triggers derive from a memory row (migrations 0001 and 0005), as SQL
 * over the rows themselves: its full-text search text and its tally key. `check` compares and
 * repairs with these, and the bench's generator writes with them, so they agree with the triggers
 * by construction.
 */

/** A memory's searchable text, exactly as the full-text triggers write it: the content and the text fields of its type. */
export function ftsTextSql(alias: string): string {
  return `${alias}.content || ' ' || coalesce(json_extract(${alias}.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(${alias}.fields, '$.description'), '') || ' ' || coalesce(json_extract(${alias}.fields, '$.name'), '') || ' ' || coalesce(json_extract(${alias}.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(${alias}.fields, '$.lessons')), '')`;
}

/** The tallies' rows, grouped as migration 0005 defines them, from the memories themselves. */
export const COUNTED_TALLIES_SQL = `SELECT type, status, tier, coalesce(review_status, '') AS review, min(CAST(confidence * 10 AS INTEGER), 9) AS bucket, count(*) AS n
  FROM memories GROUP BY 1, 2, 3, 4, 5`;
