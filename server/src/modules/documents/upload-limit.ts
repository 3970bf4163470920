import type { PlatformSettingsStore } from '../admin/platform-settings.store';

/**
 * The largest file a user may upload, in bytes: the one place that decides it. The admin console's
 * `max_file_size` platform setting (default 10 MB), as this process currently has it.
 */
export const uploadLimitBytes = (
  settings: Pick<PlatformSettingsStore, 'maxFileSizeBytes'>,
): Promise<number> => settings.maxFileSizeBytes();
