import type { UserType } from '@healthfolio/core';

export const MODE_LABELS: Record<UserType, string> = {
  general_health: 'Complete Health',
  diabetes_focused: 'Diabetes-Focused',
};
