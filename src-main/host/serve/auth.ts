/**
 * Who may talk to the host: only pages it served itself, on loopback, holding its token. The token
 * arrives once in the URL (`/?token=T`) and is kept as an HttpOnly, SameSite=Strict cookie; scripts
 * and tests may send `Authorization: Bearer T` instead.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { tokenCookieName } from '../../../shared/contract';
import { hostAndPort, isWildcard, LOOPBACK } from './bind-address';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison (hashing first makes the lengths equal, so length leaks nothing either). */
export function tokensMatch(given: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export function tokenCookie(token: string, port: number): string {
  return `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/** The token the request carries, from its bearer header or this host's cookie. */
export function presentedToken(request: IncomingMessage, port: number): string | null {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (bearer?.[1]) return bearer[1];
  const cookieName = tokenCookieName(port);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName) return value.join('=');
  }
  return null;
}

/**
 * DNS rebinding defence: a page on another name that resolves to 127.0.0.1 sends its own name as
 * the Host; only the loopback names with our port are ours, and the address the host was told to
 * listen on (`--host`). Listening on every interface, any name may reach it: the token alone guards.
 */
export function isOwnHost(hostHeader: string | undefined, port: number, bind: string = LOOPBACK): boolean {
  if (hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`) return true;
  if (isWildcard(bind)) return hostHeader !== undefined;
  return hostHeader === hostAndPort(bind, port);
}

/** Browsers send Origin on cross-site requests; when present it must be ours too (the loopback names, or the Host it came to). */
export function isOwnOrigin(origin: string | undefined, port: number, hostHeader?: string): boolean {
  return origin === undefined || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}` || (hostHeader !== undefined && origin === `http://${hostHeader}`);
}

/** Why a request does not reach past the door (a foreign name or origin: 403; no or a wrong token: 401), or null. */
export function refusalOf(request: IncomingMessage, door: { port: number; bind: string; token: string }): 403 | 401 | null {
  if (!isOwnHost(request.headers.host, door.port, door.bind) || !isOwnOrigin(request.headers.origin, door.port, request.headers.host)) return 403;
  const presented = presentedToken(request, door.port);
  return presented !== null && tokensMatch(presented, door.token) ? null : 401;
}
