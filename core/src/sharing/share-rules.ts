import type { DOCUMENT_CATEGORIES } from '../documents/document-categories';
import type { TrackerKey } from '../trackers/tracker-titles';

/** The grantable data categories (spec §3 shared_permissions.data_category), in the invite's order. */
export const SHARE_CATEGORIES = [
  'documents',
  'health_metrics',
  'medications',
  'appointments',
  'lab_results',
] as const;
export type ShareCategory = (typeof SHARE_CATEGORIES)[number];

export const SHARE_CATEGORY_LABELS: Record<ShareCategory, string> = {
  documents: 'Documents',
  health_metrics: 'Health Metrics',
  medications: 'Medications',
  appointments: 'Appointments',
  lab_results: 'Lab Results',
};

/** Spec §5: documents and health metrics are viewable by default. */
export const DEFAULT_SHARE_CATEGORIES: ShareCategory[] = ['documents', 'health_metrics'];

/**
 * Which tracker entries each category shows. Journal entries are private writing, not a measurement:
 * no category shares them. Blood glucose lives in the glucose store and belongs to health metrics.
 */
export const SHARE_CATEGORY_TRACKERS = {
  health_metrics: ['blood-pressure', 'weight', 'meal', 'mood-energy', 'pain'],
  medications: ['medication', 'insulin', 'insulin-settings'],
  lab_results: ['a1c'],
} as const satisfies Partial<Record<ShareCategory, readonly TrackerKey[]>>;

/**
 * The document categories that are lab results: a share granting `lab_results` shows these documents in
 * its lab results section (view and download) even when the `documents` category is not granted.
 */
export const LAB_DOCUMENT_CATEGORIES = [
  'Lab Results',
] as const satisfies readonly (typeof DOCUMENT_CATEGORIES)[number][];

export const ACCESS_LEVELS = ['view_only', 'limited_access', 'full_access'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/**
 * What an access level means, enforced by the database's row-level security: how far back the
 * caregiver can see. Upcoming appointments and scheduled doses are always inside the window.
 * null = the whole history.
 */
export const ACCESS_LEVEL_HISTORY_DAYS: Record<AccessLevel, number | null> = {
  view_only: 30,
  limited_access: 90,
  full_access: null,
};

export const ACCESS_LEVEL_LABELS: Record<AccessLevel, string> = {
  view_only: 'View Only',
  limited_access: 'Limited Access',
  full_access: 'Full Access',
};

/** One line each, shown in the invite dialog. */
export const ACCESS_LEVEL_DESCRIPTIONS: Record<AccessLevel, string> = {
  view_only: 'Read-only, the last 30 days of the chosen categories.',
  limited_access: 'Read-only, the last 90 days of the chosen categories.',
  full_access: 'Read-only, the whole history of the chosen categories.',
};

/** Spec §5: 7, 30, 90, 365 days or never (null); default 30. */
export const SHARE_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export type ShareExpiryDays = (typeof SHARE_EXPIRY_DAYS)[number];
export const DEFAULT_SHARE_EXPIRY_DAYS: ShareExpiryDays = 30;

/** Spec §9: days times 24 hours. */
export const shareExpiresAt = (days: number | null, from: Date): Date | null =>
  days === null ? null : new Date(from.getTime() + days * 24 * 3_600_000);

export const SHARE_STATUSES = ['pending', 'active', 'expired', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/**
 * A share's status, computed whenever it is read (never stored, so it cannot lag behind a job):
 * revoked wins, then expired (at or past expires_at), then pending until first opened, else active.
 */
export const shareStatus = (
  s: {
    revokedAt: Date | string | null;
    expiresAt: Date | string | null;
    firstAccessedAt: Date | string | null;
  },
  now: Date,
): ShareStatus => {
  if (s.revokedAt) return 'revoked';
  if (s.expiresAt && new Date(s.expiresAt).getTime() <= now.getTime()) return 'expired';
  return s.firstAccessedAt ? 'active' : 'pending';
};

/**
 * A share whose link still opens (pending until first opened, or active): what the admin dashboard
 * counts as a live share and what can still be revoked.
 */
export const isLiveShare = (status: ShareStatus) => status === 'pending' || status === 'active';

/** The sharing screen's summary cards, from the owner's shares. */
export const shareSummary = (
  shares: { status: ShareStatus; sharedWithEmail: string; lastAccessedAt: string | null }[],
) => {
  // Only an opened share that is neither expired nor revoked gives someone access: an invitation nobody
  // has opened is counted once, as pending, not also as a person with access.
  const live = shares.filter((s) => s.status === 'active');
  const last = shares
    .map((s) => s.lastAccessedAt)
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1);
  return {
    activeShares: shares.filter((s) => s.status === 'active').length,
    pendingInvitations: shares.filter((s) => s.status === 'pending').length,
    peopleWithAccess: new Set(live.map((s) => s.sharedWithEmail.toLowerCase())).size,
    lastAccessedAt: last ?? null,
  };
};
