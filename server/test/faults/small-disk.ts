import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the disk answers ENOSPC: nothing more fits. */
  fill: () => void;
  /** Removes the filler: the space is back. */
  free: () => void;
  unmount: () => void;
}

/**
 * A tmpfs of `size` (e.g. '256m') mounted for the test. Mounting needs root (CI runs as root); without
 * it the test fails with this message rather than being skipped.
 */
export const mountSmallDisk = (size: string): SmallDisk => {
  const dir = mkdtempSync(join(tmpdir(), 'hf-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `The full-disk test mounts a ${size} tmpfs and could not (${(err as Error).message.trim()}). ` +
        'Run it as root (CI does), e.g. sudo npx vitest run --project server server/test/faults',
    );
  }
  const filler = join(dir, 'filler');
  return {
    dir,
    fill: () => {
      const fd = openSync(filler, 'a');
      try {
        for (const chunk of [Buffer.alloc(1 << 20), Buffer.alloc(4096), Buffer.alloc(1)])
          try {
            for (;;) writeSync(fd, chunk);
          } catch (err) {
            if ((err as { code?: string }).code !== 'ENOSPC') throw err;
          }
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount: () => {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
