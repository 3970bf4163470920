import {
  BillCreateRequest,
  centsToDecimal,
  PaymentCreateRequest,
  settledStatus,
  sumCents,
} from '@healthfolio/core';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { insuranceBills } from '../../db/schema';
import { insertBill, insertPayment } from '../insurance/insurance.repository';
import { noteNotUnderstood, type PlannedItem } from './import-plan';
import { insuranceCurrency } from './write-payer';
import type { Written } from './write-plan';

type BillItem = Extract<PlannedItem, { kind: 'bill' }>;

const refuse = (out: Written, reason: string) => {
  noteNotUnderstood(out.rejected, 'Bills', reason);
  out.rejectedCounts.bills++;
};

/** The bill as the Insurance page would take it, with its payments; null if it would refuse it. */
const checked = ({ bill: b }: BillItem) => {
  const bill = BillCreateRequest.safeParse({
    provider: b.provider,
    amount: centsToDecimal(b.amountCents),
    insuranceCovered: centsToDecimal(b.insuranceCoveredCents),
    dueDate: b.dueDate,
    status: b.status,
    category: b.category,
    description: b.description,
  });
  const payments = b.payments.map((p) =>
    PaymentCreateRequest.safeParse({ amount: centsToDecimal(p.amountCents), paidOn: p.paidOn, note: p.note }),
  );
  if (!bill.success || payments.some((p) => !p.success)) return null;
  const paid = payments.flatMap((p) => (p.success ? [p.data] : []));
  if (bill.data.insuranceCovered + sumCents(paid.map((p) => p.amount)) > bill.data.amount) return null;
  return { bill: bill.data, payments: paid };
};

/**
 * Bills, each once (one from the same provider, for the same amount and category, due the same day
 * is already there), with their payments and their receipt when the file's document came in or was
 * already here. Checked as the Insurance page checks a bill and its payments; amounts in another
 * currency than the person's insurance amounts are refused, as claims are.
 */
export const writeBills = async (
  tx: Tx,
  userId: string,
  items: BillItem[],
  documentIds: Map<string, string>,
  out: Written,
) => {
  if (!items.length) return;
  const currency = await insuranceCurrency(tx, userId);
  for (const item of items) {
    if (item.currency && item.currency !== currency) {
      refuse(out, `Amounts in ${item.currency}, while your insurance amounts are in ${currency}.`);
      continue;
    }
    const valid = checked(item);
    if (!valid) {
      refuse(out, 'A bill Healthfolio cannot keep (an amount, date or category out of range).');
      continue;
    }
    const { bill, payments } = valid;
    const [there] = await tx
      .select({ id: insuranceBills.id })
      .from(insuranceBills)
      .where(
        and(
          eq(insuranceBills.userId, userId),
          eq(insuranceBills.provider, bill.provider),
          eq(insuranceBills.dueDate, bill.dueDate),
          eq(insuranceBills.amountCents, bill.amount),
          eq(insuranceBills.category, bill.category),
        ),
      )
      .limit(1);
    if (there) continue;
    const paidCents = sumCents(payments.map((p) => p.amount));
    const row = await insertBill(tx, userId, {
      provider: bill.provider,
      amountCents: bill.amount,
      insuranceCoveredCents: bill.insuranceCovered,
      dueDate: bill.dueDate,
      status: settledStatus(
        { amountCents: bill.amount, insuranceCoveredCents: bill.insuranceCovered, paidCents },
        bill.status,
      ),
      category: bill.category,
      description: bill.description,
      receiptDocumentId: (item.receiptRef && documentIds.get(item.receiptRef)) ?? null,
    });
    for (const p of payments)
      await insertPayment(tx, userId, {
        billId: row.id,
        amountCents: p.amount,
        paidOn: p.paidOn,
        note: p.note,
      });
    out.created.bills++;
  }
};
