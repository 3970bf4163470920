import { CHOOSE_PATIENT, type LibreLinkUpPatient } from '@healthfolio/core';
import { ProblemError } from '../../http/problem';
import type { LibreSession } from './librelinkup.client';
import { VendorError } from './vendor-error';
import type { VendorPullDeps } from './vendor-pull.service';

export interface LibreChoice {
  /** The followed person to pull; null when the account follows nobody (the pull says so). */
  patientId: string | null;
  /** The sign-in just made, kept so the first pull does not sign in again. */
  session: LibreSession | null;
  /** The vendor refused the sign-in: kept as the first pull's failure. */
  failure?: VendorError;
}

/** A name to tell the followed people apart: the first name and the last name's first letter, nothing else. */
const listed = (p: { patientId: string; firstName: string; lastName: string }): LibreLinkUpPatient => ({
  patientId: p.patientId,
  firstName: p.firstName,
  lastInitial: Array.from(p.lastName)[0]?.toUpperCase() ?? '',
});

/**
 * Who this record pulls from a LibreLinkUp account: its only followed person, or the one the request
 * names. An account following several, with none (or one it does not follow) named, answers 409
 * `choose_patient` with the list to choose from, and nothing is saved.
 */
export const chooseLibrePatient = async (
  deps: Pick<VendorPullDeps, 'libre'>,
  req: { accountName: string; password: string; patientId?: string },
): Promise<LibreChoice> => {
  let found: Awaited<ReturnType<VendorPullDeps['libre']['connections']>>;
  try {
    found = await deps.libre.connections({
      accountName: req.accountName,
      password: req.password,
      region: null,
    });
  } catch (err) {
    if (!(err instanceof VendorError)) throw err;
    return { patientId: null, session: null, failure: err };
  }
  const { session, patients } = found;
  if (patients.length <= 1) return { patientId: patients[0]?.patientId ?? null, session };
  const named = patients.find((p) => p.patientId === req.patientId);
  if (named) return { patientId: named.patientId, session };
  throw new ProblemError(
    409,
    CHOOSE_PATIENT,
    'This LibreLinkUp account follows more than one person. Choose whose readings to add.',
    undefined,
    undefined,
    { patients: patients.map(listed) },
  );
};
