/**
 * The app contract: every call the renderer can make and every event the main process pushes,
 * as zod schemas with the types inferred from them. One contract, several transports (Electron
 * IPC, the headless host's HTTP + server-sent events); the main process implements it in
 * src-main/api, the renderer's client is typed by it.
 *
 * This file is the index: each feature keeps its schemas and calls in its own file under
 * `contract/` (like the handler slices in src-main/api), and `CALLS` joins them.
 * Times cross the boundary as ISO 8601 strings, everywhere (requests and responses alike).
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorEnvelope } from './errors';
import { CODE_REF_CALLS } from './contract/code-refs';
import { CONSOLIDATION_CALLS } from './contract/consolidation';
import { EDITING_CALLS } from './contract/editing';
import { EXPLAIN_CALLS } from './contract/explain';
import { INTEROP_CALLS } from './contract/interop';
import { LINEAGE_CALLS } from './contract/lineage';
import { LINKED_SOURCE_CALLS } from './contract/linked-sources';
import { LIVE_CALLS } from './contract/live';
import { MEMORY_CALLS } from './contract/memories';
import { MIND_DIFF_CALLS } from './contract/mind-diff';
import { OVERVIEW_CALLS } from './contract/overview';
import { RECALL_CALLS } from './contract/recall';
import { RUN_CALLS } from './contract/runs';
import { SESSION_CALLS } from './contract/session';
import { PROVIDER_CALLS } from './contract/providers';
import { SETTINGS_CALLS } from './contract/settings';
import { TIMELINE_CALLS } from './contract/timeline';
import { TRUST_CALLS } from './contract/trust';

export const CALLS = {
  ...SESSION_CALLS,
  ...OVERVIEW_CALLS,
  ...MEMORY_CALLS,
  ...RECALL_CALLS,
  ...SETTINGS_CALLS,
  ...PROVIDER_CALLS,
  ...CONSOLIDATION_CALLS,
  ...RUN_CALLS,
  ...EDITING_CALLS,
  ...EXPLAIN_CALLS,
  ...LIVE_CALLS,
  ...TRUST_CALLS,
  ...MIND_DIFF_CALLS,
  ...INTEROP_CALLS,
  ...TIMELINE_CALLS,
  ...LINEAGE_CALLS,
  ...CODE_REF_CALLS,
  ...LINKED_SOURCE_CALLS,
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

export const ErrorEnvelopeSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<ErrorEnvelope>;

/** What every call returns over any transport: a value, or a typed error. Calls never throw. */
export type CallResult<N extends CallName = CallName> =
  | { ok: true; value: CallResponse<N> }
  | { ok: false; error: ErrorEnvelope };

export {
  type HistoryEntry,
  HistoryEntrySchema,
  type MemoryRef,
  MemoryRefSchema,
  MemorySchema,
  type MemorySummary,
  MemorySummarySchema,
  type MemoryView,
  MemoryViewSchema,
  type Provenance,
  ProvenanceSchema,
  type RunInfo,
  RunInfoSchema,
} from './contract/common';
export {
  ConsolidationStatusSchema,
  type ConsolidationStatus,
  RunSummarySchema,
  type RunSummaryView,
} from './contract/consolidation';
export { EVENTS, type EventName, type EventPayload, type MindEvent, MindEventSchema } from './contract/events';
export {
  type EditMemoryRequest,
  type HighlightedText,
  type ListPage,
  type ListRequest,
  MAX_PAGE_SIZE,
  type MemoryFilter,
  SORT_KEYS,
  type SearchResult,
  type SortKey,
} from './contract/memories';
export { CONFIDENCE_BUCKETS, type Overview, OverviewSchema } from './contract/overview';
export { type AppInfo, type SessionStatus, SessionStatusSchema } from './contract/session';
export { type SettingsView, SettingsViewSchema } from './contract/settings';
export { HTTP_PATHS, IPC_CHANNELS, tokenCookieName } from './transport-names';
