/**
 * `npm run bench -- --quality [--provider openai] [--corpus NAME] [--split NAME] [--settings-from MIND]`:
 * runs the quality benchmark over the corpora and splits, prints one block per split, checks the
 * targets on the held-out splits and writes bench/results/quality.json.
 *
 * With `--provider openai` the endpoint is the one a person configured: the openai settings of
 * the mind named by --settings-from (as the app's Settings saved them), else the environment
 * (MINDLOOM_OPENAI_BASE_URL, MINDLOOM_OPENAI_CHAT_MODEL, MINDLOOM_OPENAI_EMBEDDING_MODEL) over
 * the defaults; the key comes from MINDLOOM_OPENAI_API_KEY or OPENAI_API_KEY, as for the CLI.
 * `--provider agent` says that a real model must answer (the connected agent's, through MCP
 * sampling) and runs a scripted agent answering with the planted lessons, labelled as such.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SETTINGS, mergeSettings, type MindSettings, type ProviderId } from '../../shared/settings';
import { createProvider } from '../../src-main/consolidation/provider-factory';
import { readSettings } from '../../src-main/consolidation/settings-store';
import { openMind } from '../../src-main/mind/mind';
import { createSamplingProvider } from '../../src-main/agent/sampling-provider';
import { type Corpus, type CorpusName, loadCorpus, type SplitName } from './corpus';
import { checkCorpus } from './corpus-checks';
import { WORDNET_POS, wordNet } from '../../src-main/consolidation/offline/wordnet';
import { measureSplit, type SplitMeasurement } from './quality-bench';
import { connectSamplingAgent, plantedLessons } from './scripted-agent';

const resultsDir = join(dirname(dirname(fileURLToPath(import.meta.url))), 'results');

/** The targets, on the held-out splits with the offline provider. */
export const QUALITY_TARGETS = {
  lexicalRecall: 0.95,
  paraphraseRecall: 0.6,
  maxImpureShare: 0.1,
  maxSingletonBuilt: 0,
  maxDuplicateShare: 0.05,
  minReinforcement: 0.9,
} as const;

export interface QualityOptions {
  provider: ProviderId;
  corpora: readonly CorpusName[];
  splits: readonly SplitName[];
  settingsFrom?: string;
  env: NodeJS.ProcessEnv;
}

export interface Verdict {
  corpus: CorpusName;
  check: string;
  value: number | null;
  target: string;
  pass: boolean;
}

export function qualitySettings(options: Pick<QualityOptions, 'provider' | 'settingsFrom' | 'env'>): MindSettings {
  let base = DEFAULT_SETTINGS;
  if (options.settingsFrom !== undefined) {
    const mind = openMind(options.settingsFrom, { mustExist: true });
    try {
      base = readSettings(mind);
    } finally {
      mind.close();
    }
  } else {
    const env = options.env;
    base = mergeSettings(base, {
      openai: {
        ...(env.MINDLOOM_OPENAI_BASE_URL ? { baseUrl: env.MINDLOOM_OPENAI_BASE_URL } : {}),
        ...(env.MINDLOOM_OPENAI_CHAT_MODEL ? { chatModel: env.MINDLOOM_OPENAI_CHAT_MODEL } : {}),
        ...(env.MINDLOOM_OPENAI_EMBEDDING_MODEL ? { embeddingModel: env.MINDLOOM_OPENAI_EMBEDDING_MODEL } : {}),
      },
    });
  }
  return mergeSettings(base, { provider: options.provider });
}

/** The corpora the issue sets targets for; paraphrase-strict is reported without. */
const RECALL_TARGET: Partial<Record<CorpusName, number>> = { lexical: QUALITY_TARGETS.lexicalRecall, paraphrase: QUALITY_TARGETS.paraphraseRecall };

export function verdictsFor(measurements: readonly SplitMeasurement[]): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const m of measurements.filter((x) => x.split === 'heldout')) {
    const corpus = m.corpus as CorpusName;
    const recallTarget = RECALL_TARGET[corpus];
    if (recallTarget === undefined) continue;
    const push = (check: string, value: number | null, target: string, pass: boolean) => verdicts.push({ corpus, check, value, target, pass });
    push('topic recall', m.structure.recall, `≥ ${recallTarget}`, m.structure.recall >= recallTarget);
    push('impure beliefs', m.structure.impureShare, `≤ ${QUALITY_TARGETS.maxImpureShare}`, m.structure.impureShare <= QUALITY_TARGETS.maxImpureShare);
    push('beliefs built on singletons', m.structure.singletonBuilt, `= ${QUALITY_TARGETS.maxSingletonBuilt}`, m.structure.singletonBuilt <= QUALITY_TARGETS.maxSingletonBuilt);
    push('duplicate beliefs', m.structure.duplicateShare, `≤ ${QUALITY_TARGETS.maxDuplicateShare}`, m.structure.duplicateShare <= QUALITY_TARGETS.maxDuplicateShare);
    const rate = m.reinforcement.rate;
    push('reinforcement of a known topic', rate, `≥ ${QUALITY_TARGETS.minReinforcement}`, rate !== null && rate >= QUALITY_TARGETS.minReinforcement);
  }
  return verdicts;
}

/** What it costs the offline provider to open WordNet: each part of speech's index file read once (wordnet.ts). */
function wordnetOpenMs(): number {
  const started = performance.now();
  for (const pos of WORDNET_POS) wordNet().lemmas('tests', pos);
  return Math.round((performance.now() - started) * 10) / 10;
}

