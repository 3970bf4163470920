import { z } from 'zod';
import { text } from '../http/text';
import { WEIGHT_UNITS } from '../units/weight-units';

export const USER_TYPES = ['general_health', 'diabetes_focused'] as const;
export const UserType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserType>;

export const GLUCOSE_UNITS = ['mg/dL', 'mmol/L'] as const;
export const GlucoseUnit = z.enum(GLUCOSE_UNITS);
export type GlucoseUnit = z.infer<typeof GlucoseUnit>;

// An IANA zone name ("America/New_York", "UTC"): engines also accept a bare offset ("+05:00"), which
// has no daylight saving rules and so is no place's time.
const isTimeZone = (tz: string) => {
  if (!/^[A-Za-z]/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const TimeZone = z.string().min(1).max(64).refine(isTimeZone, { message: 'Unknown time zone' });

/** The user's weight goal (set with "Set Goal" on the weight tracker). */
export const WeightGoal = z.strictObject({
  value: z.number().gt(0, 'Goal weight must be more than 0').max(1000, 'Goal weight must be at most 1000'),
  unit: z.enum(WEIGHT_UNITS),
});
export type WeightGoal = z.infer<typeof WeightGoal>;

export const ProfileResponse = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  userType: UserType.nullable(),
  displayName: z.string(),
  glucoseUnit: GlucoseUnit,
  timezone: z.string(),
  weightGoal: WeightGoal.nullable(),
  /** Due reminders are also emailed (when the server has SMTP configured). */
  emailReminders: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ProfileUpdateRequest = z
  .object({
    userType: UserType.optional(),
    displayName: text().trim().min(1, 'Display name cannot be empty').max(100).optional(),
    glucoseUnit: GlucoseUnit.optional(),
    timezone: TimeZone.optional(),
    weightGoal: WeightGoal.nullable().optional(),
    emailReminders: z.boolean().optional(),
  })
  .strict();
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/** A profile without a chosen type behaves as the complete health hub. */
export const effectiveUserType = (userType: UserType | null | undefined): UserType =>
  userType ?? 'general_health';

/** The account's full name, else the part of the email before the @, else "User". */
export const defaultDisplayName = (fullName: string | null | undefined, email: string | null | undefined) => {
  const name = fullName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  return local ? local : 'User';
};
