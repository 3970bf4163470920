import { DOCUMENT_CATEGORIES, OWN_RECORD, type Whose, whose } from '@healthfolio/core';
import type { DocumentReference, Invoice, Medication, Resource } from '@medplum/fhirtypes';
import { SNIFF_BYTES, vaultTypeOf } from '../documents/file-inspection';
import { indexResources, refsOf } from './fhir-values';
import { loggedDose, ourDose, ourSchedule } from './healthfolio-export';
import {
  type ImportPlan,
  noteNotUnderstood,
  type PlannedItem,
  RECORD_FILE_TYPES,
  withoutControls,
} from './import-plan';
import { mapAppointment } from './map-appointment';
import { ourBill } from './map-bill';
import { mapClaims } from './map-claims';
import { isMealPhoto } from './map-meal';
import { mapObservation } from './map-observation';
import { mapCoverage } from './map-payer';
import { pairPressures } from './map-pressures';
import { mapSummary } from './map-summary';
import { patientOf } from './patient-of';
import { readResources } from './read-resources';

/**
 * Runs inside `runLimited`'s child process only (record-import.service.ts): reads an untrusted file
 * (FHIR R4 bundle or NDJSON, or C-CDA through Medplum's converter) and answers what it holds as plain
 * items to store, and what it could not use with the reason in words.
 */
export interface RecordParserInput {
  bytes: Uint8Array;
  /** While a guardian imports for a ward, the ward's name as the words name them (whoseFor). */
  ward?: string | null;
}

/** Resources that only hold the record together: used where they are referred to, never counted. */
const STRUCTURAL = new Set([
  'Patient',
  'Medication',
  'Composition',
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'Location',
  'Provenance',
]);

/** Items whose words are stored without a schema of the app checking them first. */
const CLEANED = new Set<PlannedItem['kind']>(['appointment', 'plan', 'claim', 'bill']);

/** Read together in mapClaims (map-claims.ts). */
const PAIRED = new Set(['Claim', 'ExplanationOfBenefit']);

