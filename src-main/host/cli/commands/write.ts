/**
 * Commands that change the mind. Each calls one domain operation (one transaction, journaled as
 * `user`); id-creating ones print the new id, the others a one-line confirmation. `--json` prints
 * the resulting memory view instead.
 */
import { verifyMemory, reinforceMemory } from '../../../mind/confidence-ops';
import { createMemory } from '../../../mind/create';
import { archiveMemory, restoreMemory } from '../../../mind/lifecycle';
import { getMemoryView } from '../../../mind/memory-view';
import type { Mind } from '../../../mind/mind';
import { promoteMemory } from '../../../mind/promote';
import { approveMemory, rejectMemory } from '../../../mind/review';
import { supersedeBelief } from '../../../mind/supersede';
import type { WriteOptions } from '../../../mind/write-options';
import type { CommandInput, MindCommand } from '../command';
import { fixed2, json } from '../output';
import { approveProposalCommand, isProposalId, rejectProposalCommand } from './proposals';
import { UsageError } from '../usage-error';
import { memoryType, parseFields, parseRefs } from './inputs';

const REASON = { reason: { type: 'string' } } as const;

function writeOptions(input: CommandInput): WriteOptions {
  return { actor: 'user', reason: input.options.string('reason') };
}

function arg(input: CommandInput, index: number): string {
  return input.args[index] as string;
}

/** The new id, or with --json the new memory as `show` would print it. */
function created(mind: Mind, input: CommandInput, id: string): string {
  return input.json ? json(getMemoryView(mind, id)) : id;
}

function confirmed(mind: Mind, input: CommandInput, id: string, message: string): string {
  return input.json ? json(getMemoryView(mind, id)) : message;
}

export const addCommand: MindCommand = {
  kind: 'mind',
  name: 'add',
  usage:
    'add TYPE TEXT [--source S] [--derived-from ID]... [--evidence ID]... [--confidence C] [--field key=value]... [--ref kind:value]...',
  summary: 'Create a memory (types: raw episode note belief value goal drive relationship); prints its id.',
  positionals: ['TYPE', 'TEXT'],
  options: {
    source: { type: 'string' },
    'derived-from': { type: 'string', multiple: true },
    evidence: { type: 'string', multiple: true },
    confidence: { type: 'string' },
    field: { type: 'string', multiple: true },
    ref: { type: 'string', multiple: true },
    ...REASON,
  },
  run(mind, input) {
    const record = createMemory(
      mind,
      {
        type: memoryType(arg(input, 0)),
        content: arg(input, 1),
        source: input.options.string('source'),
        derivedFrom: input.options.strings('derived-from'),
        evidence: input.options.strings('evidence'),
        confidence: input.options.number('confidence'),
        fields: parseFields(input.options.strings('field')),
        evidenceRefs: parseRefs(input.options.strings('ref')),
      },
      writeOptions(input),
    );
    return created(mind, input, record.id);
  },
};

export const promoteCommand: MindCommand = {
  kind: 'mind',
  name: 'promote',
  usage: 'promote RAW_ID --to TYPE [--text T]',
  summary: 'Promote a memory along an allowed path (raw → episode|note|belief; episode, note, belief onward); prints the new id.',
  positionals: ['RAW_ID'],
  options: { to: { type: 'string' }, text: { type: 'string' }, ...REASON },
  run(mind, input) {
    const to = memoryType(input.options.requiredString('to'));
    const result = promoteMemory(mind, arg(input, 0), { to, text: input.options.string('text') }, writeOptions(input));
    return created(mind, input, result.created.id);
  },
};

