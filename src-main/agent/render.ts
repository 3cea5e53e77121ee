/**
 * Memories as a model reads them: one line each, tagged with the type, then the id to act on and
 * what says how far to trust it (tier, confidence, review, status).
 */
import type { ContradictionView } from '../mind/contradictions';
import type { HistoryEntry } from '../mind/history';
import type { MemorySummary } from '../mind/list';
import type { MemoryRef, MemoryView } from '../mind/memory-view';

const MAX_TEXT = 500;

export function clip(text: string, max = MAX_TEXT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** What qualifies a memory: tier, confidence now, and anything unusual about it. */
export function qualifiers(m: MemorySummary): string {
  const parts = [m.tier, `confidence ${m.effectiveConfidence.toFixed(2)}`];
  if (m.reviewStatus === 'pending') parts.push('pending review');
  if (m.reviewStatus === 'rejected') parts.push('rejected in review');
  if (m.status !== 'active') parts.push(m.supersededBy ? `${m.status} by ${m.supersededBy}` : m.status);
  if (m.stale) parts.push('stale');
  return parts.join(', ');
}

/** `[belief] Tests catch races — bl_1a2b3c4d5e6f (observed, confidence 0.85)` */
export function memoryLine(m: MemorySummary): string {
  return `[${m.type}] ${clip(m.content)} — ${m.id} (${qualifiers(m)})`;
}

/**
 * A recall's hits as the agent reads them, each with why it came back (the MCP `recall` tool and
 * `mindloom recall` print the same text).
 */
export function recallText(query: string, hits: readonly { memory: MemorySummary; why: string }[]): string {
  if (hits.length === 0) return `Nothing in memory matches "${clip(query, 200)}".`;
  return hits.map((hit, i) => `${i + 1}. ${memoryLine(hit.memory)}\n   why: ${hit.why}`).join('\n');
}

export function contradictionLine(c: ContradictionView): string {
  const settled = c.status === 'open' ? '' : ` as ${c.resolution ?? '?'}${c.resolvedBy === null ? '' : ` by ${c.resolvedBy}`}`;
  return `${c.id} (${c.kind}, ${c.status}${settled}): ${c.a.id} "${clip(c.a.content, 160)}" ⟷ ${c.b.id} "${clip(c.b.content, 160)}"`;
}

/** A titled list, or a line saying it is empty. */
export function section(title: string, lines: readonly string[], empty: string): string {
  return lines.length === 0 ? `${title}: ${empty}` : `${title}:\n${lines.map((line) => `  • ${line}`).join('\n')}`;
}

/** One memory's whole card: text, fields, confidence, tier, provenance, contradictions, recent history. */
export function memoryCard(m: MemoryView, history: readonly HistoryEntry[], contradictions: readonly ContradictionView[]): string {
  const refs = (list: readonly MemoryRef[]) => list.map((r) => `${r.id} [${r.type}, ${r.status}] ${clip(r.content, 160)}`);
  const p = m.provenance;
  const confidence =
    m.type === 'belief' && m.alpha !== null && m.beta !== null
      ? `${m.effectiveConfidence.toFixed(2)} now, ${m.confidence.toFixed(2)} stored (α ${m.alpha}, β ${m.beta})`
      : `${m.effectiveConfidence.toFixed(2)} now, ${m.confidence.toFixed(2)} stored`;
  const fields = Object.entries(m.fields).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [
    `${m.id} [${m.type}] ${m.content}`,
    ...(fields.length > 0 ? [`fields: ${fields.join('; ')}`] : []),
    `status: ${m.status}${m.supersededBy ? ` (superseded by ${m.supersededBy})` : ''}; review: ${m.reviewStatus ?? 'none'}${m.protected ? '; protected' : ''}${m.stale ? '; stale' : ''}`,
    `confidence: ${confidence}; verified ${m.verificationCount}×, reinforced ${m.timesReinforced}×`,
    `tier: ${m.tier} (${m.tierWhy})`,
    `source: ${p.sourceType}${p.sourceEntity ? ` (${p.sourceEntity})` : ''}; recalled ${m.accessCount}× (retrieval strength ${m.retrievalStrength.toFixed(2)})`,
    section('Derived from', refs(p.derivedFrom), 'nothing'),
    section('Supporting evidence', refs(p.evidence), 'none'),
    section('Counter-evidence', refs(p.counterEvidence), 'none'),
    ...(p.supersedes.length > 0 ? [section('Supersedes', refs(p.supersedes), '')] : []),
    ...(p.supersededBy.length > 0 ? [section('Superseded by', refs(p.supersededBy), '')] : []),
    ...(p.processedInto.length > 0 ? [section('Made into', refs(p.processedInto), '')] : []),
    ...(m.evidenceRefs.length > 0 ? [section('References', m.evidenceRefs.map((r) => `${r.kind}: ${r.ref}`), '')] : []),
    section('Open contradictions', contradictions.map(contradictionLine), 'none'),
    section('Recent history', history.map((h) => `${h.at} ${h.actor} ${h.op}${h.reason ? ` (${h.reason})` : ''}`), 'none'),
  ].join('\n');
}
