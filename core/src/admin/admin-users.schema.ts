import { z } from 'zod';
import { Role } from '../roles/roles.schema';

/** A user's real status: disabled and pending approval are set by admins; unconfirmed = email not confirmed. */
export const USER_STATUSES = ['active', 'unconfirmed', 'pending_approval', 'disabled'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

export const ADMIN_USERS_MAX = 1000;

export const AdminUserListQuery = z.object({
  /** Display name or user id, case-insensitive. */
  q: z.string().trim().max(100, 'The search must be at most 100 characters').optional(),
  status: UserStatus.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX).default(ADMIN_USERS_MAX),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminUserSummary = z.object({
  userId: z.string().uuid(),
  displayName: z.string(),
  role: Role,
  status: UserStatus,
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminUserListResponse = z.object({
  items: z.array(AdminUserSummary),
  /** All accounts matching the search, even when more than `items` were asked for. */
  total: z.number().int(),
});
export type AdminUserListResponse = z.infer<typeof AdminUserListResponse>;

/** Never the user's health values: only what an operator needs, and counts. */
export const AdminUserDetail = AdminUserSummary.extend({
  email: z.string(),
  emailVerified: z.boolean(),
  userType: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  assignedBy: z.string().uuid().nullable(),
  signIns: z.object({ count: z.number().int(), last: z.string().nullable() }),
  activeSessions: z.number().int(),
  /** Entries per tracker (how many, never what). */
  entryCounts: z.array(z.object({ tracker: z.string(), count: z.number().int() })),
  glucoseReadings: z.number().int(),
  notifications: z.number().int(),
  appointments: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const AdminUserStatusRequest = z
  .object({ status: z.enum(['active', 'disabled'], { error: 'The status must be active or disabled' }) })
  .strict();
export type AdminUserStatusRequest = z.infer<typeof AdminUserStatusRequest>;
