import { DEFAULT_UPLOAD_LIMIT_BYTES } from '@healthfolio/core';
import type { Database } from '../../db/database';

/**
 * The largest file a user may upload, in bytes: the one place that decides it. 10 MB until the admin
 * console's `max_file_size` platform setting exists; it will read that here (hence the database).
 */
export const uploadLimitBytes = async (_db: Database): Promise<number> => DEFAULT_UPLOAD_LIMIT_BYTES;
