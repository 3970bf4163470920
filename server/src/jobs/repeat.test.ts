import { describe, expect, it } from 'vitest';
import { repeatEvery } from './repeat';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for a condition without assuming how fast a busy machine is. */
const until = async (ok: () => boolean) => {
  while (!ok()) await pause(5);
};

describe('repeatEvery', () => {
  it('runs at once, again after each interval, goes on after a failure, and stops after the run in progress', async () => {
    let runs = 0;
    const errors: unknown[] = [];
    const loop = repeatEvery(
      20,
      async () => {
        runs++;
        if (runs === 2) throw new Error('boom');
      },
      (e) => errors.push(e),
    );
    loop.start();
    expect(runs).toBe(1);
    await until(() => runs >= 3);
    await loop.stop();
    const stoppedAt = runs;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    expect(errors).toHaveLength(1);
    await pause(60);
    expect(runs).toBe(stoppedAt);
  });

  it('wake runs now, or once more right after a run in progress, never two at a time', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const loop = repeatEvery(
      60_000,
      async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await pause(30);
        active--;
      },
      () => {},
    );
    loop.start();
    loop.wake();
    loop.wake();
    await until(() => runs === 2 && active === 0);
    await pause(50);
    // Two wakes during the first run asked for one more run, not two.
    expect(runs).toBe(2);
    expect(most).toBe(1);
    loop.wake();
    await until(() => runs === 3);
    await loop.stop();
  });
});
