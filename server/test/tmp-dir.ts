import { join } from 'node:path';

/** Scratch space of the test run (template dumps, data directories), at the repository's `.tmp/`. */
export const TMP_DIR = join(new URL('../../.tmp', import.meta.url).pathname);
