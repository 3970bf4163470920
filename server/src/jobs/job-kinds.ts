import type { AppDeps } from '../app-deps';
import { backupJob } from '../modules/admin/backup.job';
import { documentTextJob } from '../modules/documents/document-text.job';
import type { JobHandler } from './job-queue';

/** Every kind of background job the server runs; a feature adds its handler here. */
export const jobHandlers = (
  deps: Pick<AppDeps, 'db' | 'storage' | 'backupStorage' | 'logger'>,
): JobHandler<never>[] => [documentTextJob(deps) as JobHandler<never>, backupJob(deps) as JobHandler<never>];
