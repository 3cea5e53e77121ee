import { z } from 'zod';
import { MindError } from '../../shared/errors';

/**
 * Who is writing, and why. Actors: `user`, `agent:NAME`, `scheduler:RUN`, `import:SOURCE`.
 * `expectedVersion` makes the write optimistic: a memory changed since then is a conflict.
 */
export interface WriteOptions {
  actor: string;
  reason?: string | undefined;
  runId?: string | undefined;
  expectedVersion?: number | undefined;
}

const actorSchema = z.string().regex(/^(user|(agent|scheduler|import):[\w.@-]+)$/);

export function checkActor(actor: string): void {
  if (!actorSchema.safeParse(actor).success) {
    throw new MindError(
      'invalid_input',
      `Unknown actor "${actor}": use user, agent:NAME, scheduler:RUN or import:SOURCE.`,
      { actor },
    );
  }
}
