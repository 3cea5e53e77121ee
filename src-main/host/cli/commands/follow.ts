/**
 * `import KIND PATH --follow`: the source stays linked while this process runs. Each sync that
 * brought something prints one JSON line on stdout; failures go to stderr and are retried. SIGINT
 * or SIGTERM stops it after the sync under way; a kill -9 loses nothing either (a sync is one
 * transaction with its cursor), and the next follower resumes from the cursor.
 */
import { followSource } from '../../../interop/follow/follower';
import type { CliIo } from '../io';
import { openCliMind } from '../open-mind';

export async function followUntilStopped(mindPath: string, kind: string, path: string, container: string | null, io: CliIo): Promise<string> {
  const mind = openCliMind(mindPath, io);
  try {
    let failing = false;
    const follower = followSource(mind, kind, path, {
      container,
      onSync(summary, at) {
        failing = false;
        if (summary.updated + summary.kept + Object.keys(summary.added).length > 0) {
          io.stdout.write(`${JSON.stringify({ at: new Date(at).toISOString(), ...summary })}\n`);
        }
      },
      onError(error) {
        // One line per spell of failures, not one per retry.
        if (!failing) io.stderr.write(`follow ${kind}: ${(error as Error).message} (retrying)\n`);
        failing = true;
      },
    });
    io.stderr.write(`follow ${kind}: following ${path} (Ctrl+C stops)\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await follower.stop();
    return '';
  } finally {
    mind.close();
  }
}
