/**
 * The consolidation worker's entry module (bundled as consolidation-worker.mjs beside the CLI and
 * the Electron main): hands the job and the channel to serveWorkerJob.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serveWorkerJob } from './worker';

if (!parentPort) throw new Error('The consolidation worker must be started as a worker thread.');
// No top-level await: the Electron main bundle may be CommonJS. serveWorkerJob reports its own failures.
void serveWorkerJob(workerData, parentPort);
