/**
 * `mindloom import engram|alexandria PATH --follow` as real processes: an agent process writing into
 * a copy of its Engram or Alexandria database (as that system's code writes) while the follower
 * process is killed with SIGKILL mid-run and started again; every record arrives once, with the
 * changes the agent made to earlier ones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_AGENT_PROCESS, until } from '../../interop/follow/follow-test-support';
import { seedFixture } from '../../interop/seed-fixtures-test-support';
import { getMemoryView } from '../../mind/memory-view';
import { type Mind, openMind } from '../../mind/mind';
import { originsOfSystem } from '../../store/origins-repo';
import { copySeedDatabase } from '../../store/seed-agent-writes';
import { followerKilledAndRestarted, runTsProcess } from './cli-process-support';

let dir: string | undefined;
let mind: Mind | null = null;
afterEach(() => {
  mind?.close();
  mind = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const WRITES = 40;

const SYSTEMS = [
  {
    kind: 'engram',
    fixture: 'engram-memory.db',
    prefix: 'agent episode ',
    /** Every tenth episode reinforced the belief: α from 8 to 12, each such episode its evidence. */
    changesArrived: (m: Mind) => {
      const belief = getMemoryView(m, 'engram:bl_d1efa44d2abc4e4d8a2f');
      return belief.alpha === 8 + WRITES / 10 && belief.provenance.evidence.filter((e) => e.content.startsWith('agent episode')).length === WRITES / 10;
    },
  },
  {
    kind: 'alexandria',
    fixture: 'alexandria.db',
    prefix: 'agent object ',
    /** Every tenth write edited the object written five before. */
    changesArrived: (m: Mind) => agentContents(m, 'alexandria', 'agent object ').filter((c) => c.endsWith('(edited)')).length === WRITES / 10,
  },
] as const;

function agentContents(m: Mind, kind: string, prefix: string): string[] {
  return [...originsOfSystem(m.store.db, kind).values()].map((o) => getMemoryView(m, o.memoryId).content).filter((c) => c.startsWith(prefix));
}

describe(`mindloom import engram|alexandria --follow (processes)`, () => {
  for (const system of SYSTEMS) {
    it(`${system.kind}: an agent writing while the follower is killed with SIGKILL and started again: every record arrives once, changes included`, async () => {
      dir = mkdtempSync(join(tmpdir(), `mindloom-${system.kind}-follow-`));
      const path = join(dir, system.fixture);
      copySeedDatabase(seedFixture(system.fixture), path);
      const mindPath = join(dir, 'agent.mind');
      openMind(mindPath).close();
      const agentDone = runTsProcess([SEED_AGENT_PROCESS, system.kind, path, '10', String(WRITES / 10)]);
      const second = await followerKilledAndRestarted(['import', system.kind, path, '--follow', '--mind', mindPath]);
      expect(await agentDone).toContain(`done ${WRITES}`);

      const reader = (mind = openMind(mindPath));
      await until(() => agentContents(reader, system.kind, system.prefix).length === WRITES && system.changesArrived(reader), `all ${WRITES} records and their changes`);
      second.child.kill('SIGTERM');
      await second.exited;
      const contents = agentContents(reader, system.kind, system.prefix).map((c) => c.replace(' (edited)', ''));
      expect(contents.sort()).toEqual(Array.from({ length: WRITES }, (_, i) => `${system.prefix}${String(i + 1).padStart(5, '0')}`));
    });
  }
});
