import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is already in use by another Healthfolio process. ` +
        'The embedded database allows one process per directory: stop the other process, ' +
        'or set DATA_DIR to another directory, or use PostgreSQL (DATABASE_URL).',
    );
  }
}

/** The embedded database must have one process per data directory; a second opener fails at once. */
export const acquireDataDirLock = (dir: string): (() => void) => {
  try {
    return lockfile.lockSync(dir, { lockfilePath: join(dir, '.lock'), stale: 15_000, realpath: false });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(dir);
    throw err;
  }
};
