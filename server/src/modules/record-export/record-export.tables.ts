import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  appointments,
  billPayments,
  documents,
  healthSummaryItems,
  insuranceBills,
  insuranceClaims,
  insurancePlans,
  medicationSchedules,
  notifications,
} from '../../db/schema';
import type { BillRow } from './fhir/bills';
import type { SummaryRow } from './fhir/health-summary';
import type { ScheduleRow } from './fhir/medications';

const scheduleId = sql`${notifications.metadata}->>'schedule_id'`;
/** The person's reminders that belong to a medication schedule. */
const scheduledReminders = (userId: string) =>
  and(eq(notifications.userId, userId), eq(notifications.type, 'reminder'), isNotNull(scheduleId));

/**
 * The small tables of a person's record (a few hundred rows at most: schedules, doses marked,
 * appointments, insurance, the Health Summary, documents), read in one short read-only transaction,
 * every query scoped to the person as well as by row-level security.
 */
export const readTables = (db: Database, userId: string) =>
  db.readAsUser(userId, async (tx) => ({
    schedules: (
      await tx
        .select({ id: medicationSchedules.id, schedule: medicationSchedules.schedule })
        .from(medicationSchedules)
        .where(eq(medicationSchedules.userId, userId))
        .orderBy(asc(medicationSchedules.id))
    ).map(({ id, schedule }) => scheduleOf({ ...schedule, schedule_id: id })),
    // The doses marked taken or skipped (pending and missed ones come back with their schedule).
    doses: await tx
      .select({
        id: notifications.id,
        dueDate: notifications.dueDate,
        isCompleted: notifications.isCompleted,
        metadata: notifications.metadata,
      })
      .from(notifications)
      .where(
        and(
          scheduledReminders(userId),
          isNotNull(notifications.dueDate),
          or(eq(notifications.isCompleted, true), sql`${notifications.metadata}->>'skipped' = 'true'`),
        ),
      )
      .orderBy(asc(notifications.dueDate), asc(notifications.id)),
    appointments: await tx
      .select()
      .from(appointments)
      .where(eq(appointments.userId, userId))
      .orderBy(asc(appointments.startsAt)),
    plans: await tx
      .select()
      .from(insurancePlans)
      .where(eq(insurancePlans.userId, userId))
      .orderBy(asc(insurancePlans.createdAt)),
    claims: await tx
      .select({
        id: insuranceClaims.id,
        claimNumber: insuranceClaims.claimNumber,
        provider: insuranceClaims.provider,
        serviceDate: insuranceClaims.serviceDate,
        submittedDate: insuranceClaims.submittedDate,
        status: insuranceClaims.status,
        amountCents: insuranceClaims.amountCents,
        coveredCents: insuranceClaims.coveredCents,
        patientResponsibilityCents: insuranceClaims.patientResponsibilityCents,
        allowedCents: insuranceClaims.allowedCents,
        description: insuranceClaims.description,
        insurancePlanId: insuranceClaims.insurancePlanId,
        planName: insurancePlans.name,
        eobDocumentId: insuranceClaims.eobDocumentId,
      })
      .from(insuranceClaims)
      .leftJoin(insurancePlans, eq(insurancePlans.id, insuranceClaims.insurancePlanId))
      .where(eq(insuranceClaims.userId, userId))
      .orderBy(asc(insuranceClaims.serviceDate)),
    documents: await tx
      .select({
        id: documents.id,
        title: documents.title,
        category: documents.category,
        date: documents.date,
        description: documents.description,
        fileName: documents.fileName,
        fileSize: documents.fileSize,
        fileType: documents.fileType,
        uploadedAt: documents.uploadedAt,
        storageId: documents.storageId,
        sha256: documents.sha256,
      })
      .from(documents)
      .where(eq(documents.userId, userId))
      .orderBy(asc(documents.uploadedAt)),
    summary: (await tx
      .select({
        id: healthSummaryItems.id,
        kind: healthSummaryItems.kind,
        codeSystem: healthSummaryItems.codeSystem,
        code: healthSummaryItems.code,
        text: healthSummaryItems.text,
        status: healthSummaryItems.status,
        onsetAt: healthSummaryItems.onsetAt,
        recordedAt: healthSummaryItems.recordedAt,
        details: healthSummaryItems.details,
      })
      .from(healthSummaryItems)
      .where(eq(healthSummaryItems.userId, userId))
      .orderBy(
        asc(healthSummaryItems.kind),
        asc(healthSummaryItems.createdAt),
        asc(healthSummaryItems.id),
      )) satisfies SummaryRow[],
    bills: await billsOf(tx, userId),
  }));

type Tx = Parameters<Parameters<Database['readAsUser']>[1]>[0];

/** Bills, each with its payments (oldest first), and the receipt it names. */
const billsOf = async (tx: Tx, userId: string): Promise<BillRow[]> => {
  const bills = await tx
    .select({
      id: insuranceBills.id,
      provider: insuranceBills.provider,
      amountCents: insuranceBills.amountCents,
      insuranceCoveredCents: insuranceBills.insuranceCoveredCents,
      dueDate: insuranceBills.dueDate,
      status: insuranceBills.status,
      category: insuranceBills.category,
      description: insuranceBills.description,
      receiptDocumentId: insuranceBills.receiptDocumentId,
    })
    .from(insuranceBills)
    .where(eq(insuranceBills.userId, userId))
    .orderBy(asc(insuranceBills.dueDate), asc(insuranceBills.id));
  const payments = bills.length
    ? await tx
        .select({
          billId: billPayments.billId,
          amountCents: billPayments.amountCents,
          paidOn: billPayments.paidOn,
          note: billPayments.note,
        })
        .from(billPayments)
        .where(
          and(
            eq(billPayments.userId, userId),
            inArray(
              billPayments.billId,
              bills.map((b) => b.id),
            ),
          ),
        )
        .orderBy(asc(billPayments.paidOn), asc(billPayments.createdAt), asc(billPayments.id))
    : [];
  return bills.map((b) => ({
    ...b,
    payments: payments.filter((p) => p.billId === b.id).map(({ billId: _, ...p }) => p),
  }));
};

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

const scheduleOf = (m: Record<string, unknown>): ScheduleRow => ({
  scheduleId: String(m.schedule_id),
  medicationName: str(m.medication_name) ?? 'Medication',
  dosage: str(m.dosage) ?? '',
  frequency: str(m.frequency),
  dailyTimes: Array.isArray(m.daily_times) ? m.daily_times.map(String) : [],
  specialInstructions: str(m.special_instructions),
  prescriber: str(m.prescriber),
  prescriptionNumber: str(m.prescription_number),
  refillDate: str(m.refill_date),
  startDate: str(m.start_date),
  endDate: str(m.end_date),
  stopped: typeof m.stopped_on === 'string',
});
