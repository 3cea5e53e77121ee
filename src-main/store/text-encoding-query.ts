/**
 * Text SQLite holds that is not valid UTF-8. SQLite stores whatever bytes it is given, and a
 * JavaScript string with a lone surrogate (`"a\udfffb"`) used to reach it as such bytes, which other
 * readers of the file cannot decode. The words people and agents write are read back as bytes
 * and checked (`Buffer.isUtf8`); ids and names the code makes cannot hold such text.
 */
import { isUtf8 } from 'node:buffer';
import type { Db } from './connection';
import type { Found } from './check-queries';

/**
 * Per table, its key and the columns where written words are bound as they are. JSON columns
 * (fields, the journal's before and after, details, payloads) are left out: JSON.stringify writes
 * a lone surrogate as an escape, so they hold valid UTF-8, and reading them is most of a mind.
 */
const WORDS: readonly { table: string; key: string; columns: readonly string[] }[] = [
  { table: 'memories', key: 'id', columns: ['content', 'source_entity', 'scope', 'project'] },
  { table: 'memory_versions', key: 'version_seq', columns: ['content', 'source_entity', 'scope', 'project'] },
  { table: 'journal', key: 'seq', columns: ['reason'] },
  { table: 'evidence_refs', key: 'seq', columns: ['ref', 'note'] },
  { table: 'contradictions', key: 'id', columns: ['note', 'resolution'] },
  { table: 'rejections', key: 'seq', columns: ['text', 'reason'] },
  { table: 'proposals', key: 'id', columns: ['reason', 'decision_note'] },
  { table: 'memory_origins', key: 'memory_seq', columns: ['original_id', 'container'] },
];

export interface InvalidText {
  table: string;
  key: string | number;
  column: string;
}

const SAMPLES = 20;

export function invalidTextRows(db: Db): Found<InvalidText> {
  const samples: InvalidText[] = [];
  let count = 0;
  for (const { table, key, columns } of WORDS) {
    const blobs = columns.map((column) => `CAST(${column} AS BLOB)`).join(', ');
    const rows = db.prepare(`SELECT ${key}, ${blobs} FROM ${table}`).raw().iterate() as IterableIterator<[string | number, ...(Buffer | null)[]]>;
    for (const [rowKey, ...values] of rows) {
      values.forEach((value, i) => {
        if (value === null || isUtf8(value)) return;
        count += 1;
        if (samples.length < SAMPLES) samples.push({ table, key: rowKey, column: columns[i] as string });
      });
    }
  }
  return { count, samples };
}
