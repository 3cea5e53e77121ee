/**
 * Code-grounded memories (src-main/mind/code-refs/): the repositories a mind speaks about, the check
 * of every anchored code reference against its repository's HEAD, one reference's re-verify, and
 * the diff of its lines since it was verified.
 */
import { z } from 'zod';
import { count, filePathInput, isoTime, memoryId, MemoryViewSchema, noPayload } from './common';

const REF_STATES = ['current', 'moved', 'changed', 'gone'] as const;
const refState = z.enum(REF_STATES);
const action = z.number().int().min(1);
const folder = filePathInput;
const refSeq = z.number().int().min(1);

export const CodeRepoViewSchema = z.object({
  path: z.string(),
  addedAt: isoTime,
  /** HEAD now; null when the folder is gone or has no commit. */
  head: z.string().nullable(),
  /** The HEAD the last check compared with. */
  checkedHead: z.string().nullable(),
  checkedAt: isoTime.nullable(),
  refs: count,
});
export type CodeRepoView = z.output<typeof CodeRepoViewSchema>;

export const RefVerdictSchema = z.object({
  refSeq: z.number().int(),
  memoryId: z.string(),
  ref: z.string(),
  from: refState.nullable(),
  to: refState,
  reason: z.string(),
});

export const CheckRefsResultSchema = z.object({
  repos: z.array(z.object({ path: z.string(), head: z.string() })),
  checked: count,
  states: z.record(refState, count),
  changes: z.array(RefVerdictSchema),
  memories: z.array(z.string()),
  /** Undo takes the whole check back; null when it changed nothing. */
  action: action.nullable(),
});
export type CheckRefsResult = z.output<typeof CheckRefsResultSchema>;

export const RefDiffSchema = z.object({
  refSeq: z.number().int(),
  ref: z.string(),
  state: refState.nullable(),
  verifiedCommit: z.string(),
  head: z.string(),
  pathNow: z.string().nullable(),
  parts: z.array(z.object({ kind: z.enum(['same', 'added', 'removed']), lines: z.array(z.string()) })),
});
export type RefDiff = z.output<typeof RefDiffSchema>;

export const StaleRefSchema = z.object({
  refSeq: z.number().int(),
  memoryId: z.string(),
  ref: z.string(),
  state: refState,
  reason: z.string().nullable(),
});

export const CODE_REF_CALLS = {
  'codeRefs.repos': { request: noPayload, response: z.object({ repos: z.array(CodeRepoViewSchema) }) },
  /** Names a repository and anchors the references it holds; one undoable action. */
  'codeRefs.addRepo': { request: z.strictObject({ path: folder }), response: z.object({ repo: CodeRepoViewSchema, anchored: count, action }) },
  /** Unnames it and unanchors its references; one undoable action. */
  'codeRefs.removeRepo': { request: z.strictObject({ path: folder }), response: z.object({ path: z.string(), unanchored: count, action }) },
  /** Compares every anchored reference with its repository's HEAD; one undoable action. */
  'codeRefs.check': { request: noPayload, response: CheckRefsResultSchema },
  /** Memories whose code changed or is gone (the Overview's "code changed"), with their references. */
  'codeRefs.stale': {
    request: z.strictObject({ limit: z.number().int().min(1).max(500).optional() }).optional(),
    response: z.object({ memories: count, refs: z.array(StaleRefSchema) }),
  },
  'codeRefs.reverify': {
    request: z.strictObject({ id: memoryId, refSeq, expectedVersion: z.number().int().min(1).optional() }),
    response: z.object({ memory: MemoryViewSchema, action }),
  },
  'codeRefs.diff': { request: z.strictObject({ id: memoryId, refSeq }), response: RefDiffSchema },
} as const;
