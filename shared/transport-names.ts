/**
 * The names both ends of each transport agree on. Kept apart from the contract's schemas so the
 * sandboxed preload can use them without bundling zod.
 */
export const IPC_CHANNELS = { invoke: 'mind:invoke', event: 'mind:event' } as const;
export const HTTP_PATHS = { call: '/api/call/', events: '/api/events' } as const;
export const TOKEN_COOKIE = 'mindloom_token';
