import { PASSWORD } from '../harness';
import type { Ids } from './seed';

/** What the matrix must know of some routes besides their rule (expectations.ts). */
const WRONG_PASSWORD = { password: 'Wrong-Password-1234' };

export interface RouteOptions {
  /** The share category a caregiver route serves (`any`: the overview). */
  category?: string;
  /**
   * What an allowed caller gets instead of a 2xx: 404 where nothing of the kind is seeded or configured
   * (an alarm, a backup, a vendor connection), 403 where the body's password is wrong on purpose.
   */
  okAs?: 403 | 404;
  /** The body sent (else `{}` for POST, PUT and PATCH): valid, so the answer is the guard's, not validation's. */
  body?: unknown | ((ownerIds: Ids) => unknown);
  /**
   * It deletes or revokes what it names, or ends a session: asked after every other operation, refused
   * callers first, and in `order` (higher later) among such operations.
   */
  destructive?: number;
}

export const OPTIONS: Record<string, RouteOptions> = {
  'GET /api/v1/shared/{token}': { category: 'any' },
  'GET /api/v1/shared/{token}/health-metrics': { category: 'health_metrics' },
  'GET /api/v1/shared/{token}/medications': { category: 'medications' },
  'GET /api/v1/shared/{token}/appointments': { category: 'appointments' },
  'GET /api/v1/shared/{token}/lab-results': { category: 'lab_results' },
  'GET /api/v1/shared/{token}/documents': { category: 'documents' },
  'GET /api/v1/shared/{token}/documents/{id}/file': { category: 'documents' },
  'GET /api/v1/shared/{token}/lab-results/documents/{id}/file': { category: 'lab_results' },
  'POST /api/v1/glucose/alarms/{id}/acknowledge': { okAs: 404 },
  'POST /api/v1/glucose/alarms/{id}/snooze': { okAs: 404, body: { minutes: 30 } },
  'PATCH /api/v1/push/subscriptions/{id}': { okAs: 404 },
  'DELETE /api/v1/push/subscriptions/{id}': { okAs: 404 },
  'POST /api/v1/push/subscriptions/{id}/test': { okAs: 404 },
  'POST /api/v1/health-systems/connections/{id}/sync': { okAs: 404 },
  'DELETE /api/v1/health-systems/connections/{id}': { okAs: 404 },
  'DELETE /api/v1/devices/connections/{id}': { okAs: 404 },
  'GET /api/v1/admin/backups/{id}/download': { okAs: 404 },
  'DELETE /api/v1/admin/backups/{id}': { okAs: 404 },
  'PATCH /api/v1/admin/health-systems/{id}': { okAs: 404 },
  'DELETE /api/v1/admin/health-systems/{id}': { okAs: 404 },
  'DELETE /api/v1/devices/nightscout/source': { okAs: 404 },
  'POST /api/v1/devices/nightscout/source/sync': { okAs: 404 },
  'DELETE /api/v1/devices/dexcom-share': { okAs: 404 },
  'POST /api/v1/devices/dexcom-share/sync': { okAs: 404 },
  'DELETE /api/v1/devices/librelinkup': { okAs: 404 },
  'POST /api/v1/devices/librelinkup/sync': { okAs: 404 },
  'DELETE /api/v1/entries/{id}': { destructive: 0 },
  // Stopped (its past doses stay), then deleted.
  'POST /api/v1/medications/schedules/{id}/stop': { destructive: 0 },
  'DELETE /api/v1/medications/schedules/{id}': { destructive: 1 },
  'PATCH /api/v1/medications/schedules/{id}': { body: { dosage: '10 mg' } },
  'DELETE /api/v1/notifications/{id}': { destructive: 0 },
  'DELETE /api/v1/appointments/{id}': { destructive: 0 },
  'DELETE /api/v1/lab-results/{id}': { destructive: 0 },
  'DELETE /api/v1/insurance/plans/{id}': { destructive: 0 },
  'DELETE /api/v1/insurance/claims/{id}': { destructive: 0 },
  'DELETE /api/v1/insurance/bills/{id}': { destructive: 0 },
  'DELETE /api/v1/documents/{id}': { destructive: 0 },
  'DELETE /api/v1/foods/custom/{id}': { destructive: 0 },
  'DELETE /api/v1/devices/nightscout/credentials/{id}': { destructive: 0 },
  'DELETE /api/v1/devices/nightscout/followers/{id}': { destructive: 0 },
  'DELETE /api/v1/household/followers/{id}': { destructive: 0 },
  'DELETE /api/v1/household/people/{personId}/guardians/{accountId}': { destructive: 0 },
  'DELETE /api/v1/household/people/{personId}/invitations/{invitationId}': { destructive: 0 },
  'DELETE /api/v1/calendar/feed': { destructive: 0 },
  'DELETE /api/v1/ai/chat': { destructive: 0 },
  'POST /api/v1/shares/{id}/revoke': { destructive: 0 },
  'POST /api/v1/packets/{id}/revoke': { destructive: 0 },
  'DELETE /api/v1/packets/{id}': { destructive: 1 },
  'POST /api/v1/admin/shares/{id}/revoke': { destructive: 1 },
  'DELETE /ns/{slug}/api/v1/entries': { destructive: 0 },
  'DELETE /ns/{slug}/api/v1/treatments/{id}': { destructive: 0 },
  'DELETE /api/v1/household/people/{personId}': { destructive: 1, body: WRONG_PASSWORD, okAs: 403 },
  'POST /api/v1/calendar/feed': { destructive: 0 },
  'POST /api/auth/revoke-other-sessions': { destructive: 2 },
  'DELETE /api/v1/me': { destructive: 4, body: WRONG_PASSWORD, okAs: 403 },
  'DELETE /api/v1/admin/users/{userId}': { destructive: 4, body: WRONG_PASSWORD, okAs: 403 },
  'POST /api/auth/sign-out': { destructive: 5 },
  'PATCH /api/v1/notifications/{id}': { body: { isRead: true } },
  'PATCH /api/v1/appointments/{id}': { body: { reason: 'Asked by the matrix' } },
  'PATCH /api/v1/lab-results/{id}': { body: { labName: 'Matrix Lab' } },
  'PATCH /api/v1/insurance/plans/{id}': { body: { groupNumber: 'G-1' } },
  'PATCH /api/v1/insurance/claims/{id}': { body: { description: 'Asked by the matrix' } },
  'PATCH /api/v1/insurance/bills/{id}': { body: { description: 'Asked by the matrix' } },
  'POST /api/v1/insurance/bills/{id}/payments': { body: { amount: '1.00', paidOn: '2026-01-05' } },
  'PATCH /api/v1/shares/{id}': { body: { alertOnLow: true } },
  'PATCH /api/v1/documents/{id}': { body: { description: 'Asked by the matrix' } },
  'PUT /api/v1/household/people/{personId}/mute': { body: { muted: false } },
  'POST /api/v1/household/people/{personId}/invitations': {
    body: { email: 'authz-second-invitee@example.com', kind: 'guardian' },
  },
  // The handover itself (the holder's valid claim makes the ward an account of their own): last but two.
  'POST /api/v1/household/invitations/{token}/claim': { destructive: 3, body: { password: PASSWORD } },
  'POST /api/shl/{manifestId}': { body: (ids: Ids) => ({ recipient: 'Dr. Reader', passcode: ids.passcode }) },
  'POST /api/auth/change-password': {
    body: { currentPassword: 'Wrong-Password-1234', newPassword: 'Another-Quiet-Harbor-99' },
  },
  'POST /api/auth/passkey/verify-registration': { body: { response: {} } },
  'POST /api/auth/passkey/delete-passkey': { body: { id: 'no-such-passkey' } },
  'PUT /api/v1/admin/users/{userId}/status': { body: { status: 'active' } },
  'PUT /api/v1/admin/users/{userId}/role': { body: { role: 'user' } },
};

/**
 * Nightscout's API at the site's root (modules/nightscout/ns-root.ts): a request with a Nightscout
 * credential at /api/v1/… is answered as Nightscout for that credential's person. These operations
 * share a path with a Nightscout resource, so the upload credential is served there; on the others
 * Nightscout answers 404, and any other token it does not know 401.
 */
export const NIGHTSCOUT_AT_ROOT = new Set([
  'GET /api/v1/profile',
  'GET /api/v1/entries',
  'POST /api/v1/entries',
  'GET /api/v1/entries/summary',
  'GET /api/v1/entries/{id}',
  'DELETE /api/v1/entries/{id}',
]);
