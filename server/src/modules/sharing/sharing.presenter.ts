import { type ShareResponse, shareStatus } from '@healthfolio/core';
import type { ShareRow } from './sharing.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Never the token, its digest or its sealed copy. */
export const presentShare = (r: ShareRow, now = new Date()): ShareResponse => ({
  id: r.id,
  sharedWithEmail: r.sharedWithEmail,
  sharedWithName: r.sharedWithName,
  accessType: r.accessType as ShareResponse['accessType'],
  categories: r.categories,
  message: r.message,
  status: shareStatus(r, now),
  requireSignIn: r.requireSignIn,
  alertOnLow: r.alertOnLow,
  expiresAt: iso(r.expiresAt),
  createdAt: r.createdAt.toISOString(),
  lastAccessedAt: iso(r.lastAccessedAt),
  revokedAt: iso(r.revokedAt),
});
