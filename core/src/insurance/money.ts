/**
 * Money as integer cents (minor units of a two-decimal currency), never a float: totals are sums of
 * integers, so 100.10 + 200.20 is exactly 300.30. Only the display divides by 100.
 */

/** The largest amount a record holds: 99,999,999.99 (fits numeric(12,2) and a safe integer). */
export const MAX_CENTS = 9_999_999_999;

/** Currencies with two minor digits that the amounts can be shown in (ISO 4217). */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'INR',
  'MXN',
  'BRL',
  'ZAR',
  'SGD',
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

const CANONICAL = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

const separatorCache = new Map<string, { group: string; decimal: string }>();

/** The locale's digit-group and decimal separators ("," and "." in en-US, "." and "," in de-DE). */
export function separatorsOf(locale?: string) {
  const key = locale ?? '';
  let found = separatorCache.get(key);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(key, found);
  }
  return found;
}

/** Cents from a canonical decimal ("120.5", "-3.05", "7"), or null. No float is ever involved. */
function canonicalToCents(text: string): number | null {
  const m = CANONICAL.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' && cents !== 0 ? -cents : cents;
}

/**
 * An amount as the user typed it, in their locale ("1,234.56" in en-US, "1.234,56" in de-DE, a
 * currency sign allowed), or a canonical "1234.56" when no locale is given (the API's form), as
 * integer cents; null when it is not an amount with at most two decimals.
 */
export function parseMoney(input: string | number, locale?: string): number | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // String(0.1 + 0.2) is "0.30000000000000004": more than two decimals, refused rather than rounded.
    return canonicalToCents(String(input));
  }
  let text = input.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (locale !== undefined) {
    const { group, decimal } = separatorsOf(locale);
    // Currency signs and codes around the number ("$", "€", "CHF").
    text = text.replace(/^(-?)[^\d.,-]+/, '$1').replace(/[^\d.,]+$/, '');
    const groupRe = group.trim() === '' ? /[\s\u00a0\u202f]/g : new RegExp(`\\${group}`, 'g');
    const [whole = '', ...rest] = text.split(decimal);
    if (rest.length > 1) return null;
    // Groups of three digits (of two before the last in India's 1,00,000): "1,23.4" is a typo, not 123.40.
    if (group.trim() !== '' && whole.includes(group) && !/^-?\d{1,3}(\D\d{2,3})*\D\d{3}$/.test(whole))
      return null;
    text = whole.replace(groupRe, '') + (rest.length ? `.${rest[0]}` : '');
  }
  return canonicalToCents(text);
}

/** Cents as the canonical decimal the API takes and the CSV holds: 30030 → "300.30". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatCache = new Map<string, Intl.NumberFormat>();

/** Cents in the user's currency and locale: formatMoney(30030, 'USD', 'en-US') → "$300.30". */
export function formatMoney(cents: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  let format = formatCache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatCache.set(key, format);
  }
  // An integer divided by 100 is the double nearest the exact decimal; two fraction digits give it back.
  return format.format(cents / 100);
}

const compactCache = new Map<string, Intl.NumberFormat>();

/**
 * An axis label: short enough that neighbours do not run together, so rounded ("$1.4K", "$700"),
 * never a figure to read an amount from (tooltips and lists use formatMoney).
 */
export function formatMoneyAxis(cents: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  let format = compactCache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      notation: 'compact',
      // Both bounds: ICU 78 (Node 24.22) takes the currency's two digits as the least, "$700.0".
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    compactCache.set(key, format);
  }
  return format.format(cents / 100);
}

/** The sum of integer cents; throws rather than lose a cent past the safe-integer range. */
export function sumCents(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  if (!Number.isSafeInteger(total)) throw new RangeError('Money total out of range');
  return total;
}
