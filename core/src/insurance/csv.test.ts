import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('RFC 4180 CSV', () => {
  it('quotes commas, quotes and line breaks, ends records with CRLF', () => {
    expect(toCsv([['a,b', 'say "hi"', 'x\ny', null, { number: '-1.50' }]])).toBe(
      '"a,b","say ""hi""","x\ny",,-1.50\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula, not amounts', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(toCsv([[{ number: '-3.00' }]])).toBe('-3.00\r\n');
  });

  it('parses back to the same text (property)', () => {
    const safe = fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(
        fc.array(fc.array(safe, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const width = rows[0]!.length;
          const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          expect(parse(toCsv(table), { relax_column_count: false })).toEqual(table);
        },
      ),
    );
  });
});
