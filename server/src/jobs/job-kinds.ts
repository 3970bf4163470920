import type { AppDeps } from '../app-deps';
import { backupJob } from '../modules/admin/backup.job';
import { documentTextJob } from '../modules/documents/document-text.job';
import { recordExportJob } from '../modules/record-export/record-export.job';
import type { JobHandler } from './job-queue';

/** Every kind of background job the server runs; a feature adds its handler here. */
export const jobHandlers = (
  deps: Pick<AppDeps, 'db' | 'storage' | 'backupStorage' | 'logger'> & { appUrl: string },
): JobHandler<never>[] => [
  documentTextJob(deps) as JobHandler<never>,
  backupJob(deps) as JobHandler<never>,
  recordExportJob(deps) as JobHandler<never>,
];
