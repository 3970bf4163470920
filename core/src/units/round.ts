/**
 * Rounds half away from zero to `decimals` places.
 * The value is first trimmed to 12 significant digits so binary noise (1.005 stored as 1.00499…)
 * does not flip a displayed digit the user would expect from the decimal they see.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const clean = Number(value.toPrecision(12));
  const rounded = (Math.sign(clean) * Math.round(Math.abs(clean) * factor)) / factor;
  // Avoid showing "-0" for tiny negative inputs.
  return rounded === 0 ? 0 : rounded;
}

/**
 * Parses a number typed by a user: trims, accepts a decimal comma (common for mmol/L and kg in
 * many locales), and refuses anything that is not a plain finite decimal.
 */
export function parseDecimalInput(input: string | number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  const text = input.trim().replace(',', '.');
  if (!/^[+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
