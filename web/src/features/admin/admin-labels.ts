import type { UserStatus } from '@healthfolio/core';

/** Spec §2: admin destructive, moderator secondary, user outline. */
export const ROLE_BADGE = { admin: 'destructive', moderator: 'secondary', user: 'outline' } as const;

export const STATUS_LABEL: Record<UserStatus, string> = {
  active: 'Active',
  unconfirmed: 'Unconfirmed',
  pending_approval: 'Waiting for approval',
  disabled: 'Disabled',
};
