/**
 * The `json` importer: a Mindloom JSON export (json-format.ts) read back into a mind, losslessly.
 *
 * Every row keeps its ids, and its integer keys too when its table is empty (a fresh mind takes
 * the file exactly as it was, so export → import → export gives the same rows); otherwise rows get
 * the next keys, in the file's order, and every row that refers to one follows it. A row the mind already holds (a
 * memory with the same id, a link with the same ends, the same journal entry...) is skipped and
 * counted, so importing a file twice changes nothing the second time. The full-text index and the
 * tallies follow by their triggers; each imported memory's version history is the file's own.
 *
 * The file is read line by line (bounded memory), twice. First as a dry run (the preview): through a
 * read-only connection, each row looked up as the import would and tried in a scratch mind
 * (store/import-rehearsal.ts), so bad JSON, a row that is not what the format says, or a file that
 * ends before the rows its header promises stops the import with a MindError naming `file:line`
 * having written nothing and locked no one. Then for real, on a connection of its own, in short
 * write transactions that let other writers in between them (import-turns.ts): a long import stalls
 * no one. The import is marked in the mind until its last transaction; one interrupted part-way is
 * finished by running it again (rows already there are skipped).
 */
import { basename } from 'node:path';
import { MindError, isMindError } from '../../shared/errors';
import type { MemoryType } from '../../shared/model';
import { type Mind, openMind } from '../mind/mind';
import { knownSchemaVersion } from '../store/connection';
import { EXPORT_TABLES, type ExportRow, type ExportTable, TABLE_KEY } from '../store/export-query';
import {
  batchable,
  dropTriggerVersions,
  existingKey,
  highestKey,
  ImportBatch,
  importableColumns,
  insertImportBatch,
  insertImportedRow,
  selfActionJournalRow,
  tableIsEmpty,
  tuneForImport,
} from '../store/import-writes';
import { appendJournal } from '../store/journal-repo';
import { type ImportRehearsal, openImportRehearsal } from '../store/import-rehearsal';
import { readMeta } from '../store/meta-repo';
import { mergeSearchIndexAfterBulkWrite } from '../store/search-index-merge';
import type { ImportOptions, ImportSummary, Importer } from './importer';
import { importSource } from './import-source';
import { type JsonHeader, JsonHeaderSchema, type JsonRowLine, JsonRowLineSchema, isJsonRowLine } from './json-format';
import { withoutLoneSurrogates } from './jsonl';
import { type NumberedLine, readLines } from './line-reader';
import { type ImportTurns, readTurns, writeTurns } from './import-turns';

/** Why a file was refused, in the error's details (tests and the app tell the cases apart by it). */
export type JsonImportFault = 'bad_json' | 'wrong_schema' | 'schema_too_new' | 'truncated';

/** Where a preview's stand-in keys start: far above any row a mind will number. */
const VIRTUAL_KEYS_FROM = 2 ** 52;

/** Columns holding a memory's seq, per table: an imported memory may have a new one. */
const MEMORY_SEQ_COLUMNS: Partial<Record<ExportTable, readonly string[]>> = {
  memory_origins: ['memory_seq'],
  memory_vectors: ['rowid'],
  memory_versions: ['seq'],
  links: ['from_seq', 'to_seq'],
  evidence_refs: ['memory_seq'],
  contradictions: ['a_seq', 'b_seq'],
  consolidation_marks: ['seq'],
  belief_explanations: ['memory_seq'],
};

/**
 * Tables whose key is the row's own number, which the mind gives: another writer between two of the
 * import's transactions may take the next one, and from then on the import's rows get new numbers.
 */
const OWN_KEY_TABLES: readonly ExportTable[] = ['memories', 'memory_versions', 'journal', 'links', 'evidence_refs', 'contradictions', 'rejections', 'proposals'];

/** Columns holding a journal seq (an action's id): they follow the journal rows they name. */
const JOURNAL_SEQ_COLUMNS: Partial<Record<ExportTable, readonly string[]>> = {
  journal: ['action_id'],
  links: ['action_id', 'voided_by'],
};

function fault(reason: JsonImportFault, place: string, message: string, path: string, line?: number): MindError {
  return new MindError('invalid_input', `${place}: ${message}`, { path, reason, ...(line === undefined ? {} : { line }) });
}

