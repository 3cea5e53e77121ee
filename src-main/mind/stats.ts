import { type StoreCounts, storeCounts } from '../store/maintenance-queries';
import type { Mind } from './mind';

export type MindStats = StoreCounts;

export function getStats(mind: Mind): MindStats {
  return storeCounts(mind.store.db);
}
