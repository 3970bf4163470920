import type { BillResponse, ClaimResponse, PlanResponse } from './insurance-api';

/** The one dialog the insurance page has open, if any. */
export type OpenDialog =
  | { kind: 'plan'; plan?: PlanResponse }
  | { kind: 'removePlan'; plan: PlanResponse }
  | { kind: 'claim'; claim?: ClaimResponse }
  | { kind: 'claimDetails'; claim: ClaimResponse }
  | { kind: 'removeClaim'; claim: ClaimResponse }
  | { kind: 'bill'; bill?: BillResponse }
  | { kind: 'billDetails'; bill: BillResponse }
  | { kind: 'removeBill'; bill: BillResponse }
  | { kind: 'pay'; bill: BillResponse }
  | { kind: 'balances' };

export type Open = (dialog: OpenDialog) => void;
