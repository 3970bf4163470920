import { z } from 'zod';
import { RecordPerson } from './whose-record';

/** What an imported record's items become, grouped as the preview and the report count them. */
export const RECORD_IMPORT_GROUPS = [
  'labResults',
  'vitalSigns',
  'glucoseReadings',
  'trackerEntries',
  'conditions',
  'allergies',
  'immunizations',
  'procedures',
  'medications',
  'medicationDoses',
  'appointments',
  'insurancePlans',
  'claims',
  'bills',
  'documents',
] as const;
export type RecordImportGroup = (typeof RECORD_IMPORT_GROUPS)[number];

/** "23 lab results": the words for one and for many of each group. */
export const RECORD_IMPORT_GROUP_WORDS: Record<RecordImportGroup, [one: string, many: string]> = {
  labResults: ['lab result', 'lab results'],
  vitalSigns: ['vital sign', 'vital signs'],
  glucoseReadings: ['glucose reading', 'glucose readings'],
  trackerEntries: ['other tracker entry', 'other tracker entries'],
  conditions: ['condition', 'conditions'],
  allergies: ['allergy', 'allergies'],
  immunizations: ['immunization', 'immunizations'],
  procedures: ['procedure', 'procedures'],
  medications: ['medication', 'medications'],
  medicationDoses: ['dose taken or skipped', 'doses taken or skipped'],
  appointments: ['appointment', 'appointments'],
  insurancePlans: ['insurance plan', 'insurance plans'],
  claims: ['insurance claim', 'insurance claims'],
  bills: ['bill', 'bills'],
  documents: ['document', 'documents'],
};

export const importCountWords = (group: RecordImportGroup, n: number) =>
  `${n.toLocaleString('en-US')} ${RECORD_IMPORT_GROUP_WORDS[group][n === 1 ? 0 : 1]}`;

export const RECORD_IMPORT_FORMATS = ['fhir-bundle', 'fhir-ndjson', 'ccda'] as const;
export type RecordImportFormat = (typeof RECORD_IMPORT_FORMATS)[number];
export const RECORD_IMPORT_FORMAT_WORDS: Record<RecordImportFormat, string> = {
  'fhir-bundle': 'FHIR R4 bundle',
  'fhir-ndjson': 'FHIR R4 NDJSON',
  ccda: 'C-CDA document',
};

const Counts = z.record(z.enum(RECORD_IMPORT_GROUPS), z.number().int());

/** Something in the file that was not imported, and why, in words. */
export const NotUnderstood = z.object({ what: z.string(), reason: z.string(), count: z.number().int() });
export type NotUnderstood = z.infer<typeof NotUnderstood>;

export const RecordImportPreview = z.object({
  format: z.enum(RECORD_IMPORT_FORMATS),
  /** Items per group found in the file. */
  found: Counts,
  /** Of those, how many are already in the record. */
  alreadyHere: Counts,
  notUnderstood: z.array(NotUnderstood),
  /** Whose record the file holds (its Patient), null when it names no one. */
  patient: RecordPerson.nullable(),
  /** The person the import is for: the account's own record, or the household person acted for. */
  importingFor: RecordPerson,
  /**
   * The file is someone else's record (isOtherPerson): the import is refused unless it is confirmed
   * (`?otherPerson=confirmed`).
   */
  otherPerson: z.boolean(),
});
export type RecordImportPreview = z.infer<typeof RecordImportPreview>;

export const RecordImportReport = z.object({
  format: z.enum(RECORD_IMPORT_FORMATS),
  created: Counts,
  skipped: Counts,
  notUnderstood: z.array(NotUnderstood),
  /**
   * What the person must do about what came in, in words: insulin settings brought back are not used
   * for any dose until the person checks and saves them.
   */
  notices: z.array(z.string()),
  /** The file as kept in the documents vault (kept once: a second import finds it there). */
  sourceDocumentId: z.string().uuid(),
});
export type RecordImportReport = z.infer<typeof RecordImportReport>;

/** The sum of a count record, for "3 already here". */
export const totalOf = (counts: Partial<Record<RecordImportGroup, number>>) =>
  Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);

/** "23 lab results, 4 conditions": the groups with something in them, in the order above. */
export const describeCounts = (counts: Partial<Record<RecordImportGroup, number>>) =>
  RECORD_IMPORT_GROUPS.filter((g) => (counts[g] ?? 0) > 0)
    .map((g) => importCountWords(g, counts[g] ?? 0))
    .join(', ');
