/**
 * `npm run bench -- --recall [--provider openai] [--split NAME] [--settings-from MIND]`: the recall
 * benchmark. Each conversation of the generated corpus (generate-corpus.ts) is imported as
 * transcripts (one turn a line, the speaker as its role, the session's time) into a fresh mind,
 * and every question is asked as `memories.recall` asks it (mind/recall.ts with the mind's meaning
 * source, no access recorded). Beside it, in the same run and the same mind, plain bm25 over the
 * turns' own words, OR-ed. Reported per split and category: recall@5 and recall@10 (the share of a
 * question's evidence turns among the first 5 or 10 hits, averaged over questions), and recall's
 * latency. Targets on held-out: recall@10 ≥ bm25 + 0.15 overall, and no category below bm25.
 *
 * With `--provider openai` the mind's settings name the endpoint (as in the quality bench) and
 * every turn is embedded by its model first, so meaning takes part as it does for an agent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MindSettings } from '../../shared/settings';
import { meaningSource } from '../../src-main/consolidation/recall-meaning';
import { createProvider } from '../../src-main/consolidation/provider-factory';
import { reembedAll } from '../../src-main/consolidation/reembed';
import { writeSettings } from '../../src-main/consolidation/settings-store';
import { transcriptsImporter } from '../../src-main/interop/transcripts-importer';
import { openMind } from '../../src-main/mind/mind';
import { recall } from '../../src-main/mind/recall';
import { plainBm25Turns } from '../../src-main/store/turn-context-query';
import { summarize, type Timing } from '../measure';
import { CATEGORIES, type Category, type Conversation, type RecallCorpus, type SplitName } from './corpus';
import { checkRecallCorpus } from './corpus-checks';
import { generateRecallCorpus } from './generate-corpus';

export const RECALL_TARGETS = { marginOverBm25At10: 0.15 } as const;

const CUTOFFS = [5, 10] as const;
/** The turns of one session are this far apart in time (the session's date is what matters). */
const TURN_SPACING_MS = 30_000;

export interface RecallBenchOptions {
  splits: readonly SplitName[];
  settings: MindSettings;
  secrets: { openAiApiKey?: string | undefined };
  seed?: number;
  /** Another corpus than the generated one (a test's smaller one). */
  corpus?: RecallCorpus;
  /** The corpus comes from outside (`--recall-corpus`): measured as it is, without the generated corpus's fitness checks. */
  external?: boolean;
}

export interface AtCutoffs {
  recallAt5: number;
  recallAt10: number;
  bm25At5: number;
  bm25At10: number;
}

/** The share of evidence in the top k, averaged; and as a question found when any, or all, of its evidence is. */
export interface Scores extends AtCutoffs {
  questions: number;
  anyEvidence: AtCutoffs;
  allEvidence: AtCutoffs;
}

export interface SplitResult {
  split: SplitName;
  conversations: number;
  turns: number;
  byCategory: Record<Category, Scores>;
  overall: Scores;
  latency: Timing;
  cpu: Timing;
  meaning: string;
}

/** The share of `evidence` among the first `k` of `found`. */
export function recallAt(found: readonly (string | null)[], evidence: readonly string[], k: number): number {
  const top = new Set(found.slice(0, k));
  return evidence.filter((turn) => top.has(turn)).length / evidence.length;
}

/** Every word of the question, lowercased: what plain bm25 ORs together. */
export const plainWords = (question: string): string[] => [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];

interface Answered {
  category: Category;
  evidence: string[];
  /** The turns recall and plain bm25 returned, best first. */
  recall: (string | null)[];
  bm25: (string | null)[];
  ms: number;
  /** This process's CPU time for the question: what the wall time would be on an idle machine. */
  cpuMs: number;
}

