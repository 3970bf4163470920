import {
  amountBelowPaidMessage,
  BillCreateRequest,
  type BillFields,
  type BillUpdateRequest,
  centsToDecimal,
  formatMoney,
  outstandingCents,
  overpaymentMessage,
  type PaymentFields,
  RECEIPT_MESSAGE,
  settledStatus,
  sumCents,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { notFound, ProblemError, validationProblem } from '../../http/problem';
import { changedByEdit, recordAudit } from '../audit/audit.service';
import { attachmentsOf, checkAttachment } from './attachments';
import { presentBill, presentSettings } from './insurance.presenter';
import {
  type BillRow,
  type BillValues,
  deleteBillRow,
  insertBill,
  insertPayment,
  type PaymentRow,
  selectBill,
  selectBillForUpdate,
  selectBills,
  selectPayments,
  selectSettings,
  updateBillRow,
} from './insurance.repository';

const NOT_FOUND = 'No bill with this id';

const toValues = (b: BillFields, paidCents: number): BillValues => ({
  provider: b.provider,
  amountCents: b.amount,
  insuranceCoveredCents: b.insuranceCovered,
  dueDate: b.dueDate,
  status: settledStatus(
    { amountCents: b.amount, insuranceCoveredCents: b.insuranceCovered, paidCents },
    b.status,
  ),
  category: b.category,
  description: b.description,
  receiptDocumentId: b.receiptDocumentId,
});

const requestOf = (row: BillRow) => ({
  provider: row.provider,
  amount: centsToDecimal(row.amountCents),
  insuranceCovered: centsToDecimal(row.insuranceCoveredCents),
  dueDate: row.dueDate,
  status: row.status,
  category: row.category,
  description: row.description,
  receiptDocumentId: row.receiptDocumentId,
});

/** An amount in the user's chosen currency for a message: "$45.99", not "45.99". */
const moneyOf = async (tx: Tx, userId: string, cents: number) =>
  formatMoney(cents, presentSettings(await selectSettings(tx, userId)).currency, 'en-US');

const checkReceipt = (tx: Tx, userId: string, documentId: string | null) =>
  checkAttachment(tx, userId, documentId, 'receiptDocumentId', RECEIPT_MESSAGE);

/** Bills with their payments and receipts (one query for all the payments, one for the receipts). */
export const withPayments = async (tx: Tx, userId: string, bills: BillRow[]) => {
  const payments = await selectPayments(
    tx,
    userId,
    bills.map((b) => b.id),
  );
  const docs = await attachmentsOf(
    tx,
    userId,
    bills.map((b) => b.receiptDocumentId),
  );
  const byBill = new Map<string, PaymentRow[]>();
  for (const p of payments) byBill.set(p.billId, [...(byBill.get(p.billId) ?? []), p]);
  return bills.map((b) => presentBill(b, byBill.get(b.id) ?? [], docs));
};

const presentOne = async (tx: Tx, userId: string, row: BillRow) =>
  (await withPayments(tx, userId, [row]))[0]!;

export const listBills = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => ({ items: await withPayments(tx, userId, await selectBills(tx, userId)) }));

const owned = async (tx: Tx, userId: string, id: string, lock = false) => {
  const row = await (lock ? selectBillForUpdate : selectBill)(tx, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
};

export const getBill = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const row = await owned(tx, userId, id);
    await recordAudit(tx, userId, 'read', 'bill', id);
    return presentOne(tx, userId, row);
  });

export const createBill = (db: Database, userId: string, req: BillFields) =>
  db.asUser(userId, async (tx) => {
    await checkReceipt(tx, userId, req.receiptDocumentId);
    const row = await insertBill(tx, userId, toValues(req, 0));
    await recordAudit(tx, userId, 'create', 'bill', row.id);
    return presentOne(tx, userId, row);
  });

const paidOn = async (tx: Tx, userId: string, billId: string) =>
  sumCents((await selectPayments(tx, userId, [billId])).map((p) => p.amountCents));

/** An edit is merged and checked as a whole; the amount cannot drop below covered plus paid. */
export const updateBill = (db: Database, userId: string, id: string, patch: BillUpdateRequest) =>
  db.asUser(userId, async (tx) => {
    const existing = await owned(tx, userId, id, true);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = BillCreateRequest.safeParse({ ...requestOf(existing), ...defined });
    if (!merged.success) throw validationProblem(merged.error);
    if (merged.data.receiptDocumentId !== existing.receiptDocumentId)
      await checkReceipt(tx, userId, merged.data.receiptDocumentId);
    const paid = await paidOn(tx, userId, id);
    if (merged.data.insuranceCovered + paid > merged.data.amount) {
      const message = amountBelowPaidMessage(await moneyOf(tx, userId, paid));
      throw new ProblemError(422, 'validation_failed', message, [{ path: 'amount', message }]);
    }
    const row = await updateBillRow(tx, userId, id, toValues(merged.data, paid));
    await recordAudit(tx, userId, 'update', 'bill', id, {
      fields: changedByEdit(BillCreateRequest, requestOf(existing), defined, merged.data),
    });
    return presentOne(tx, userId, row!);
  });

/**
 * A payment, full or partial, on a bill that is not paid: never more than what is outstanding.
 * The bill is locked first, so two payments at once cannot together pay more than it owes.
 */
export const recordPayment = (db: Database, userId: string, id: string, req: PaymentFields) =>
  db.asUser(userId, async (tx) => {
    const bill = await owned(tx, userId, id, true);
    if (bill.status === 'paid') throw new ProblemError(409, 'conflict', 'This bill is already paid.');
    const paid = await paidOn(tx, userId, id);
    const outstanding = outstandingCents({ ...bill, paidCents: paid });
    if (req.amount > outstanding) {
      const message = overpaymentMessage(await moneyOf(tx, userId, outstanding));
      throw new ProblemError(422, 'validation_failed', message, [{ path: 'amount', message }]);
    }
    const payment = await insertPayment(tx, userId, {
      billId: id,
      amountCents: req.amount,
      paidOn: req.paidOn,
      note: req.note,
    });
    const status = settledStatus({ ...bill, paidCents: paid + req.amount }, bill.status);
    const row = status === bill.status ? bill : await updateBillRow(tx, userId, id, { status });
    await recordAudit(tx, userId, 'create', 'bill_payment', payment.id, { billId: id, status });
    return presentOne(tx, userId, row!);
  });

export const deleteBill = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    // Its payments go with it (foreign key, on delete cascade).
    if (!(await deleteBillRow(tx, userId, id))) throw notFound(NOT_FOUND);
    await recordAudit(tx, userId, 'delete', 'bill', id);
  });