interface ImportState {
  memorySeqs: Map<number, number>;
  /** Old seqs of the memories this import wrote (not skipped): their versions and vectors come too. */
  importedMemories: Set<number>;
  journalSeqs: Map<number, number>;
  /**
   * Per table, decided at its first row: was it empty? Then the file's keys are kept, and no row
   * can be there already (an export holds each row once), so none is looked up.
   */
  emptyAtStart: Partial<Record<ExportTable, boolean>>;
  /** Per table taking the file's keys, the last key it took: while that is still the table's highest, no one else has written there. */
  lastKeptKey: Partial<Record<ExportTable, number>>;
  /** When an interrupted run of this import is finished: memories above this seq that the file holds are its own (their versions come too). */
  ownMemoriesAbove: number | null;
  /** Rows of a table that was empty held back to be written together, and their lines. */
  held: { batch: ImportBatch; lines: number[] } | null;
  /** A preview's scratch mind, where rows are tried instead of written; null for an import. */
  rehearsal: ImportRehearsal | null;
  /** A preview's keys for rows the import would number anew: above any key a mind holds, so no lookup finds them. */
  nextVirtualKey: number;
  /** The file, as faults name it. */
  file: { name: string; source: string };
  vectorsFit: boolean;
  /** The file's embedder, from its meta rows (which come before its vectors). */
  fileEmbedder: { embedder?: string; embedder_dimension?: string };
  byType: Partial<Record<MemoryType, number>>;
  links: number;
  journal: number;
  skipped: number;
  seen: Record<ExportTable, number>;
}

export const jsonImporter: Importer = {
  kind: 'json',
  run: importJson,
};

/** The `json` importer's run: a preview, or a preview of the whole file then the import. */
export async function importJson(mind: Mind, path: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const source = importSource(mind, path);
  if (options.dryRun) return runFile(mind, source, true, options.onProgress);
  // Progress runs once over both passes: the check is the first half, the writing the second.
  const onProgress = options.onProgress;
  await runFile(mind, source, true, onProgress && ((done, total) => onProgress(done, total === null ? null : 2 * total)));
  return runFile(mind, source, false, onProgress && ((done, total) => onProgress(total === null ? done : total + done, total === null ? null : 2 * total)));
}

/** One pass over the file: a dry run (read-only, rows tried in a scratch mind) or the import itself. */
async function runFile(mind: Mind, source: string, dryRun: boolean, onProgress: ImportOptions['onProgress']): Promise<ImportSummary> {
  // A dry run reads the mind through a read-only connection and tries its rows in a scratch mind:
  // it takes no write lock, so it blocks no writer however long it reads.
  const connection =
    mind.store.path === ':memory:' ? mind : openMind(mind.store.path, dryRun ? { readonly: true, mustExist: true } : { mustExist: true, leaveRunsAsFound: true });
  if (connection !== mind && !dryRun) tuneForImport(connection.store.db);
  const rehearsal = dryRun ? openImportRehearsal() : null;
  const lines = readLines(source);
  try {
    return await importFile(mind, connection, source, lines, { dryRun, onProgress }, rehearsal);
  } finally {
    // Closes the file whether the import read it to the end or stopped on its way.
    lines.return(undefined);
    rehearsal?.close();
    if (connection !== mind) connection.close();
  }
}

