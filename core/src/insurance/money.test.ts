import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatMoney, formatMoneyAxis, MAX_CENTS, parseMoney, sumCents } from './money';

describe('money as integer cents', () => {
  it('adds 100.10 and 200.20 to exactly 300.30', () => {
    const total = sumCents([parseMoney('100.10'), parseMoney('200.20')] as number[]);
    expect(total).toBe(30030);
    expect(formatMoney(total, 'USD', 'en-US')).toBe('$300.30');
    expect(0.1 + 0.2).not.toBe(0.3); // what floats would have done
  });

  it('parses what people type in their locale and refuses what is not an amount', () => {
    expect(parseMoney('1,234.56', 'en-US')).toBe(123456);
    expect(parseMoney('$1,234.5', 'en-US')).toBe(123450);
    expect(parseMoney('1.234,56 €', 'de-DE')).toBe(123456);
    expect(parseMoney('12,5', 'de-DE')).toBe(1250);
    expect(parseMoney('1 234,56', 'fr-FR')).toBe(123456);
    expect(parseMoney('-5', 'en-US')).toBe(-500);
    for (const bad of ['', 'abc', '1.234', '12.345', '1,23.4', '1.2.3', '--1', '1e3']) {
      expect(parseMoney(bad, bad === '1.234' ? 'fr-FR' : 'en-US'), bad).toBeNull();
    }
    expect(parseMoney('12.50', 'de-DE')).toBeNull(); // a dot is a group separator there: ambiguous
  });

  it('takes the API’s canonical decimals only (no grouping, at most two decimals)', () => {
    expect(parseMoney('120.5')).toBe(12050);
    expect(parseMoney(120.5)).toBe(12050);
    expect(parseMoney(0.1 + 0.2)).toBeNull();
    expect(parseMoney('1,200.00')).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
  });

  it('formats in the user’s currency and locale', () => {
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(5, 'GBP', 'en-GB')).toBe('£0.05');
    expect(centsToDecimal(-1205)).toBe('-12.05');
  });

  it('labels a chart axis short, so neighbouring labels do not run together', () => {
    const ticks = [0, 70_000, 140_000, 210_000, 280_000].map((c) => formatMoneyAxis(c, 'USD', 'en-US'));
    expect(ticks).toEqual(['$0', '$700', '$1.4K', '$2.1K', '$2.8K']);
    expect(formatMoneyAxis(1_250_000_00, 'EUR', 'de-DE')).toBe('1,3 Mio. €');
  });

  it('totals are the sum of their parts to the cent, whatever the amounts (property)', () => {
    const cents = fc.integer({ min: 0, max: MAX_CENTS });
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (parts) => {
        const typed = parts.map((c) => parseMoney(centsToDecimal(c)) as number);
        const total = sumCents(typed);
        expect(total).toBe(parts.reduce((a, b) => a + b, 0));
        // The displayed total is the exact decimal of the integer sum.
        expect(formatMoney(total, 'USD', 'en-US').replace(/[$,]/g, '')).toBe(centsToDecimal(total));
      }),
    );
  });

  it('reads back what it shows, in any of several locales (property)', () => {
    const locales = ['en-US', 'de-DE', 'fr-FR', 'en-IN', 'de-CH', 'es-ES', 'ja-JP'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), fc.constantFrom(...locales), (c, locale) => {
        expect(parseMoney(formatMoney(c, 'EUR', locale), locale)).toBe(c);
      }),
    );
  });
});
