/** The session calls: which mind is open, opening and creating one, the demo, the recent list. */
import { MindError } from '../../shared/errors';
import type { ApiContext, HandlerSlice } from './handler-table';

type SessionCall = 'app.info' | 'session.status' | 'session.openDemo' | 'session.create' | 'session.open' | 'session.recent';

export function sessionCalls(ctx: ApiContext): HandlerSlice<SessionCall> {
  const { session, platform } = ctx;
  /** The path the person gave, or one they pick in a dialog; null when they cancel it. */
  const pathFor = async (kind: 'open' | 'save', given: string | undefined): Promise<string | null> => {
    if (given !== undefined) return given;
    if (!platform.pickFile) {
      throw new MindError('unsupported', 'This window cannot show a file dialog: give the path of the mind file.');
    }
    return platform.pickFile(kind);
  };

  return {
    'app.info': () => ({
      version: platform.appVersion,
      transport: platform.transport,
      capabilities: { pickFile: platform.pickFile !== null, secrets: platform.secrets.writable },
    }),
    'session.status': () => session.status(),
    'session.openDemo': () => session.openDemo(),
    'session.create': async (request) => {
      const path = await pathFor('save', request?.path);
      return path === null ? session.status() : session.create(path);
    },
    'session.open': async (request) => {
      const path = await pathFor('open', request?.path);
      return path === null ? session.status() : session.open(path);
    },
    'session.recent': () => ({ paths: session.recent() }),
  };
}
