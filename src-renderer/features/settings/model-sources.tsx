/**
 * Where a model can come from, found rather than typed (`providers.discover`): the agents connected
 * over MCP that lend their model (the `agent` provider), and the local model servers on loopback
 * (Ollama, LM Studio) with their chat and embedding models, each set with one click.
 */
import { useQuery } from '@tanstack/react-query';
import type { LocalModelServer, ModelSources } from '../../../shared/contract/providers';
import type { OpenAiSettings, SettingsPatch } from '../../../shared/settings';
import { useApi } from '../../api/client';
import { settingsQueries } from '../../api/queries';
import { TimeAgo } from '../../components/time-ago';

export function useModelSources() {
  return useQuery(settingsQueries.modelSources(useApi()));
}

/** The radio for the connected agent's model, and who (if anyone) lends it now. */
export function AgentModelOption({ checked, onChoose, agents }: { checked: boolean; onChoose: () => void; agents: ModelSources['agents'] | undefined }) {
  const connected = agents !== undefined && agents.length > 0;
  return (
    <>
      <label className="check">
        <input type="radio" name="provider" value="agent" checked={checked} disabled={!connected && !checked} onChange={onChoose} aria-describedby="agent-model-status" />
        The connected agent&apos;s model
      </label>
      <p className="dim" id="agent-model-status" data-testid="agent-model-status">
        {connected ? (
          <>
            {agents.map((a, i) => (
              <span key={a.agent + a.since}>
                {i > 0 && ', '}
                {a.agent} (connected <TimeAgo iso={a.since} />)
              </span>
            ))}{' '}
            lends its model through MCP sampling; scheduled runs ask it.
          </>
        ) : (
          'No connected agent offers its model (MCP sampling): scheduled runs are offline until one connects.'
        )}
      </p>
    </>
  );
}

/**
 * The local servers with their models. A click sets the server's OpenAI-compatible address and
 * the model; choosing a chat model also takes one of the server's embedding models when the
 * current one is not there (the provider reaches both through one address).
 */
export function LocalModels({ openai, onUse, saving }: { openai: OpenAiSettings; onUse: (patch: SettingsPatch) => void; saving: boolean }) {
  const sources = useModelSources();
  const use = (server: LocalModelServer, model: string, role: 'chat' | 'embedding') => {
    const sameServer = openai.baseUrl === server.baseUrl;
    const patch: SettingsPatch['openai'] =
      role === 'chat'
        ? {
            baseUrl: server.baseUrl,
            chatModel: model,
            ...(sameServer || server.embeddingModels.includes(openai.embeddingModel) || server.embeddingModels[0] === undefined ? {} : { embeddingModel: server.embeddingModels[0] }),
          }
        : { baseUrl: server.baseUrl, embeddingModel: model, ...(sameServer || server.chatModels[0] === undefined ? {} : { chatModel: server.chatModels[0] }) };
    onUse({ provider: 'openai', openai: patch });
  };
  return (
    <section className="local-models" aria-labelledby="local-models-title">
      <div className="local-models-head">
        <h3 id="local-models-title">Local models</h3>
        <button type="button" onClick={() => void sources.refetch()} disabled={sources.isFetching}>
          {sources.isFetching ? 'Looking…' : 'Look again'}
        </button>
      </div>
      {sources.isError && <p className="note">Could not look for local models: {sources.error.message}</p>}
      {sources.data?.servers.map((server) => (
        <div key={server.kind} className="local-server" data-testid={`local-server-${server.kind}`}>
          <p>
            <strong>{server.label}</strong> <code>{server.address}</code>{' '}
            {server.reachable ? <span className="badge">running</span> : <span className="dim">{server.error}</span>}
          </p>
          {server.reachable && (
            <ul className="model-list">
              {server.chatModels.map((model) => (
                <ModelRow key={`chat:${model}`} model={model} role="chat" current={openai.baseUrl === server.baseUrl && openai.chatModel === model} disabled={saving} onUse={() => use(server, model, 'chat')} />
              ))}
              {server.embeddingModels.map((model) => (
                <ModelRow key={`embedding:${model}`} model={model} role="embedding" current={openai.baseUrl === server.baseUrl && openai.embeddingModel === model} disabled={saving} onUse={() => use(server, model, 'embedding')} />
              ))}
              {server.chatModels.length + server.embeddingModels.length === 0 && <li className="dim">No models yet: pull or load one there.</li>}
            </ul>
          )}
        </div>
      ))}
      <p className="dim">A local server checks no API key: any value set below will do.</p>
    </section>
  );
}

function ModelRow({ model, role, current, disabled, onUse }: { model: string; role: 'chat' | 'embedding'; current: boolean; disabled: boolean; onUse: () => void }) {
  return (
    <li>
      <code>{model}</code> <span className="dim">{role}</span>{' '}
      {current ? (
        <span className="badge">in use</span>
      ) : (
        <button type="button" disabled={disabled} onClick={onUse} aria-label={`Use ${model} as the ${role} model`}>
          Use for {role}
        </button>
      )}
    </li>
  );
}
