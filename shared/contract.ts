/**
 * The app contract: every call the renderer can make and every event the main process pushes,
 * as zod schemas with the types inferred from them. One contract, several transports (Electron
 * IPC, the headless host's HTTP + server-sent events); the main process implements it in
 * src-main/api, the renderer's client is typed by it.
 *
 * Times cross the boundary as ISO 8601 strings, everywhere (requests and responses alike).
 */
import { z } from 'zod';
import { RUN_STAGES, RUN_STATUSES, RUN_TRIGGERS } from './consolidation-runs';
import { ERROR_CODES, type ErrorEnvelope } from './errors';
import {
  MEMORY_STATUSES,
  MEMORY_TYPES,
  memoryStatusSchema,
  memoryTypeSchema,
  REVIEW_STATUSES,
  reviewStatusSchema,
  SOURCE_TYPES,
  sourceTypeSchema,
  TIERS,
  tierSchema,
} from './model';
import { MindSettingsSchema, SettingsPatchSchema } from './settings';

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const isoTime = z.iso.datetime({ offset: true });
const memoryId = z.string().min(1).max(200);
const unitInterval = z.number().min(0).max(1);
const count = z.number().int().min(0);
/** Calls without a payload take an empty object (or nothing at all). */
const noPayload = z.strictObject({}).optional();
const fieldBag = z.record(z.string(), z.unknown());

/** A memory as stored, times as ISO (shared/model.ts `Memory`). */
export const MemorySchema = z.object({
  id: z.string(),
  type: memoryTypeSchema,
  content: z.string(),
  fields: fieldBag,
  sourceType: sourceTypeSchema,
  sourceEntity: z.string().nullable(),
  confidence: z.number(),
  alpha: z.number().nullable(),
  beta: z.number().nullable(),
  timesReinforced: count,
  verificationCount: count,
  lastVerifiedAt: isoTime.nullable(),
  lastReinforcedAt: isoTime.nullable(),
  reviewStatus: reviewStatusSchema.nullable(),
  status: memoryStatusSchema,
  protected: z.boolean(),
  scope: z.string(),
  project: z.string().nullable(),
  stability: z.number(),
  accessCount: count,
  lastAccessedAt: isoTime.nullable(),
  codeRefCount: count,
  eventEvidenceCount: count,
  supersededBy: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  version: z.number().int(),
  tier: tierSchema,
});

/** A memory in a list: its stored state plus the clock-dependent readings a list shows. */
export const MemorySummarySchema = MemorySchema.extend({
  effectiveConfidence: z.number(),
  stale: z.boolean(),
});
export type MemorySummary = z.output<typeof MemorySummarySchema>;

export const MemoryRefSchema = z.object({
  id: z.string(),
  type: memoryTypeSchema,
  content: z.string(),
  status: memoryStatusSchema,
});
export type MemoryRef = z.output<typeof MemoryRefSchema>;

export const ProvenanceSchema = z.object({
  sourceType: z.string(),
  sourceEntity: z.string().nullable(),
  derivedFrom: z.array(MemoryRefSchema),
  processedInto: z.array(MemoryRefSchema),
  evidence: z.array(MemoryRefSchema),
  counterEvidence: z.array(MemoryRefSchema),
  supersedes: z.array(MemoryRefSchema),
  supersededBy: z.array(MemoryRefSchema),
  mergedFrom: z.array(MemoryRefSchema),
  splitFrom: z.array(MemoryRefSchema),
});
export type Provenance = z.output<typeof ProvenanceSchema>;

export const EvidenceRefViewSchema = z.object({
  seq: z.number().int(),
  kind: z.string(),
  ref: z.string(),
  note: z.string().nullable(),
  createdAt: isoTime,
});

/** One memory as a person inspects it (src-main/mind/memory-view.ts). */
export const MemoryViewSchema = MemorySchema.extend({
  /** Confidence after decay, at the view's time. `confidence` is the stored value. */
  effectiveConfidence: z.number(),
  /** Why the memory has its tier, in words. */
  tierWhy: z.string(),
  stale: z.boolean(),
  retrievalStrength: z.number(),
  /** The past instant the view shows, or null for now. */
  asOf: isoTime.nullable(),
  provenance: ProvenanceSchema,
  evidenceRefs: z.array(EvidenceRefViewSchema),
});
export type MemoryView = z.output<typeof MemoryViewSchema>;

