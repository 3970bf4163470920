import { formatMoney, formatMoneyAxis, parseMoney } from '@healthfolio/core/insurance/money';
import { localDate } from '@healthfolio/core/units/local-time';
import { createContext, useContext } from 'react';

export { formatDay } from './day-format';

/** The user's money and calendar: their currency, the browser's locale, today in their zone. */
export type InsuranceLocale = {
  currency: string;
  locale: string | undefined;
  timeZone: string;
  today: string;
  money: (cents: number) => string;
  /** A chart axis's label, rounded and short. */
  axisMoney: (cents: number) => string;
  parse: (text: string) => number | null;
};

export const makeInsuranceLocale = (
  currency: string,
  timeZone: string,
  now = new Date(),
): InsuranceLocale => {
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  return {
    currency,
    locale,
    timeZone,
    today: localDate(now, timeZone),
    money: (cents) => formatMoney(cents, currency, locale),
    axisMoney: (cents) => formatMoneyAxis(cents, currency, locale),
    parse: (text) => parseMoney(text, locale),
  };
};

export const InsuranceLocaleContext = createContext<InsuranceLocale | null>(null);

export const useInsuranceLocale = () => {
  const value = useContext(InsuranceLocaleContext);
  if (!value) throw new Error('useInsuranceLocale outside the insurance page');
  return value;
};

export { capitalize } from './day-format';
export { formatMonth } from './insurance-words';
