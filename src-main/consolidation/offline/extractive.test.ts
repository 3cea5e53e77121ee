/** Extractive synthesis on small clusters with known answers. */
import { describe, expect, it } from 'vitest';
import { textOf } from '../source-text';
import { extractCandidate } from './extractive';
import { createLexicalEmbedder } from './lexical-embedder';

const episode = (id: string, objective: string, outcome: string, lessons: string[] = []) => ({
  id,
  text: textOf('episode', `${objective} → ${outcome}`, { outcome, lessons }),
});

/** The cluster drafted in a space learned from its own texts. */
function draft(cluster: { id: string; text: string }[]) {
  const embedder = createLexicalEmbedder();
  embedder.learn?.(cluster.map((item) => item.text));
  return extractCandidate(cluster, embedder.vectorOf);
}

describe('extractive synthesis', () => {
  it('drafts the lesson the cluster shares, not one episode, and cites the episode it comes from', () => {
    const candidate = draft([
      episode('ep_1', 'Friday deploy of billing', 'weekend incident on Saturday', ['Friday deploys cause weekend incidents']),
      episode('ep_2', 'Friday deploy of search', 'weekend incident, rolled back on Sunday'),
      episode('ep_3', 'Deployed auth on a Friday', 'weekend incident with login errors', ['Ask Dana before touching auth']),
    ]);
    expect(candidate).toMatchObject({ statement: 'Friday deploys cause weekend incidents.', citations: ['ep_1'], timeframe: 'current' });
    expect(candidate.subject).toBe('friday');
  });

  it('without lessons, drafts the clause the episodes share most, trimmed of asides', () => {
    const candidate = draft([
      episode('ep_1', 'Reran the orders suite', 'flaky integration tests hit the shared database (again)'),
      episode('ep_2', 'Looked at the red CI job', 'the flaky integration tests shared one database'),
      episode('ep_3', 'Debugged checkout specs', 'flaky integration tests wrote to the shared database'),
    ]);
    expect(candidate.statement).toMatch(/^(?!.*\()(?:The )?[Ff]laky integration tests .*database\.$/);
    expect(candidate.statement).not.toContain('→');
    expect(candidate.citations).toHaveLength(1);
  });

  it('prefers a lesson to the clauses that report one incident, trimmed of its label and asides', () => {
    const lessonWins = draft([
      episode('ep_1', 'Cached the dashboard totals', 'page opened in 300 ms', ['Lesson: cache what the dashboard recomputes (per request)']),
      episode('ep_2', 'Added a cache for dashboard charts', 'charts render instantly'),
      episode('ep_3', 'Memoized dashboard widgets', 'p95 fell by 90%'),
    ]);
    expect(lessonWins.statement).toBe('Cache what the dashboard recomputes.');
  });
});
