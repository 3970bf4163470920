import { z } from 'zod';
import { AccessLevel, ShareCategory, ShareStatusSchema } from '../sharing/share.schema';

export const ADMIN_SHARES_MAX = 1000;

export const AdminShareListQuery = z.object({
  /** Caregiver email, caregiver name or the patient's display name, case-insensitive. */
  q: z.string().trim().max(100, 'The search must be at most 100 characters').optional(),
});
export type AdminShareListQuery = z.infer<typeof AdminShareListQuery>;

/** Spec §3 shared_access (admin view): never the token nor any health value. */
export const AdminShare = z.object({
  id: z.string().uuid(),
  ownerId: z.string().uuid(),
  ownerName: z.string(),
  sharedWithEmail: z.string(),
  sharedWithName: z.string().nullable(),
  accessType: AccessLevel,
  categories: z.array(ShareCategory),
  status: ShareStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastAccessedAt: z.string().nullable(),
});
export type AdminShare = z.infer<typeof AdminShare>;

export const AdminShareListResponse = z.object({ items: z.array(AdminShare) });
export type AdminShareListResponse = z.infer<typeof AdminShareListResponse>;

/** Spec §8, word for word. */
export const ADMIN_SHARE_TEXTS = {
  revokedTitle: 'Access Revoked',
  revokedBody: 'Caregiver access has been revoked successfully',
  revokeFailed: 'Failed to revoke caregiver access',
  loadFailed: 'Failed to load caregiver data',
  empty: 'No caregivers found matching your criteria',
} as const;