async function measureConversation(conversation: Conversation, options: RecallBenchOptions, folder: string): Promise<{ answered: Answered[]; turns: number; meaning: string }> {
  const transcript = join(folder, `${conversation.id}.jsonl`);
  const lines = conversation.sessions.flatMap((session) =>
    session.turns.map((turn, i) =>
      JSON.stringify({ id: turn.id, conversation_id: conversation.id, timestamp: new Date(Date.parse(session.at) + i * TURN_SPACING_MS).toISOString(), role: turn.speaker, content: turn.text }),
    ),
  );
  writeFileSync(transcript, `${lines.join('\n')}\n`);
  const mind = openMind(join(folder, `${conversation.id}.mind`));
  try {
    const imported = await transcriptsImporter.run(mind, transcript);
    if (options.settings.provider === 'openai') {
      writeSettings(mind, { provider: 'openai', openai: options.settings.openai }, 'user');
      await reembedAll(mind, createProvider(options.settings, options.secrets).embedder);
    }
    const source = meaningSource(mind, options.secrets);
    const answered: Answered[] = [];
    for (const question of conversation.questions) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const meaning = await source.forQuery(question.question);
      const { hits } = recall(mind, { query: question.question, limit: 10 }, { actor: 'user', meaning, recordAccess: false });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const found = hits.map((h) => turnOf(h.memory.fields));
      const baseline = plainBm25Turns(mind.store.db, plainWords(question.question), 10).map((h) => h.turn);
      answered.push({
        category: question.category,
        evidence: question.evidence,
        recall: found,
        bm25: baseline,
        ms,
        cpuMs: (used.user + used.system) / 1000,
      });
    }
    return { answered, turns: imported.imported.byType.raw ?? 0, meaning: source.space };
  } finally {
    mind.close();
  }
}

function turnOf(fields: unknown): string | null {
  const source = (fields as { source?: { turnId?: unknown } }).source;
  return typeof source?.turnId === 'string' ? source.turnId : null;
}

function scoresOf(answered: readonly Answered[]): Scores {
  const mean = (values: number[]) => (values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000);
  const atCutoffs = (reading: (share: number) => number): AtCutoffs => {
    const [at5, at10] = CUTOFFS.map((k) => [mean(answered.map((a) => reading(recallAt(a.recall, a.evidence, k)))), mean(answered.map((a) => reading(recallAt(a.bm25, a.evidence, k))))]) as [
      number[],
      number[],
    ];
    return { recallAt5: at5[0] as number, bm25At5: at5[1] as number, recallAt10: at10[0] as number, bm25At10: at10[1] as number };
  };
  return {
    questions: answered.length,
    ...atCutoffs((share) => share),
    anyEvidence: atCutoffs((share) => (share > 0 ? 1 : 0)),
    allEvidence: atCutoffs((share) => (share === 1 ? 1 : 0)),
  };
}

export async function runRecallBench(options: RecallBenchOptions): Promise<SplitResult[]> {
  const corpus = options.corpus ?? generateRecallCorpus(options.seed);
  const { problems } = options.external === true ? { problems: [] } : checkRecallCorpus(corpus);
  if (problems.length > 0) throw new Error(`the recall corpus is not fit to measure with:\n  ${problems.join('\n  ')}`);
  const folder = mkdtempSync(join(tmpdir(), 'mindloom-recall-bench-'));
  try {
    const results: SplitResult[] = [];
    for (const split of options.splits) {
      const answered: Answered[] = [];
      let turns = 0;
      let meaning = '';
      for (const conversation of corpus.splits[split]) {
        const measured = await measureConversation(conversation, options, folder);
        answered.push(...measured.answered);
        turns += measured.turns;
        meaning = measured.meaning;
      }
      const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, scoresOf(answered.filter((a) => a.category === c))])) as Record<Category, Scores>;
      results.push({
        split,
        conversations: corpus.splits[split].length,
        turns,
        byCategory,
        overall: scoresOf(answered),
        latency: summarize('recall (limit 10) per question', answered.map((a) => a.ms)),
        cpu: summarize('recall (limit 10) per question, CPU time', answered.map((a) => a.cpuMs)),
        meaning,
      });
    }
    return results;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface RecallVerdict {
  check: string;
  value: number;
  target: string;
  pass: boolean;
}

/** The targets, on held-out: recall@10 at least bm25 + 0.15 overall, no category below bm25. */
export function recallVerdicts(results: readonly SplitResult[]): RecallVerdict[] {
  const heldout = results.find((r) => r.split === 'heldout');
  if (heldout === undefined) return [];
  const o = heldout.overall;
  const verdicts: RecallVerdict[] = [
    {
      check: 'recall@10 over bm25@10',
      value: Math.round((o.recallAt10 - o.bm25At10) * 1000) / 1000,
      target: `≥ ${RECALL_TARGETS.marginOverBm25At10}`,
      pass: o.recallAt10 - o.bm25At10 >= RECALL_TARGETS.marginOverBm25At10,
    },
  ];
  for (const category of CATEGORIES) {
    const s = heldout.byCategory[category];
    verdicts.push({ check: `${category} recall@10 − bm25@10`, value: Math.round((s.recallAt10 - s.bm25At10) * 1000) / 1000, target: '≥ 0', pass: s.recallAt10 >= s.bm25At10 });
  }
  return verdicts;
}
