/**
 * Where a host listens. Loopback (127.0.0.1) unless the person names another address with
 * `--host`: then it is reachable from other machines, guarded by the token alone, and says so.
 */
import { isIP } from 'node:net';
import { MindError } from '../../../shared/errors';

export const LOOPBACK = '127.0.0.1';

/** Addresses that listen on every interface: any Host header may reach them. */
const WILDCARDS = new Set(['0.0.0.0', '::']);

/** A bind address as typed: an IPv4 or IPv6 address, or `localhost`. */
export function checkBindAddress(host: string): string {
  const trimmed = host.trim();
  if (trimmed === 'localhost' || isIP(trimmed) !== 0) return trimmed;
  throw new MindError('invalid_input', `--host must be an IP address (127.0.0.1, 0.0.0.0, 192.168.1.20, ::1) or localhost, not "${host}".`, { host });
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export const isWildcard = (host: string): boolean => WILDCARDS.has(host);

/** `host:port` as a Host header or URL carries it (IPv6 in brackets). */
export function hostAndPort(host: string, port: number): string {
  return `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/** The address a client on this machine (or, for a named address, anywhere) reaches the host at. */
export function reachableAt(bind: string, port: number): string {
  return `http://${hostAndPort(isWildcard(bind) ? LOOPBACK : bind, port)}`;
}

/** What to tell the person before serving beyond loopback; null on loopback. */
export function exposureWarning(bind: string, port: number): string | null {
  if (isLoopback(bind)) return null;
  const where = isWildcard(bind) ? `every network interface (port ${port})` : hostAndPort(bind, port);
  return (
    `Warning: listening on ${where}, reachable from other machines. Anyone who has the token can read and change this mind, ` +
    'and plain HTTP carries the token unencrypted: prefer the loopback default with an SSH tunnel (ssh -L).'
  );
}
