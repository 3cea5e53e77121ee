/** The human listing shared by search, uncertain and orphans: id, type, tier, confidence, text. */
import type { MemorySummary } from '../../mind/list';
import { fixed2, oneLine, table } from './output';

const TEXT_WIDTH = 80;

export function memoryTable(items: readonly Pick<MemorySummary, 'id' | 'type' | 'tier' | 'effectiveConfidence' | 'content'>[], empty: string): string {
  if (items.length === 0) return empty;
  return table(
    ['ID', 'TYPE', 'TIER', 'CONFIDENCE', 'TEXT'],
    items.map((m) => [m.id, m.type, m.tier, fixed2(m.effectiveConfidence), oneLine(m.content, TEXT_WIDTH)]),
  );
}