const RESOURCE_WORDS: Record<string, string> = {
  Encounter: 'Visits',
  CarePlan: 'Care plans',
  CareTeam: 'Care teams',
  DiagnosticReport: 'Reports',
  ImagingStudy: 'Imaging studies',
  Device: 'Devices',
  Goal: 'Goals',
  MedicationAdministration: 'Medication administrations',
};
const wordsFor = (type: string) => RESOURCE_WORDS[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');

/** The vault's category of that name; any other (a portal's "Clinical Note") is filed under Other. */
const categoryOf = (text: string | undefined) => DOCUMENT_CATEGORIES.find((c) => c === text) ?? 'Other';

/** The calendar day a FHIR date or dateTime starts with, if it is one. */
const dayOf = (value: string | undefined) => {
  const day = value?.slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? day : undefined;
};

/** A vault document of a Healthfolio export: its file travels inside (`attachment.data`). */
const documentOf = (d: DocumentReference): PlannedItem | null => {
  const a = d.content?.[0]?.attachment;
  if (!a?.data || !a.contentType) return null;
  return {
    kind: 'document',
    group: 'documents',
    title: (d.type?.text ?? a.title ?? 'Imported document').slice(0, 200),
    category: categoryOf(d.category?.[0]?.text),
    date: [a.creation, d.date].map(dayOf).find(Boolean) ?? new Date().toISOString().slice(0, 10),
    description: d.description ?? null,
    fileName: a.title ?? 'document',
    fileType: a.contentType,
    base64: a.data,
    refs: refsOf(d),
  };
};

/** What the resources hold, and what is not imported with the reason in words of `w`'s record. */
export const planOf = (
  resources: Resource[],
  format: ImportPlan['format'],
  w: Whose = OWN_RECORD,
): ImportPlan => {
  const origin = format === 'ccda' ? 'ccda' : 'fhir';
  const medications = new Map<string, Medication>();
  for (const r of resources)
    if (r.resourceType === 'Medication' && r.id) {
      medications.set(`Medication/${r.id}`, r);
      medications.set(`urn:uuid:${r.id}`, r);
    }
  const plan: ImportPlan = { format, patient: patientOf(resources), items: [], notUnderstood: [] };
  const index = indexResources(resources);
  const today = new Date().toISOString().slice(0, 10);
  const take = (out: ReturnType<typeof mapAppointment>) => {
    if (out && 'skip' in out) noteNotUnderstood(plan.notUnderstood, out.what, out.skip);
    else if (out) plan.items.push(CLEANED.has(out.kind) ? withoutControls(out) : out);
  };
  const planResource = (r: Resource) => {
    // One mapper per resource type (map-*.ts); payer data from SMART servers comes this same way.
    if (r.resourceType === 'Appointment') {
      take(mapAppointment(r, index));
      return;
    }
    if (r.resourceType === 'Coverage') {
      take(mapCoverage(r, index, today));
      return;
    }
    if (r.resourceType === 'Observation') {
      take(mapObservation(r, origin, index));
      return;
    }
    // A meal photo comes in with the meal that shows it (map-meal.ts).
    if (r.resourceType === 'Media' && isMealPhoto(r)) return;
    if (r.resourceType === 'MedicationRequest') {
      const schedule = ourSchedule(r);
      if (schedule) {
        plan.items.push(withoutControls(schedule));
        return;
      }
    }
    if (r.resourceType === 'MedicationAdministration') {
      const dose = ourDose(r, index);
      if (dose) {
        plan.items.push(dose);
        return;
      }
    }
    if (r.resourceType === 'MedicationStatement') {
      const dose = loggedDose(r);
      if (dose) {
        plan.items.push(dose);
        return;
      }
    }
    if (r.resourceType === 'Invoice') {
      const bill = ourBill(r as Invoice);
      if (bill) {
        take(bill);
        return;
      }
    }
    if (r.resourceType === 'DocumentReference') {
      const doc = documentOf(r);
      if (doc) plan.items.push(doc);
      else
        noteNotUnderstood(plan.notUnderstood, 'Documents', 'A document whose file is not inside the record.');
      return;
    }
    // A lab report's results come in one by one (Observations): only the report's page is left.
    if (r.resourceType === 'DiagnosticReport' && r.result?.length) {
      noteNotUnderstood(
        plan.notUnderstood,
        'Reports',
        'Their results are imported one by one; the report itself is not kept.',
      );
      return;
    }
    const summary = mapSummary(r, medications, w);
    if (summary && 'skip' in summary) noteNotUnderstood(plan.notUnderstood, summary.what, summary.skip);
    else if (summary) plan.items.push(summary);
    else if (summary === null)
      noteNotUnderstood(plan.notUnderstood, wordsFor(r.resourceType), 'It has no name or code.');
    else
      noteNotUnderstood(
        plan.notUnderstood,
        wordsFor(r.resourceType),
        'Healthfolio does not import these yet.',
      );
  };
  // The file is untrusted and its JSON need not match the FHIR types the mappers read it by: a
  // resource with a field of the wrong type (a number where a text belongs) is one not understood,
  // not a refusal of the whole record (found by fuzzing, issue 37).
  const guarded = (what: string, map: () => void) => {
    try {
      map();
    } catch (err) {
      if (!(err instanceof TypeError || err instanceof RangeError)) throw err;
      noteNotUnderstood(plan.notUnderstood, what, 'A field holds a value of the wrong kind.');
    }
  };
  // Claims and their explanations of benefit are read together: one claim from both.
  guarded('Claims', () => {
    for (const out of mapClaims(resources, index)) take(out);
  });
  // A separate systolic and diastolic (C-CDA's) are read together: one blood pressure from both.
  let pressures: ReturnType<typeof pairPressures>['used'] = new Set();
  guarded('Vital signs', () => {
    const paired = pairPressures(resources);
    pressures = paired.used;
    for (const out of paired.outcomes) take(out);
  });
  for (const r of resources) {
    if (STRUCTURAL.has(r.resourceType) || PAIRED.has(r.resourceType) || pressures.has(r)) continue;
    guarded(wordsFor(String(r.resourceType)), () => planResource(r));
  }
  return plan;
};

/**
 * A file the record import reads (a FHIR bundle or NDJSON, a C-CDA document): the type the vault keeps
 * it with, as it keeps the file of every import; null for anything else. The vault takes no such file
 * as an upload (JSON and XML have no signature its check could trust), but a Healthfolio export
 * carries the copies it kept of the records imported before, and those come back the same way.
 */
const recordTypeOf = (base64: string) => {
  try {
    return RECORD_FILE_TYPES[readResources(Buffer.from(base64, 'base64')).format];
  } catch {
    return null;
  }
};

/**
 * A document's bytes must be a kind the vault keeps (PDF, JPEG, PNG, Word), as an upload's must, or a
 * record the import reads: it is stored with the type its bytes show, and anything else (a page of
 * HTML said to be a PDF) is left out.
 */
const onlyVaultFiles = async (plan: ImportPlan) => {
  const items: ImportPlan['items'] = [];
  for (const item of plan.items) {
    if (item.kind !== 'document') {
      items.push(item);
      continue;
    }
    // Base64 holds 3 bytes in 4 characters: enough of the start for the file's signature.
    const head = Buffer.from(item.base64.slice(0, Math.ceil(SNIFF_BYTES / 3) * 4), 'base64');
    const fileType = (await vaultTypeOf(head)) ?? recordTypeOf(item.base64);
    if (fileType) items.push({ ...item, fileType });
    else
      noteNotUnderstood(
        plan.notUnderstood,
        'Documents',
        'A file of a kind the vault does not keep (it keeps PDF, JPEG, PNG and Word files, and imported records).',
      );
  }
  return { ...plan, items };
};

export const parse = async ({ bytes, ward }: RecordParserInput): Promise<ImportPlan> => {
  const { format, resources } = readResources(bytes);
  return onlyVaultFiles(planOf(resources, format, whose(ward)));
};
