/**
 * The connected agent's model consolidates, end to end: the SDK's client spawns the built CLI
 * (`mindloom mcp`) over stdio and declares sampling; with the mind's provider set to the agent's
 * model and enough episodes waiting, the server runs consolidation and asks the client through
 * `sampling/createMessage` with the synthesis prompt; the client answers as a model would, and the
 * belief it names lands pending, drafted from the episodes, in a run whose provider is `agent`.
 * While connected, the app sees the agent; once the client hangs up, it does not.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema, type CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../api/api-test-support';
import { writeSettings } from '../../consolidation/settings-store';
import { createMemory } from '../../mind/create';
import { getMemoryView } from '../../mind/memory-view';
import { type Mind, openMind } from '../../mind/mind';
import { listRunHistory } from '../../mind/run-history';
import { connectedSamplingAgents } from '../../mind/sampling-agents';
import { journalOfRun } from '../../store/consolidation-runs-repo';
import { tempDir } from './cli-test-kit';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin', 'mindloom.js');
const LESSON = 'Warming the redis cache before a deploy keeps the first requests fast';

let mind: Mind | null = null;
let client: Client | null = null;

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'pipe' });
}, 120_000);

afterEach(async () => {
  await client?.close();
  mind?.close();
});

it('runs due consolidation with the connected agent\'s model through sampling/createMessage', async () => {
  const mindPath = join(tempDir(), 'sampled.mindloom');
  const opened = openMind(mindPath);
  mind = opened;
  writeSettings(opened, { provider: 'agent', scheduler: { everyEpisodes: 3 } }, 'user');
  const episodes = [
    ['Warm the redis cache before the release', 'the first requests after deploy stayed fast with a warmed redis cache'],
    ['Skipped warming the redis cache on Friday', 'a cold redis cache made the first requests after deploy slow'],
    ['Warmed the redis cache on Monday', 'requests after deploy were fast because the redis cache was warm'],
  ].map(([objective, outcome]) => createMemory(opened, { type: 'episode', content: `${objective} → ${outcome}`, fields: { outcome, lessons: [] } }, { actor: 'agent:claude' }).id);

  const prompts: string[] = [];
  const connected = new Client({ name: 'sampling-agent', version: '1.0.0' }, { capabilities: { sampling: {} } });
  client = connected;
  connected.setRequestHandler(CreateMessageRequestSchema, (request): CreateMessageResult => {
    const message = request.params.messages[0];
    const prompt = message && !Array.isArray(message.content) && message.content.type === 'text' ? message.content.text : '';
    prompts.push(prompt);
    const answer = prompt.includes('generalized belief')
      ? { statement: LESSON, subject: 'redis cache', predicate: 'keeps requests fast', context: 'deploys', timeframe: 'current', citations: episodes }
      : { suggest: 'skip', reason: 'nothing to keep' };
    return { model: 'scripted-model', role: 'assistant', content: { type: 'text', text: JSON.stringify(answer) } };
  });
  await connected.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--mind', mindPath, '--agent', 'sampler'], cwd: tempDir(), stderr: 'pipe' }));

  await waitFor(() => connectedSamplingAgents(opened).length === 1, 'the agent announced', 20_000);
  expect(connectedSamplingAgents(opened)[0]?.agent).toBe('agent:sampler');
  await waitFor(() => listRunHistory(opened).items.some((r) => r.status === 'completed'), 'a completed run', 30_000);
  const [run] = listRunHistory(opened).items;
  expect(run).toMatchObject({ provider: 'agent', trigger: 'episodes', status: 'completed' });
  expect(prompts.some((p) => p.includes('You are extracting a generalized belief') && episodes.every((id) => p.includes(`[${id}]`)))).toBe(true);

  const created = journalOfRun(opened.store.db, run?.id ?? '').filter((row) => row.op === 'create');
  expect(created).toHaveLength(1);
  const belief = getMemoryView(opened, created[0]?.memoryId ?? '');
  expect(belief).toMatchObject({ type: 'belief', content: LESSON, reviewStatus: 'pending', alpha: 4 });

  await connected.close();
  client = null;
  await waitFor(() => connectedSamplingAgents(opened).length === 0, 'the agent withdrawn', 20_000);
}, 90_000);
