/** The two units a CGM export writes glucose in. */
export type FileUnit = 'mg/dL' | 'mmol/L';

/** A unit named in a header ("Glucose Value (mmol/L)", "Historic Glucose mg/dL"), or null. */
export function unitInHeader(header: string): FileUnit | null {
  const text = header.toLowerCase();
  if (text.includes('mmol')) return 'mmol/L';
  if (/mg\s*\/?\s*dl/.test(text)) return 'mg/dL';
  return null;
}

/** A unit cell of a plain CSV row ("mg/dL", "mgdl", "mmol/L", "mmol"), or null when not recognised. */
export function unitFromCell(cell: string): FileUnit | null {
  const text = cell.trim().toLowerCase().replace(/\s+/g, '');
  if (text === 'mmol/l' || text === 'mmol' || text === 'mmoll' || text === 'mmol/liter') return 'mmol/L';
  if (text === 'mg/dl' || text === 'mgdl' || text === 'mg') return 'mg/dL';
  return null;
}

/** Numbers among cell texts (a decimal comma allowed), lazily, so guessUnit can stop early. */
export function* numbersIn(cells: Iterable<string>): Generator<number> {
  for (const cell of cells) {
    const value = Number(cell.replace(',', '.'));
    if (cell.trim() !== '' && Number.isFinite(value)) yield value;
  }
}

/**
 * The unit of a file that names none: mmol/L when every value is below 35, else mg/dL. 35 mmol/L
 * (631 mg/dL) is above any meter's range, while 35 mg/dL is below any CGM's lowest reading (40),
 * so a real file cannot sit on the wrong side. An empty sample reads as mg/dL, the canonical unit.
 */
export function guessUnit(values: Iterable<number>): FileUnit {
  let any = false;
  for (const value of values) {
    if (value >= 35) return 'mg/dL';
    any = true;
  }
  return any ? 'mmol/L' : 'mg/dL';
}
