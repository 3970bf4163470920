import { localDate } from '@healthfolio/core';
import type { Resource } from '@medplum/fhirtypes';
import { type AnyColumn, and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  glucoseReadings,
  insuranceSettings,
  labResults,
  mealPhotoAnalyses,
  profiles,
  trackerEntries,
} from '../../db/schema';
import { glucoseStats } from '../glucose/glucose.service';
import { appointmentResource } from './fhir/appointments';
import { billInvoice } from './fhir/bills';
import { cgmSummaryObservations } from './fhir/cgm-summary';
import { claimResource, explanationOfBenefit } from './fhir/claims';
import { healthfolioCodeSystem } from './fhir/codes';
import { type ExportContext, patientReference } from './fhir/context';
import { coverageResource } from './fhir/coverage';
import { type DocumentRow, documentReference } from './fhir/documents';
import { moodObservation, painObservation } from './fhir/feelings';
import { glucoseObservation } from './fhir/glucose';
import { summaryResource } from './fhir/health-summary';
import { insulinSettingsObservation } from './fhir/insulin-settings';
import { type LabResultRow, labResultObservations } from './fhir/lab-results';
import { type MealAnalysisRow, mealPhotoMedia, showsPhoto } from './fhir/meal-photos';
import { journalObservation, mealObservation } from './fhir/meals-journal';
import {
  type DoseRow,
  doseAdministration,
  insulinStatement,
  loggedMedicationStatement,
  scheduleRequest,
} from './fhir/medications';
import { patientResource } from './fhir/patient';
import { bloodPressureObservation, type EntryRow, weightObservation } from './fhir/vitals';
import { readTables } from './record-export.tables';

/** Rows read per short transaction: a year of CGM data is ~21 pages, none holding a transaction long. */
export const PAGE = 5000;

/** A resource of the bundle, and where its file's bytes are when it carries one. */
export interface ExportItem {
  resource: Resource & { id: string };
  file?: { storageId: string; sha256: string };
}

const ENTRY_MAPPERS: Record<string, (row: EntryRow, ctx: ExportContext) => Resource & { id: string }> = {
  'blood-pressure': bloodPressureObservation,
  weight: weightObservation,
  'mood-energy': moodObservation,
  pain: painObservation,
  medication: loggedMedicationStatement,
  insulin: insulinStatement,
  meal: mealObservation,
  journal: journalObservation,
  'insulin-settings': insulinSettingsObservation,
};
export const EXPORTED_TRACKERS = Object.keys(ENTRY_MAPPERS);

/** Rows after the cursor in (time, id) order. */
export const afterRow = (at: AnyColumn, id: AnyColumn, after: { at: Date; id: string }) =>
  or(gt(at, after.at), and(eq(at, after.at), gt(id, after.id)));

/** Reads a table page by page in (time, id) order, each page in its own read-only transaction. */
export async function* paged<R extends { id: string }>(
  db: Database,
  userId: string,
  read: (
    after: { at: Date; id: string } | null,
  ) => (tx: Parameters<Parameters<Database['readAsUser']>[1]>[0]) => Promise<R[]>,
  at: (row: R) => Date,
): AsyncGenerator<R[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows = await db.readAsUser(userId, read(after));
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    const last = rows.at(-1) as R;
    after = { at: at(last), id: last.id };
  }
}

type ReadTx = Parameters<Parameters<Database['readAsUser']>[1]>[0];

