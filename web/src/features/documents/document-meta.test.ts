import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/zoned-format';
import { documentMeta } from './document-meta';

describe('a document’s line in the list and the viewer', () => {
  it('writes its date like every other screen ("Nov 29, 2026"), never the raw ISO date', () => {
    const line = documentMeta({
      category: 'Lab Results',
      date: '2026-11-29',
      fileName: 'lab.pdf',
      fileSize: 891,
    });
    expect(line).not.toContain('2026-11-29');
    expect(line).toBe(
      `Lab Results · ${formatDate('2026-11-29T12:00:00-05:00', 'America/New_York')} · lab.pdf · 891 Bytes`,
    );
  });

  it('keeps the calendar day wherever the browser is (no shift to the day before)', () => {
    const line = documentMeta({ category: 'Other', date: '2026-01-01', fileName: 'a.png', fileSize: 10 });
    expect(line).toContain(formatDate('2026-01-01T12:00:00Z', 'UTC'));
  });
});
