/**
 * The CLI from its TypeScript sources as a process of its own (`node --import tsx main-process.ts
 * ARGS`): what tests use when they need a real `mindloom` process to kill or to race, without
 * depending on the bundle (which another test may be rebuilding at the same moment).
 */
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
