/**
 * Import and export in the app (File → Import… / Export…): a preview (the importer's dry run), the
 * import itself, and exports of the open mind. One job at a time; each reports its progress and its
 * end to every window as `interop.progress` events. A relative path is taken from the mind's own
 * folder, never from wherever the process started.
 */
import { dirname, resolve } from 'node:path';
import type { ExportSummary } from '../../shared/contract/interop';
import { MindError } from '../../shared/errors';
import { IMPORTERS } from '../interop/importers';
import type { ImportSummary } from '../interop/importer';
import { exportMindJson } from '../interop/json-export';
import { exportMindMarkdown } from '../interop/markdown-export';
import { errorEnvelope } from '../consolidation/worker-messages';
import type { ApiContext, HandlerSlice } from './handler-table';

type InteropCall = 'interop.preview' | 'interop.import' | 'interop.export' | 'interop.pickPath' | 'interop.showDialog';

export function interopCalls(ctx: ApiContext): HandlerSlice<InteropCall> {
  const { session } = ctx;
  let running = false;

  const besideMind = (path: string) => resolve(dirname(session.mind().store.path), path);

  /** Runs one job at a time, reporting each percent and the end to every window. */
  async function job<T>(kind: 'import' | 'export', path: string, work: (onProgress: (done: number, total: number | null) => void) => Promise<T>, describe: (result: T) => string): Promise<T> {
    if (running) throw new MindError('invalid_state', 'An import or export is running already; wait for it to finish.');
    running = true;
    const emit = (stage: 'running' | 'done' | 'failed', done: number, total: number | null, message?: string) =>
      session.events.emit({ type: 'interop.progress', payload: { job: kind, path, stage, done, total, ...(message === undefined ? {} : { message }) } });
    let shown = -1;
    try {
      const result = await work((done, total) => {
        const percent = total === null || total === 0 ? done : Math.floor((done / total) * 100);
        if (percent === shown) return;
        shown = percent;
        emit('running', done, total);
      });
      emit('done', 1, 1, describe(result));
      return result;
    } catch (error) {
      emit('failed', 0, null, errorEnvelope(error).message);
      throw error;
    } finally {
      running = false;
    }
  }

  const importedCount = (summary: ImportSummary) => Object.values(summary.imported.byType).reduce((sum, n) => sum + n, 0);

  return {
    'interop.preview': (request) => {
      const importer = IMPORTERS[request.kind];
      return importer.run(session.mind(), besideMind(request.path), { dryRun: true, ...(request.stack ? { stack: request.stack } : {}) });
    },
    'interop.import': async (request) => {
      const importer = IMPORTERS[request.kind];
      const path = besideMind(request.path);
      // The app's own writes go on between the import's short transactions; consolidation waits
      // until it is done rather than reflect on a mind that holds half of a file.
      const holdScheduler = ctx.scheduler.status(session.mind()).state === 'idle';
      if (holdScheduler) ctx.scheduler.pause();
      const summary = await job(
        'import',
        path,
        (onProgress) => Promise.resolve(importer.run(session.mind(), path, { onProgress, ...(request.stack ? { stack: request.stack } : {}) })),
        (result) => `${importedCount(result)} memories imported, ${result.skipped} rows already there`,
      ).finally(() => {
        if (holdScheduler) ctx.scheduler.resume();
      });
      // Anything may have changed: every window reloads what it shows.
      session.events.emit({ type: 'mind.changed', payload: { origin: 'app' } });
      return summary;
    },
    'interop.export': (request) => {
      const path = besideMind(request.path);
      const write = request.format === 'json' ? exportMindJson : exportMindMarkdown;
      return job<ExportSummary>(
        'export',
        path,
        (onProgress) => write(session.mind(), path, { overwrite: request.overwrite ?? false, onProgress }),
        (result) => `${result.rows} ${result.format === 'json' ? 'rows' : 'memories'}, ${(result.bytes / 1_048_576).toFixed(1)} MB`,
      );
    },
    'interop.pickPath': (request) => {
      if (!ctx.platform.pickFile) throw new MindError('unsupported', 'This window cannot show a file dialog: type the path.');
      return ctx.platform.pickFile(request.purpose);
    },
    'interop.showDialog': (request) => {
      session.events.emit({ type: 'interop.showDialog', payload: { dialog: request.dialog } });
      return null;
    },
  };
}