/** The analyses a page's meals cite (for their AI estimate) or show the photo of. */
const analysesCited = async (
  tx: ReadTx,
  userId: string,
  rows: { tracker: string; data: Record<string, unknown> }[],
) => {
  const ids = new Set<string>();
  for (const r of rows) {
    if (r.tracker !== 'meal') continue;
    const cited = [
      r.data.mealPhotoId,
      (r.data.aiEstimate as { analysisId?: unknown } | undefined)?.analysisId,
    ];
    for (const id of cited) if (typeof id === 'string') ids.add(id);
  }
  if (!ids.size) return new Map<string, MealAnalysisRow>();
  const found = await tx
    .select({
      id: mealPhotoAnalyses.id,
      model: mealPhotoAnalyses.model,
      result: mealPhotoAnalyses.result,
      createdAt: mealPhotoAnalyses.createdAt,
      photoStorageId: mealPhotoAnalyses.photoStorageId,
      photoSha256: mealPhotoAnalyses.photoSha256,
      photoType: mealPhotoAnalyses.photoType,
      photoSize: mealPhotoAnalyses.photoSize,
    })
    .from(mealPhotoAnalyses)
    .where(and(eq(mealPhotoAnalyses.userId, userId), inArray(mealPhotoAnalyses.id, [...ids])));
  return new Map(found.map((a) => [a.id, a]));
};

const analysisOf = (data: Record<string, unknown>, analyses: Map<string, MealAnalysisRow>) => {
  const id = data.mealPhotoId ?? (data.aiEstimate as { analysisId?: unknown } | undefined)?.analysisId;
  return typeof id === 'string' ? analyses.get(id) : undefined;
};

const readContext = async (db: Database, userId: string) =>
  db.readAsUser(userId, async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
    const [settings] = await tx
      .select({ currency: insuranceSettings.currency })
      .from(insuranceSettings)
      .where(eq(insuranceSettings.userId, userId));
    const [{ glucose } = { glucose: 0 }] = await tx
      .select({ glucose: sql<number>`count(*)::int` })
      .from(glucoseReadings)
      .where(eq(glucoseReadings.userId, userId));
    return { profile, currency: settings?.currency ?? 'USD', glucoseCount: Number(glucose) };
  });

/**
 * Every resource of a person's record, section by section, reading in short transactions (never one
 * held open for the whole export). `progress` is told how far it got (0–1) between pages.
 */
