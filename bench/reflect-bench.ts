/**
 * The reflect bench (`npm run bench -- --reflect`): reflection by the agent on a copy of the 100k
 * mind, through the SDK's client (in process, the protocol's messages included). Targets:
 * `reflect` handing out a batch of 50 episodes < 100 ms; `propose_beliefs` of 10 beliefs < 50 ms.
 * Each proposal cites three episodes of its batch and words a statement from the first one's
 * objective: the same checks (citations, rejections, near-duplicates, contradictions) and the same
 * one-run write as an agent's answer. The copy is made afresh for every run (answers consume episodes).
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMind } from '../src-main/mind/mind';
import { type Batch, connectReflectingAgent, type ProposeOutcome } from './quality/scripted-agent';
import { summarize, type Timing } from './measure';

const benchDir = dirname(fileURLToPath(import.meta.url));

export const REFLECT_TARGETS = { reflect50Ms: 100, propose10Ms: 50 } as const;

export interface ReflectBenchResult {
  size: number;
  reps: number;
  timings: Timing[];
  /** What the answers came to, summed over the timed proposals. */
  outcomes: { created: number; reinforced: number; dropped: number };
}

export async function runReflectBench(options: { mindPath: string; size: number; seed: number; reps?: number }): Promise<ReflectBenchResult> {
  const reps = options.reps ?? 30;
  const work = join(benchDir, '.cache', `mind-${options.size}-${options.seed}-reflect-run.mind`);
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${work}${suffix}`, { force: true });
  };
  remove();
  copyFileSync(options.mindPath, work);
  const mind = openMind(work, { mustExist: true });
  const agent = await connectReflectingAgent(mind, new Map(), 'bench');
  try {
    const time = async <T>(call: () => Promise<T>): Promise<[number, T]> => {
      const started = performance.now();
      const value = await call();
      return [performance.now() - started, value];
    };
    // Untimed: statements compile, the OS caches the pages, V8 optimizes.
    for (let i = 0; i < 5; i++) await agent.call('reflect', { episodes: 50 });
    const reflectTimes: number[] = [];
    for (let i = 0; i < reps; i++) reflectTimes.push((await time(() => agent.call<Batch>('reflect', { episodes: 50, captures: 0 })))[0]);

    const proposeTimes: number[] = [];
    const outcomes = { created: 0, reinforced: 0, dropped: 0 };
    for (let i = -3; i < reps; i++) {
      const batch = await agent.call<Batch>('reflect', { episodes: 50, captures: 0 });
      if (batch.batch === null) break;
      const episodes = [...batch.groups.flatMap((g) => g.episodes), ...batch.ungrouped.map((u) => u.episode)];
      const beliefs = Array.from({ length: 10 }, (_, k) => {
        const cites = episodes.slice(k * 3, k * 3 + 3);
        const objective = (cites[0]?.text ?? '').split(' → ')[0] ?? '';
        return { statement: `Usually, ${objective.charAt(0).toLowerCase()}${objective.slice(1)} pays off`, cites: cites.map((e) => e.id) };
      }).filter((b) => b.cites.length > 0);
      const [ms, outcome] = await time(() => agent.call<ProposeOutcome>('propose_beliefs', { batch: batch.batch, beliefs }));
      if (i < 0) continue;
      proposeTimes.push(ms);
      outcomes.created += outcome.accepted.filter((a) => a.outcome === 'created').length;
      outcomes.reinforced += outcome.accepted.filter((a) => a.outcome === 'reinforced').length;
      outcomes.dropped += outcome.dropped.length;
    }
    return {
      size: options.size,
      reps,
      timings: [summarize('reflect (batch of 50 episodes)', reflectTimes), summarize('propose_beliefs (10 beliefs, 3 episodes each)', proposeTimes)],
      outcomes,
    };
  } finally {
    await agent.close();
    mind.close();
    remove();
  }
}

export function reportReflectBench(result: ReflectBenchResult, machine: Record<string, unknown>): void {
  const [reflect, propose] = result.timings as [Timing, Timing];
  const verdicts = {
    reflect: reflect.medianMs < REFLECT_TARGETS.reflect50Ms ? 'PASS' : 'MISS',
    propose: propose.medianMs < REFLECT_TARGETS.propose10Ms ? 'PASS' : 'MISS',
  };
  const header = `${`Reflect @ ${result.size.toLocaleString('en')} memories`.padEnd(50)}${'median'.padStart(9)}${'p95'.padStart(9)}${'reps'.padStart(6)}`;
  const lines = result.timings.map((t) => `${t.name.padEnd(50)}${t.medianMs.toFixed(2).padStart(9)}${t.p95Ms.toFixed(2).padStart(9)}${String(t.reps).padStart(6)}`);
  process.stdout.write(
    `\n${header}\n${'-'.repeat(header.length)}\n${lines.join('\n')}\n` +
      `reflect p50 target < ${REFLECT_TARGETS.reflect50Ms} ms: ${verdicts.reflect}; propose_beliefs p50 target < ${REFLECT_TARGETS.propose10Ms} ms: ${verdicts.propose}; ` +
      `answers: ${result.outcomes.created} created, ${result.outcomes.reinforced} reinforced, ${result.outcomes.dropped} dropped\n`,
  );
  const out = join(benchDir, 'results', 'reflect.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, ...result, targets: REFLECT_TARGETS, verdicts }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
