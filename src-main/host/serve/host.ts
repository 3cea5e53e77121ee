/**
 * The headless host: the renderer and the API over HTTP on loopback, for a browser (a person on
 * a headless box, the e2e tests). Only 127.0.0.1, only with the random token, only under our own
 * host name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type CallResult, HTTP_PATHS } from '../../../shared/contract';
import type { ErrorCode } from '../../../shared/errors';
import { createApi } from '../../api/api';
import { environmentSecrets, type Platform } from '../../api/platform';
import { createSession, type Session } from '../../api/session';
import { MindError } from '../../../shared/errors';
import { MCP_HTTP_PATH, mcpHttpEndpoint } from '../../agent/http';
import { openMind } from '../../mind/mind';
import { newToken, refusalOf, tokenCookie, tokensMatch } from './auth';
import { LOOPBACK, reachableAt } from './bind-address';
import { answerMcp } from './mcp-route';
import { readBody } from './request-body';
import { eventStreams } from './event-stream';
import { findPackage } from './package-root';
import { setSecurityHeaders } from './security-headers';
import { checkRendererDir, findStaticFile } from './static-files';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface HostOptions {
  /** A mind to open at start (a bad file shows as the session's error status). */
  mindPath?: string;
  /** Start with a fresh demo mind (wins over mindPath). */
  demo?: boolean;
  /** 0 or absent: any free port. */
  port?: number;
  /** The address to listen on (default 127.0.0.1; another one is reachable from other machines). */
  host?: string;
  /** The access token (browser and agents alike); default: a new random one. */
  token?: string;
  /** The built renderer; default: out/renderer in the package. */
  rendererDir?: string;
  /** The recent list and demo minds; default: a temp folder removed on close. */
  appDataDir?: string;
  /** How often outside writes are looked for (ms). */
  pollMs?: number;
  logError?: (message: string, error: unknown) => void;
}

export interface RunningHost {
  /** The address to open, token included. */
  url: string;
  /** Where agents reach the mind over MCP (Streamable HTTP, the same token as a bearer). */
  mcpUrl: string;
  token: string;
  port: number;
  session: Session;
  close(): Promise<void>;
}

export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const pkg = findPackage();
  const rendererDir = resolve(options.rendererDir ?? join(pkg.root, 'out', 'renderer'));
  checkRendererDir(rendererDir);
  const ownDataDir = options.appDataDir === undefined ? mkdtempSync(join(tmpdir(), 'mindloom-serve-')) : null;
  const appDataDir = options.appDataDir ?? (ownDataDir as string);
  const logError = options.logError ?? ((message, error) => console.error(message, error));

  const session = createSession({ appDataDir, pollMs: options.pollMs, logError });
  const platform: Platform = {
    transport: 'http',
    appVersion: pkg.version,
    appDataDir,
    pickFile: null,
    secrets: environmentSecrets(),
  };
  const api = createApi(session, platform, { logError });
  const streams = eventStreams(api.subscribe);
  const token = options.token ?? newToken();
  const bind = options.host ?? LOOPBACK;
  let port = 0;
  // Each agent's session opens the mind the app has open, on a connection of its own: the
  // windows then see its writes as outside writes, as they see a stdio agent's.
  const mcp = mcpHttpEndpoint(
    () => {
      const status = session.status();
      if (status.state !== 'open') throw new MindError('no_mind_open', 'No mind is open in Mindloom: open one in the app, then connect again.');
      return openMind(status.path, { mustExist: true });
    },
    { secrets: { openAiApiKey: platform.secrets.get('openai-api-key') ?? undefined }, version: pkg.version, logError },
  );

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      logError('The host failed to answer a request', error);
      if (!response.headersSent) sendJson(response, 500, failure('internal', 'The host failed to answer.'));
      else response.destroy();
    });
  });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    setSecurityHeaders(response);
    const refusal = refusalOf(request, { port, bind, token });
    if (refusal === 403) {
      return sendJson(response, 403, failure('unauthorized', 'This host only answers at its own address.'));
    }
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const queryToken = url.searchParams.get('token');
    const entering = request.method === 'GET' && url.pathname === '/' && queryToken !== null && tokensMatch(queryToken, token);
    if (!entering && refusal === 401) {
      const hint = url.pathname === MCP_HTTP_PATH ? 'Send the token mindloom serve printed: Authorization: Bearer TOKEN.' : 'Open the address mindloom serve printed (it carries the token).';
      return sendJson(response, 401, failure('unauthorized', hint));
    }
    if (entering) response.setHeader('Set-Cookie', tokenCookie(token, port));

    if (url.pathname === MCP_HTTP_PATH) return answerMcp(mcp, request, response);

    if (url.pathname.startsWith(HTTP_PATHS.call)) {
      if (request.method !== 'POST') return sendJson(response, 405, failure('invalid_input', 'Calls are POSTed.'));
      return answerCall(request, response, url.pathname.slice(HTTP_PATHS.call.length));
    }
    if (url.pathname === HTTP_PATHS.events) {
      if (request.method !== 'GET') return sendJson(response, 405, failure('invalid_input', 'Events are read with GET.'));
      return streams.open(request, response);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendJson(response, 405, failure('invalid_input', 'Only GET here.'));
    }
    const file = findStaticFile(rendererDir, url.pathname);
    if (!file) return sendJson(response, 404, failure('not_found', `Nothing at ${url.pathname}.`));
    response.writeHead(200, {
      'Content-Type': file.contentType,
      'Cache-Control': file.isIndex ? 'no-store' : 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  };

  const answerCall = async (request: IncomingMessage, response: ServerResponse, encodedName: string) => {
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      return sendJson(response, 415, failure('invalid_input', 'Send the payload as application/json.'));
    }
    const body = await readBody(request, MAX_BODY_BYTES);
    if (body === 'too_large') {
      response.setHeader('Connection', 'close');
      return sendJson(response, 413, failure('invalid_input', `The payload is larger than ${MAX_BODY_BYTES} bytes.`));
    }
    let payload: unknown;
    try {
      payload = body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(response, 400, failure('invalid_input', 'The payload is not valid JSON.'));
    }
    let name: string;
    try {
      name = decodeURIComponent(encodedName);
    } catch {
      name = encodedName;
    }
    sendJson(response, 200, await api.dispatch(name, payload));
  };

  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, bind, () => {
      server.off('error', failed);
      listening();
    });
  });
  port = (server.address() as AddressInfo).port;

  if (options.demo) session.openDemo();
  else if (options.mindPath !== undefined) session.open(options.mindPath);

  let closing: Promise<void> | null = null;
  return {
    url: `${reachableAt(bind, port)}/?token=${token}`,
    mcpUrl: `${reachableAt(bind, port)}${MCP_HTTP_PATH}`,
    token,
    port,
    session,
    close() {
      closing ??= (async () => {
        streams.closeAll();
        await mcp.close();
        server.closeAllConnections();
        await new Promise<void>((closed) => server.close(() => closed()));
        await api.dispose();
        session.close();
        if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

function failure(code: ErrorCode, message: string): CallResult {
  return { ok: false, error: { code, message } };
}

function sendJson(response: ServerResponse, status: number, body: CallResult): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}
