import { z } from 'zod';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const ADMIN_REQUIRED_MESSAGE = 'Unauthorized: Admin access required';

export const RolesResponse = z.object({
  roles: z.array(Role),
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
});
export type RolesResponse = z.infer<typeof RolesResponse>;

export const RoleAssignRequest = z.object({ role: Role }).strict();
export type RoleAssignRequest = z.infer<typeof RoleAssignRequest>;

export const RoleAssignResponse = z.object({
  userId: z.string().uuid(),
  role: Role,
  assignedBy: z.string().uuid().nullable(),
});

export const rolesSummary = (roles: readonly Role[]): RolesResponse => ({
  roles: [...roles],
  isAdmin: roles.includes('admin'),
  isModerator: roles.includes('moderator') || roles.includes('admin'),
});
