import { describe, expect, it } from 'vitest';
import { numericValueError } from './value-check';

describe('the value typed for a lab result', () => {
  it('says what is wrong: missing, negative, or not a number', () => {
    expect(numericValueError('5.2')).toBeNull();
    expect(numericValueError('5,2')).toBeNull();
    expect(numericValueError('  ')).toBe('Enter the value');
    expect(numericValueError('-5')).toBe('Enter a value of 0 or more');
    expect(numericValueError('abc')).toBe('Enter the value as a number');
  });
});
