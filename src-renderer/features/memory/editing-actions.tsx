/**
 * The editing buttons of the memory page's action bar: Verify…, Reinforce…, Supersede… (beliefs), Promote…
 * (along the allowed paths) and Flag contradiction…, each opening its own dialog.
 */
import { useState } from 'react';
import type { MemoryView } from '../../../shared/contract';
import { PROMOTION_PATHS } from '../../../shared/rules/promotion';
import { FlagDialog } from './flag-dialog';
import { PromoteDialog } from './promote-dialog';
import { ReinforceDialog } from './reinforce-dialog';
import { SupersedeDialog } from './supersede-dialog';
import { VerifyDialog } from './verify-dialog';

type Open = 'verify' | 'reinforce' | 'supersede' | 'promote' | 'flag' | null;

export function EditingActions({ view, busy }: { view: MemoryView; busy: boolean }) {
  const [open, setOpen] = useState<Open>(null);
  const active = view.status === 'active';
  const close = () => setOpen(null);
  return (
    <>
      <button type="button" onClick={() => setOpen('verify')} disabled={busy || !active} title={active ? undefined : 'Only an active memory is verified'}>
        Verify…
      </button>
      <button type="button" onClick={() => setOpen('reinforce')} disabled={busy || !active} title={active ? undefined : 'Only an active memory is reinforced'}>
        Reinforce…
      </button>
      {view.type === 'belief' && (
        <button type="button" onClick={() => setOpen('supersede')} disabled={busy || !active}>
          Supersede…
        </button>
      )}
      {PROMOTION_PATHS[view.type].length > 0 && (
        <button type="button" onClick={() => setOpen('promote')} disabled={busy || !active}>
          Promote…
        </button>
      )}
      <button type="button" onClick={() => setOpen('flag')} disabled={busy || view.status === 'forgotten'}>
        Flag contradiction…
      </button>
      {open === 'verify' && <VerifyDialog view={view} onClose={close} />}
      {open === 'reinforce' && <ReinforceDialog view={view} onClose={close} />}
      {open === 'supersede' && <SupersedeDialog view={view} onClose={close} />}
      {open === 'promote' && <PromoteDialog source={view} onClose={close} />}
      {open === 'flag' && <FlagDialog view={view} onClose={close} />}
    </>
  );
}
