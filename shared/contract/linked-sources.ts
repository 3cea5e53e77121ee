/** Linked sources (src-main/interop/follow/): the foreign stores a mind keeps importing from, for Settings → Linked sources. */
import { z } from 'zod';
import { count, filePathInput, isoTime, noPayload } from './common';

export const LinkedSourceViewSchema = z.object({
  system: z.string(),
  path: z.string(),
  /** Kernle: the one stack followed (null: every stack). */
  container: z.string().nullable(),
  linkedAt: isoTime,
  lastSyncedAt: isoTime.nullable(),
  /** What the last sync that brought anything brought: new memories by type, memories updated, memories changed on both sides (Mindloom's edit kept). */
  lastChange: z.object({ added: z.record(z.string(), count), updated: count, kept: count }).nullable(),
  lastChangeAt: isoTime.nullable(),
  totals: z.object({ added: count, updated: count, kept: count }),
  lastError: z.string().nullable(),
});
export type LinkedSourceView = z.output<typeof LinkedSourceViewSchema>;

export const LINKED_SOURCE_CALLS = {
  'sources.list': { request: noPayload, response: z.object({ sources: z.array(LinkedSourceViewSchema) }) },
  /** Stops keeping a source linked (what it brought stays; a follower still running stops at its next sync). */
  'sources.unlink': { request: z.strictObject({ system: z.string().min(1).max(40), path: filePathInput }), response: z.object({ unlinked: z.boolean() }) },
} as const;
