/**
 * Agents connected over MCP whose client offers sampling (its model answers for consolidation):
 * one `meta` row each (`sampling_agent:<host>:<pid>`, JSON), written by the process serving the
 * agent and read by the app, which offers "the connected agent's model" while one is live.
 */
import type { Db } from './connection';
import { stmt } from './statements';

const PREFIX = 'sampling_agent:';

export interface SamplingAgentRow {
  readonly agent: string;
  readonly host: string;
  readonly pid: number;
  readonly start: string | null;
  readonly since: number;
  readonly beatAt: number;
}

const keyOf = (row: Pick<SamplingAgentRow, 'host' | 'pid'>) => `${PREFIX}${row.host}:${row.pid}`;

export function writeSamplingAgent(db: Db, row: SamplingAgentRow): void {
  stmt(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(keyOf(row), JSON.stringify(row));
}

export function deleteSamplingAgent(db: Db, row: Pick<SamplingAgentRow, 'host' | 'pid'>): void {
  stmt(db, 'DELETE FROM meta WHERE key = ?').run(keyOf(row));
}

export function samplingAgentRows(db: Db): SamplingAgentRow[] {
  const rows = stmt(db, 'SELECT value FROM meta WHERE key >= ? AND key < ?').all(PREFIX, `${PREFIX}\uffff`) as { value: string }[];
  return rows.map((row) => JSON.parse(row.value) as SamplingAgentRow);
}