async function importFile(
  mind: Mind,
  connection: Mind,
  source: string,
  lines: Generator<NumberedLine>,
  options: ImportOptions,
  rehearsal: ImportRehearsal | null,
): Promise<ImportSummary> {
  const db = connection.store.db;
  const name = basename(source);
  const header = readHeader(lines, name, source);
  const total = Object.values(header.counts).reduce((sum, n) => sum + n, 0);
  const state: ImportState = {
    memorySeqs: new Map(),
    importedMemories: new Set(),
    journalSeqs: new Map(),
    emptyAtStart: {},
    lastKeptKey: {},
    ownMemoriesAbove: null,
    rehearsal,
    nextVirtualKey: VIRTUAL_KEYS_FROM,
    held: null,
    file: { name, source },
    vectorsFit: true,
    fileEmbedder: {},
    byType: {},
    links: 0,
    journal: 0,
    skipped: 0,
    seen: Object.fromEntries(EXPORT_TABLES.map((table) => [table, 0])) as Record<ExportTable, number>,
  };
  const problems: ImportSummary['problems'] = [];
  const turns: ImportTurns = rehearsal ? readTurns(db) : writeTurns(db, { path: mind.store.path, now: () => mind.now() }, source, 'json');
  state.ownMemoriesAbove = turns.resumed?.memoriesBefore ?? null;
  try {
    options.onProgress?.(0, total);
    let done = 0;
    let lastLine = 1;
    for (const line of lines) {
      lastLine = line.number;
      if (line.text === '' && line.complete) continue;
      const place = `${name}:${line.number}`;
      const { table, row } = parseRow(line.text, place, source, line.number);
      state.seen[table] += 1;
      if (state.seen[table] > header.counts[table]) throw fault('wrong_schema', place, `more ${table} rows than the header's ${header.counts[table]}`, source, line.number);
      if (table === 'meta' && (row.key === 'embedder' || row.key === 'embedder_dimension')) state.fileEmbedder[row.key] = String(row.value);
      if (table === 'memory_vectors' && state.seen[table] === 1) state.vectorsFit = vectorsFit(db, state, problems, name);
      importRow(db, table, row, state, place, line.number);
      done += 1;
      if (turns.rowDone()) {
        flushBatch(db, state);
        options.onProgress?.(done, total);
        await turns.next();
        if (!rehearsal) stopKeepingKeysWhereOthersWrote(db, state);
      }
    }
    flushBatch(db, state);
    for (const table of EXPORT_TABLES) {
      if (state.seen[table] < header.counts[table]) {
        throw fault('truncated', `${name}:${lastLine + 1}`, `the file ends early: its header promises ${header.counts[table]} ${table} rows and it holds ${state.seen[table]} (a truncated file?)`, source, lastLine + 1);
      }
    }
    const imported = { byType: state.byType, links: state.links, journal: state.journal };
    const wrote = Object.values(state.byType).some((n) => n > 0) || state.links > 0 || state.journal > 0;
    if (wrote && !rehearsal) {
      appendJournal(db, { at: mind.now(), actor: 'import:json', op: 'import', memoryId: null, after: { file: source, ...imported, skipped: state.skipped } });
    }
    turns.finish();
    if (!rehearsal) mergeSearchIndexAfterBulkWrite(db, Object.values(state.byType).reduce((sum, n) => sum + n, 0));
    options.onProgress?.(done, total);
    return { kind: 'json', dryRun: options.dryRun ?? false, imported, skipped: state.skipped, problems };
  } catch (error) {
    // Rows held back come before the line that failed: one of them not fitting is the first fault.
    const earlier = faultHeldBack(db, state);
    turns.abandon();
    throw turns.committed > 0 ? stoppedPartWay(earlier ?? error, source) : (earlier ?? error);
  }
}

/** A failure after some of the import was committed: the mind holds part of the file, and the mark says so. */
function stoppedPartWay(error: unknown, source: string): unknown {
  if (!isMindError(error)) return error;
  return new MindError(error.code, `${error.message} The import stopped part-way: what it wrote before stays, and running it again finishes it.`, {
    ...error.details,
    path: source,
    partial: true,
  });
}

/** Between two of the import's transactions another writer may have numbered rows: where it did, the import's next rows get new numbers too. */
function stopKeepingKeysWhereOthersWrote(db: Mind['store']['db'], state: ImportState): void {
  for (const table of OWN_KEY_TABLES) {
    if (state.emptyAtStart[table] === true && highestKey(db, table) !== (state.lastKeptKey[table] ?? null)) state.emptyAtStart[table] = false;
  }
}

