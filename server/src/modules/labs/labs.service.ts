import {
  flagFromRange,
  LabResultCreateRequest,
  type LabResultFields,
  type LabResultListQuery,
  type LabResultUpdateRequest,
  type LabSource,
  resolveLabFlag,
  withShippedRange,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { notFound, ProblemError, validationProblem } from '../../http/problem';
import { changedByEdit, recordAudit } from '../audit/audit.service';
import { conflictOnUnique } from '../insurance/unique-violation';
import { assertDatedNotInFuture } from '../profiles/dated-in-zone';
import { presentLabResult } from './labs.presenter';
import {
  deleteLabResultRow,
  insertLabResultsOnce,
  type LabResultRow,
  type LabResultValues,
  ownsDocument,
  selectLabResult,
  selectLabResults,
  selectLabSeries,
  updateLabResultRow,
} from './labs.repository';

const NOT_FOUND = 'No lab result with this id';
const ALREADY = () =>
  new ProblemError(409, 'conflict', 'This result is already recorded (same test, date, value and unit).');

/**
 * The stored values of a checked result, typed or imported alike: the guideline range for its test
 * when it has none of its own, and its flag computed from its range when its source gave none.
 */
const toValues = (fields: LabResultFields, source: LabSource): LabResultValues => {
  const r = withShippedRange(fields);
  return { ...r, flag: resolveLabFlag(r), effectiveAt: new Date(r.effectiveAt), source };
};

const checkDocument = async (tx: Tx, userId: string, documentId: string | null) => {
  if (documentId && !(await ownsDocument(tx, userId, documentId)))
    throw new ProblemError(400, 'validation_failed', 'No document with this id', [
      { path: 'documentId', message: 'No document with this id' },
    ]);
};

/** A result typed with a date only may be dated today in the person's own zone, not tomorrow. */
const checkDateBegun = (tx: Tx, userId: string, r: LabResultFields) =>
  assertDatedNotInFuture(tx, userId, { at: r.effectiveAt, precision: r.effectivePrecision }, 'effectiveAt');

/**
 * The import path (FHIR, C-CDA, portals): inserts in the caller's transaction the results not already
 * there (same test, time, value and unit), so importing the same file twice changes nothing. Each row is
 * checked like a typed one; answers the rows inserted.
 */
export const insertLabResults = async (
  tx: Tx,
  personId: string,
  rows: LabResultCreateRequest[],
  source: LabSource,
  documentId: string | null,
) => {
  await checkDocument(tx, personId, documentId);
  const values = rows.map((r) => {
    const parsed = LabResultCreateRequest.safeParse(r);
    if (!parsed.success) throw validationProblem(parsed.error);
    return toValues({ ...parsed.data, documentId: parsed.data.documentId ?? documentId }, source);
  });
  return insertLabResultsOnce(tx, personId, values);
};

export const createLabResult = (db: Database, userId: string, req: LabResultFields) =>
  db.asUser(userId, async (tx) => {
    await checkDocument(tx, userId, req.documentId);
    await checkDateBegun(tx, userId, req);
    const [row] = await insertLabResultsOnce(tx, userId, [toValues(req, 'typed')]);
    if (!row) throw ALREADY();
    await recordAudit(tx, userId, 'create', 'lab_result', row.id);
    return presentLabResult(row);
  });

export const listLabResults = (db: Database, userId: string, q: LabResultListQuery & { limit: number }) =>
  db.readAsUser(userId, async (tx) => ({
    items: (await selectLabResults(tx, userId, q)).map(presentLabResult),
  }));

export const labTestSeries = (db: Database, userId: string, loinc: string) =>
  db.readAsUser(userId, async (tx) => {
    const rows = await selectLabSeries(tx, userId, loinc);
    if (rows.length === 0) throw notFound('No results for this test');
    return { loinc, testName: rows.at(-1)!.testName, items: rows.map(presentLabResult) };
  });

const owned = async (tx: Tx, userId: string, id: string) => {
  const row = await selectLabResult(tx, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
};

export const getLabResult = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await owned(tx, userId, id);
    await recordAudit(tx, userId, 'read', 'lab_result', id);
    return presentLabResult(row);
  });

const fieldsOf = (row: LabResultRow) => ({
  testName: row.testName,
  loinc: row.loinc,
  value: row.value,
  valueText: row.valueText,
  unit: row.unit,
  referenceLow: row.referenceLow,
  referenceHigh: row.referenceHigh,
  referenceHighExclusive: row.referenceHighExclusive,
  referenceText: row.referenceText,
  effectiveAt: row.effectiveAt.toISOString(),
  effectivePrecision: row.effectivePrecision as LabResultFields['effectivePrecision'],
  documentId: row.documentId,
  labName: row.labName,
  note: row.note,
});

/**
 * An edit is merged into the result and the whole is checked again. A computed flag follows the new
 * value and range; a flag the source gave (critical, or one without a range) is kept unless the edit
 * sets another.
 */
export const updateLabResult = (db: Database, userId: string, id: string, patch: LabResultUpdateRequest) =>
  db
    .asUser(userId, async (tx) => {
      const existing = await owned(tx, userId, id);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      // A new date and time replaces the record's year, month or day; a date alone is dated so (core).
      if (defined.effectiveAt !== undefined && defined.effectivePrecision === undefined)
        defined.effectivePrecision = null;
      const computed = flagFromRange(
        existing.value,
        existing.referenceLow,
        existing.referenceHigh,
        existing.referenceHighExclusive,
      );
      const keepFlag = existing.flag !== computed ? { flag: existing.flag } : {};
      const merged = LabResultCreateRequest.safeParse({ ...fieldsOf(existing), ...keepFlag, ...defined });
      if (!merged.success) throw validationProblem(merged.error);
      await checkDocument(tx, userId, merged.data.documentId);
      if (defined.effectiveAt !== undefined || defined.effectivePrecision !== undefined)
        await checkDateBegun(tx, userId, merged.data);
      const row = await updateLabResultRow(
        tx,
        userId,
        id,
        toValues(merged.data, existing.source as LabSource),
      );
      await recordAudit(tx, userId, 'update', 'lab_result', id, {
        fields: changedByEdit(
          LabResultCreateRequest,
          { ...fieldsOf(existing), ...keepFlag },
          defined,
          merged.data,
        ),
      });
      return presentLabResult(row!);
    })
    .catch(conflictOnUnique(ALREADY()));

export const deleteLabResult = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    if (!(await deleteLabResultRow(tx, userId, id))) throw notFound(NOT_FOUND);
    await recordAudit(tx, userId, 'delete', 'lab_result', id);
  });
