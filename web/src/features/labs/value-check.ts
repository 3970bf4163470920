import { parseDecimalInput } from '@healthfolio/core/units/round';

/**
 * What is wrong with a numeric value typed for a result, in the words shown under Value; null when it
 * is a number. A minus sign is not "not a number": a lab value is 0 or more.
 */
export const numericValueError = (text: string): string | null => {
  if (parseDecimalInput(text) !== null) return null;
  if (!text.trim()) return 'Enter the value';
  if (parseDecimalInput(text.trim().replace(/^-/, '')) !== null) return 'Enter a value of 0 or more';
  return 'Enter the value as a number';
};
