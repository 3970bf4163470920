import { type ClinicianReportDays, localDate } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { gatherReportData } from './report-data';
import { renderReportPdf } from './report-pdf';

/** The clinician report's PDF and a file name with its last day ("clinician-report-14-days-2026-11-28.pdf"). */
export const clinicianReport = async (db: Database, userId: string, days: ClinicianReportDays) => {
  const data = await gatherReportData(db, userId, days);
  return {
    pdf: await renderReportPdf(data),
    filename: `clinician-report-${days}-days-${localDate(data.to.getTime(), data.timeZone)}.pdf`,
  };
};
