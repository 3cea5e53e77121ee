/**
 * While the app has a mind open, the sources linked to it (`import kernle PATH --follow`, Settings →
 * Linked sources) are followed by the app itself: what their agents write arrives while the app
 * runs, and a CLI follower may run beside it (each sync reads the cursor inside its transaction, so
 * the two never bring a record twice). Opening another mind stops them and follows its sources.
 */
import { followSource, type Follower } from '../interop/follow/follower';
import { linkedSourcesOf } from '../interop/follow/linked-sources';
import type { Session } from './session';

export interface FollowPort {
  /** The sources followed now, as `system:path`. */
  following(): string[];
  dispose(): Promise<void>;
}

export function bindFollowers(session: Session, options: { logError: (message: string, error: unknown) => void; changed: (ids: string[]) => void }): FollowPort {
  let followers = new Map<string, Follower>();
  const stopAll = () => {
    const stopping = [...followers.values()].map((f) => f.stop());
    followers = new Map();
    return Promise.all(stopping).then(() => undefined);
  };
  const start = () => {
    const status = session.status();
    if (status.state !== 'open' || status.isDemo) return;
    const mind = session.mind();
    for (const source of linkedSourcesOf(mind)) {
      const key = `${source.system}:${source.path}`;
      if (followers.has(key)) continue;
      try {
        followers.set(
          key,
          followSource(mind, source.system, source.path, {
            container: source.container,
            onSync: (summary) => {
              if (summary.updated + summary.kept + Object.keys(summary.added).length > 0) options.changed([]);
            },
            onError: (error) => options.logError(`Following ${key} failed (it is tried again at its next change)`, error),
          }),
        );
      } catch (error) {
        options.logError(`Could not follow ${key}`, error);
      }
    }
  };
  const unsubscribe = session.events.subscribe((event) => {
    if (event.type !== 'session.changed') return;
    void stopAll().then(() => {
      if (event.payload.state === 'open') start();
    });
  });
  start();
  return {
    following: () => [...followers.keys()],
    async dispose() {
      unsubscribe();
      await stopAll();
    },
  };
}