/** A journal row about one memory: what changed, who did it, why (src-main/mind/history.ts). */
export const HistoryEntrySchema = z.object({
  at: isoTime,
  actor: z.string(),
  op: z.string(),
  runId: z.string().nullable(),
  before: fieldBag.nullable(),
  after: fieldBag.nullable(),
  confidenceBefore: z.number().nullable(),
  confidenceAfter: z.number().nullable(),
  reason: z.string().nullable(),
  evidence: z.unknown(),
});
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;

// ---------------------------------------------------------------------------------------------
// Memories
// ---------------------------------------------------------------------------------------------

export const SORT_KEYS = ['updated', 'created', 'confidence', 'type', 'tier'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const MAX_PAGE_SIZE = 500;

/** Every filter is optional; array filters match any of their values; an empty array is no filter. */
export const MemoryFilterSchema = z.strictObject({
  types: z.array(z.enum(MEMORY_TYPES)).max(MEMORY_TYPES.length).optional(),
  tiers: z.array(z.enum(TIERS)).max(TIERS.length).optional(),
  statuses: z.array(z.enum(MEMORY_STATUSES)).max(MEMORY_STATUSES.length).optional(),
  /** `none`: entered directly, never queued for review. */
  reviewStatuses: z.array(z.enum([...REVIEW_STATUSES, 'none'])).max(REVIEW_STATUSES.length + 1).optional(),
  sourceTypes: z.array(z.enum(SOURCE_TYPES)).max(SOURCE_TYPES.length).optional(),
  minConfidence: unitInterval.optional(),
  maxConfidence: unitInterval.optional(),
  scope: z.string().max(500).optional(),
  /** Full-text words (not combinable with `asOf`). */
  text: z.string().max(1_000).optional(),
});
export type MemoryFilter = z.output<typeof MemoryFilterSchema>;

export const ListRequestSchema = z.strictObject({
  filter: MemoryFilterSchema.optional(),
  sort: z.enum(SORT_KEYS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  /** The opaque `nextCursor` of the previous page. */
  cursor: z.string().max(2_000).nullable().optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  /** List the mind as it stood at this instant. */
  asOf: isoTime.optional(),
});
export type ListRequest = z.input<typeof ListRequestSchema>;

export const ListPageSchema = z.object({
  items: z.array(MemorySummarySchema),
  nextCursor: z.string().nullable(),
});
export type ListPage = z.output<typeof ListPageSchema>;

export const SearchRequestSchema = z.strictObject({
  query: z.string().trim().min(1, 'A search needs some words.').max(1_000),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

/** A passage of text with the matching parts marked as [start, end) character ranges. */
export const HighlightedTextSchema = z.object({
  text: z.string(),
  highlights: z.array(z.tuple([count, count])),
});
export type HighlightedText = z.output<typeof HighlightedTextSchema>;

export const SearchResultSchema = MemorySummarySchema.extend({
  score: z.number(),
  snippet: HighlightedTextSchema,
});
export type SearchResult = z.output<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({ items: z.array(SearchResultSchema) });

const expectedVersion = z.number().int().min(1);

export const GetMemoryRequestSchema = z.strictObject({
  id: memoryId,
  /** Show the memory as it stood at this instant. */
  asOf: isoTime.optional(),
});

export const HistoryRequestSchema = z.strictObject({
  id: memoryId,
  limit: z.number().int().min(1).max(10_000).optional(),
});

export const EditMemoryRequestSchema = z.strictObject({
  id: memoryId,
  /** The version the edit was made against; a newer stored version is a `version_conflict`. */
  expectedVersion,
  content: z.string().max(100_000).optional(),
  /** Merged over the current fields; a key set to null is removed. Checked against the type's fields. */
  fields: fieldBag.optional(),
  scope: z.string().trim().min(1).max(500).optional(),
  project: z.string().max(500).nullable().optional(),
});
export type EditMemoryRequest = z.input<typeof EditMemoryRequestSchema>;

const lifecycleRequest = z.strictObject({ id: memoryId, expectedVersion: expectedVersion.optional() });

export const SetProtectedRequestSchema = z.strictObject({ id: memoryId, protected: z.boolean() });

export const VerifyRequestSchema = z.strictObject({
  id: memoryId,
  /** What the person checked it against (kept in the journal). */
  evidence: z.string().max(10_000).optional(),
});

// ---------------------------------------------------------------------------------------------
// Session, app, overview, settings, consolidation
// ---------------------------------------------------------------------------------------------

export const SessionStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({
    state: z.literal('open'),
    path: z.string(),
    /** The file's name without folder or extension. */
    name: z.string(),
    isDemo: z.boolean(),
  }),
  z.object({
    state: z.literal('error'),
    path: z.string(),
    /** Why it did not open: not_found, not_a_mind, corrupt_file, schema_too_new, unreadable_file … */
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** What the person can do about it. */
    hint: z.string(),
  }),
]);
export type SessionStatus = z.output<typeof SessionStatusSchema>;

const pathRequest = z.strictObject({ path: z.string().trim().min(1).max(4_096).optional() }).optional();

export const AppInfoSchema = z.object({
  version: z.string(),
  transport: z.enum(['ipc', 'http']),
  capabilities: z.object({
    /** The shell can show native open/save dialogs; otherwise the renderer asks for a path. */
    pickFile: z.boolean(),
    /** The shell can store an API key; otherwise the key comes from OPENAI_API_KEY. */
    secrets: z.boolean(),
  }),
});
export type AppInfo = z.output<typeof AppInfoSchema>;


/** A consolidation run as a list or the overview shows it. */
export const RunInfoSchema = z.object({
  id: z.string(),
  trigger: z.enum(RUN_TRIGGERS),
  provider: z.string(),
  status: z.enum(RUN_STATUSES),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
  error: z.string().nullable(),
  /** When the run's changes were undone, if they were. */
  revertedAt: isoTime.nullable(),
});
export type RunInfo = z.output<typeof RunInfoSchema>;

export const CONFIDENCE_BUCKETS = 10;

const countsBy = <T extends string>(keys: readonly [T, ...T[]]) => z.record(z.enum(keys), count);

export const OverviewSchema = z.object({
  total: count,
  byType: countsBy(MEMORY_TYPES),
  byTier: countsBy(TIERS),
  byStatus: countsBy(MEMORY_STATUSES),
  /** Inferred memories waiting for a person's approval. */
  reviewPending: count,
  openContradictions: count,
  /** Active memories whose effective confidence is below 0.5; counted up to a cap. */
  uncertain: z.object({ count, capped: z.boolean() }),
  lastRun: RunInfoSchema.nullable(),
  /** Active memories by stored confidence: bucket i holds [i/10, (i+1)/10), the last includes 1. */
  confidenceHistogram: z.array(count).length(CONFIDENCE_BUCKETS),
});
export type Overview = z.output<typeof OverviewSchema>;

export const SettingsViewSchema = z.object({
  settings: MindSettingsSchema,
  apiKeySet: z.boolean(),
});
export type SettingsView = z.output<typeof SettingsViewSchema>;

export const ConsolidationStatusSchema = z.object({
  state: z.enum(['idle', 'running', 'paused', 'disabled']),
  runId: z.string().optional(),
  progress: z.object({ stage: z.enum(RUN_STAGES), done: count, total: count }).optional(),
  lastRun: RunInfoSchema.nullable(),
  nextTimerAt: isoTime.nullable(),
  /** Counted up to EPISODE_COUNT_CAP (shared/consolidation-runs.ts). */
  episodesSinceCheckpoint: count,
});
export type ConsolidationStatus = z.output<typeof ConsolidationStatusSchema>;

/** What a run did (or, dry, would do): the CLI's summary plus its actions. */
export const RunSummarySchema = z.object({
  runId: z.string(),
  status: z.enum(RUN_STATUSES),
  clustersFound: count,
  created: count,
  reinforced: count,
  contradicted: count,
  proposals: count,
  droppedByRejection: count,
  skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
  durationMs: z.number().nonnegative(),
  actions: z.array(z.object({ op: z.string(), memoryId: z.string().nullable(), summary: z.string() })),
});
export type RunSummaryView = z.output<typeof RunSummarySchema>;

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

export const CALLS = {
  'app.info': { request: noPayload, response: AppInfoSchema },

  'session.status': { request: noPayload, response: SessionStatusSchema },
  'session.openDemo': { request: noPayload, response: SessionStatusSchema },
  /** No path: the Electron shell shows a save dialog; the host needs a path (`unsupported` otherwise). */
  'session.create': { request: pathRequest, response: SessionStatusSchema },
  /** No path: the Electron shell shows an open dialog; the host needs a path. */
  'session.open': { request: pathRequest, response: SessionStatusSchema },
  'session.recent': { request: noPayload, response: z.object({ paths: z.array(z.string()) }) },

  'mind.overview': { request: noPayload, response: OverviewSchema },

  'memories.list': { request: ListRequestSchema, response: ListPageSchema },
  'memories.search': { request: SearchRequestSchema, response: SearchResponseSchema },
  'memories.get': { request: GetMemoryRequestSchema, response: MemoryViewSchema },
  /** The latest changes, newest first. */
  'memories.history': { request: HistoryRequestSchema, response: z.array(HistoryEntrySchema) },
  /** A stale `expectedVersion` fails with `version_conflict`, details `{current: MemoryView}`. */
  'memories.edit': { request: EditMemoryRequestSchema, response: MemoryViewSchema },
  'memories.archive': { request: lifecycleRequest, response: MemoryViewSchema },
  'memories.restore': { request: lifecycleRequest, response: MemoryViewSchema },
  'memories.setProtected': { request: SetProtectedRequestSchema, response: MemoryViewSchema },
  'memories.verify': { request: VerifyRequestSchema, response: MemoryViewSchema },

  'settings.get': { request: noPayload, response: SettingsViewSchema },
  'settings.update': { request: SettingsPatchSchema.strict(), response: SettingsViewSchema },
  /** The host cannot keep secrets: `unsupported` there (set OPENAI_API_KEY instead). */
  'settings.setApiKey': {
    request: z.strictObject({ key: z.string().trim().min(1).max(1_000) }),
    response: z.object({ apiKeySet: z.boolean() }),
  },

  'consolidation.status': { request: noPayload, response: ConsolidationStatusSchema },
  /** Runs now, by hand; `invalid_state` while a run is going. Dry: the changeset, nothing written. */
  'consolidation.runNow': {
    request: z.strictObject({ dryRun: z.boolean().optional() }).optional(),
    response: RunSummarySchema,
  },
  /** Paused: no automatic runs (a run going on finishes); by hand still works. */
  'consolidation.pause': { request: noPayload, response: ConsolidationStatusSchema },
  'consolidation.resume': { request: noPayload, response: ConsolidationStatusSchema },
  /** Stops the running run between items; what it finished stays, the rest waits for the next run. */
  'consolidation.cancel': { request: noPayload, response: ConsolidationStatusSchema },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

export type CallName = keyof typeof CALLS;
export const CALL_NAMES = Object.keys(CALLS) as CallName[];
/** What a caller passes (before defaults and trims). */
export type CallRequest<N extends CallName> = z.input<(typeof CALLS)[N]['request']>;
/** What a handler receives (after validation). */
export type ParsedRequest<N extends CallName> = z.output<(typeof CALLS)[N]['request']>;
export type CallResponse<N extends CallName> = z.output<(typeof CALLS)[N]['response']>;

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(CALLS, name);
}

// ---------------------------------------------------------------------------------------------
// Results and events
// ---------------------------------------------------------------------------------------------

export const ErrorEnvelopeSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<ErrorEnvelope>;

/** What every call returns over any transport: a value, or a typed error. Calls never throw. */
export type CallResult<N extends CallName = CallName> =
  | { ok: true; value: CallResponse<N> }
  | { ok: false; error: ErrorEnvelope };

export const EVENTS = {
  /** The mind changed: by this app (ids it touched) or by another process (no ids: refresh everything). */
  'mind.changed': z.object({ origin: z.enum(['app', 'outside']), ids: z.array(z.string()).optional() }),
  'session.changed': SessionStatusSchema,
  'consolidation.progress': z.object({ runId: z.string(), stage: z.enum(RUN_STAGES), done: count, total: count }),
  'consolidation.finished': z.object({ runId: z.string(), status: z.enum(RUN_STATUSES) }),
} as const satisfies Record<string, z.ZodType>;

export type EventName = keyof typeof EVENTS;
export type EventPayload<K extends EventName> = z.output<(typeof EVENTS)[K]>;
export type MindEvent = { [K in EventName]: { type: K; payload: EventPayload<K> } }[EventName];

/** Validates a pushed event (the renderer checks what arrives over a transport). */
export const MindEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mind.changed'), payload: EVENTS['mind.changed'] }),
  z.object({ type: z.literal('session.changed'), payload: EVENTS['session.changed'] }),
  z.object({ type: z.literal('consolidation.progress'), payload: EVENTS['consolidation.progress'] }),
  z.object({ type: z.literal('consolidation.finished'), payload: EVENTS['consolidation.finished'] }),
]) satisfies z.ZodType<MindEvent>;

export { HTTP_PATHS, IPC_CHANNELS, tokenCookieName } from './transport-names';
