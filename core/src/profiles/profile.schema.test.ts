import { describe, expect, it } from 'vitest';
import { defaultDisplayName, effectiveUserType, ProfileUpdateRequest } from './profile.schema';

describe('defaultDisplayName', () => {
  it('prefers the full name, then the email local part, then "User"', () => {
    expect(defaultDisplayName('  Ada Lovelace ', 'ada@example.com')).toBe('Ada Lovelace');
    expect(defaultDisplayName('', 'ada.l@example.com')).toBe('ada.l');
    expect(defaultDisplayName(null, null)).toBe('User');
    expect(defaultDisplayName(undefined, '@example.com')).toBe('User');
  });
});

describe('profile rules', () => {
  it('treats a profile without a type as general health', () => {
    expect(effectiveUserType(null)).toBe('general_health');
    expect(effectiveUserType('diabetes_focused')).toBe('diabetes_focused');
  });

  it('refuses unknown time zones, unit names and fields', () => {
    expect(ProfileUpdateRequest.safeParse({ timezone: 'Europe/Berlin' }).success).toBe(true);
    expect(ProfileUpdateRequest.safeParse({ timezone: 'Mars/Olympus' }).success).toBe(false);
    // An offset is no place's zone: it has no daylight saving rules.
    expect(ProfileUpdateRequest.safeParse({ timezone: '+05:00' }).success).toBe(false);
    expect(ProfileUpdateRequest.safeParse({ timezone: '-0330' }).success).toBe(false);
    expect(ProfileUpdateRequest.safeParse({ glucoseUnit: 'mmol' }).success).toBe(false);
    expect(ProfileUpdateRequest.safeParse({ isAdmin: true }).success).toBe(false);
  });
});
