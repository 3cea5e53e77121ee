/** Session calls: which mind is open, opening and creating one, and what the app can do. */
import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { filePathInput, noPayload } from './common';

export const SessionStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({
    state: z.literal('open'),
    path: z.string(),
    /** The file's name without folder or extension. */
    name: z.string(),
    isDemo: z.boolean(),
  }),
  z.object({
    state: z.literal('error'),
    path: z.string(),
    /** Why it did not open: not_found, not_a_mind, corrupt_file, schema_too_new, unreadable_file … */
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** What the person can do about it. */
    hint: z.string(),
  }),
]);
export type SessionStatus = z.output<typeof SessionStatusSchema>;

const pathRequest = z.strictObject({ path: filePathInput.optional() }).optional();

export const AppInfoSchema = z.object({
  version: z.string(),
  transport: z.enum(['ipc', 'http']),
  capabilities: z.object({
    /** The shell can show native open/save dialogs; otherwise the renderer asks for a path. */
    pickFile: z.boolean(),
    /** The shell can store an API key; otherwise the key comes from OPENAI_API_KEY. */
    secrets: z.boolean(),
  }),
});
export type AppInfo = z.output<typeof AppInfoSchema>;

export const SESSION_CALLS = {
  'app.info': { request: noPayload, response: AppInfoSchema },

  'session.status': { request: noPayload, response: SessionStatusSchema },
  'session.openDemo': { request: noPayload, response: SessionStatusSchema },
  /** No path: the Electron shell shows a save dialog; the host needs a path (`unsupported` otherwise). */
  'session.create': { request: pathRequest, response: SessionStatusSchema },
  /** No path: the Electron shell shows an open dialog; the host needs a path. */
  'session.open': { request: pathRequest, response: SessionStatusSchema },
  'session.recent': { request: noPayload, response: z.object({ paths: z.array(z.string()) }) },
} as const;
