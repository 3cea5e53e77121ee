/**
 * The things that happen to memories after they are written — reviews, verifications,
 * reinforcements, counter-evidence, archiving, forgetting — run when the timeline reaches them.
 * An action whose memory has since moved on (superseded, archived, forgotten) simply does not
 * happen, as it would not for a person either.
 */
import { MindError } from '../../shared/errors';
import type { EvidenceRefKind } from '../../shared/model';
import { recordAccess } from '../../src-main/mind/access';
import { addCounterEvidence, linkEvidence, reinforceMemory, verifyMemory } from '../../src-main/mind/confidence-ops';
import { addEvidenceRef } from '../../src-main/mind/evidence-refs';
import { archiveMemory, forgetMemory, setProtected } from '../../src-main/mind/lifecycle';
import { approveMemory, rejectMemory } from '../../src-main/mind/review';
import { type GenContext, recent, wordsFor } from './context';
import { evidenceRef } from './text';
import type { Action } from './world';

const REJECT_REASONS = [
  'overgeneralizes from one incident',
  'wrong component: the evidence is about another service',
  'already covered by an approved belief',
  'the episodes it cites were about a test environment',
];

const REINFORCE_NOTES = ['seen again in standup', 'came up in the incident review', 'confirmed by the dashboard', 'repeated in code review'];

/** Adding what is already there is refused before anything is written: such a duplicate is skipped. */
function unlessDuplicate(work: () => void): void {
  try {
    work();
  } catch (error) {
    if (!(error instanceof MindError && error.code === 'invalid_input')) throw error;
  }
}

function otherEpisode(ctx: GenContext, a: Action): string | undefined {
  const episodes = ctx.world.topicMemory(a.topic).episodes.filter((id) => id !== a.id && !ctx.world.forgotten.has(id));
  return recent(ctx, episodes, 1)[0];
}

const REF_KIND: Partial<Record<Action['type'], readonly EvidenceRefKind[]>> = {
  belief: ['code', 'code', 'file', 'url'],
  episode: ['event', 'event', 'code'],
  note: ['file', 'url'],
};

export function runAction(ctx: GenContext, a: Action): void {
  const world = ctx.world;
  if (world.forgotten.has(a.id)) return;
  const active = !world.inactive.has(a.id);
  const mind = ctx.mind;
  switch (a.kind) {
    case 'verify':
      if (!active) return;
      verifyMemory(mind, a.id, { evidence: ctx.rng.chance(0.5) ? 'checked against the code' : undefined }, { actor: 'user' });
      return;
    case 'reinforce': {
      if (!active) return;
      const episode = a.type === 'belief' && ctx.rng.chance(0.6) ? otherEpisode(ctx, a) : undefined;
      reinforceMemory(mind, a.id, { evidence: episode ?? ctx.rng.pick(REINFORCE_NOTES) }, { actor: ctx.rng.chance(0.7) ? 'agent:coder' : 'user' });
      return;
    }
    case 'counter': {
      if (!active) return;
      const episode = ctx.rng.chance(0.6) ? otherEpisode(ctx, a) : undefined;
      unlessDuplicate(() =>
        addCounterEvidence(mind, a.id, episode ? { episodeId: episode } : { evidence: 'a failing run contradicts it' }, {
          actor: 'agent:reviewer',
        }),
      );
      return;
    }
    case 'link_evidence': {
      const episode = otherEpisode(ctx, a);
      if (!active || !episode) return;
      unlessDuplicate(() => linkEvidence(mind, a.id, episode, { actor: ctx.schedulerActor() }));
      return;
    }
    case 'add_ref': {
      const kind = ctx.rng.pick<EvidenceRefKind>(REF_KIND[a.type] ?? ['url']);
      unlessDuplicate(() => addEvidenceRef(mind, a.id, evidenceRef(wordsFor(ctx, a.topic), kind), { actor: 'user' }));
      return;
    }
    case 'approve':
      if (world.reviewed.has(a.id)) return;
      world.reviewed.add(a.id);
      approveMemory(mind, a.id, { actor: 'user' });
      return;
    case 'reject':
      if (world.reviewed.has(a.id)) return;
      world.reviewed.add(a.id);
      rejectMemory(mind, a.id, { actor: 'user', reason: ctx.rng.pick(REJECT_REASONS) });
      world.inactive.add(a.id);
      world.retire(a.topic, a.id);
      return;
    case 'archive':
      if (!active) return;
      archiveMemory(mind, a.id, { actor: ctx.rng.chance(0.5) ? 'user' : ctx.schedulerActor(), reason: 'no longer relevant' });
      world.inactive.add(a.id);
      world.retire(a.topic, a.id);
      return;
    case 'forget':
      if (world.protectedIds.has(a.id)) return;
      forgetMemory(mind, a.id, { actor: 'user', reason: 'contained a credential' });
      world.inactive.add(a.id);
      world.forgotten.add(a.id);
      world.retire(a.topic, a.id);
      return;
    case 'protect':
      if (world.protectedIds.has(a.id)) return;
      world.protectedIds.add(a.id);
      setProtected(mind, a.id, true, { actor: 'user' });
      return;
    case 'access':
      recordAccess(mind, a.id, { actor: 'agent:coder' });
      return;
  }
}
