import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv } from './csv-tokenizer';

const cellsOf = (text: string, delimiter: ',' | ';' | '\t' = ',') =>
  parseCsv(text, delimiter).map((row) => row.cells);

describe('parseCsv', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks inside', () => {
    expect(cellsOf('a,"b,c","say ""hi""","two\nlines"\n1,2,3,4')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('accepts CRLF, LF and a UTF-8 BOM, and keeps empty cells', () => {
    expect(cellsOf('\uFEFFx,y\r\n1,\r\n,2\n')).toEqual([
      ['x', 'y'],
      ['1', ''],
      ['', '2'],
    ]);
  });

  it('numbers rows by the physical line they start on, across blank lines and quoted breaks', () => {
    const rows = parseCsv('h1,h2\n\n"a\r\nb",1\n,,\n c ,2', ',');
    expect(rows.map((row) => row.line)).toEqual([1, 3, 6]);
    expect(rows[2]?.cells).toEqual([' c ', '2']);
  });

  it('drops rows whose cells are all empty and keeps a trailing empty cell', () => {
    expect(cellsOf('a,b,\n,,\n\n"",""\n')).toEqual([['a', 'b', '']]);
  });

  it('splits on ; or tab when asked', () => {
    expect(cellsOf('t;v\n2023-01-01 08:00;5,5', ';')).toEqual([
      ['t', 'v'],
      ['2023-01-01 08:00', '5,5'],
    ]);
    expect(cellsOf('t\tv\n1\t2', '\t')).toEqual([
      ['t', 'v'],
      ['1', '2'],
    ]);
  });

  it('reads an unterminated quote to the end rather than failing', () => {
    expect(cellsOf('a,"b\nc')).toEqual([['a', 'b\nc']]);
  });

  it('gives back any table written with RFC 4180 quoting', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', ',', ';', '"', '\n', '\r\n', 'é') });
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 });
    const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
    fc.assert(
      fc.property(table, fc.constantFrom('\n', '\r\n'), (rows, eol) => {
        const text = rows.map((row) => row.map(quote).join(',')).join(eol);
        const expected = rows.filter((row) => row.some((value) => value.trim() !== ''));
        expect(cellsOf(text)).toEqual(expected);
      }),
    );
  });
});

describe('detectDelimiter', () => {
  it('finds comma, semicolon and tab, and is not fooled by decimal commas', () => {
    expect(detectDelimiter('timestamp,value\n2023-01-01 08:00,100')).toBe(',');
    expect(detectDelimiter('timestamp;value\n2023-01-01 08:00;5,5')).toBe(';');
    expect(detectDelimiter('timestamp\tvalue\n2023-01-01 08:00\t5,5')).toBe('\t');
    expect(detectDelimiter('"a;b",c\n"x;y",z')).toBe(',');
  });

  it('falls back to comma for a single-column file', () => {
    expect(detectDelimiter('100\n105\n')).toBe(',');
  });
});
