import {
  ClaimCreateRequest,
  type ClaimFields,
  type ClaimUpdateRequest,
  centsToDecimal,
  EOB_MESSAGE,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { notFound, ProblemError, validationProblem } from '../../http/problem';
import { changedByEdit, recordAudit } from '../audit/audit.service';
import { attachmentsOf, checkAttachment } from './attachments';
import { presentClaim } from './insurance.presenter';
import {
  type ClaimRow,
  type ClaimValues,
  deleteClaimRow,
  insertClaim,
  selectClaim,
  selectClaims,
  selectPlan,
  updateClaimRow,
} from './insurance.repository';
import { conflictOnUnique } from './unique-violation';

const NOT_FOUND = 'No claim with this id';
const PLAN_MESSAGE = 'Choose one of your insurance plans';

const numberConflict = () =>
  new ProblemError(409, 'conflict', 'A claim with this claim number is already recorded.', [
    { path: 'claimNumber', message: 'A claim with this claim number is already recorded' },
  ]);

/**
 * The plan must be one of the user's own: a foreign key alone would accept another user's plan id
 * (key checks do not see row-level security), so it is looked up in the user's scope.
 */
const checkPlan = async (tx: Tx, userId: string, planId: string | null) => {
  if (planId && !(await selectPlan(tx, userId, planId)))
    throw new ProblemError(400, 'validation_failed', PLAN_MESSAGE, [
      { path: 'insurancePlanId', message: PLAN_MESSAGE },
    ]);
};

const toValues = (c: ClaimFields): ClaimValues => ({
  claimNumber: c.claimNumber,
  provider: c.provider,
  serviceDate: c.serviceDate,
  submittedDate: c.submittedDate,
  status: c.status,
  amountCents: c.amount,
  coveredCents: c.covered,
  patientResponsibilityCents: c.patientResponsibility,
  allowedCents: c.allowed ?? null,
  description: c.description,
  insurancePlanId: c.insurancePlanId,
  eobDocumentId: c.eobDocumentId,
});

const requestOf = (row: ClaimRow) => ({
  claimNumber: row.claimNumber,
  provider: row.provider,
  serviceDate: row.serviceDate,
  submittedDate: row.submittedDate,
  status: row.status,
  amount: centsToDecimal(row.amountCents),
  covered: centsToDecimal(row.coveredCents),
  patientResponsibility: centsToDecimal(row.patientResponsibilityCents),
  allowed: row.allowedCents === null ? null : centsToDecimal(row.allowedCents),
  description: row.description,
  insurancePlanId: row.insurancePlanId,
  eobDocumentId: row.eobDocumentId,
});

/** Claims with what they show of their EOBs (one query for all of them). */
export const presentClaims = async (tx: Tx, userId: string, rows: ClaimRow[]) => {
  const docs = await attachmentsOf(
    tx,
    userId,
    rows.map((r) => r.eobDocumentId),
  );
  return rows.map((r) => presentClaim(r, docs));
};
const presentOne = async (tx: Tx, userId: string, row: ClaimRow) =>
  (await presentClaims(tx, userId, [row]))[0]!;

const checkEob = (tx: Tx, userId: string, documentId: string | null) =>
  checkAttachment(tx, userId, documentId, 'eobDocumentId', EOB_MESSAGE);

export const listClaims = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => ({
    items: await presentClaims(tx, userId, await selectClaims(tx, userId)),
  }));

const owned = async (tx: Tx, userId: string, id: string) => {
  const row = await selectClaim(tx, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
};

export const getClaim = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await owned(tx, userId, id);
    await recordAudit(tx, userId, 'read', 'insurance_claim', id);
    return presentOne(tx, userId, row);
  });

export const createClaim = (db: Database, userId: string, req: ClaimFields) =>
  db
    .asUser(userId, async (tx) => {
      await checkPlan(tx, userId, req.insurancePlanId);
      await checkEob(tx, userId, req.eobDocumentId);
      const row = await insertClaim(tx, userId, toValues(req));
      await recordAudit(tx, userId, 'create', 'insurance_claim', row.id);
      return presentOne(tx, userId, row);
    })
    .catch(conflictOnUnique(numberConflict()));

export const updateClaim = (db: Database, userId: string, id: string, patch: ClaimUpdateRequest) =>
  db
    .asUser(userId, async (tx) => {
      const existing = await owned(tx, userId, id);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const merged = ClaimCreateRequest.safeParse({ ...requestOf(existing), ...defined });
      if (!merged.success) throw validationProblem(merged.error);
      if (merged.data.insurancePlanId !== existing.insurancePlanId)
        await checkPlan(tx, userId, merged.data.insurancePlanId);
      if (merged.data.eobDocumentId !== existing.eobDocumentId)
        await checkEob(tx, userId, merged.data.eobDocumentId);
      // A number the user gives is theirs to see, in place of one made from a record's resource id.
      const numbered = merged.data.claimNumber !== existing.claimNumber;
      const values = { ...toValues(merged.data), ...(numbered ? { claimNumberGenerated: false } : {}) };
      const row = await updateClaimRow(tx, userId, id, values);
      await recordAudit(tx, userId, 'update', 'insurance_claim', id, {
        fields: changedByEdit(ClaimCreateRequest, requestOf(existing), defined, merged.data),
      });
      return presentOne(tx, userId, row!);
    })
    .catch(conflictOnUnique(numberConflict()));

export const deleteClaim = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    if (!(await deleteClaimRow(tx, userId, id))) throw notFound(NOT_FOUND);
    await recordAudit(tx, userId, 'delete', 'insurance_claim', id);
  });
