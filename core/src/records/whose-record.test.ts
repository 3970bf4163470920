import { describe, expect, it } from 'vitest';
import { isOtherPerson, otherPersonWords } from './whose-record';

const eve = { name: 'Eve Everywoman', birthDate: '1975-05-01' };

describe('Whose record a file holds', () => {
  it('is someone else when the dates of birth differ, even with the same name', () => {
    expect(isOtherPerson(eve, { name: 'Eve Everywoman', birthDate: '1987-10-07' })).toBe(true);
  });

  it('is someone else when the names share no word', () => {
    expect(isOtherPerson(eve, { name: 'Labs Walker', birthDate: null })).toBe(true);
  });

  it('is the same person by a first name alone, or with accents and case of their own', () => {
    expect(isOtherPerson(eve, { name: 'eve', birthDate: '1975-05-01' })).toBe(false);
    expect(isOtherPerson({ name: 'José Núñez', birthDate: null }, { name: 'Jose', birthDate: null })).toBe(
      false,
    );
  });

  it('gives no warning when nothing can be compared', () => {
    expect(isOtherPerson(null, { name: 'Labs Walker', birthDate: null })).toBe(false);
    expect(isOtherPerson({ name: null, birthDate: null }, { name: 'Labs Walker', birthDate: null })).toBe(
      false,
    );
  });

  it('names both people in words', () => {
    expect(otherPersonWords(eve, { name: 'Labs Walker', birthDate: null })).toBe(
      'This file is the record of Eve Everywoman, born May 1, 1975, not of Labs Walker. Its conditions, ' +
        'allergies, medications and results would be mixed into this record.',
    );
  });
});