function readHeader(lines: Generator<NumberedLine>, name: string, source: string): JsonHeader {
  const first = lines.next();
  if (first.done) throw fault('truncated', `${name}:1`, 'the file is empty: not a Mindloom JSON export', source, 1);
  let value: unknown;
  try {
    value = JSON.parse(first.value.text);
  } catch {
    throw fault('bad_json', `${name}:1`, 'not a Mindloom JSON export (the first line is not JSON)', source, 1);
  }
  const header = JsonHeaderSchema.safeParse(value);
  if (!header.success) throw fault('wrong_schema', `${name}:1`, `not a Mindloom JSON export header (${header.error.issues[0]?.path.join('.') || 'format'}: ${header.error.issues[0]?.message})`, source, 1);
  const known = knownSchemaVersion();
  if (header.data.schemaVersion > known) {
    throw fault('schema_too_new', `${name}:1`, `written by a newer Mindloom (schema v${header.data.schemaVersion}); this one knows up to v${known}`, source, 1);
  }
  return header.data;
}

function parseRow(text: string, place: string, source: string, line: number): JsonRowLine {
  let value: unknown;
  try {
    value = withoutLoneSurrogates(text, JSON.parse(text) as unknown);
  } catch (error) {
    throw fault('bad_json', place, `bad JSON (${(error as Error).message})`, source, line);
  }
  if (isJsonRowLine(value)) return value;
  const parsed = JsonRowLineSchema.safeParse(value);
  const issue = parsed.error?.issues[0];
  throw fault('wrong_schema', place, `not a Mindloom JSON row (${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'not a row'})`, source, line);
}

/** Vectors are only worth taking from the same embedder at the same dimension; otherwise they are left for a re-embed. */
function vectorsFit(db: Mind['store']['db'], state: ImportState, problems: ImportSummary['problems'], name: string): boolean {
  const mine = `${readMeta(db, 'embedder')} (${readMeta(db, 'embedder_dimension')})`;
  const theirs = `${state.fileEmbedder.embedder} (${state.fileEmbedder.embedder_dimension})`;
  if (mine === theirs) return true;
  problems.push({ place: name, message: `the file's vectors are from ${theirs}, this mind's from ${mine}: they were left out (re-embed from Settings)` });
  return false;
}

function importRow(db: Mind['store']['db'], table: ExportTable, row: ExportRow, state: ImportState, place: string, line: number): void {
  const { source } = state.file;
  const columns = importableColumns(db, table);
  for (const column in row) {
    if (!columns.has(column)) throw fault('wrong_schema', place, `${table} has no column "${column}"`, source, line);
    const value: unknown = row[column];
    if (value !== null && typeof value !== 'string' && typeof value !== 'number') throw fault('wrong_schema', place, `${table}.${column} is neither text, a number nor null`, source, line);
  }
  const key = TABLE_KEY[table];
  const oldKey = row[key];
  if (!belongsHere(table, row, state)) {
    state.skipped += 1;
    return;
  }
  // Read before the references are mapped below: the file's own numbers.
  const opensItsAction = table === 'journal' && row.action_id === oldKey;
  // The row is this import's own (just parsed), so its references are mapped in place: a
  // million-row file makes no copy of each.
  for (const column of MEMORY_SEQ_COLUMNS[table] ?? []) {
    const old = row[column];
    if (typeof old !== 'number') continue;
    const seq = state.memorySeqs.get(old);
    if (seq === undefined) throw fault('wrong_schema', place, `${table}.${column} names memory seq ${old}, which no memory row before it has`, source, line);
    row[column] = seq;
  }
  for (const column of JOURNAL_SEQ_COLUMNS[table] ?? []) {
    const old = row[column];
    if (typeof old !== 'number' || opensItsAction) continue;
    row[column] = state.journalSeqs.get(old) ?? null;
  }
  const empty = (state.emptyAtStart[table] ??= tableIsEmpty(db, table));
  const existing = empty ? null : existingKey(db, table, row);
  if (existing !== null) {
    state.skipped += 1;
    remember(table, oldKey, existing, state);
    // An interrupted run of this import wrote this memory: its versions and vector, maybe not yet written, come now.
    if (table === 'memories' && state.ownMemoriesAbove !== null && (existing as number) > state.ownMemoriesAbove) state.importedMemories.add(oldKey as number);
    return;
  }
  let newKey: number | string;
  // A preview tries each row alone.
  if (empty && !state.rehearsal && batchable(table, row)) {
    holdBack(db, table, row, state, line);
    newKey = row[key] as number;
  } else {
    flushBatch(db, state);
    newKey = insertRow(db, table, row, empty, state, line);
    if (table === 'memories' && !state.rehearsal) dropTriggerVersions(db, newKey as number);
  }
  remember(table, oldKey, newKey, state);
  if (empty && typeof newKey === 'number') state.lastKeptKey[table] = newKey;
  if (table === 'memories') {
    state.importedMemories.add(oldKey as number);
    const type = row.type as MemoryType;
    state.byType[type] = (state.byType[type] ?? 0) + 1;
  } else if (table === 'journal') {
    if (opensItsAction && newKey !== oldKey && !state.rehearsal) selfActionJournalRow(db, newKey as number);
    state.journal += 1;
  } else if (table === 'links') {
    state.links += 1;
  }
}

