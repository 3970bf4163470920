import type { RecordImportFormat } from '@healthfolio/core';
import { type Ccda, convertCcdaToFhir, convertXmlToCcda } from '@medplum/ccda';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { LimitedRunError } from '../../untrusted/run-limited';
import { takePlannedMedicines } from './ccda-planned-medicines';
import { takePlannedProcedures } from './ccda-procedures';
import { withReferenceRanges } from './ccda-ranges';
import { carryPartialTimes, withPartialTimes } from './ccda-times';

/** The parser's refusals: each becomes a problem (record-import.service.ts) that names what is wrong. */
export const NOT_A_RECORD = 'not_a_record';
export const MALFORMED = 'malformed';
export const SEVERAL_PATIENTS = 'several_patients';

const notARecord = () =>
  new LimitedRunError(
    NOT_A_RECORD,
    'This file is not a FHIR R4 bundle, a FHIR NDJSON file or a C-CDA document.',
  );
const malformed = (detail: string) => new LimitedRunError(MALFORMED, detail);

const isResource = (v: unknown): v is Resource =>
  typeof v === 'object' && v !== null && typeof (v as { resourceType?: unknown }).resourceType === 'string';

/** A FHIR JSON text: one Bundle (its entries) or one resource; NDJSON: a resource a line. */
const readJson = (text: string): { format: RecordImportFormat; resources: Resource[] } => {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    const lines = text.split(/\r?\n/).filter((l) => l.trim());
    if (lines.length < 2) throw malformed('The FHIR file is not valid JSON.');
    const resources = lines.map((line, i) => {
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        throw malformed(`Line ${i + 1} of the NDJSON file is not valid JSON.`);
      }
      if (!isResource(v)) throw malformed(`Line ${i + 1} of the NDJSON file is not a FHIR resource.`);
      return v;
    });
    return { format: 'fhir-ndjson', resources };
  }
  if (!isResource(whole)) throw notARecord();
  if (whole.resourceType !== 'Bundle') return { format: 'fhir-ndjson', resources: [whole] };
  const entries = (whole as Bundle).entry;
  if (entries !== undefined && !Array.isArray(entries))
    throw malformed('The FHIR bundle\u2019s entries are not a list.');
  const resources = (entries ?? []).map((e, i) => {
    if (!isResource(e?.resource)) throw malformed(`Entry ${i + 1} of the FHIR bundle holds no resource.`);
    return e.resource;
  });
  return { format: 'fhir-bundle', resources };
};

/** A C-CDA document converted to FHIR by Medplum's converter (never read by hand here). */
const readCcda = (text: string): Resource[] => {
  if (!/<ClinicalDocument[\s>]/.test(text)) throw notARecord();
  let ccda: Ccda;
  let bundle: Bundle;
  let planned: Resource[];
  try {
    ccda = convertXmlToCcda(text);
    carryPartialTimes(ccda);
    planned = [...takePlannedProcedures(ccda), ...takePlannedMedicines(ccda)];
    bundle = convertCcdaToFhir(ccda);
  } catch {
    throw malformed('The C-CDA document could not be read: its XML is damaged or incomplete.');
  }
  return withReferenceRanges(
    ccda,
    withPartialTimes([...(bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : [])), ...planned]),
  );
};

/** The patients the resources are about: Patient resources, and the patients their subjects name. */
const patientsOf = (resources: Resource[]) => {
  const ids = new Set<string>();
  for (const r of resources)
    if (r.resourceType === 'Patient') ids.add(r.id ?? JSON.stringify(r.identifier ?? r.name));
  const named = new Set<string>();
  for (const r of resources) {
    const ref =
      (r as { subject?: { reference?: string }; patient?: { reference?: string } }).subject?.reference ??
      (r as { patient?: { reference?: string } }).patient?.reference;
    // A file is untrusted: a reference that is not a string names no one (found by fuzzing).
    if (typeof ref !== 'string') continue;
    const id = ref.match(/^(?:Patient\/|urn:uuid:)([^/]+)$/)?.[1];
    if (id && !ids.has(id) && ref.startsWith('Patient/')) named.add(id);
  }
  return ids.size + named.size;
};

/**
 * The resources of a FHIR R4 bundle or NDJSON file, or of a C-CDA document; refuses what is none of
 * them, what is damaged, and a file about more than one patient (as a whole).
 */
export const readResources = (bytes: Uint8Array) => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw notARecord();
  }
  const start = text.trimStart()[0];
  const read =
    start === '{'
      ? readJson(text)
      : start === '<'
        ? { format: 'ccda' as const, resources: readCcda(text) }
        : (() => {
            throw notARecord();
          })();
  if (patientsOf(read.resources) > 1)
    throw new LimitedRunError(
      SEVERAL_PATIENTS,
      'This file holds the records of more than one person. Import a file with only your own record.',
    );
  return read;
};
