import { describeCounts, RECORD_IMPORT_GROUPS } from '@healthfolio/core/records/record-import.schema';
import type { HealthSystemConnection, HealthSystemKind } from './health-systems-types';

export const KIND_WORDS: Record<HealthSystemKind, string> = { provider: 'Health system', payer: 'Insurer' };

/** What each FHIR resource type holds, in a person's words (for "Read your …"). */
const RESOURCE_WORDS: Record<string, string> = {
  Patient: 'your details (name, date of birth, contact)',
  Observation: 'your lab results and vital signs',
  Condition: 'your conditions and diagnoses',
  AllergyIntolerance: 'your allergies',
  MedicationRequest: 'your prescriptions',
  MedicationStatement: 'the medicines you take',
  MedicationDispense: 'the medicines dispensed to you',
  Medication: 'the medicines in your record',
  Immunization: 'your immunizations',
  Procedure: 'your procedures',
  Encounter: 'your visits and stays',
  DiagnosticReport: 'your test reports',
  DocumentReference: 'your documents and their files',
  Binary: 'the files of your documents',
  ExplanationOfBenefit: 'your claims and what was paid',
  Claim: 'your claims',
  Coverage: 'your insurance coverage',
  Appointment: 'your appointments',
  CarePlan: 'your care plans',
  CareTeam: 'your care team',
  Goal: 'your health goals',
  Device: 'your medical devices',
  Practitioner: 'the details of the people who cared for you',
  PractitionerRole: 'the roles of the people who cared for you',
  Organization: 'the details of the places that cared for you',
  Location: 'the places where you were cared for',
  Provenance: 'where each record came from',
  ServiceRequest: 'the tests and referrals ordered for you',
  FamilyMemberHistory: 'your family health history',
  QuestionnaireResponse: 'the questionnaires you answered',
  RelatedPerson: 'the people related to you in your record',
};

/** "rs" (v2) or "read" (v1) only reads; anything with c, u, d or "write"/"*" also changes records. */
const changes = (access: string) =>
  access === 'write' || access === '*' || (access !== 'read' && /[cud]/.test(access));

/** A `patient/Observation.rs?category=…` scope in words. */
const resourceScopeWords = (scope: string): string | null => {
  const m = /^(patient|user|system)\/([A-Za-z*]+)\.([a-z*]+)(?:\?(.*))?$/.exec(scope);
  if (!m) return null;
  const [, context, type, access, query] = m as unknown as [string, string, string, string, string?];
  const verb = changes(access) ? 'Read and change' : 'Read';
  const category = query ? new URLSearchParams(query).get('category')?.split('|').pop() : undefined;
  let what: string;
  if (type === '*')
    what = context === 'patient' ? 'all of your records' : 'every record your portal account can see';
  else if (type === 'Observation' && category === 'laboratory') what = 'your lab results';
  else if (type === 'Observation' && category === 'vital-signs') what = 'your vital signs';
  else what = RESOURCE_WORDS[type] ?? `your records of the kind the server calls “${type}”`;
  return `${verb} ${what}`;
};

const SCOPE_WORDS: Record<string, string> = {
  'launch/patient': 'Let you choose whose record to share, when you have access to more than one',
  launch: 'Start from your portal',
  openid: 'Confirm who you are on the portal',
  fhirUser: 'Know which portal account you signed in with',
  profile: 'Know your name on the portal',
  offline_access: 'Keep bringing in new records until you disconnect',
  online_access: 'Bring in records only while you are signed in to the portal',
};

/** One requested scope in words a person can judge; an unknown one names itself as the server does. */
export const scopeWords = (scope: string): string =>
  SCOPE_WORDS[scope] ?? resourceScopeWords(scope) ?? `Other access the server calls “${scope}”`;

/** Counts a sync brought that are not among the record import's groups (insurers' records). */
const EXTRA_WORDS: Record<string, [one: string, many: string]> = {
  claims: ['claim', 'claims'],
  coverages: ['insurance plan', 'insurance plans'],
  insurancePlans: ['insurance plan', 'insurance plans'],
};
const IMPORT_GROUPS = new Set<string>(RECORD_IMPORT_GROUPS);

const plural = (n: number, [one, many]: [string, string]) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "12 lab results, 3 conditions" — what a sync added; "nothing new" when it added nothing. */
export const syncSummary = (lastSync: NonNullable<HealthSystemConnection['lastSync']>): string => {
  const known = Object.fromEntries(Object.entries(lastSync.created).filter(([k]) => IMPORT_GROUPS.has(k)));
  const parts = [describeCounts(known)].filter(Boolean);
  let other = 0;
  for (const [key, n] of Object.entries(lastSync.created)) {
    if (IMPORT_GROUPS.has(key) || n <= 0) continue;
    const words = EXTRA_WORDS[key];
    if (words) parts.push(plural(n, words));
    else other += n;
  }
  if (other > 0) parts.push(plural(other, ['other record', 'other records']));
  const created = parts.length > 0 ? parts.join(', ') : 'nothing new';
  return lastSync.skipped > 0
    ? `${created} (${plural(lastSync.skipped, ['record', 'records'])} already here)`
    : created;
};

/** "Last brought in 28 Nov 2026, 13:30: 12 lab results, 3 conditions". */
export const lastSyncWords = (c: HealthSystemConnection, formatWhen: (iso: string) => string): string => {
  if (!c.lastSyncAt) return 'Nothing brought in yet.';
  const what = c.lastSync ? `: ${syncSummary(c.lastSync)}` : '';
  return `Last brought in ${formatWhen(c.lastSyncAt)}${what}.`;
};

/** "120 of 400 records" or "120 records so far" while a sync runs. */
export const progressWords = (progress: HealthSystemConnection['progress']): string => {
  if (!progress) return 'Starting…';
  const done = progress.done.toLocaleString('en-US');
  return progress.total
    ? `${done} of ${plural(progress.total, ['record', 'records'])}`
    : `${plural(progress.done, ['record', 'records'])} so far`;
};

/** What a connection's status means, and whether the user must act on it. */
export const statusWords = (
  c: HealthSystemConnection,
): { label: string; text: string | null; alert: boolean } => {
  switch (c.status) {
    case 'syncing':
      return { label: 'Bringing in records', text: null, alert: false };
    case 'ok':
      return { label: 'Connected', text: null, alert: false };
    case 'reconnect':
      return {
        label: 'Connect again',
        text: c.error ?? 'The hospital’s server refused the saved sign-in: connect again.',
        alert: true,
      };
    default:
      return {
        label: 'Problem',
        text: c.error ?? 'The last attempt to bring in your records failed. Try Sync now later.',
        alert: true,
      };
  }
};

/** The callback's ?error=<code> in words (codes from the server's callback redirect). */
const CALLBACK_ERRORS: Record<string, string> = {
  access_denied: 'You did not approve the connection at the portal, so nothing was connected.',
  state: 'That connection attempt had expired or was already used. Please start again.',
  expired: 'That connection attempt had expired or was already used. Please start again.',
  token: 'The portal did not give Healthfolio access after you approved. Please try again.',
};
export const callbackErrorWords = (code: string): string =>
  CALLBACK_ERRORS[code] ?? 'The connection could not be finished. Please try again.';
