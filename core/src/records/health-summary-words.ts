/** What the read-only health summary holds, each from an imported record. */
export const HEALTH_SUMMARY_KINDS = [
  'condition',
  'allergy',
  'immunization',
  'procedure',
  'medication',
] as const;
export type HealthSummaryKind = (typeof HEALTH_SUMMARY_KINDS)[number];

/** Section titles, in the order the page shows them. */
export const HEALTH_SUMMARY_SECTIONS: Record<HealthSummaryKind, string> = {
  condition: 'Conditions',
  allergy: 'Allergies',
  immunization: 'Immunizations',
  procedure: 'Procedures',
  medication: 'Medications',
};

/** A record's status codes (FHIR's clinical and medication statuses) in words. */
const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  recurrence: 'Came back',
  relapse: 'Came back',
  inactive: 'Inactive',
  remission: 'In remission',
  resolved: 'Resolved',
  completed: 'Completed',
  'entered-in-error': 'Entered in error',
  intended: 'Planned',
  stopped: 'Stopped',
  'on-hold': 'On hold',
  unknown: 'Status unknown',
  'not-taken': 'Not taken',
  'not-done': 'Not done',
  'in-progress': 'In progress',
  preparation: 'Being prepared',
  draft: 'Draft',
  cancelled: 'Cancelled',
  revoked: 'Revoked',
};
export const healthSummaryStatusWords = (status: string | null) =>
  status ? (STATUS_WORDS[status] ?? status.replace(/-/g, ' ')) : null;
