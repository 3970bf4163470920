import type { CLAIM_STATUSES } from './insurance-options';

type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A claim the plan has not decided yet: what it covers and what is yours are not known. */
export const claimUndecided = (status: ClaimStatus) => status === 'pending' || status === 'processing';

export type ClaimShares = {
  /** What the plan covered; null while not known. */
  coveredCents: number | null;
  /** What is yours to pay; null while not known. */
  patientResponsibilityCents: number | null;
};

/**
 * The covered amount and the patient's share as far as they are known. A blank amount is stored as
 * 0, so on a claim not yet decided (pending or processing) a 0 means "not known yet", never "the plan
 * covers nothing" or "you owe nothing"; an amount entered there (an estimate) is shown as entered. On
 * a decided claim (approved, paid, denied) a 0 is a real zero.
 */
export function claimShares(claim: {
  status: ClaimStatus;
  coveredCents: number;
  patientResponsibilityCents: number;
}): ClaimShares {
  const known = (cents: number) => (claimUndecided(claim.status) && cents === 0 ? null : cents);
  return {
    coveredCents: known(claim.coveredCents),
    patientResponsibilityCents: known(claim.patientResponsibilityCents),
  };
}
