import type { ProfileResponse, UserType } from '@healthfolio/core';
import type { ProfileRow } from './profiles.repository';

export const presentProfile = (row: ProfileRow): ProfileResponse => ({
  id: row.id,
  userId: row.userId,
  userType: (row.userType as UserType | null) ?? null,
  displayName: row.displayName,
  glucoseUnit: row.glucoseUnit as ProfileResponse['glucoseUnit'],
  timezone: row.timezone,
  weightGoal: row.weightGoal ?? null,
  emailReminders: row.emailReminders,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
