import { createHash } from 'node:crypto';
import type { GlucoseUnit } from '@healthfolio/core';
import { type DatePrecision, partialDateIso } from '@healthfolio/core/units/date-precision';
import type { BundleEntry, Patient, Reference, Resource } from '@medplum/fhirtypes';

/** What every mapper needs besides its rows. */
export interface ExportContext {
  /** The person's id: the Patient's id too. */
  userId: string;
  glucoseUnit: GlucoseUnit;
  timeZone: string;
  patient: Reference<Patient>;
  /** Healthfolio's own code system under this instance (fhir/codes.ts `healthfolioCodeSystem`). */
  codeSystem: string;
}

/**
 * Stable ids: a resource's id is the id of the row it comes from, so a later import of the same
 * export can recognise what it already has. A resource made of no single row (a summary) gets a
 * name-based UUID (SHA-256 of the person and its name, as in RFC 9562 version 8).
 */
export const derivedId = (userId: string, name: string) => {
  const h = createHash('sha256').update(`${userId}:${name}`).digest('hex');
  const variant = ((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const entryOf = (resource: Resource & { id: string }): BundleEntry => ({
  fullUrl: `urn:uuid:${resource.id}`,
  resource,
});

export const patientReference = (userId: string): Reference<Patient> => ({ reference: `urn:uuid:${userId}` });

/** FHIR `instant`/`dateTime` from a database timestamp. */
export const instant = (at: Date | string) => new Date(at).toISOString();

/**
 * FHIR `dateTime` of a record's item: the date alone (`2019`, `2019-03`, `2019-03-14`) for one its
 * record dated only by year, month or day (core's date-precision.ts), else the instant. The import
 * reads the precision back from it (record-import/map-observation.ts).
 */
export const dateTimeOf = (at: Date | string, precision: DatePrecision | string | null | undefined) =>
  precision === 'year' || precision === 'month' || precision === 'day'
    ? partialDateIso(at, precision)
    : instant(at);
