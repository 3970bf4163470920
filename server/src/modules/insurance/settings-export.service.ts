import { type InsuranceSettingsFields, insuranceCsv } from '@healthfolio/core';
import { localDate } from '@healthfolio/core/units/local-time';
import type { Database } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { personZone } from '../profiles/profiles.repository';
import { withPayments } from './bills.service';
import { presentClaims } from './claims.service';
import { presentPlan, presentSettings } from './insurance.presenter';
import {
  selectBills,
  selectClaims,
  selectPlans,
  selectSettings,
  upsertSettings,
} from './insurance.repository';

export const getSettings = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => presentSettings(await selectSettings(tx, userId)));

export const saveSettings = (db: Database, userId: string, req: InsuranceSettingsFields) =>
  db.asUser(userId, async (tx) => {
    const row = await upsertSettings(tx, userId, {
      currency: req.currency,
      hsaCents: req.hsaBalance,
      fsaCents: req.fsaBalance,
      fsaExpiration: req.fsaExpiration,
    });
    await recordAudit(tx, userId, 'update', 'insurance_settings', userId);
    return presentSettings(row);
  });

/**
 * Claims (by service date) and bills (by due date) of one year as CSV, in the user's currency; a
 * bill's status is the one the screen shows today in the user's time zone (overdue once past due).
 */
export const exportYear = (db: Database, userId: string, year: number) =>
  db.asUser(userId, async (tx) => {
    // One after the other: the statements share the transaction's connection.
    const claims = await selectClaims(tx, userId, year);
    const bills = await selectBills(tx, userId, year);
    const plans = await selectPlans(tx, userId);
    const settings = await selectSettings(tx, userId);
    const timeZone = await personZone(tx, userId);
    const csv = insuranceCsv(
      {
        claims: await presentClaims(tx, userId, claims),
        bills: await withPayments(tx, userId, bills),
        plans: plans.map(presentPlan),
      },
      presentSettings(settings).currency,
      localDate(new Date(), timeZone),
    );
    await recordAudit(tx, userId, 'read', 'bill', null, {
      format: 'csv',
      year,
      claims: claims.length,
      bills: bills.length,
    });
    return csv;
  });
