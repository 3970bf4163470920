export const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with a tick in front.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** RFC 4180 CSV (CRLF lines, a header line first). */
export const toCsv = (header: readonly string[], rows: unknown[][]) =>
  `${[header.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\r\n')}\r\n`;
