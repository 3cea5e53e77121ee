/**
 * The names both ends of each transport agree on. Kept apart from the contract's schemas so the
 * sandboxed preload can use them without bundling zod.
 */
export const IPC_CHANNELS = { invoke: 'mind:invoke', event: 'mind:event' } as const;
export const HTTP_PATHS = { call: '/api/call/', events: '/api/events' } as const;
/**
 * The host's token cookie, named by its port: browsers keep cookies per host name, not per port, so
 * two hosts on 127.0.0.1 sharing one name would overwrite each other's token (and sign each other out).
 */
export const tokenCookieName = (port: number): string => `mindloom_token_${port}`;
