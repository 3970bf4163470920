import { describe, expect, it } from 'vitest';
import {
  BillCreateRequest,
  BillUpdateRequest,
  ClaimCreateRequest,
  isPhoneNumber,
  PaymentCreateRequest,
  PlanCreateRequest,
} from './insurance.schema';

const issues = (
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  body: unknown,
) => schema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const claim = {
  claimNumber: 'CLM-1',
  provider: 'City Clinic',
  serviceDate: '2026-10-01',
  submittedDate: '2026-10-03',
  amount: '250.00',
  covered: '200.00',
  patientResponsibility: '50.00',
};

describe('insurance schemas', () => {
  it('reads amounts into integer cents and empty optional amounts as 0', () => {
    expect(
      ClaimCreateRequest.parse({ ...claim, covered: '', patientResponsibility: undefined }),
    ).toMatchObject({
      amount: 25000,
      covered: 0,
      patientResponsibility: 0,
      status: 'pending',
      insurancePlanId: null,
    });
  });

  it('refuses negative amounts, covered above the amount, bad dates and unknown statuses', () => {
    expect(
      issues(BillCreateRequest, {
        provider: 'Lab',
        amount: '-5',
        dueDate: '2026-13-01',
        category: 'Lab Work',
        status: 'lost',
      }),
    ).toEqual([
      'amount: The amount cannot be negative',
      'dueDate: Enter a date as YYYY-MM-DD',
      'status: Invalid option: expected one of "paid"|"overdue"|"partial"|"pending"',
    ]);
    expect(
      issues(BillCreateRequest, {
        provider: 'Lab',
        amount: '10',
        insuranceCovered: '10.01',
        dueDate: '2026-12-01',
        category: 'Lab Work',
      }),
    ).toEqual(['insuranceCovered: Insurance covered cannot be more than the amount']);
    expect(issues(ClaimCreateRequest, { ...claim, covered: '300' })).toEqual([
      'covered: Covered cannot be more than the amount',
    ]);
    expect(issues(ClaimCreateRequest, { ...claim, submittedDate: '2026-09-01' })).toEqual([
      'submittedDate: The claim cannot be submitted before the service date',
    ]);
    expect(issues(ClaimCreateRequest, { ...claim, amount: 'ten' })).toEqual([
      'amount: Enter an amount such as 120.50',
    ]);
    expect(issues(PaymentCreateRequest, { amount: '0', paidOn: 'today' })).toEqual([
      'amount: The payment must be more than 0',
      'paidOn: Enter a date as YYYY-MM-DD',
    ]);
  });

  it('names every missing required field of the Add Insurance dialog', () => {
    expect(issues(PlanCreateRequest, { type: 'primary' })).toEqual([
      'name: Enter the plan name',
      'policyNumber: Enter the policy number',
      'memberNumber: Enter the member number',
      'effectiveDate: Enter the effective date',
      'contactPhone: Enter the contact phone',
    ]);
    expect(
      issues(PlanCreateRequest, {
        name: 'Blue',
        type: 'primary',
        policyNumber: 'P',
        memberNumber: 'M',
        effectiveDate: '2026-01-01',
        contactPhone: '555',
        deductible: '1000',
        deductibleMet: '1000.01',
      }),
    ).toEqual([
      'contactPhone: Enter a phone number such as 1-800-555-0100',
      'deductibleMet: Deductible met cannot be more than the deductible',
    ]);
  });

  it('takes a phone number as people write it, and nothing else', () => {
    for (const phone of ['1-800-555-0100', '+44 20 7946 0958', '(555) 010-0199 ext. 12', '555.010.0199'])
      expect(isPhoneNumber(phone), phone).toBe(true);
    for (const phone of ['555', 'call us', 'help@insurer.com', '1-800-FLOWERS', '+1 555 010 0199 0199 01'])
      expect(isPhoneNumber(phone), phone).toBe(false);
  });

  it('an edit changes only what it sends (no default status sneaks in)', () => {
    expect(BillUpdateRequest.parse({ description: 'x' })).toEqual({ description: 'x' });
    expect(issues(BillUpdateRequest, {})).toEqual([': Nothing to update']);
  });
});
