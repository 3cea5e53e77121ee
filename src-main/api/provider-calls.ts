/** Where a model can come from: connected agents that lend theirs, local model servers on loopback. */
import { discoverLocalModels, type LocalServerAddresses, localServerAddresses } from '../consolidation/local-models';
import { iso } from '../mind/present';
import { connectedSamplingAgents } from '../mind/sampling-agents';
import type { ApiContext, HandlerSlice } from './handler-table';

export function providerCalls(ctx: ApiContext, addresses: LocalServerAddresses = localServerAddresses()): HandlerSlice<'providers.discover'> {
  return {
    'providers.discover': async () => ({
      agents: connectedSamplingAgents(ctx.session.mind()).map((a) => ({ agent: a.agent, since: iso(a.since) as string })),
      servers: await discoverLocalModels(addresses),
    }),
  };
}
