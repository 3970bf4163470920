import { describe, expect, it } from 'vitest';
import {
  cardOf,
  DocumentUploadFields,
  fileExtension,
  formatFileSize,
  isAllowedFileName,
  MISSING_INFORMATION_MESSAGE,
  sanitizeFileName,
  sortDocuments,
  titleFromFileName,
  uploadLimitMessage,
} from './document.schema';

describe('uploaded file names', () => {
  it('accepts pdf, jpg, jpeg, png, doc and docx by their last extension, in any case', () => {
    for (const ok of ['a.pdf', 'B.JPG', 'c.jpeg', 'd.Png', 'e.doc', 'f.docx', 'lab.2024.pdf'])
      expect(isAllowedFileName(ok), ok).toBe(true);
    for (const bad of ['a.svg', 'b.html', 'c.exe', 'report.pdf.exe', 'x.jpg.html', 'pdf', '.pdf', 'a.gif'])
      expect(isAllowedFileName(bad), bad).toBe(false);
    expect(fileExtension('C:\\scans\\Lab.PDF')).toBe('pdf');
  });

  it('drops folders, control and direction-override characters, and leading dots', () => {
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('..\\..\\windows\\win.ini.pdf')).toBe('win.ini.pdf');
    expect(sanitizeFileName('lab\u0000\r\nresult.pdf')).toBe('labresult.pdf');
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('...hidden.pdf')).toBe('hidden.pdf');
    expect(sanitizeFileName('a"b<c>.pdf')).toBe('a_b_c_.pdf');
    expect(sanitizeFileName('/')).toBe('document');
    const long = sanitizeFileName(`${'x'.repeat(500)}.docx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('titles a document by its file name without the extension', () => {
    expect(titleFromFileName('Blood Panel March.pdf')).toBe('Blood Panel March');
    expect(titleFromFileName('scan.2024.01.jpg')).toBe('scan.2024.01');
  });
});

it('shows sizes in Bytes, KB, MB and GB', () => {
  expect(formatFileSize(0)).toBe('0 Bytes');
  expect(formatFileSize(512)).toBe('512 Bytes');
  expect(formatFileSize(1536)).toBe('1.5 KB');
  expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.25 GB');
  expect(uploadLimitMessage(10 * 1024 * 1024)).toBe('The file is larger than the 10 MB limit.');
});

it('matches a category to its card by lowercased hyphenated name; Other goes to the repository', () => {
  expect(cardOf('Lab Results')).toBe('lab-results');
  expect(cardOf('Medical History')).toBe('medical-history');
  expect(cardOf('Other')).toBeNull();
});

it('sorts newest, oldest, title A-Z and Z-A, and by category', () => {
  const docs = [
    { title: 'b', category: 'Referrals', uploadedAt: '2024-01-02T00:00:00Z' },
    { title: 'A', category: 'Lab Results', uploadedAt: '2024-01-01T00:00:00Z' },
    { title: 'c', category: 'Other', uploadedAt: '2024-01-03T00:00:00Z' },
  ];
  const titles = (s: Parameters<typeof sortDocuments>[1]) => sortDocuments(docs, s).map((d) => d.title);
  expect(titles('newest')).toEqual(['c', 'b', 'A']);
  expect(titles('oldest')).toEqual(['A', 'b', 'c']);
  expect(titles('title-asc')).toEqual(['A', 'b', 'c']);
  expect(titles('title-desc')).toEqual(['c', 'b', 'A']);
  expect(titles('category')).toEqual(['A', 'c', 'b']);
});

it('asks for a title and a category with the spec message', () => {
  const r = DocumentUploadFields.safeParse({ title: '  ', category: '' });
  expect(r.success).toBe(false);
  expect(r.error?.issues.map((i) => i.message)).toEqual([
    MISSING_INFORMATION_MESSAGE,
    MISSING_INFORMATION_MESSAGE,
  ]);
  expect(
    DocumentUploadFields.parse({ title: 'CBC', category: 'Lab Results', date: '' }).date,
  ).toBeUndefined();
});
