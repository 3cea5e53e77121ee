/**
 * The vocabulary of the demo mind's script: steps (a time, an actor, one operation) and small
 * constructors that keep the chapters readable. Memories are named by local keys ("ep.outage");
 * the loader turns keys into the ids the mind generates. Data only: nothing here touches a mind.
 */
import type { MemoryType } from '../../../shared/model';
import type { CreateMemoryInput, EvidenceRefInput } from '../create';
import type { EditMemoryInput } from '../edit';

/** A memory's name inside the script. */
export type DemoKey = string;

/** A memory to create; its lineage and supporting episodes name earlier memories by key. */
export interface DemoMemory extends Omit<CreateMemoryInput, 'derivedFrom' | 'evidence'> {
  derivedFrom?: readonly DemoKey[];
  evidence?: readonly DemoKey[];
}

export type DemoOperation =
  | { op: 'create'; key: DemoKey; memory: DemoMemory }
  /** `refs` are attached to the new memory right after (each its own journaled change). */
  | { op: 'promote'; key: DemoKey; from: DemoKey; to: MemoryType; text?: string; fields?: Record<string, unknown>; refs?: EvidenceRefInput[] }
  | { op: 'verify'; target: DemoKey; evidence?: string }
  /** `episode` names a supporting episode (linked as evidence); `evidence` is free text for the journal. */
  | { op: 'reinforce'; target: DemoKey; episode?: DemoKey; evidence?: string }
  | { op: 'counter'; target: DemoKey; episode?: DemoKey; evidence?: string }
  | { op: 'link'; target: DemoKey; episode: DemoKey }
  | { op: 'supersede'; key: DemoKey; target: DemoKey; content: string; fields?: Record<string, unknown>; source?: string }
  | { op: 'edit'; target: DemoKey; change: EditMemoryInput }
  | { op: 'ref'; target: DemoKey; ref: EvidenceRefInput }
  | { op: 'archive' | 'restore' | 'approve' | 'forget' | 'protect' | 'access'; target: DemoKey }
  | { op: 'reject'; target: DemoKey; reason: string }
  /** The store-wide rule contradiction scan. */
  | { op: 'scan' }
  /** Settles the open contradiction between two memories: scoped, each to its context (by key). */
  | { op: 'scope'; a: DemoKey; b: DemoKey; contexts: Record<DemoKey, string> };

/** One operation with the reason a person or agent gave for it (journaled). */
export type DemoAction = DemoOperation & { reason?: string };

export interface DemoActor {
  actor: string;
  runId?: string;
}

export interface DemoStep extends DemoActor {
  /** UTC, "YYYY-MM-DD HH:MM". Steps sharing a time keep their order, a second apart. */
  at: string;
  action: DemoAction;
}

export const USER: DemoActor = { actor: 'user' };
export const ADA: DemoActor = { actor: 'agent:ada' };
export const imported = (source: string): DemoActor => ({ actor: `import:${source}` });
/** A consolidation run: its writes carry the run id, and the actor names it. */
export const run = (runId: string): DemoActor => ({ actor: `scheduler:${runId}`, runId });

/** Several operations by one actor at one moment. */
export function at(when: string, who: DemoActor, ...actions: DemoAction[]): DemoStep[] {
  return actions.map((action) => ({ at: when, ...who, action }));
}

export const because = <A extends DemoAction>(reason: string, action: A): A => ({ ...action, reason });

type Extra = Omit<DemoMemory, 'type' | 'content' | 'fields'>;

/** Where a raw capture came from: a conversation and turn, its role there, and who said it. */
export interface Capture {
  conv: string;
  turn?: string;
  role: string;
  /** The person who said it (external provenance); absent for Ada's own turns and tool output. */
  from?: string;
  /** Free-text provenance ("observed in CI") when nobody in particular said it. */
  source?: string;
}

/** Provenance of something a person told Ada. */
export const from = (name: string) => ({ sourceType: 'external', sourceEntity: name }) as const;