export async function* recordResources(
  db: Database,
  userId: string,
  progress: (done: number) => Promise<void>,
  appUrl: string,
  now = new Date(),
): AsyncGenerator<ExportItem> {
  const { profile, currency, glucoseCount } = await readContext(db, userId);
  const ctx: ExportContext = {
    userId,
    glucoseUnit: (profile?.glucoseUnit as ExportContext['glucoseUnit']) ?? 'mg/dL',
    timeZone: profile?.timezone ?? 'UTC',
    patient: patientReference(userId),
    codeSystem: healthfolioCodeSystem(appUrl),
  };
  yield {
    resource: patientResource({
      userId,
      displayName: profile?.displayName ?? 'Healthfolio user',
      dateOfBirth: profile?.dateOfBirth ?? null,
    }),
  };

  // Glucose is most of a CGM user's record: 70% of the progress bar, page by page.
  let seen = 0;
  for await (const rows of paged(
    db,
    userId,
    (after) => (tx) =>
      tx
        .select({
          id: glucoseReadings.id,
          valueMgdl: glucoseReadings.valueMgdl,
          recordedAt: glucoseReadings.recordedAt,
          source: glucoseReadings.source,
          mealContext: glucoseReadings.mealContext,
          notes: glucoseReadings.notes,
        })
        .from(glucoseReadings)
        .where(
          and(
            eq(glucoseReadings.userId, userId),
            after ? afterRow(glucoseReadings.recordedAt, glucoseReadings.id, after) : undefined,
          ),
        )
        .orderBy(asc(glucoseReadings.recordedAt), asc(glucoseReadings.id))
        .limit(PAGE),
    (r) => r.recordedAt,
  )) {
    for (const row of rows) yield { resource: glucoseObservation(row, ctx) };
    seen += rows.length;
    await progress((0.7 * seen) / Math.max(1, glucoseCount));
  }

  // A page's meals come with the analyses they cite, read in the same transaction; a photo shown by
  // several meals goes into the bundle once.
  const photos = new Set<string>();
  for await (const rows of paged(
    db,
    userId,
    (after) => async (tx) => {
      const rows = await tx
        .select({
          id: trackerEntries.id,
          tracker: trackerEntries.tracker,
          occurredAt: trackerEntries.occurredAt,
          occurredPrecision: trackerEntries.occurredPrecision,
          notes: trackerEntries.notes,
          data: trackerEntries.data,
        })
        .from(trackerEntries)
        .where(
          and(
            eq(trackerEntries.userId, userId),
            inArray(trackerEntries.tracker, EXPORTED_TRACKERS),
            after ? afterRow(trackerEntries.occurredAt, trackerEntries.id, after) : undefined,
          ),
        )
        .orderBy(asc(trackerEntries.occurredAt), asc(trackerEntries.id))
        .limit(PAGE);
      const analyses = await analysesCited(tx, userId, rows);
      return rows.map((row) => ({ ...row, analysis: analysisOf(row.data, analyses) }));
    },
    (r) => r.occurredAt,
  ))
    for (const { analysis, ...row } of rows) {
      if (row.tracker !== 'meal') {
        yield { resource: (ENTRY_MAPPERS[row.tracker] as (typeof ENTRY_MAPPERS)[string])(row, ctx) };
        continue;
      }
      yield { resource: mealObservation(row, ctx, analysis) };
      if (showsPhoto(row.data, analysis) && !photos.has(analysis.id)) {
        photos.add(analysis.id);
        yield {
          resource: mealPhotoMedia(analysis, ctx),
          file: { storageId: analysis.photoStorageId, sha256: analysis.photoSha256 },
        };
      }
    }
  await progress(0.8);

  // Lab results, HbA1c among them (LOINC 4548-4).
  for await (const rows of paged(
    db,
    userId,
    (after) => (tx) =>
      tx
        .select({
          id: labResults.id,
          loinc: labResults.loinc,
          testName: labResults.testName,
          value: labResults.value,
          textValue: labResults.valueText,
          unit: labResults.unit,
          refLow: labResults.referenceLow,
          refHigh: labResults.referenceHigh,
          flag: labResults.flag,
          effectiveAt: labResults.effectiveAt,
          effectivePrecision: labResults.effectivePrecision,
          labName: labResults.labName,
          documentId: labResults.documentId,
        })
        .from(labResults)
        .where(
          and(
            eq(labResults.userId, userId),
            after ? afterRow(labResults.effectiveAt, labResults.id, after) : undefined,
          ),
        )
        .orderBy(asc(labResults.effectiveAt), asc(labResults.id))
        .limit(PAGE),
    (r) => r.effectiveAt,
  ))
    for (const resource of labResultObservations(rows as LabResultRow[], ctx)) yield { resource };

  for (const days of [14, 90]) {
    for (const resource of cgmSummaryObservations(await glucoseStats(db, userId, days), ctx))
      yield { resource };
  }
  await progress(0.85);

  const rest = await readTables(db, userId);

  const today = localDate(now, ctx.timeZone);
  for (const s of rest.schedules) yield { resource: scheduleRequest(s, ctx, today) };
  for (const d of rest.doses) yield { resource: doseAdministration(d as DoseRow, ctx) };
  for (const a of rest.appointments) yield { resource: appointmentResource(a, ctx) };
  for (const p of rest.plans) yield { resource: coverageResource(p, ctx, currency) };
  for (const c of rest.claims) {
    yield { resource: claimResource(c, ctx, currency) };
    const eob = explanationOfBenefit(c, ctx, currency);
    if (eob) yield { resource: eob };
  }
  for (const b of rest.bills) yield { resource: billInvoice(b, ctx, currency) };
  for (const item of rest.summary) {
    const resource = summaryResource(item, ctx);
    if (resource) yield { resource };
  }
  await progress(0.9);
  for (const d of rest.documents)
    yield {
      resource: documentReference(d satisfies DocumentRow, ctx),
      file: { storageId: d.storageId, sha256: d.sha256 },
    };
}
