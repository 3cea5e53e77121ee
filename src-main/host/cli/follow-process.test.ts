/**
 * `mindloom import kernle PATH --follow` as real processes: an agent process writing into its Kernle
 * database while the follower process is killed with SIGKILL mid-run and started again; every
 * note arrives once, with its edit. (Arrival times are measured by `npm run bench -- --follow`.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_PROCESS, emptyKernleDatabase, until } from '../../interop/follow/follow-test-support';
import { getMemoryView } from '../../mind/memory-view';
import { type Mind, openMind } from '../../mind/mind';
import { originsOfSystem } from '../../store/origins-repo';
import { followerKilledAndRestarted, runTsProcess } from './cli-process-support';
import { runCli } from './cli-test-kit';

let dir: string | undefined;
let mind: Mind | null = null;
afterEach(() => {
  mind?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('mindloom import kernle --follow (processes)', () => {
  it('an agent writing while the follower process is killed with SIGKILL and started again: every note arrives once, edits included', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mindloom-follow-process-'));
    const kernlePath = join(dir, 'memories.db');
    emptyKernleDatabase(kernlePath);
    const mindPath = join(dir, 'agent.mind');
    openMind(mindPath).close();
    const agentDone = runTsProcess([AGENT_PROCESS, kernlePath, '10', '4']);
    const second = await followerKilledAndRestarted(['import', 'kernle', kernlePath, '--follow', '--mind', mindPath]);
    expect(await agentDone).toContain('done 40');

    const reader = (mind = openMind(mindPath));
    await until(() => originsOfSystem(reader.store.db, 'kernle').size === 40 && edited(reader) === 4, 'all 40 notes and their 4 edits');
    second.child.kill('SIGTERM');
    await second.exited;
    const contents = [...originsOfSystem(reader.store.db, 'kernle').values()].map((o) => getMemoryView(reader, o.memoryId).content.replace(' (edited)', ''));
    expect(new Set(contents).size).toBe(40);
    const listed = JSON.parse((await runCli(['sources', '--json', '--mind', mindPath])).stdout);
    expect(listed).toMatchObject([{ system: 'kernle', path: kernlePath, totals: { added: 40 }, lastError: null }]);
    expect(contents.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `agent note ${String(i + 1).padStart(5, '0')}`));
  });
});

function edited(m: Mind): number {
  return [...originsOfSystem(m.store.db, 'kernle').values()].filter((o) => getMemoryView(m, o.memoryId).content.endsWith('(edited)')).length;
}
