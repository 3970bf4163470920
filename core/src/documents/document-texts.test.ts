import { expect, it } from 'vitest';
import { extractionLabel } from './document-texts';

it('badges a file "Text searchable" only when words were read from it', () => {
  expect(extractionLabel('done', true)).toBe('Text searchable');
  expect(extractionLabel('done', false)).toBe('No searchable text');
  expect(extractionLabel('reading', false)).toBe('Reading text…');
  expect(extractionLabel('failed', false)).toBe('Text could not be read');
});
