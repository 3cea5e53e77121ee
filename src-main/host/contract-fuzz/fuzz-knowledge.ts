/**
 * What the fuzz has learned about the running mind from its answers (ids, run ids, cursors, action
 * entries, each memory's latest version), and how a payload's tokens become real values: a
 * `«ref:id:3»` the fourth id seen, `«tampered:id:3:upper»` a near-miss of it, `«version:current»`
 * the version of the `id` beside it, `«path:mind-wal»` the open mind's write-ahead log.
 */
import { poolForKey, type PathName, type Tampering, tamper, versionedKeyOwner } from './hostile-values';

export interface Knowledge {
  pools: Map<string, (string | number)[]>;
  versions: Map<string, number>;
}

export function emptyKnowledge(): Knowledge {
  return { pools: new Map(), versions: new Map() };
}

const HARVESTED_NUMBERS: Record<string, string> = { action: 'action', seq: 'seq', undone: 'action' };
/** Arrays of ids in answers: what a call created, dismissed, approved. */
const ID_LISTS = new Set(['created', 'dismissed', 'approved', 'memories', 'ids', 'affected', 'settled']);
const MAX_POOL = 2_000;

function remember(knowledge: Knowledge, pool: string, value: string | number): void {
  let values = knowledge.pools.get(pool);
  if (!values) knowledge.pools.set(pool, (values = []));
  if (values.length < MAX_POOL && !values.includes(value)) values.push(value);
}

/** Walks an answer for values later requests may name. */
export function harvest(knowledge: Knowledge, value: unknown): void {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (Array.isArray(next)) {
      pending.push(...next);
      continue;
    }
    if (typeof next !== 'object' || next === null) continue;
    const record = next as Record<string, unknown>;
    if (typeof record.id === 'string' && typeof record.version === 'number') {
      knowledge.versions.set(record.id, Math.max(record.version, knowledge.versions.get(record.id) ?? 0));
    }
    for (const [key, field] of Object.entries(record)) {
      if (key === 'nextCursor' && typeof field === 'string') remember(knowledge, 'cursor', field);
      else if (typeof field === 'string' && (key === 'id' || key === 'memoryId')) remember(knowledge, 'id', field);
      else if (typeof field === 'string' && poolForKey(key) !== null) remember(knowledge, poolForKey(key) as string, field);
      else if (typeof field === 'number' && HARVESTED_NUMBERS[key]) remember(knowledge, HARVESTED_NUMBERS[key], field);
      else if (ID_LISTS.has(key) && Array.isArray(field)) for (const id of field) if (typeof id === 'string') remember(knowledge, 'id', id);
      if (typeof field === 'object' && field !== null) pending.push(field);
    }
  }
}

export interface ResolveContext {
  knowledge: Knowledge;
  path(name: PathName, kind: unknown): string;
  /** Asks the mind for a memory's version now (the fuzz's own `memories.get`). */
  refreshVersion(id: string): Promise<void>;
}

const TOKEN = /^«(ref|tampered|version|path):([^»]*)»$/;

export function isToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/** The payload with every token replaced by the value it stands for now. */
export async function resolvePayload(payload: unknown, context: ResolveContext): Promise<unknown> {
  if (Array.isArray(payload)) {
    const items: unknown[] = [];
    for (const item of payload) items.push(await resolvePayload(item, context));
    return items;
  }
  if (typeof payload === 'object' && payload !== null) {
    const source = payload as Record<string, unknown>;
    const resolved: Record<string, unknown> = {};
    // Versions last: they are the versions of the ids resolved beside them.
    const keys = Object.keys(source).sort((a, b) => Number(versionedKeyOwner(a) !== null) - Number(versionedKeyOwner(b) !== null));
    for (const key of keys) {
      const value = source[key];
      const owner = versionedKeyOwner(key);
      if (owner !== null && isToken(value)) resolved[key] = await resolveVersion(value, resolved[owner], context);
      else if (isToken(value)) resolved[key] = resolveToken(value, context, source.kind);
      else resolved[key] = await resolvePayload(value, context);
    }
    return resolved;
  }
  return isToken(payload) ? resolveToken(payload, context, undefined) : payload;
}

function resolveToken(value: string, context: ResolveContext, kind: unknown): unknown {
  const [, what, rest] = TOKEN.exec(value) as unknown as [string, string, string];
  const parts = rest.split(':');
  if (what === 'path') return context.path(parts[0] as PathName, kind);
  const pool = parts[0] as string;
  const index = Number(parts[1]);
  const values = context.knowledge.pools.get(pool) ?? [];
  const real = values.length > 0 ? values[index % values.length] : index;
  if (what === 'ref') return real;
  return typeof real === 'number' ? real + 1 : tamper(String(real), parts[2] as Tampering);
}

async function resolveVersion(value: string, owner: unknown, context: ResolveContext): Promise<unknown> {
  if (typeof owner === 'string' && context.knowledge.versions.has(owner)) await context.refreshVersion(owner);
  const current = typeof owner === 'string' ? (context.knowledge.versions.get(owner) ?? 1) : 1;
  const which = TOKEN.exec(value)?.[2];
  if (which === 'stale') return current - 1;
  if (which === 'next') return current + 1;
  return current;
}
