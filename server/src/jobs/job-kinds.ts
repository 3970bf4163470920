import type { AppDeps } from '../app-deps';
import { backupJob } from '../modules/admin/backup.job';
import { documentTextJob } from '../modules/documents/document-text.job';
import { healthSystemsDeps } from '../modules/health-systems/health-systems.deps';
import { healthSystemSyncJob } from '../modules/health-systems/health-systems.sync-job';
import { recordExportJob } from '../modules/record-export/record-export.job';
import type { JobHandler } from './job-queue';

/** Every kind of background job the server runs; a feature adds its handler here. */
export const jobHandlers = (
  deps: Pick<AppDeps, 'db' | 'storage' | 'backupStorage' | 'logger' | 'config' | 'outbound'> & {
    appUrl: string;
  },
): JobHandler<never>[] => [
  documentTextJob(deps) as JobHandler<never>,
  backupJob(deps) as JobHandler<never>,
  recordExportJob(deps) as JobHandler<never>,
  healthSystemSyncJob(healthSystemsDeps(deps)) as JobHandler<never>,
];
