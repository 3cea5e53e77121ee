/**
 * Settings → Model provider finds models instead of asking for them: the local servers on loopback
 * (test doubles that speak Ollama's and LM Studio's listing endpoints) list their chat and embedding
 * models, and one click sets one; the connected agent's model is offered once an agent that lends
 * it (MCP sampling) is connected, and chosen like any provider.
 */
import { expect, test } from '../fixtures';
import { announceSamplingAgent, withdrawSamplingAgent } from '../../src-main/mind/sampling-agents';
import { type FakeLocalModelServers, startFakeLocalModelServers } from '../../src-main/consolidation/fake-local-model-servers';

let fakes: FakeLocalModelServers;

test.beforeAll(async () => {
  fakes = await startFakeLocalModelServers();
  // The host (in this process) looks for the local servers where the environment says.
  process.env.MINDLOOM_OLLAMA_URL = fakes.ollama;
  process.env.MINDLOOM_LMSTUDIO_URL = fakes.lmstudio;
});

test.afterAll(async () => {
  delete process.env.MINDLOOM_OLLAMA_URL;
  delete process.env.MINDLOOM_LMSTUDIO_URL;
  await fakes.close();
});

test.use({ mind: { kind: 'empty' } });

test('local models are listed and set with a click', async ({ app, outside }) => {
  await app.go('#/settings');
  const card = app.settings.card('Model provider');
  const ollama = card.getByTestId('local-server-ollama');
  await expect(ollama).toContainText('running');
  await expect(ollama.getByRole('listitem')).toHaveText([/llama3\.2:3b\s+chat/, /qwen2\.5:7b\s+chat/, /nomic-embed-text:latest\s+embedding/]);
  await expect(card.getByTestId('local-server-lmstudio').getByRole('listitem')).toHaveText([/meta-llama-3\.1-8b-instruct\s+chat/, /text-embedding-nomic-embed-text-v1\.5\s+embedding/]);

  await ollama.getByRole('button', { name: 'Use llama3.2:3b as the chat model' }).click();
  await expect(app.toasts.withText('Settings saved.')).toBeVisible();
  await expect(ollama.getByRole('listitem').filter({ hasText: 'llama3.2:3b' })).toContainText('in use');
  await expect(card.getByRole('radio', { name: 'OpenAI-compatible endpoint' })).toBeChecked();
  await expect(card.getByRole('textbox', { name: 'Base URL' })).toHaveValue(`${fakes.ollama}/v1`);
  // The server's embedding model comes along: the provider reaches both through one address.
  expect(outside().settings()).toMatchObject({ provider: 'openai', openai: { baseUrl: `${fakes.ollama}/v1`, chatModel: 'llama3.2:3b', embeddingModel: 'nomic-embed-text:latest' } });

  await card.getByTestId('local-server-lmstudio').getByRole('button', { name: 'Use text-embedding-nomic-embed-text-v1.5 as the embedding model' }).click();
  await expect.poll(() => outside().settings().openai).toMatchObject({ baseUrl: `${fakes.lmstudio}/v1`, embeddingModel: 'text-embedding-nomic-embed-text-v1.5', chatModel: 'meta-llama-3.1-8b-instruct' });
});

test("the connected agent's model is offered while an agent lends it", async ({ app, host, outside }) => {
  await app.go('#/settings');
  const card = app.settings.card('Model provider');
  const agentOption = card.getByRole('radio', { name: "The connected agent's model" });
  await expect(agentOption).toBeDisabled();
  await expect(card.getByTestId('agent-model-status')).toHaveText(/No connected agent offers its model/);

  // What `mindloom mcp` does when its client declares sampling (agent/sampling-runs.ts).
  announceSamplingAgent(host.session.mind(), 'agent:claude', Date.now());
  try {
    await card.getByRole('button', { name: 'Look again' }).click();
    await expect(card.getByTestId('agent-model-status')).toHaveText(/agent:claude \(connected .*\) lends its model through MCP sampling/);
    await agentOption.check();
    await card.getByRole('button', { name: 'Save provider' }).click();
    await expect(app.toasts.withText('Settings saved.')).toBeVisible();
    expect(outside().settings().provider).toBe('agent');
  } finally {
    withdrawSamplingAgent(host.session.mind());
  }
});
