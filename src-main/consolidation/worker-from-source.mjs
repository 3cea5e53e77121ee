// Starts the consolidation worker from its TypeScript sources (vitest, `npm run bench` under tsx):
// a worker thread does not inherit the parent's TypeScript loader, so it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker-entry.ts');
