import { CHOOSE_PATIENT, type LibreLinkUpPatient } from '@healthfolio/core';
import { ProblemError } from '../../http/problem';
import type { LibreSession } from './librelinkup.client';
import { VendorError } from './vendor-error';
import type { VendorPullDeps } from './vendor-pull.service';

export interface LibreChoice {
  /** The followed person to pull; null when the account follows nobody (the pull says so). */
  patientId: string | null;
  /** Their first name and last initial ("Robin S."), for the card to say whose readings these are. */
  patientName: string | null;
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

const nameOf = (p: { patientId: string; firstName: string; lastName: string }) => {
  const l = listed(p);
  return [l.firstName.trim(), l.lastInitial && `${l.lastInitial}.`].filter(Boolean).join(' ') || null;
};

/**
 * Who this record pulls from a LibreLinkUp account: its only followed person, or the one the request
 * names, else the one already saved for this account (a new password keeps the choice). An account
 * following several, with none of those among them, answers 409 `choose_patient` with the list to
 * choose from, and nothing is saved.
 */
export const chooseLibrePatient = async (
  deps: Pick<VendorPullDeps, 'libre'>,
  req: { accountName: string; password: string; patientId?: string },
  savedPatientId: string | null = null,
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
    return { patientId: null, patientName: null, session: null, failure: err };
  }
  const { session, patients } = found;
  const only = patients.length <= 1 ? patients[0] : undefined;
  if (patients.length <= 1)
    return { patientId: only?.patientId ?? null, patientName: only ? nameOf(only) : null, session };
  const named =
    patients.find((p) => p.patientId === req.patientId) ??
    (req.patientId === undefined ? patients.find((p) => p.patientId === savedPatientId) : undefined);
  if (named) return { patientId: named.patientId, patientName: nameOf(named), session };
  throw new ProblemError(
    409,
    CHOOSE_PATIENT,
    'This LibreLinkUp account follows more than one person. Choose whose readings to add.',
    undefined,
    undefined,
    { patients: patients.map(listed) },
  );
};
