/**
 * The host under fuzz, as a process of its own (`node --import tsx fuzz-host-process.ts APP_DATA`):
 * a session and the real API handler table, answering the fuzz over the IPC channel. A process,
 * so a call that never returns (an endless source, a FIFO with no writer) or grows without bound
 * is seen from outside as a host that stopped answering, and killed, instead of taking the fuzz
 * down with it.
 */
import { type Api, createApi } from '../../api/api';
import { environmentSecrets } from '../../api/platform';
import { createSession, type Session } from '../../api/session';
import type { HostReply, HostRequest } from './fuzz-host-messages';

const appDataDir = process.argv[2];
if (appDataDir === undefined) throw new Error('usage: fuzz-host-process.ts APP_DATA_DIR');

const logs: string[] = [];
const logError = (message: string, error: unknown) => {
  const detail = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
  logs.push(`${message}: ${detail}`.slice(0, 500));
};
// One session and API per opened mind, disposed (scheduler, worker, backups stopped) when it closes:
// closing is the host stopping, as far as the mind can tell.
let open: { session: Session; api: Api } | null = null;
const start = () => {
  const session = createSession({ appDataDir, logError });
  // No secrets and no dialogs: a provider switched to OpenAI finds no key, and a path is always given.
  const platform = { transport: 'http', appVersion: '0.0.0-fuzz', appDataDir, pickFile: null, secrets: environmentSecrets({}) } as const;
  return { session, api: createApi(session, platform, { schedulerOptions: { pollMs: null }, logError }) };
};
const stop = async () => {
  if (!open) return;
  const { session, api } = open;
  open = null;
  await api.dispose();
  session.close();
};

const reply = (message: HostReply) => process.send?.(message);

process.on('message', (message: HostRequest) => {
  switch (message.op) {
    case 'ping':
      reply({ id: message.id, op: 'pong' });
      return;
    case 'open':
      void stop().then(() => {
        open = start();
        reply({ id: message.id, op: 'opened', status: open.session.open(message.path) });
      });
      return;
    case 'close':
      void stop().then(() => reply({ id: message.id, op: 'closed' }));
      return;
    case 'call': {
      const started = performance.now();
      open ??= start();
      void open.api.dispatch(message.name, message.payload).then((result) => {
        reply({ id: message.id, op: 'answer', result, ms: performance.now() - started, logs: logs.splice(0) });
      });
      return;
    }
    case 'exit':
      void stop().finally(() => process.exit(0));
  }
});
reply({ id: 0, op: 'ready' });
