/** The windows a clinician report covers: the consensus' 14 days, or 90 days (about one A1C). */
export const CLINICIAN_REPORT_DAYS = [14, 90] as const;
export type ClinicianReportDays = (typeof CLINICIAN_REPORT_DAYS)[number];

/** The report's address for a window. */
export const clinicianReportPath = (days: ClinicianReportDays) =>
  `/api/v1/reports/clinician.pdf?days=${days}` as const;
