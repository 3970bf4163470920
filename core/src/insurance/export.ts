import { billStatusOn } from './bill-math';
import { claimShares } from './claim-amounts';
import { type CsvCell, toCsv } from './csv';
import type { AttachedDocument, BillResponse, ClaimResponse, PlanResponse } from './insurance.schema';
import { capitalize } from './insurance-options';
import { centsToDecimal } from './money';

export const EXPORT_HEADER = [
  'Record',
  'Date',
  'Provider',
  'Description',
  'Category',
  'Status',
  'Claim number',
  'Insurance plan',
  'Amount',
  /** What the plan allowed (an EOB's allowed amount), as the claim form names it; empty when not known. */
  'Allowed by the plan',
  'Insurance covered',
  'Patient responsibility',
  'Paid',
  'Outstanding',
  'Currency',
  'Attachment',
] as const;

export const exportFilename = (year: number) => `healthfolio-claims-and-bills-${year}.csv`;

const money = (cents: number) => ({ number: centsToDecimal(cents) });
/** An amount that may not be known: an empty cell then. */
const knownMoney = (cents: number | null) => (cents === null ? null : money(cents));

/** The attached EOB or receipt as the export lists it: "Title (file name)". */
export const attachmentLabel = (doc: AttachedDocument | null) =>
  doc ? (doc.title === doc.fileName ? doc.title : `${doc.title} (${doc.fileName})`) : null;

/**
 * Claims (by service date) and bills (by due date) of one year, oldest first (then in the order entered), as the CSV an HSA
 * administrator or a tax preparer is handed. Amounts are plain decimals in the user's currency; each
 * record lists its attached EOB or receipt. "Allowed by the plan", and a claim's covered amount and
 * patient responsibility while the plan has not decided it (claimShares), are empty where they are
 * not known (never 0, which would read as "the plan allowed nothing"). A bill's status is the one the
 * screen shows on `today`, the user's calendar date: a pending bill past its due date is "Overdue".
 */
export function insuranceCsv(
  data: { claims: readonly ClaimResponse[]; bills: readonly BillResponse[]; plans: readonly PlanResponse[] },
  currency: string,
  today: string,
): string {
  const planName = new Map(data.plans.map((p) => [p.id, p.name]));
  const claimRow = (c: ClaimResponse) => {
    const shares = claimShares(c);
    return [
      'Claim',
      c.serviceDate,
      c.provider,
      c.description,
      null,
      capitalize(c.status),
      c.claimNumber,
      c.insurancePlanId ? (planName.get(c.insurancePlanId) ?? null) : null,
      money(c.amountCents),
      c.allowedCents === null ? null : money(c.allowedCents),
      knownMoney(shares.coveredCents),
      knownMoney(shares.patientResponsibilityCents),
      null,
      null,
      currency,
      attachmentLabel(c.eobDocument),
    ] as CsvCell[];
  };
  const rows: { date: string; at: string; cells: CsvCell[] }[] = [
    ...data.claims.map((c) => ({ date: c.serviceDate, at: c.createdAt, cells: claimRow(c) })),
    ...data.bills.map((b) => ({
      date: b.dueDate,
      at: b.createdAt,
      cells: [
        'Bill',
        b.dueDate,
        b.provider,
        b.description,
        b.category,
        capitalize(billStatusOn(b, today)),
        null,
        null,
        money(b.amountCents),
        null, // a bill has no allowed amount
        money(b.insuranceCoveredCents),
        money(b.amountCents - b.insuranceCoveredCents),
        money(b.paidCents),
        money(b.outstandingCents),
        currency,
        attachmentLabel(b.receiptDocument),
      ] as CsvCell[],
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.at.localeCompare(b.at));
  return toCsv([[...EXPORT_HEADER], ...rows.map((r) => r.cells)]);
}
