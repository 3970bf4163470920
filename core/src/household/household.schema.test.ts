import { describe, expect, it } from 'vitest';
import { PersonCreateRequest, personInitials } from './household.schema';

describe('household schemas', () => {
  it('makes initials from the first and last word', () => {
    expect(personInitials('Mia Jones')).toBe('MJ');
    expect(personInitials('  mia ')).toBe('M');
    expect(personInitials('Anna Maria Lopez')).toBe('AL');
  });

  it('refuses an empty name, a long name and a future date of birth', () => {
    expect(PersonCreateRequest.safeParse({ displayName: '   ' }).success).toBe(false);
    expect(PersonCreateRequest.safeParse({ displayName: 'x'.repeat(81) }).success).toBe(false);
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(PersonCreateRequest.safeParse({ displayName: 'Mia', dateOfBirth: nextYear }).success).toBe(false);
    expect(PersonCreateRequest.parse({ displayName: ' Mia ', dateOfBirth: '2018-04-02' })).toEqual({
      displayName: 'Mia',
      dateOfBirth: '2018-04-02',
      platformMode: 'general_health',
      glucoseUnit: 'mg/dL',
    });
  });
});