function insertRow(db: Mind['store']['db'], table: ExportTable, row: ExportRow, keepKey: boolean, state: ImportState, line: number): number | string {
  try {
    if (!state.rehearsal) return insertImportedRow(db, table, row, keepKey);
    // A preview: the row gets the key the import would give it, or one no stored row has, and is tried in the scratch mind.
    const key = TABLE_KEY[table];
    if (!keepKey && typeof row[key] === 'number') row[key] = state.nextVirtualKey++;
    else if (typeof row[key] === 'number') keyAfterTheLast(table, row[key], state, line);
    state.rehearsal.tryRow(table, row);
    return row[key] as number | string;
  } catch (error) {
    if (isMindError(error)) throw error;
    throw fault('wrong_schema', `${state.file.name}:${line}`, `the ${table} row does not fit this mind: ${(error as Error).message}`, state.file.source, line);
  }
}

/**
 * A table that takes the file's keys takes them in the file's order, each above the one before (an
 * export writes every table in key order). The scratch mind keeps only the last few thousand rows,
 * so this is how a preview refuses a key the file repeats, which the import would meet part-way.
 */
function keyAfterTheLast(table: ExportTable, key: number, state: ImportState, line: number): void {
  const last = state.lastKeptKey[table];
  if (last !== undefined && key <= last) {
    throw fault('wrong_schema', `${state.file.name}:${line}`, `${table} key ${key} is not above the row before it (${last}): rows are in key order, each key once`, state.file.source, line);
  }
}

function holdBack(db: Mind['store']['db'], table: ExportTable, row: ExportRow, state: ImportState, line: number): void {
  if (state.held && !state.held.batch.accepts(table, row)) flushBatch(db, state);
  state.held ??= { batch: new ImportBatch(table, row), lines: [] };
  state.held.batch.add(row);
  state.held.lines.push(line);
}

/** Writes the rows held back: together when the batch is full, else (or when that fails, which writes none) one by one, so a row that does not fit is named by its line. */
function flushBatch(db: Mind['store']['db'], state: ImportState): void {
  const held = state.held;
  if (!held) return;
  state.held = null;
  let together = false;
  if (held.batch.isFull()) {
    try {
      insertImportBatch(db, held.batch);
      together = true;
    } catch (error) {
      if (isMindError(error)) throw error;
    }
  }
  if (!together) held.batch.rows.forEach((row, i) => insertRow(db, held.batch.table, row, true, state, held.lines[i] as number));
  // Each memory's insert trigger wrote it a first version: the file's own history replaces it.
  if (held.batch.table === 'memories') for (const row of held.batch.rows) dropTriggerVersions(db, row.seq as number);
}

function faultHeldBack(db: Mind['store']['db'], state: ImportState): unknown {
  try {
    flushBatch(db, state);
    return null;
  } catch (error) {
    return error;
  }
}

/** A memory's versions and vector come with it: a memory the mind already held keeps its own. */
function belongsHere(table: ExportTable, row: ExportRow, state: ImportState): boolean {
  if (table === 'memory_versions') return state.importedMemories.has(row.seq as number);
  if (table === 'memory_vectors') return state.vectorsFit && state.importedMemories.has(row.rowid as number);
  return true;
}

function remember(table: ExportTable, oldKey: ExportRow[string] | undefined, newKey: number | string, state: ImportState): void {
  if (typeof oldKey !== 'number' || typeof newKey !== 'number') return;
  if (table === 'memories') state.memorySeqs.set(oldKey, newKey);
  else if (table === 'journal') state.journalSeqs.set(oldKey, newKey);
}
