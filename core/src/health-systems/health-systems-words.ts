import type { HealthSystemKind } from './health-systems.schema';

/** The words a connection's error shows, by what went wrong (the server stores the code, says these words). */
export const HEALTH_SYSTEM_SYNC_PROBLEMS = [
  'refresh_refused',
  'unreachable',
  'bad_answer',
  'not_allowed',
] as const;
export type HealthSystemSyncProblem = (typeof HEALTH_SYSTEM_SYNC_PROBLEMS)[number];

const serverOf = (kind: HealthSystemKind) =>
  kind === 'payer' ? 'The insurer’s server' : 'The hospital’s server';

export const healthSystemProblemWords = (
  problem: HealthSystemSyncProblem,
  kind: HealthSystemKind = 'provider',
) => {
  switch (problem) {
    case 'refresh_refused':
      return kind === 'payer'
        ? 'The insurer’s server refused the saved sign-in: connect again'
        : "The hospital's server refused the saved sign-in: connect again";
    case 'unreachable':
      return `${serverOf(kind)} did not answer; the next sync tries again`;
    case 'bad_answer':
      return `${serverOf(kind)} answered something Healthfolio could not read; the next sync tries again`;
    case 'not_allowed':
      return `${serverOf(kind)} did not allow reading the records: connect again`;
  }
};

/**
 * Why the browser came back to /dashboard/health-systems?error=<code> from the health system's sign-in:
 * - `denied`: the person said no (or the server refused) at the health system's page.
 * - `expired`: the sign-in took longer than 10 minutes, was already used, or began in another browser.
 * - `failed`: the health system's server did not give the sign-in to Healthfolio.
 */
export const HEALTH_SYSTEM_CALLBACK_ERRORS = ['denied', 'expired', 'failed'] as const;
export type HealthSystemCallbackError = (typeof HEALTH_SYSTEM_CALLBACK_ERRORS)[number];

export const HEALTH_SYSTEM_CALLBACK_ERROR_WORDS: Record<HealthSystemCallbackError, string> = {
  denied: 'The health system did not give access, so nothing was connected.',
  expired: 'That sign-in took too long or was already used. Connect again.',
  failed: 'The health system’s server did not finish the sign-in. Try connecting again.',
};

/** Words for a scope the user is shown before being sent to the health system. */
export const scopeWords = (scope: string): string => {
  if (scope === 'openid' || scope === 'fhirUser') return 'Know who you are on that portal';
  if (scope === 'launch/patient') return 'Choose whose records (you, or someone you look after there)';
  if (scope === 'offline_access')
    return 'Keep access until you disconnect, so Healthfolio can sync by itself';
  if (scope === 'online_access') return 'Keep access while you are signed in there';
  const m = /^patient\/([A-Za-z*]+)\.(read|rs|r|s|[cruds]+)(\?.*)?$/.exec(scope);
  if (m) {
    const what = m[1] === '*' ? 'all your records' : `your ${RESOURCE_WORDS[m[1]!] ?? m[1]}`;
    return `Read ${what} (nothing is changed there)`;
  }
  return scope;
};

const RESOURCE_WORDS: Record<string, string> = {
  Patient: 'personal details',
  Observation: 'lab results and vital signs',
  Condition: 'conditions',
  AllergyIntolerance: 'allergies',
  MedicationRequest: 'prescriptions',
  MedicationStatement: 'medications',
  Immunization: 'immunizations',
  Procedure: 'procedures',
  Encounter: 'visits',
  DiagnosticReport: 'reports',
  DocumentReference: 'documents',
  ExplanationOfBenefit: 'claims',
  Coverage: 'coverage',
};
