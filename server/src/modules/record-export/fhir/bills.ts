import type { Extension, Invoice, Money } from '@medplum/fhirtypes';
import type { ImportedBill } from '../../record-import/import-plan';
import { healthfolioCode, healthfolioExtension } from './codes';
import type { ExportContext } from './context';

/** A bill and its payments as the export reads them (record-export.tables.ts): what an import writes back. */
export interface BillRow extends ImportedBill {
  id: string;
  receiptDocumentId: string | null;
}

/** The names of the bill's Healthfolio extensions, read back by record-import/map-bill.ts. */
export const BILL_EXTENSIONS = {
  dueDate: 'bill-due-date',
  status: 'bill-status',
  payment: 'bill-payment',
  receipt: 'bill-receipt',
} as const;

const money = (cents: number, currency: string): Money => ({
  value: cents / 100,
  currency: currency as Money['currency'],
});

/**
 * A bill as an Invoice from its provider, typed with Healthfolio's `bill` code: the amount as the
 * gross total, less what insurance covered as the net, the category as the line's charge, the
 * description as a note. R4's Invoice has no due date, payments or receipt: they are Healthfolio's
 * own extensions (each payment's amount, date and note; the receipt as the vault document's
 * DocumentReference of the same bundle), as is the status the person gave it.
 */
export const billInvoice = (b: BillRow, ctx: ExportContext, currency: string): Invoice & { id: string } => {
  const url = (name: string) => healthfolioExtension(ctx, name);
  const extension: Extension[] = [
    { url: url(BILL_EXTENSIONS.dueDate), valueDate: b.dueDate },
    { url: url(BILL_EXTENSIONS.status), valueCode: b.status },
    ...b.payments.map((p) => ({
      url: url(BILL_EXTENSIONS.payment),
      extension: [
        { url: 'amount', valueMoney: money(p.amountCents, currency) },
        { url: 'date', valueDate: p.paidOn },
        ...(p.note ? [{ url: 'note', valueString: p.note }] : []),
      ],
    })),
    ...(b.receiptDocumentId
      ? [
          {
            url: url(BILL_EXTENSIONS.receipt),
            valueReference: { reference: `urn:uuid:${b.receiptDocumentId}` },
          },
        ]
      : []),
  ];
  return {
    resourceType: 'Invoice',
    id: b.id,
    extension,
    status: b.status === 'paid' ? 'balanced' : 'issued',
    type: healthfolioCode(ctx, 'bill', 'Bill'),
    subject: ctx.patient,
    recipient: ctx.patient,
    issuer: { display: b.provider },
    lineItem: [
      {
        sequence: 1,
        chargeItemCodeableConcept: { text: b.category },
        priceComponent: [
          { type: 'base', amount: money(b.amountCents, currency) },
          ...(b.insuranceCoveredCents > 0
            ? [
                {
                  type: 'deduction' as const,
                  code: { text: 'Insurance covered' },
                  amount: money(b.insuranceCoveredCents, currency),
                },
              ]
            : []),
        ],
      },
    ],
    totalGross: money(b.amountCents, currency),
    totalNet: money(b.amountCents - b.insuranceCoveredCents, currency),
    ...(b.description ? { note: [{ text: b.description }] } : {}),
  };
};
