/**
 * The Browser's state as it lives in the address (`#/browser?type=belief&sort=confidence&dir=asc`),
 * and as the `memories.list` request it stands for. Unknown or invalid values in a hand-edited
 * address are dropped rather than sent, so a bad link shows a wider list, not an error.
 */
import { SORT_KEYS, type SortKey } from '../../../shared/contract';
import {
  MEMORY_STATUSES,
  MEMORY_TYPES,
  type MemoryStatus,
  type MemoryType,
  REVIEW_STATUSES,
  type ReviewStatus,
  SOURCE_TYPES,
  type SourceType,
  TIERS,
  type Tier,
} from '../../../shared/model';
import type { ListQuery } from '../../api/queries';
import { readAsOf } from '../../app/router';

export const REVIEW_FILTERS = [...REVIEW_STATUSES, 'none'] as const;
export type ReviewFilter = ReviewStatus | 'none';

export interface BrowserQuery {
  types: MemoryType[];
  tiers: Tier[];
  statuses: MemoryStatus[];
  review: ReviewFilter[];
  sources: SourceType[];
  /** 0..1 */
  minConfidence: number | null;
  maxConfidence: number | null;
  scope: string;
  text: string;
  /** Only memories gone a whole decay period without verification or reinforcement. */
  stale: boolean;
  sort: SortKey;
  direction: 'asc' | 'desc';
  /** ISO: list the mind as it stood then (time travel); null for now. */
  asOf: string | null;
}

export const DEFAULT_QUERY: BrowserQuery = {
  types: [],
  tiers: [],
  statuses: [],
  review: [],
  sources: [],
  minConfidence: null,
  maxConfidence: null,
  scope: '',
  text: '',
  stale: false,
  sort: 'updated',
  direction: 'desc',
  asOf: null,
};

/** The address's parameter for each multi-value filter. */
export const LIST_PARAMS = {
  types: 'type',
  tiers: 'tier',
  statuses: 'status',
  review: 'review',
  sources: 'source',
} as const;
export type ListFilterKey = keyof typeof LIST_PARAMS;

export const FILTER_VALUES: { [K in ListFilterKey]: readonly BrowserQuery[K][number][] } = {
  types: MEMORY_TYPES,
  tiers: TIERS,
  statuses: MEMORY_STATUSES,
  review: REVIEW_FILTERS,
  sources: SOURCE_TYPES,
};

function listParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] {
  const raw = params.get(name);
  if (raw === null || raw === '') return [];
  const values = raw.split(',').filter((v): v is T => (allowed as readonly string[]).includes(v));
  return [...new Set(values)];
}

function unitParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}

export function parseBrowserQuery(params: URLSearchParams): BrowserQuery {
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    types: listParam(params, LIST_PARAMS.types, MEMORY_TYPES),
    tiers: listParam(params, LIST_PARAMS.tiers, TIERS),
    statuses: listParam(params, LIST_PARAMS.statuses, MEMORY_STATUSES),
    review: listParam(params, LIST_PARAMS.review, REVIEW_FILTERS),
    sources: listParam(params, LIST_PARAMS.sources, SOURCE_TYPES),
    minConfidence: unitParam(params, 'min'),
    maxConfidence: unitParam(params, 'max'),
    scope: params.get('scope') ?? '',
    text: params.get('q') ?? '',
    stale: params.get('stale') === '1',
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : DEFAULT_QUERY.sort,
    direction: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_QUERY.direction,
    asOf: readAsOf(params),
  };
}

/** Only what differs from the defaults, so plain links stay short. */
export function formatBrowserQuery(query: BrowserQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(LIST_PARAMS) as ListFilterKey[]) {
    if (query[key].length > 0) params.set(LIST_PARAMS[key], query[key].join(','));
  }
  if (query.minConfidence !== null) params.set('min', String(query.minConfidence));
  if (query.maxConfidence !== null) params.set('max', String(query.maxConfidence));
  if (query.scope !== '') params.set('scope', query.scope);
  if (query.text !== '') params.set('q', query.text);
  if (query.stale) params.set('stale', '1');
  if (query.sort !== DEFAULT_QUERY.sort) params.set('sort', query.sort);
  if (query.direction !== DEFAULT_QUERY.direction) params.set('dir', query.direction);
  if (query.asOf !== null) params.set('asOf', query.asOf);
  return params;
}

export function toListRequest(query: BrowserQuery): ListQuery {
  const filter: NonNullable<ListQuery['filter']> = {};
  if (query.types.length > 0) filter.types = query.types;
  if (query.tiers.length > 0) filter.tiers = query.tiers;
  if (query.statuses.length > 0) filter.statuses = query.statuses;
  if (query.review.length > 0) filter.reviewStatuses = query.review;
  if (query.sources.length > 0) filter.sourceTypes = query.sources;
  if (query.minConfidence !== null) filter.minConfidence = query.minConfidence;
  if (query.maxConfidence !== null) filter.maxConfidence = query.maxConfidence;
  if (query.scope.trim() !== '') filter.scope = query.scope.trim();
  // The full-text index holds today's words only: search is off while seeing the past.
  if (query.text.trim() !== '' && query.asOf === null) filter.text = query.text.trim();
  if (query.stale) filter.stale = true;
  const request: ListQuery = { filter, sort: query.sort, direction: query.direction };
  if (query.asOf !== null) request.asOf = query.asOf;
  return request;
}

export function hasFilters(query: BrowserQuery): boolean {
  const request = toListRequest(query);
  return Object.keys(request.filter ?? {}).length > 0;
}

/** A Browser link with just these filters (the Overview's counts link through this). */
export function browserParams(partial: Partial<BrowserQuery>): URLSearchParams {
  return formatBrowserQuery({ ...DEFAULT_QUERY, ...partial });
}