export async function runQualityBench(options: QualityOptions): Promise<{ measurements: SplitMeasurement[]; verdicts: Verdict[]; wordnetOpenMs: number }> {
  const wordnet = wordnetOpenMs();
  const settings = qualitySettings(options);
  const secrets = { openAiApiKey: options.env.MINDLOOM_OPENAI_API_KEY?.trim() || options.env.OPENAI_API_KEY?.trim() };
  const scripted = options.provider === 'agent';
  const provider = () => createProvider(settings, secrets);
  if (scripted) process.stdout.write(`${AGENT_PROVIDER_NOTICE}\n`);
  else provider(); // a missing key fails here, before any corpus is loaded
  const measurements: SplitMeasurement[] = [];
  for (const name of options.corpora) {
    const corpus = loadCorpus(name);
    const { problems } = checkCorpus(corpus);
    if (problems.length > 0) throw new Error(`the ${name} corpus is not fit to measure with:\n  ${problems.join('\n  ')}`);
    for (const split of options.splits) {
      const measurement = scripted ? await measureScripted(corpus, split, settings) : await measureSplit(corpus, split, { provider, settings });
      measurements.push(measurement);
      process.stdout.write(describe(measurement));
    }
  }
  process.stdout.write(`\nWordNet opened (four index files read) in ${wordnet} ms\n`);
  return { measurements, verdicts: verdictsFor(measurements), wordnetOpenMs: wordnet };
}

/** What `--provider agent` says before it runs: no model answers here, so what runs is scripted. */
export const AGENT_PROVIDER_NOTICE = [
  "--provider agent: consolidation with the connected agent's model asks that model through MCP sampling, so a real model must answer:",
  "connect an agent with `mindloom mcp` whose client offers sampling and set Settings → Model provider to \"The connected agent's model\".",
  'No model answers in this bench. What runs instead is a SCRIPTED AGENT: an MCP client that answers each sampling request with the',
  "corpus's planted lessons. Its figures measure Mindloom's side of the path (prompts, answers read and checked, lineage, runs, with the",
  "offline clustering), not a model's judgement; they are written to quality-agent.json, apart from the offline results.",
].join('\n');

async function measureScripted(corpus: Corpus, split: SplitName, settings: MindSettings): Promise<SplitMeasurement> {
  const agent = await connectSamplingAgent(plantedLessons(corpus.splits[split]));
  try {
    const measurement = await measureSplit(corpus, split, { provider: () => createSamplingProvider(agent.server), settings });
    return { ...measurement, provider: 'agent (scripted: planted answers)' };
  } finally {
    await agent.close();
  }
}

const pct = (x: number | null) => (x === null ? '   n/a' : `${(x * 100).toFixed(1).padStart(5)}%`);

function describe(m: SplitMeasurement): string {
  const s = m.structure;
  const r = m.reinforcement;
  const p = m.pairs;
  return [
    '',
    `${m.corpus} / ${m.split} (${m.provider}): ${m.episodes} episodes, ${s.topics} topics → ${s.beliefs} beliefs in ${(m.consolidationMs / 1000).toFixed(2)} s over ${m.runs.length} runs`,
    `  nearest neighbour       ${pct(m.neighbours.nearestSameTopic)}  of topic episodes from their own topic (${pct(m.neighbours.topThreeSameTopic).trim()} of their three nearest)`,
    `  topic recall            ${pct(s.recall)}  (${s.recovered} of ${s.topics})`,
    `  mean purity             ${pct(s.meanPurity)}`,
    `  impure beliefs          ${pct(s.impureShare)}  (${s.impure})`,
    `  built on singletons     ${String(s.singletonBuilt).padStart(6)}`,
    `  duplicate beliefs       ${pct(s.duplicateShare)}  (${s.duplicates})`,
    `  contradictions found    ${String(p.contradictionPairsFound).padStart(6)}  of ${p.contradictionPairs} planted pairs (${p.contradictionPairsFoundAsBeliefs} between two beliefs, the rest as counter-evidence; ${p.contradictionPairsRecovered} with both topics recovered)`,
    `  shared-vocabulary mixed ${String(p.sharedVocabularyPairsMixed).padStart(6)}  of ${p.sharedVocabularyPairs} pairs`,
    `  reinforcement           ${pct(r.rate)}  (${r.reinforcedRight} of ${r.eligible} later episodes; ${r.reinforcedWrong} on another belief, ${r.duplicated} drafted anew)`,
    `  statements copying an episode ${m.statementsCopyingAnEpisode}`,
    '',
  ].join('\n');
}

export function writeQualityReport(
  result: { measurements: SplitMeasurement[]; verdicts: Verdict[]; wordnetOpenMs: number },
  settings: MindSettings,
  machine: Record<string, unknown>,
): string {
  const out = join(resultsDir, settings.provider === 'agent' ? 'quality-agent.json' : 'quality.json');
  mkdirSync(dirname(out), { recursive: true });
  const endpoint = settings.provider === 'openai' ? { baseUrl: settings.openai.baseUrl, chatModel: settings.openai.chatModel, embeddingModel: settings.openai.embeddingModel } : null;
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, provider: settings.provider, ...(settings.provider === 'agent' ? { notice: AGENT_PROVIDER_NOTICE } : {}), endpoint, wordnetOpenMs: result.wordnetOpenMs, targets: QUALITY_TARGETS, verdicts: result.verdicts, measurements: result.measurements }, null, 2)}\n`,
  );
  const lines = result.verdicts.map((v) => `  ${v.pass ? 'PASS' : 'MISS'}  ${v.corpus.padEnd(11)} ${v.check.padEnd(32)} ${v.value === null ? 'n/a' : v.value.toFixed(3)} (target ${v.target})`);
  process.stdout.write(`\nheld-out targets (${settings.provider}):\n${lines.join('\n')}\nwrote ${relative(process.cwd(), out)}\n`);
  return out;
}