export function raw(key: DemoKey, content: string, capture: Capture, extra: Extra = {}): DemoAction {
  const source = { conversationId: capture.conv, role: capture.role, ...(capture.turn ? { turnId: capture.turn } : {}) };
  const provenance = capture.from ? from(capture.from) : { source: capture.source };
  return { op: 'create', key, memory: { type: 'raw', content, fields: { source }, ...provenance, ...extra } };
}

const make =
  (type: MemoryType) =>
  (key: DemoKey, content: string, fields: Record<string, unknown> = {}, extra: Extra = {}): DemoAction => ({
    op: 'create',
    key,
    memory: { type, content, fields, ...extra },
  });

export const episode = make('episode');
export const note = make('note');
export const belief = make('belief');
export const value = make('value');
export const goal = make('goal');
export const drive = make('drive');
export const relationship = make('relationship');

export const promote = (
  key: DemoKey,
  from: DemoKey,
  to: MemoryType,
  text?: string,
  fields?: Record<string, unknown>,
  refs?: EvidenceRefInput[],
): DemoAction => ({ op: 'promote', key, from, to, ...(text ? { text } : {}), ...(fields ? { fields } : {}), ...(refs ? { refs } : {}) });

export const verify = (target: DemoKey, evidence?: string): DemoAction => ({ op: 'verify', target, ...(evidence ? { evidence } : {}) });
export const reinforce = (target: DemoKey, by: { episode?: DemoKey; evidence?: string } = {}): DemoAction => ({
  op: 'reinforce',
  target,
  ...by,
});
export const counter = (target: DemoKey, by: { episode?: DemoKey; evidence?: string }): DemoAction => ({ op: 'counter', target, ...by });
export const link = (target: DemoKey, episodeKey: DemoKey): DemoAction => ({ op: 'link', target, episode: episodeKey });
export const supersede = (key: DemoKey, target: DemoKey, content: string, fields?: Record<string, unknown>): DemoAction => ({
  op: 'supersede',
  key,
  target,
  content,
  ...(fields ? { fields } : {}),
});
export const edit = (target: DemoKey, change: EditMemoryInput): DemoAction => ({ op: 'edit', target, change });
export const ref = (target: DemoKey, kind: EvidenceRefInput['kind'], reference: string, refNote?: string): DemoAction => ({
  op: 'ref',
  target,
  ref: { kind, ref: reference, ...(refNote ? { note: refNote } : {}) },
});
export const archive = (target: DemoKey): DemoAction => ({ op: 'archive', target });
export const restore = (target: DemoKey): DemoAction => ({ op: 'restore', target });
export const approve = (target: DemoKey): DemoAction => ({ op: 'approve', target });
export const forget = (target: DemoKey): DemoAction => ({ op: 'forget', target });
export const protect = (target: DemoKey): DemoAction => ({ op: 'protect', target });
export const access = (target: DemoKey): DemoAction => ({ op: 'access', target });
export const reject = (target: DemoKey, reason: string): DemoAction => ({ op: 'reject', target, reason });
export const scan = (): DemoAction => ({ op: 'scan' });
export const scope = (a: DemoKey, b: DemoKey, contexts: Record<DemoKey, string>): DemoAction => ({ op: 'scope', a, b, contexts });

/** Shorthands for evidence references. */
export const code = (target: DemoKey, location: string, refNote?: string) => ref(target, 'code', location, refNote);
export const file = (target: DemoKey, path: string, refNote?: string) => ref(target, 'file', path, refNote);
export const url = (target: DemoKey, address: string, refNote?: string) => ref(target, 'url', address, refNote);
export const event = (target: DemoKey, id: string, refNote?: string) => ref(target, 'event', id, refNote);

const citing =
  (kind: EvidenceRefInput['kind']) =>
  (reference: string, refNote?: string): EvidenceRefInput => ({ kind, ref: reference, ...(refNote ? { note: refNote } : {}) });
/** Evidence references given when a memory is created (`evidenceRefs: [cite.code('src/x.ts:1')]`). */
export const cite = { code: citing('code'), file: citing('file'), url: citing('url'), event: citing('event'), text: citing('text') };

/** Conversation ids of the team's channels. */
export const dev = (day: string) => `slack:#harbor-dev/${day}`;
export const incidents = (day: string) => `slack:#incidents/${day}`;
