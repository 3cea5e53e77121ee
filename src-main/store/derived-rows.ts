/**
 * What the memories' insert triggers derive from a memory row (migrations 0001 and 0005), as SQL
 * over the rows themselves: its full-text search text and its tally key. `check` compares and
 * repairs with these, and a bulk load (bulk-load.ts) writes with them, so all three agree
 * with the triggers by construction.
 */

/** A memory's searchable text, exactly as the full-text triggers write it: the content and the text fields of its type. */
export function ftsTextSql(alias: string): string {
  return `${alias}.content || ' ' || coalesce(json_extract(${alias}.fields, '$.outcome'), '') || ' ' || coalesce(json_extract(${alias}.fields, '$.description'), '') || ' ' || coalesce(json_extract(${alias}.fields, '$.name'), '') || ' ' || coalesce(json_extract(${alias}.fields, '$.subject'), '') || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(${alias}.fields, '$.lessons')), '')`;
}

/** The memories the beliefs' own full-text index (migration 0017) holds, with their text as `ftsTextSql` says. */
export const ACTIVE_BELIEF_SQL = (alias: string): string => `${alias}.type = 'belief' AND ${alias}.status = 'active'`;

/** The tallies' rows, grouped as migration 0005 defines them, from the memories themselves. */
export const COUNTED_TALLIES_SQL = `SELECT type, status, tier, coalesce(review_status, '') AS review, min(CAST(confidence * 10 AS INTEGER), 9) AS bucket, count(*) AS n
  FROM memories GROUP BY 1, 2, 3, 4, 5`;

/** The conversation turns among the memories, as migration 0014 and its insert trigger place them. */
export const TURNS_SQL = `SELECT seq, json_extract(fields, '$.source.conversationId'), created_at, coalesce(json_extract(fields, '$.source.role'), source_entity, '')
  FROM memories WHERE type = 'raw' AND json_extract(fields, '$.source.conversationId') IS NOT NULL ORDER BY seq`;
