/**
 * Opening a mind: the demo, a new file, an existing file, or a recent one. In Electron the main
 * process shows a native dialog when no path is given; the headless host cannot, so the person
 * types a path there.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SessionStatus } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { forgetTheMind } from '../../api/live-updates';
import { appQueries, sessionQueries } from '../../api/queries';
import { hrefOf, navigate } from '../../app/router';
import { useToast } from '../../components/toasts';

type Action = { kind: 'demo' } | { kind: 'open' | 'create'; path?: string };

export function SessionPicker({ autoFocus = false }: { autoFocus?: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const info = useQuery(appQueries.info(api));
  const recent = useQuery(sessionQueries.recent(api));
  const [path, setPath] = useState('');
  const pathId = useId();

  const session = useMutation({
    mutationFn: (action: Action): Promise<SessionStatus> => {
      if (action.kind === 'demo') return api.call('session.openDemo');
      const payload = action.path === undefined ? {} : { path: action.path };
      return api.call(action.kind === 'open' ? 'session.open' : 'session.create', payload);
    },
    onSuccess: (status) => {
      queryClient.setQueryData(sessionQueries.status(api).queryKey, status);
      forgetTheMind(queryClient);
      if (status.state === 'open') navigate(hrefOf.overview());
    },
    onError: (error) => toast.error(error, 'Could not open the mind'),
  });

  const pickFile = info.data?.capabilities.pickFile ?? false;
  const busy = session.isPending;
  const typedPath = path.trim();
  const withPath = (kind: 'open' | 'create') => {
    if (pickFile && typedPath === '') session.mutate({ kind });
    else if (typedPath !== '') session.mutate({ kind, path: typedPath });
  };

  return (
    <div className="session-picker">
      <div className="actions">
        <button type="button" className="primary" autoFocus={autoFocus} disabled={busy} onClick={() => session.mutate({ kind: 'demo' })}>
          Open demo mind
        </button>
        {pickFile && (
          <>
            <button type="button" disabled={busy} onClick={() => session.mutate({ kind: 'create' })}>
              Create a new mind…
            </button>
            <button type="button" disabled={busy} onClick={() => session.mutate({ kind: 'open' })}>
              Open existing…
            </button>
          </>
        )}
      </div>
      {!pickFile && (
        <form
          className="path-form"
          onSubmit={(event) => {
            event.preventDefault();
            withPath('open');
          }}
        >
          <label htmlFor={pathId}>Mind file path</label>
          <div className="path-row">
            <input
              id={pathId}
              type="text"
              value={path}
              placeholder="/home/me/agent.mindloom"
              spellCheck={false}
              onChange={(event) => setPath(event.target.value)}
            />
            <button type="submit" disabled={busy || typedPath === ''}>
              Open existing
            </button>
            <button type="button" disabled={busy || typedPath === ''} onClick={() => withPath('create')}>
              Create a new mind
            </button>
          </div>
          <p className="dim">This window talks to a headless host, which cannot show a file dialog: type the path of a file on the host.</p>
        </form>
      )}
      {busy && (
        <p role="status" className="dim">
          Opening…
        </p>
      )}
      {recent.isSuccess && recent.data.length > 0 && (
        <nav className="recent" aria-label="Recent minds">
          <h3>Recent</h3>
          <ul>
            {recent.data.map((recentPath) => (
              <li key={recentPath}>
                <button type="button" className="link-button" disabled={busy} onClick={() => session.mutate({ kind: 'open', path: recentPath })}>
                  {recentPath}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
