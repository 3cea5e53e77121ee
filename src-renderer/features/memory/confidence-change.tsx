/**
 * What Verify… and Reinforce… share: the confidence and tier a memory has now and will have after
 * the change, computed with the shared rules the store applies and shown before it is confirmed;
 * then the change itself, whose toast says where confidence and tier landed (with Undo).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import { type TierInput, tierOf } from '../../../shared/rules/tiers';
import { TierBadge } from '../../components/badges';
import { problemOf } from '../../components/form-parts';
import { percent } from '../../components/format';
import { useUndo } from '../undo/use-undo';

export interface AfterChange {
  confidence: number;
  tier: MemoryView['tier'];
  why: string;
}

/** The tier the memory will have once `change` is applied to what decides it. */
export function tierAfter(view: MemoryView, change: Partial<TierInput>): Pick<AfterChange, 'tier' | 'why'> {
  const verdict = tierOf({
    codeRefCount: view.codeRefCount,
    eventEvidenceCount: view.eventEvidenceCount,
    lastVerifiedAt: view.lastVerifiedAt === null ? null : Date.parse(view.lastVerifiedAt),
    reviewStatus: view.reviewStatus,
    ...change,
  });
  return { tier: verdict.tier, why: verdict.why };
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `name` prefixes the test ids of the "after" cells (`verify-confidence-after`, …). */
export function BeforeAfter({ view, after, name }: { view: MemoryView; after: AfterChange; name: string }) {
  return (
    <>
      <table className="before-after" aria-label="Before and after">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Confidence</th>
            <td>{percent(view.confidence)}</td>
            <td data-testid={`${name}-confidence-after`}>{percent(after.confidence)}</td>
          </tr>
          <tr>
            <th scope="row">Tier</th>
            <td>
              <TierBadge tier={view.tier} why={view.tierWhy} />
            </td>
            <td data-testid={`${name}-tier-after`}>
              <TierBadge tier={after.tier} why={after.why} />
            </td>
          </tr>
        </tbody>
      </table>
      <p className="dim">{sentence(after.why)}.</p>
    </>
  );
}

/** The change behind a confidence dialog: `verb` opens its toast ("Verified: confidence 75%, grounded."). */
export function useConfidenceChange(verb: string, change: () => Promise<{ memory: MemoryView; action: number }>, onClose: () => void) {
  const { done, refresh } = useUndo();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: change,
    onSuccess: (result) => {
      refresh();
      done(`${verb}: confidence ${percent(result.memory.confidence)}, ${result.memory.tier}.`, result.action);
      onClose();
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  return { mutation, problem, setProblem };
}
