import { describe, expect, it } from 'vitest';
import { createTimers } from './timers';

/** Real time: waits a little longer than the timers under test. */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createTimers', () => {
  it('calls back once, after the wait', async () => {
    const timers = createTimers();
    const calls: number[] = [];
    const started = Date.now();
    timers.after(20, () => calls.push(Date.now() - started));
    expect(calls).toEqual([]);
    await wait(60);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeGreaterThanOrEqual(19);
  });

  it('does not call back once cancelled', async () => {
    const timers = createTimers();
    let called = false;
    const cancel = timers.after(10, () => (called = true));
    cancel();
    await wait(40);
    expect(called).toBe(false);
  });

  it('cancels everything pending when disposed, and sets nothing afterwards', async () => {
    const timers = createTimers();
    const calls: string[] = [];
    timers.after(10, () => calls.push('first'));
    timers.after(15, () => calls.push('second'));
    timers.dispose();
    timers.after(5, () => calls.push('after dispose'));
    await wait(50);
    expect(calls).toEqual([]);
  });

  it('sleeps for the wait, and a sleeper whose owner is disposed never wakes', async () => {
    const timers = createTimers();
    const woke: string[] = [];
    await timers.sleep(10).then(() => woke.push('slept'));
    void timers.sleep(10).then(() => woke.push('disposed sleeper'));
    timers.dispose();
    await wait(40);
    expect(woke).toEqual(['slept']);
  });

  it('keeps one owner apart from another', async () => {
    const mine = createTimers();
    const theirs = createTimers();
    const calls: string[] = [];
    mine.after(10, () => calls.push('mine'));
    theirs.after(10, () => calls.push('theirs'));
    mine.dispose();
    await wait(40);
    expect(calls).toEqual(['theirs']);
  });
});
