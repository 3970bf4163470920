import { z } from 'zod';
import type { ClinicianReportDays } from './report-days';

export const ClinicianReportQuery = z.strictObject({
  days: z
    .enum(['14', '90'], { error: 'Choose 14 or 90 days' })
    .default('14')
    .transform((d) => Number(d) as ClinicianReportDays),
});
