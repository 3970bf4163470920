import { wallClockToUtc } from '@healthfolio/core';
import { localIsoWithOffset } from '@healthfolio/core/units/local-iso';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { appointments, insuranceClaims, insurancePlans, insuranceSettings } from '../../db/schema';
import { syncAppointmentReminders } from '../appointments/appointment-reminders';
import { insertAppointment, updateAppointmentRow } from '../appointments/appointments.repository';
import { insertClaim, insertPlan, selectActivePrimary } from '../insurance/insurance.repository';
import { personZone } from '../profiles/profiles.repository';
import { noteNotUnderstood, type PlannedItem } from './import-plan';
import type { Written } from './write-plan';

type Item<K extends PlannedItem['kind']> = Extract<PlannedItem, { kind: K }>;

/** An imported time as an instant: a wall clock without an offset is read in `timeZone`. */
const instantIn = (v: string, timeZone: string) =>
  v.endsWith('Z') ? new Date(v) : wallClockToUtc(v.slice(0, 10), v.slice(11, 16), timeZone);

/**
 * Appointments at the instant the file gives, kept to the second (a time in a fall-back hour stays
 * the occurrence the offset names), shown on the person's wall clock: the date and times of the
 * Appointments page are that instant in their zone. A time the file gives without an offset is the
 * clinic's local time, taken to be the person's own zone (most people's clinics are; UTC would move
 * it by hours for nearly everyone). One with the same provider at the same instant is already
 * there. Upcoming ones get their reminders, as a scheduled one does.
 */
export const writeAppointments = async (
  tx: Tx,
  userId: string,
  items: Item<'appointment'>[],
  out: Written,
) => {
  if (!items.length) return;
  const timeZone = await personZone(tx, userId);
  for (const { appointment: a } of items) {
    const startsAt = instantIn(a.startsAt, timeZone);
    const start = localIsoWithOffset(startsAt, timeZone);
    const endAt = a.endsAt ? instantIn(a.endsAt, timeZone) : null;
    const end = endAt && endAt > startsAt ? localIsoWithOffset(endAt, timeZone) : null;
    const date = start.slice(0, 10);
    const startTime = start.slice(11, 16);
    // The Appointments page keeps an end on the same day only.
    const sameDayEnd = end && end.slice(0, 10) === date && end.slice(11, 16) > startTime;
    const endTime = sameDayEnd ? end.slice(11, 16) : null;
    const [there] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.userId, userId),
          eq(appointments.startsAt, startsAt),
          eq(appointments.provider, a.provider),
        ),
      )
      .limit(1);
    if (there) continue;
    const inserted = await insertAppointment(tx, userId, {
      provider: a.provider,
      specialty: a.specialty,
      date,
      startTime,
      endTime,
      timeZone,
      startsAt,
      endsAt: sameDayEnd ? endAt : null,
      location: a.location,
      telehealthUrl: a.telehealthUrl,
      reason: a.reason,
      preparation: a.preparation,
    });
    // An appointment comes in booked or cancelled, as it was.
    const row =
      a.status === 'cancelled'
        ? ((await updateAppointmentRow(tx, userId, inserted.id, { status: 'cancelled' })) ?? inserted)
        : inserted;
    await syncAppointmentReminders(tx, row);
    out.created.appointments++;
  }
};

/**
 * Plans, each once (the same insurer, policy and member number is the same plan), and what the
 * file's references to them now point at: the new plan or the one already there. A second active
 * primary plan is refused, as on the Insurance page.
 */
export const writePlans = async (tx: Tx, userId: string, items: Item<'plan'>[], out: Written) => {
  const planIds = new Map<string, string>();
  for (const { plan: p, refs } of items) {
    const [there] = await tx
      .select({ id: insurancePlans.id })
      .from(insurancePlans)
      .where(
        and(
          eq(insurancePlans.userId, userId),
          eq(insurancePlans.name, p.name),
          eq(insurancePlans.policyNumber, p.policyNumber),
          eq(insurancePlans.memberNumber, p.memberNumber),
        ),
      )
      .limit(1);
    let id = there?.id;
    if (!id) {
      if (p.type === 'primary' && p.status === 'active' && (await selectActivePrimary(tx, userId))) {
        noteNotUnderstood(
          out.rejected,
          'Insurance plans',
          'Another plan is already your active primary plan: change it on the Insurance page first.',
        );
        out.rejectedCounts.insurancePlans++;
        continue;
      }
      id = (await insertPlan(tx, userId, p)).id;
      out.created.insurancePlans++;
    }
    for (const ref of refs) planIds.set(ref, id);
  }
  return planIds;
};

/** The currency of the person's insurance amounts (Insurance → settings). */
export const insuranceCurrency = async (tx: Tx, userId: string) => {
  const [settings] = await tx
    .select({ currency: insuranceSettings.currency })
    .from(insuranceSettings)
    .where(eq(insuranceSettings.userId, userId));
  return settings?.currency ?? 'USD';
};

/**
 * Claims, each once (a claim number the person already has is already there), linked to the plan
 * of the first Coverage they name that came in or was already here. Amounts in another currency
 * than the person's insurance amounts are refused rather than shown as if they were theirs.
 */
export const writeClaims = async (
  tx: Tx,
  userId: string,
  items: Item<'claim'>[],
  planIds: Map<string, string>,
  documentIds: Map<string, string>,
  out: Written,
) => {
  if (!items.length) return;
  const currency = await insuranceCurrency(tx, userId);
  for (const c of items) {
    if (c.currency && c.currency !== currency) {
      noteNotUnderstood(
        out.rejected,
        'Insurance claims',
        `Amounts in ${c.currency}, while your insurance amounts are in ${currency}.`,
      );
      out.rejectedCounts.claims++;
      continue;
    }
    const [there] = await tx
      .select({ id: insuranceClaims.id })
      .from(insuranceClaims)
      .where(and(eq(insuranceClaims.userId, userId), eq(insuranceClaims.claimNumber, c.claim.claimNumber)))
      .limit(1);
    if (there) continue;
    const planId = c.coverageRefs.map((r) => planIds.get(r)).find(Boolean) ?? null;
    const eobDocumentId = (c.eobDocumentRef && documentIds.get(c.eobDocumentRef)) ?? null;
    await insertClaim(tx, userId, { ...c.claim, insurancePlanId: planId, eobDocumentId });
    out.created.claims++;
  }
};