/** Verify and reinforce both report how confidence moved. */
function confidenceCommand(
  name: 'verify' | 'reinforce',
  usage: string,
  summary: string,
  apply: (mind: Mind, id: string, evidence: string | undefined, options: WriteOptions) => { id: string; confidence: number },
): MindCommand {
  const verb = name === 'verify' ? 'Verified' : 'Reinforced';
  return {
    kind: 'mind',
    name,
    usage,
    summary,
    positionals: ['ID'],
    options: { evidence: { type: 'string' }, ...REASON },
    run(mind, input) {
      const id = arg(input, 0);
      const before = getMemoryView(mind, id).confidence;
      const after = apply(mind, id, input.options.string('evidence'), writeOptions(input));
      return confirmed(mind, input, id, `${verb} ${after.id}: confidence ${fixed2(before)} → ${fixed2(after.confidence)}.`);
    },
  };
}

export const verifyCommand = confidenceCommand(
  'verify',
  'verify ID [--evidence TEXT]',
  'Verify a memory (beliefs: α+1; others: +0.1) and reset its decay clock.',
  (mind, id, evidence, options) => verifyMemory(mind, id, { evidence }, options),
);

export const reinforceCommand = confidenceCommand(
  'reinforce',
  'reinforce ID [--evidence REF]',
  'Reinforce a memory with the evidence that triggered it (an episode id is linked as evidence).',
  (mind, id, evidence, options) => reinforceMemory(mind, id, { evidence }, options),
);

export const supersedeCommand: MindCommand = {
  kind: 'mind',
  name: 'supersede',
  usage: 'supersede OLD_ID TEXT [--reason R]',
  summary: 'Replace a belief with a new one that inherits its evidence; prints the new id.',
  positionals: ['OLD_ID', 'TEXT'],
  options: { ...REASON },
  run(mind, input) {
    const result = supersedeBelief(mind, arg(input, 0), { content: arg(input, 1) }, writeOptions(input));
    return created(mind, input, result.created.id);
  },
};

/** Archive, restore and approve: an id in, a status change out. */
function statusCommand(
  name: string,
  summary: string,
  apply: (mind: Mind, id: string, options: WriteOptions) => { id: string; status: string; reviewStatus: string | null },
  say: (record: { id: string; status: string; reviewStatus: string | null }) => string,
): MindCommand {
  return {
    kind: 'mind',
    name,
    usage: `${name} ID`,
    summary,
    positionals: ['ID'],
    options: { ...REASON },
    run(mind, input) {
      const record = apply(mind, arg(input, 0), writeOptions(input));
      return confirmed(mind, input, record.id, say(record));
    },
  };
}

export const archiveCommand = statusCommand(
  'archive',
  'Archive a memory (nothing is lost; `restore` brings it back).',
  archiveMemory,
  (m) => `Archived ${m.id}.`,
);

/** `restore ID`; `restore` itself (backup.ts) also restores backups. */
export const restoreMemoryCommand = statusCommand(
  'restore',
  'Restore an archived memory.',
  restoreMemory,
  (m) => `Restored ${m.id} (now ${m.status}).`,
);

const approveMemoryCommand = statusCommand(
  'approve',
  'Approve a memory waiting for review, or apply a consolidation proposal (pr_…).',
  approveMemory,
  (m) => `Approved ${m.id}.`,
);

export const approveCommand: MindCommand = {
  ...approveMemoryCommand,
  run(mind, input) {
    const id = arg(input, 0);
    return isProposalId(id) ? approveProposalCommand(mind, input, id) : approveMemoryCommand.run(mind, input);
  },
};

export const rejectCommand: MindCommand = {
  kind: 'mind',
  name: 'reject',
  usage: 'reject ID --reason R',
  summary: 'Reject a memory (archived, and its text is never learned again), or decline a consolidation proposal (pr_…).',
  positionals: ['ID'],
  options: { ...REASON },
  run(mind, input) {
    const reason = input.options.string('reason');
    if (reason === undefined || reason.trim() === '') throw new UsageError('reject needs --reason R (it is kept so the mind does not learn this again).');
    if (isProposalId(arg(input, 0))) return rejectProposalCommand(mind, input, arg(input, 0), reason);
    const record = rejectMemory(mind, arg(input, 0), { actor: 'user', reason });
    return confirmed(mind, input, record.id, `Rejected ${record.id} (archived; it will not be learned again).`);
  },
};
