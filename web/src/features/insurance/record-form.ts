import type { FieldErrors, Resolver } from 'react-hook-form';
import { loadCore } from '@/lib/lazy-resolver';

export type FormValues = Record<string, string>;

/** The core request schemas the insurance forms are checked with (the same the server uses). */
export type SchemaName =
  | 'PlanCreateRequest'
  | 'ClaimCreateRequest'
  | 'ClaimUpdateRequest'
  | 'BillCreateRequest'
  | 'PaymentCreateRequest'
  | 'InsuranceSettingsRequest';

export const AMOUNT_HINT = 'Enter an amount such as 120.50';

/**
 * Amounts are typed in the user's locale ("1.234,56" in German) and sent in the API's canonical form
 * ("1234.56"); then the core schema checks the whole record. On success the form gives the body to
 * send: the values as the API takes them (amounts still decimals; the server turns them into cents).
 */
export function recordResolver<Body>(
  schema: SchemaName,
  moneyFields: readonly string[],
  parse: (text: string) => number | null,
  /** Fields left out of the body when empty: the record keeps what it has (an edit only). */
  omitEmpty: readonly string[] = [],
  /** A check of the form's own beyond the schema (a payment above what is owed), on a valid body. */
  check?: (body: Body) => { path: string; message: string } | null,
): Resolver<FormValues, unknown, Body> {
  return async (values) => {
    const core = await loadCore();
    const errors: Record<string, { type: string; message: string }> = {};
    const body: Record<string, string> = {};
    for (const [key, raw] of Object.entries(values)) {
      const text = raw.trim();
      if (text === '' && omitEmpty.includes(key)) continue;
      if (!moneyFields.includes(key) || text === '') {
        body[key] = text;
        continue;
      }
      const cents = parse(text);
      if (cents === null) errors[key] = { type: 'money', message: AMOUNT_HINT };
      else body[key] = core.centsToDecimal(cents);
    }
    const result = core[schema].safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path.length ? String(issue.path[0]) : 'root';
        errors[field] ??= { type: issue.code, message: issue.message };
      }
    }
    const problem = Object.keys(errors).length ? null : check?.(body as Body);
    if (problem) errors[problem.path] = { type: 'check', message: problem.message };
    if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<FormValues> };
    return { values: body as Body, errors: {} };
  };
}

/** Cents as the form shows them for editing: the locale's decimal separator, no grouping. */
export const centsForInput = (cents: number, locale: string | undefined) =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
