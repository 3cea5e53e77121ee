/**
 * Positions for a lineage graph, cached per graph key (the nodes and edges it is made of), so going
 * back to a depth or direction seen before, or re-rendering, lays nothing out again. Small graphs
 * are laid out by elk in the layout worker; larger ones by the fast layered layout, in place: it
 * takes milliseconds, where the worker would first have to load elk. The worker (and elk in it) starts
 * with the first small graph, not with the view: loading elk takes a core for most of a second,
 * which a large graph, never laid out by elk, would wait behind on a busy machine.
 */
import { useEffect, useMemo, useState } from 'react';
import { ELK_MAX_NODES, layeredLayout, type LayoutInput, type LayoutResult } from '../../../shared/lineage-layout';
import type { LayoutReply, LayoutRequest } from './layout-worker';

const CACHE_LIMIT = 24;
const cache = new Map<string, LayoutResult>();
const waiting = new Map<string, { resolve(result: LayoutResult): void; reject(error: Error): void }[]>();
let worker: Worker | null = null;

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./layout-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<LayoutReply>) => {
    const reply = event.data;
    const callers = waiting.get(reply.key) ?? [];
    waiting.delete(reply.key);
    if (reply.ok) remember(reply.key, reply.result);
    for (const caller of callers) {
      if (reply.ok) caller.resolve(reply.result);
      else caller.reject(new Error(reply.message));
    }
  };
  return worker;
}

function remember(key: string, result: LayoutResult): void {
  cache.set(key, result);
  // Oldest first out: a Map iterates in insertion order.
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
}

function requestLayout(key: string, input: LayoutInput): Promise<LayoutResult> {
  return new Promise((resolve, reject) => {
    const callers = waiting.get(key);
    if (callers) {
      callers.push({ resolve, reject });
      return;
    }
    waiting.set(key, [{ resolve, reject }]);
    layoutWorker().postMessage({ key, input } satisfies LayoutRequest);
  });
}

/** What identifies a graph's shape: its nodes (with depths) and edges, in a stable order. */
export function graphKey(input: LayoutInput): string {
  const nodes = input.nodes.map((n) => `${n.id}@${n.depth}`).sort();
  const edges = input.edges.map((e) => `${e.from}>${e.to}`).sort();
  return `${nodes.join(',')}|${edges.join(',')}`;
}

/** The cached layout of a graph, made here and now when the graph is too large for elk. */
function cachedOrInPlace(key: string, input: LayoutInput): LayoutResult | undefined {
  const cached = cache.get(key);
  if (cached || input.nodes.length <= ELK_MAX_NODES) return cached;
  const started = performance.now();
  const positions = layeredLayout(input);
  const result: LayoutResult = { positions, engine: 'layers', ms: performance.now() - started };
  remember(key, result);
  return result;
}

export type LayoutState = { status: 'pending' } | { status: 'ready'; result: LayoutResult; key: string } | { status: 'error'; message: string };

export function useLayout(input: LayoutInput | null): LayoutState {
  // Sorting thousands of ids is not free: once per input, not per render.
  const key = useMemo(() => (input === null ? null : graphKey(input)), [input]);
  const [state, setState] = useState<{ key: string | null; layout: LayoutState }>({ key: null, layout: { status: 'pending' } });
  const cached = key === null || input === null ? undefined : cachedOrInPlace(key, input);
  useEffect(() => {
    if (key === null || input === null || cache.has(key)) return;
    let current = true;
    requestLayout(key, input).then(
      (result) => current && setState({ key, layout: { status: 'ready', result, key } }),
      (error: Error) => current && setState({ key, layout: { status: 'error', message: error.message } }),
    );
    return () => {
      current = false;
    };
    // The key stands for the input: a new array with the same shape needs no new layout.
  }, [key]);
  if (key !== null && cached) return { status: 'ready', result: cached, key };
  return state.key === key ? state.layout : { status: 'pending' };
}
