import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { insuranceCsv } from './export';
import type { BillResponse, ClaimResponse } from './insurance.schema';

const claim = (claimNumber: string, allowedCents: number | null): ClaimResponse => ({
  id: crypto.randomUUID(),
  claimNumber,
  provider: 'City Clinic',
  serviceDate: '2026-10-01',
  submittedDate: '2026-10-03',
  status: 'paid',
  amountCents: 25000,
  coveredCents: 20000,
  patientResponsibilityCents: 5000,
  allowedCents,
  description: null,
  insurancePlanId: null,
  eobDocumentId: null,
  eobDocument: null,
  createdAt: `2026-10-03T10:00:0${claimNumber.length}Z`, // entered in this order
  updatedAt: '2026-10-03T10:00:00Z',
});

const bill: BillResponse = {
  id: crypto.randomUUID(),
  provider: 'Lab Corp',
  amountCents: 10010,
  insuranceCoveredCents: 0,
  paidCents: 0,
  outstandingCents: 10010,
  payments: [],
  dueDate: '2026-12-01',
  status: 'pending',
  category: 'Lab Work',
  description: null,
  receiptDocumentId: null,
  receiptDocument: null,
  createdAt: '2026-10-03T10:00:00Z',
  updatedAt: '2026-10-03T10:00:00Z',
};

describe('insurance CSV: Allowed by the plan', () => {
  it('writes the allowed amount as money, empty when unknown, never 0 for unknown', () => {
    const csv = insuranceCsv(
      { claims: [claim('A', 18050), claim('BB', null), claim('CCC', 0)], bills: [bill], plans: [] },
      'USD',
      '2026-11-29',
    );
    const rows: Record<string, string>[] = parse(csv, { columns: true });
    expect(rows.map((r) => [r.Record, r['Claim number'], r.Amount, r['Allowed by the plan']])).toEqual([
      ['Claim', 'A', '250.00', '180.50'],
      ['Claim', 'BB', '250.00', ''], // not known: empty, not 0.00
      ['Claim', 'CCC', '250.00', '0.00'], // the plan allowed nothing: a real zero
      ['Bill', '', '100.10', ''], // a bill has no allowed amount
    ]);
    expect(csv.split('\r\n')[0]).toContain('Amount,Allowed by the plan,Insurance covered');
  });
});

describe('insurance CSV: what the screen says', () => {
  it('gives a pending bill past its due date as Overdue, as the Bills tab does', () => {
    const late = { ...bill, provider: 'CVS Pharmacy', dueDate: '2026-11-20' };
    const rows: Record<string, string>[] = parse(
      insuranceCsv({ claims: [], bills: [late, bill], plans: [] }, 'USD', '2026-11-29'),
      { columns: true },
    );
    expect(rows.map((r) => [r.Provider, r.Status])).toEqual([
      ['CVS Pharmacy', 'Overdue'],
      ['Lab Corp', 'Pending'], // due Dec 1: not yet
    ]);
  });

  it('leaves covered and the patient’s share empty on a claim not yet decided', () => {
    const pending: ClaimResponse = {
      ...claim('CLM-1002', null),
      status: 'pending',
      amountCents: 45000,
      coveredCents: 0,
      patientResponsibilityCents: 0,
    };
    const rows: Record<string, string>[] = parse(
      insuranceCsv({ claims: [pending, claim('A', null)], bills: [], plans: [] }, 'USD', '2026-11-29'),
      { columns: true },
    );
    expect(rows.map((r) => [r['Claim number'], r['Insurance covered'], r['Patient responsibility']])).toEqual(
      [
        ['A', '200.00', '50.00'], // entered first
        ['CLM-1002', '', ''],
      ],
    );
  });
});
