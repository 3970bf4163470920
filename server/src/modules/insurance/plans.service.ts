import {
  centsToDecimal,
  ONE_ACTIVE_PRIMARY_MESSAGE,
  PlanCreateRequest,
  type PlanFields,
  type PlanUpdateRequest,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { notFound, ProblemError, validationProblem } from '../../http/problem';
import { changedByEdit, recordAudit } from '../audit/audit.service';
import { presentPlan } from './insurance.presenter';
import {
  deletePlanRow,
  insertPlan,
  type PlanRow,
  type PlanValues,
  selectActivePrimary,
  selectPlan,
  selectPlans,
  updatePlanRow,
} from './insurance.repository';
import { conflictOnUnique } from './unique-violation';

const NOT_FOUND = 'No insurance plan with this id';

const primaryConflict = () =>
  new ProblemError(409, 'conflict', ONE_ACTIVE_PRIMARY_MESSAGE, [
    { path: 'status', message: ONE_ACTIVE_PRIMARY_MESSAGE },
  ]);

const toValues = (p: PlanFields): PlanValues => ({
  name: p.name,
  type: p.type,
  status: p.status,
  policyNumber: p.policyNumber,
  groupNumber: p.groupNumber,
  memberNumber: p.memberNumber,
  effectiveDate: p.effectiveDate,
  deductibleCents: p.deductible,
  deductibleMetCents: p.deductibleMet,
  outOfPocketMaxCents: p.outOfPocketMax,
  outOfPocketMetCents: p.outOfPocketMet,
  copayPrimaryCents: p.copayPrimary,
  copaySpecialistCents: p.copaySpecialist,
  copayEmergencyCents: p.copayEmergency,
  contactPhone: p.contactPhone,
  contactEmail: p.contactEmail,
  contactWebsite: p.contactWebsite,
});

/** A stored plan in the request's own form, so an edit can be merged and checked as a whole. */
const requestOf = (row: PlanRow) => ({
  name: row.name,
  type: row.type,
  status: row.status,
  policyNumber: row.policyNumber,
  groupNumber: row.groupNumber,
  memberNumber: row.memberNumber,
  effectiveDate: row.effectiveDate,
  deductible: centsToDecimal(row.deductibleCents),
  deductibleMet: centsToDecimal(row.deductibleMetCents),
  outOfPocketMax: centsToDecimal(row.outOfPocketMaxCents),
  outOfPocketMet: centsToDecimal(row.outOfPocketMetCents),
  copayPrimary: centsToDecimal(row.copayPrimaryCents),
  copaySpecialist: centsToDecimal(row.copaySpecialistCents),
  copayEmergency: centsToDecimal(row.copayEmergencyCents),
  contactPhone: row.contactPhone,
  contactEmail: row.contactEmail,
  contactWebsite: row.contactWebsite,
});

/** Only one active primary plan at a time: say so before the database's unique index would. */
const checkOnePrimary = async (tx: Tx, userId: string, p: PlanFields, exceptId?: string) => {
  if (p.type === 'primary' && p.status === 'active' && (await selectActivePrimary(tx, userId, exceptId)))
    throw primaryConflict();
};

export const listPlans = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => ({ items: (await selectPlans(tx, userId)).map(presentPlan) }));

const owned = async (tx: Tx, userId: string, id: string) => {
  const row = await selectPlan(tx, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
};

export const getPlan = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await owned(tx, userId, id);
    await recordAudit(tx, userId, 'read', 'insurance_plan', id);
    return presentPlan(row);
  });

export const createPlan = (db: Database, userId: string, req: PlanFields) =>
  db
    .asUser(userId, async (tx) => {
      await checkOnePrimary(tx, userId, req);
      const row = await insertPlan(tx, userId, toValues(req));
      await recordAudit(tx, userId, 'create', 'insurance_plan', row.id);
      return presentPlan(row);
    })
    .catch(conflictOnUnique(primaryConflict()));

export const updatePlan = (db: Database, userId: string, id: string, patch: PlanUpdateRequest) =>
  db
    .asUser(userId, async (tx) => {
      const existing = await owned(tx, userId, id);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const merged = PlanCreateRequest.safeParse({ ...requestOf(existing), ...defined });
      if (!merged.success) throw validationProblem(merged.error);
      await checkOnePrimary(tx, userId, merged.data, id);
      const row = await updatePlanRow(tx, userId, id, toValues(merged.data));
      await recordAudit(tx, userId, 'update', 'insurance_plan', id, {
        fields: changedByEdit(PlanCreateRequest, requestOf(existing), defined, merged.data),
      });
      return presentPlan(row!);
    })
    .catch(conflictOnUnique(primaryConflict()));

export const deletePlan = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    // Its claims stay; they no longer name a plan (foreign key, on delete set null).
    if (!(await deletePlanRow(tx, userId, id))) throw notFound(NOT_FOUND);
    await recordAudit(tx, userId, 'delete', 'insurance_plan', id);
  });
