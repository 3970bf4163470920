import type { ShareCategory } from '@healthfolio/core';

/**
 * The route table of the health-data matrix (share-matrix.test.ts): every GET route of the API, either
 * a health route with who may see it, or a route that serves no health data and why.
 */

// biome-ignore lint/suspicious/noExplicitAny: the predicates read response bodies loosely.
export type Shows = (b: any, text: string) => boolean;
/** owner: a session route; shared: the caregiver's token route; feed: the calendar feed's own token. */
type Kind = 'owner' | 'shared' | 'feed';
/** null: a category no share grants (the route is never reachable with a share). 'any': every usable share. */
export interface HealthRoute {
  kind: Kind;
  category: ShareCategory | 'any' | null;
  /** The owner's data is in this answer. */
  shows: Shows;
}

const has =
  (marker: string): Shows =>
  (_b, text) =>
    text.includes(marker);

/** A PDF whose metadata names the person (PDF text strings are UTF-16BE, written in hex). */
const pdfFor =
  (name: string): Shows =>
  (_b, text) =>
    text.startsWith('%PDF-') &&
    text.includes([...name].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')).join(''));

export const HEALTH: Record<string, HealthRoute> = {
  'GET /api/v1/profile': { kind: 'owner', category: null, shows: has('Mx Owner') },
  'GET /api/v1/entries': { kind: 'owner', category: 'health_metrics', shows: has('mx-bp') },
  'GET /api/v1/entries/summary': {
    kind: 'owner',
    category: 'health_metrics',
    shows: (b) => b.totalEntries === 2,
  },
  'GET /api/v1/entries/{id}': { kind: 'owner', category: 'health_metrics', shows: has('mx-bp') },
  'GET /api/v1/trackers/{tracker}/stats': { kind: 'owner', category: 'health_metrics', shows: has('mx-bp') },
  // Lab results (A1C included) are the lab_results category, the one the invite calls Lab Results.
  'GET /api/v1/lab-results': { kind: 'owner', category: 'lab_results', shows: has('mx-a1c') },
  'GET /api/v1/lab-results/tests/{loinc}': { kind: 'owner', category: 'lab_results', shows: has('mx-a1c') },
  'GET /api/v1/lab-results/{id}': { kind: 'owner', category: 'lab_results', shows: has('mx-a1c') },
  // The imported health summary: conditions and the rest under health metrics, medications under medications.
  'GET /api/v1/health-summary': { kind: 'owner', category: 'health_metrics', shows: has('Mx condition') },
  'GET /api/v1/glucose/readings': {
    kind: 'owner',
    category: 'health_metrics',
    shows: has('"valueMgdl":211'),
  },
  'GET /api/v1/devices/temp-basals': {
    kind: 'owner',
    category: 'health_metrics',
    shows: (b) => b.items?.some((t: { ratePerHour: number }) => t.ratePerHour === 0.55),
  },
  'GET /api/v1/devices/loop-status': {
    kind: 'owner',
    category: 'health_metrics',
    shows: (b) => b.iob?.units === 1.75,
  },
  'GET /api/v1/glucose/series': { kind: 'owner', category: 'health_metrics', shows: has('"mean":211') },
  'GET /api/v1/glucose/status': {
    kind: 'owner',
    category: 'health_metrics',
    shows: (b) => b.totalReadings === 12,
  },
  'GET /api/v1/glucose/stats': {
    kind: 'owner',
    category: 'health_metrics',
    shows: (b) => b.statistics?.mean === 211,
  },
  'GET /api/v1/glucose/patterns': {
    kind: 'owner',
    category: 'health_metrics',
    shows: (b) => b.readings === 12,
  },
  'GET /api/v1/glucose/analytics': {
    kind: 'owner',
    category: 'health_metrics',
    shows: (b) => b.readings === 12,
  },
  'GET /api/v1/notifications': { kind: 'owner', category: 'medications', shows: has('Mxmed') },
  'GET /api/v1/notifications/{id}': { kind: 'owner', category: 'medications', shows: has('Mxmed') },
  'GET /api/v1/medications/doses': { kind: 'owner', category: 'medications', shows: has('Mxmed') },
  'GET /api/v1/medications/schedules': { kind: 'owner', category: 'medications', shows: has('Mxmed') },
  'GET /api/v1/appointments': { kind: 'owner', category: 'appointments', shows: has('Dr Mx') },
  'GET /api/v1/appointments/{id}': { kind: 'owner', category: 'appointments', shows: has('Dr Mx') },
  'GET /api/v1/appointments/{id}/calendar.ics': {
    kind: 'owner',
    category: 'appointments',
    shows: has('Dr Mx'),
  },
  'GET /api/v1/calendar/{token}.ics': { kind: 'feed', category: 'appointments', shows: has('Dr Mx') },
  'GET /api/v1/shared/{token}': { kind: 'shared', category: 'any', shows: has('Mx Owner') },
  'GET /api/v1/shared/{token}/health-metrics': {
    kind: 'shared',
    category: 'health_metrics',
    shows: has('mx-bp'),
  },
  'GET /api/v1/shared/{token}/medications': { kind: 'shared', category: 'medications', shows: has('Mxmed') },
  'GET /api/v1/shared/{token}/appointments': {
    kind: 'shared',
    category: 'appointments',
    shows: has('Dr Mx'),
  },
  'GET /api/v1/shared/{token}/lab-results': { kind: 'shared', category: 'lab_results', shows: has('mx-a1c') },
  'GET /api/v1/documents': { kind: 'owner', category: 'documents', shows: has('Mx Doc') },
  'GET /api/v1/documents/{id}': { kind: 'owner', category: 'documents', shows: has('Mx Doc') },
  'GET /api/v1/documents/{id}/file': {
    kind: 'owner',
    category: 'documents',
    shows: (_b, t) => t.includes('mx-document-body'),
  },
  // Never shared (no category grants them): the assistant, insurance records and low-glucose follow-ups.
  'GET /api/v1/ai/chat': { kind: 'owner', category: null, shows: has('Mx question') },
  // The photo is an image, not a problem document.
  'GET /api/v1/ai/meal-photo-analyses/{id}/photo': {
    kind: 'owner',
    category: null,
    shows: (_b, t) => t.length > 100 && !t.startsWith('{'),
  },
  // The clinician report prints every category at once: only the person (or their guardian) gets it.
  'GET /api/v1/reports/clinician.pdf': { kind: 'owner', category: null, shows: pdfFor('Mx Owner') },
  // The alarm history (a high raised by the owner's recent 211 mg/dL readings): never shared.
  'GET /api/v1/glucose/alarms': { kind: 'owner', category: null, shows: has('"valueMgdl":211') },
  'GET /api/v1/hypo/follow-ups': { kind: 'owner', category: null, shows: has('"valueMgdl":61.5') },
  'GET /api/v1/hypo/follow-ups/{id}': { kind: 'owner', category: null, shows: has('"valueMgdl":61.5') },
  'GET /api/v1/insurance/plans': { kind: 'owner', category: null, shows: has('Mx Plan') },
  'GET /api/v1/insurance/plans/{id}': { kind: 'owner', category: null, shows: has('Mx Plan') },
  'GET /api/v1/insurance/claims': { kind: 'owner', category: null, shows: has('Mx Clinic') },
  'GET /api/v1/insurance/claims/{id}': { kind: 'owner', category: null, shows: has('Mx Clinic') },
  'GET /api/v1/insurance/bills': { kind: 'owner', category: null, shows: has('Mx Lab') },
  'GET /api/v1/insurance/bills/{id}': { kind: 'owner', category: null, shows: has('Mx Lab') },
  'GET /api/v1/insurance/export.csv': {
    kind: 'owner',
    category: null,
    shows: (_b, t) => t.includes('Mx Clinic'),
  },
  // Owner only: a caregiver's share never reaches the person's own routes (they answer 401 to a share token).
  'GET /api/v1/export/csv/{tracker}': { kind: 'owner', category: null, shows: has('mx-bp') },
  'GET /api/v1/shared/{token}/documents': {
    kind: 'shared',
    category: 'documents',
    shows: has('Mx Doc'),
  },
  // The owner's document is a lab report: it opens under either category, each from its own section.
  'GET /api/v1/shared/{token}/documents/{id}/file': {
    kind: 'shared',
    category: 'documents',
    shows: has('mx-document-body'),
  },
  'GET /api/v1/shared/{token}/lab-results/documents/{id}/file': {
    kind: 'shared',
    category: 'lab_results',
    shows: has('mx-document-body'),
  },
};

/** GET routes that serve no health data, and why. */
export const NOT_HEALTH: Record<string, string> = {
  'GET /api/health': 'liveness',
  'GET /api/shl/file/{token}':
    'a visit packet as JWE only, encrypted under the key in its link, which the server never holds (packets.test.ts)',
  'GET /api/v1/auth/providers': 'sign-in options',
  'GET /api/v1/me/roles': 'the caller’s roles',
  'GET /api/v1/me/second-factor': 'whether the caller has a second factor',
  'GET /api/v1/services': 'which outside services are configured',
  'GET /api/v1/foods/custom': 'the caller’s food list (no measurements)',
  'GET /api/v1/notifications/stream':
    'an event stream of ids; its items are re-read through the notification routes',
  'GET /api/v1/notifications/unread-counts': 'counts only',
  'GET /api/v1/calendar/feed': 'whether a feed exists',
  'GET /api/v1/audit': 'what happened to which record, never values',
  'GET /api/v1/shares': 'the owner’s shares (covered by sharing.test.ts)',
  'GET /api/v1/shares/{id}/link': 'the owner’s share link (covered by sharing.test.ts)',
  'GET /api/v1/shares/{id}/access-log': 'who read a share (covered by sharing.test.ts)',
  'GET /api/v1/shared-with-me': 'shares bound to the caller (covered by sharing.test.ts)',
  'GET /api/v1/packets':
    'the owner’s visit packets: status, expiry and counts, never the summary or its questions (packets.test.ts)',
  'GET /api/v1/export/record':
    'the latest record export: status, progress and expiry, never values (record-export.test.ts)',
  'GET /api/v1/export/record/{id}':
    'one record export: status, progress and expiry, never values (record-export.test.ts: another person’s is 404)',
  'GET /api/v1/export/record/{id}/file':
    'the whole record as FHIR, to the person’s own session (or their guardian’s) only: another person’s export is 404, a share token 401 (record-export.test.ts)',
  'GET /api/v1/glucose/alarms/settings': 'the alarm levels and switches the person chose',
  'GET /api/v1/hypo/settings': 'whether follow-ups are on, and who gets alerts',
  'GET /api/v1/insurance/settings': 'currency and HSA/FSA balances the user typed (insurance.test.ts)',
  'GET /api/v1/admin/settings': 'admin only (admin-access.test.ts: 401/403 for everyone else)',
  'GET /api/v1/admin/users': 'admin only; names, roles and counts, never values',
  'GET /api/v1/admin/users/{userId}': 'admin only; counts, never values (admin-users.test.ts)',
  'GET /api/v1/admin/mail': 'admin only; the outbox without bodies',
  'GET /api/v1/admin/dashboard': 'admin only; platform counts',
  'GET /api/v1/admin/analytics': 'admin only; platform counts',
  'GET /api/v1/admin/data': 'admin only; rows and bytes per table',
  'GET /api/v1/admin/audit-logs': 'admin only; what happened, never values',
  'GET /api/v1/admin/audit-logs/export': 'admin only; the same as CSV',
  'GET /api/v1/admin/backups': 'admin only; when, who, size and checksum of each backup',
  'GET /api/v1/admin/backups/{id}/download':
    'admin only: the whole database for the operator (audited as download_backup); no user or share reaches it',
  'GET /api/v1/admin/users/export': 'admin only; accounts as CSV, never values',
  'GET /api/v1/admin/data/export': 'admin only; rows and bytes per table as CSV',
  'GET /api/v1/admin/shares':
    'admin only; who shares with whom, never tokens or values (admin-shares.test.ts)',
  'GET /api/v1/public/overview': 'instance-wide counts, only when the admin turns them on',
  'GET /api/v1/devices/nightscout/credentials': 'names of the caller’s upload credentials',
  'GET /api/v1/devices/nightscout/source': 'the caller’s Nightscout address and sync status',
  'GET /api/v1/devices/catalogue': 'the providers Terra offers',
  'GET /api/v1/devices/connections': 'the caller’s device connections and sync times',
  'GET /ns/{slug}/api/v1/status.json': 'Nightscout status, no readings',
  'GET /ns/{slug}/api/v1/entries/sgv.json':
    'readings, but only to the owner’s own upload credential (ns-api.test.ts: wrong, missing or revoked secret is 401; no session or share token is accepted)',
  'GET /ns/{slug}/api/v3/status': 'Nightscout API v3 status and permissions, no readings',
  'GET /ns/{slug}/api/v3/entries':
    'readings, but only to the owner’s own upload credential’s JWT (ns-v3.test.ts: another credential’s JWT, a forged or a revoked one is 401)',
  'GET /ns/{slug}/api/v1/treatments.json':
    'treatments, but only to the owner’s own upload credential or follower token (ns-follow.test.ts: a revoked token or another person’s is 401; no session or share token is accepted)',
  'GET /ns/{slug}/api/v1/devicestatus.json':
    'device status, but only to the owner’s own upload credential or follower token (ns-follow.test.ts: a revoked token or another person’s is 401; no session or share token is accepted)',
  'GET /ns/{slug}/api/v1/profile.json':
    'the loop’s profiles, but only to the owner’s own upload credential or follower token (ns-follow.test.ts: a revoked token or another person’s is 401; no session or share token is accepted)',
  'GET /ns/{slug}/api/v1/times/{prefix}/{regex}':
    'readings by time pattern, only to the owner’s own upload credential or follower token (ns-reporter.test.ts: without a token it is refused)',
  'GET /ns/{slug}/api/v1/slice/{storage}/{field}/{type}/{prefix}/{regex}':
    'readings or treatments by pattern, only to the owner’s own upload credential or follower token (ns-reporter.test.ts)',
  'GET /ns/{slug}/api/v1/count/{storage}/where':
    'a count of readings or treatments, only to the owner’s own upload credential or follower token (ns-reporter.test.ts)',
  'GET /ns/{slug}/api/v2/properties':
    'plugin values (latest reading, IOB, COB), but only to the owner’s own upload credential or follower token (ns-follow.test.ts: a revoked token or another person’s is 401; no session or share token is accepted)',
  'GET /ns/{slug}/pebble':
    'the latest readings for watch faces, but only to the owner’s own upload credential or follower token (ns-follow.test.ts: a revoked token or another person’s is 401; no session or share token is accepted)',
  'GET /ns/{slug}/api/v3/treatments':
    'treatments, but only to the owner’s own upload credential or follower token (ns-follow.test.ts: a revoked token or another person’s is 401; no session or share token is accepted)',
  'GET /ns/{slug}/api/v3/devicestatus':
    'device status, but only to the owner’s own upload credential or follower token (ns-follow.test.ts: a revoked token or another person’s is 401; no session or share token is accepted)',
  'GET /ns/{slug}/api/v3/profile':
    'the loop’s profiles, but only to the owner’s own upload credential or follower token (ns-follow.test.ts: a revoked token or another person’s is 401; no session or share token is accepted)',
  'GET /api/v1/household':
    'the account’s people (names, dates of birth, guardians), never values; only the account itself (household.test.ts)',
  'GET /api/v1/household/invitations/{token}':
    'who invited whom for which person, by an unguessable token (household.test.ts); no health data',
  'GET /api/v1/household/latest-readings':
    'the latest reading of the account and of its wards, only through the account’s own session (household-devices.test.ts); no share or token reaches it',
  'GET /api/v1/household/followers':
    'names of the account’s household follower tokens and whom each follows, never the tokens or values',
  'GET /api/v1/household/follow':
    'the latest reading of the people a household follower token names, only to that token while its guardian keeps them (household-followers.test.ts: revoked 401, another household’s person never, no write); no session or share token is accepted',
  'GET /api/v1/glucose/targets': 'the caller’s glucose target lines (settings), no readings',
  'GET /api/v1/push/subscriptions': 'the caller’s devices for alerts and their switches, no health data',
  'GET /api/v1/admin/households': 'admin only; households’ names, never values (admin-households.test.ts)',
  'GET /api/v1/devices/nightscout/followers': 'names of the caller’s follower tokens, never the tokens',
  'GET /api/v1/devices/dexcom-share': 'the caller’s Dexcom account name and pull status, never the password',
  'GET /api/v1/devices/librelinkup': 'the caller’s LibreLinkUp address and pull status, never the password',
  'GET /api/v1/health-systems/endpoints': 'the health systems this instance can connect (names, addresses)',
  'GET /api/v1/health-systems/connections':
    'the person’s own health system connections: status and counts of what a sync brought, never tokens or values; no share reaches it (health-systems.test.ts)',
  'GET /api/v1/admin/health-systems': 'admin only; endpoints and client ids, no health data',
  'GET /api/v2/authorization/request/{accessToken}':
    'a JWT naming the upload credential whose secret is the token (ns-v3.test.ts), no health data',
  'GET /api/auth/get-session': 'the session',
  'GET /api/auth/verify-email': 'email confirmation',
  'GET /api/auth/oauth2/callback/{providerId}': 'sign-in callback',
  'GET /api/auth/passkey/list-user-passkeys': 'the caller’s own passkeys (names and dates), no health data',
  'GET /api/auth/passkey/generate-register-options': 'WebAuthn options to add a passkey, no health data',
  'GET /api/auth/passkey/generate-authenticate-options': 'WebAuthn options to sign in, no health data',
};
