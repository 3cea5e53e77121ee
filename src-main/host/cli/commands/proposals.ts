/**
 * What consolidation proposes (revise, split, merge, archive) waits for a person: `proposals`
 * lists them; `approve pr_…` applies one, `reject pr_… --reason R` declines it (the same verbs as
 * for a pending memory, told apart by the id's prefix).
 */
import { approveProposal, getProposals, type ProposalView, rejectProposal } from '../../../consolidation/proposals';
import type { Mind } from '../../../mind/mind';
import type { CommandInput, MindCommand } from '../command';
import { json, oneLine, table } from '../output';
import { UsageError } from '../usage-error';

const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'all'] as const;

export const proposalsCommand: MindCommand = {
  kind: 'mind',
  name: 'proposals',
  usage: 'proposals [--status pending|approved|rejected|withdrawn|all] [--limit N]',
  summary: 'What consolidation proposes to revise, split, merge or archive (pending by default); approve or reject by id.',
  positionals: [],
  options: { status: { type: 'string' }, limit: { type: 'string' } },
  run(mind, input) {
    const status = input.options.string('status') ?? 'pending';
    if (!(PROPOSAL_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`--status is one of ${PROPOSAL_STATUSES.join(', ')} (got "${status}").`);
    }
    const proposals = getProposals(mind, { status: status === 'all' ? null : status, limit: input.options.integer('limit') ?? 200 });
    if (input.json) return json(proposals);
    if (proposals.length === 0) return `No ${status === 'all' ? '' : `${status} `}proposals.`;
    return table(
      ['id', 'kind', 'status', 'targets', 'would write', 'why'],
      proposals.map((p) => [p.id, p.kind, p.status, p.targets.map((t) => t.id).join(' '), oneLine(wouldWrite(p), 60), oneLine(p.reason, 50)]),
    );
  },
};

function wouldWrite(proposal: ProposalView): string {
  const payload = proposal.payload;
  switch (payload.kind) {
    case 'archive':
      return 'archive the target';
    case 'split':
      return payload.parts.map((part) => part.statement).join(' | ');
    default:
      return payload.statement;
  }
}

export const isProposalId = (id: string): boolean => id.startsWith('pr_');

export function approveProposalCommand(mind: Mind, input: CommandInput, id: string): string {
  const created = approveProposal(mind, id, { actor: 'user', note: input.options.string('reason') });
  if (input.json) return json({ proposal: id, created: created.map((m) => m.id) });
  return created.length === 0 ? `Approved ${id}.` : `Approved ${id}: created ${created.map((m) => m.id).join(', ')}.`;
}

export function rejectProposalCommand(mind: Mind, input: CommandInput, id: string, reason: string): string {
  rejectProposal(mind, id, { actor: 'user', reason });
  return input.json ? json({ proposal: id, status: 'rejected' }) : `Rejected ${id}; nothing changed.`;
}
