import type { Invoice, Money } from '@medplum/fhirtypes';
import { BILL_EXTENSIONS } from '../record-export/fhir/bills';
import { ourCode, ourExtensions } from './healthfolio-export';
import type { PlannedItem } from './import-plan';
import { centsOf } from './map-payer';

type Outcome = PlannedItem | { skip: string; what: string } | null;

const BILLS = 'Bills';

/**
 * A bill as a Healthfolio export wrote it (an Invoice typed with Healthfolio's `bill` code,
 * record-export/fhir/bills.ts): the provider, amount, what insurance covered, due date, status,
 * category, description, payments and receipt. Null for any other invoice (another source's stay
 * "not imported"). The bill is checked against the Insurance page's rules as it is written.
 */
export const ourBill = (inv: Invoice): Outcome => {
  if (ourCode(inv.type) !== 'bill') return null;
  const first = (name: string) => ourExtensions(inv, name)[0];
  const amountCents = centsOf(inv.totalGross);
  const netCents = centsOf(inv.totalNet ?? inv.totalGross);
  const dueDate = first(BILL_EXTENSIONS.dueDate)?.valueDate;
  if (amountCents === null || netCents === null || netCents > amountCents)
    return { what: BILLS, skip: 'A bill without its amount.' };
  if (!dueDate) return { what: BILLS, skip: 'A bill without the date it is due.' };
  const moneys: (Money | undefined)[] = [inv.totalGross, inv.totalNet];
  const payments = ourExtensions(inv, BILL_EXTENSIONS.payment).map((e) => {
    const part = (url: string) => e.extension?.find((x) => x.url === url);
    moneys.push(part('amount')?.valueMoney);
    return {
      amountCents: centsOf(part('amount')?.valueMoney) ?? 0,
      paidOn: part('date')?.valueDate ?? '',
      note: part('note')?.valueString ?? null,
    };
  });
  const currencies = new Set(moneys.flatMap((m) => (m?.currency ? [m.currency] : [])));
  if (currencies.size > 1) return { what: BILLS, skip: 'A bill with amounts in more than one currency.' };
  return {
    kind: 'bill',
    group: 'bills',
    currency: [...currencies][0] ?? null,
    receiptRef: first(BILL_EXTENSIONS.receipt)?.valueReference?.reference ?? null,
    bill: {
      provider: inv.issuer?.display ?? '',
      amountCents,
      insuranceCoveredCents: amountCents - netCents,
      dueDate,
      status: first(BILL_EXTENSIONS.status)?.valueCode ?? (inv.status === 'balanced' ? 'paid' : 'pending'),
      category: inv.lineItem?.[0]?.chargeItemCodeableConcept?.text ?? 'Other',
      description: inv.note?.map((n) => n.text).join('\n') || null,
      payments,
    },
  };
};
