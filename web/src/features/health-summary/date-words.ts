/** A FHIR date (`2019`, `2019-03`, `2019-03-15`) or dateTime, nothing else: a dose of "1000 mg" is no year. */
const FHIR_DATE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/**
 * A FHIR date or dateTime in words, to the precision the record gave: "2019", "Mar 2019", "Mar 15, 2019"
 * (the day as the record wrote it, no time zone shift); null for what is not one.
 */
export const dateWords = (v: string | null) => {
  const m = v?.match(FHIR_DATE);
  if (!m) return null;
  const [, y, mo, d] = m;
  if (!mo) return y;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d ?? 1)));
  return date.toLocaleDateString(undefined, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    ...(d ? { day: 'numeric' } : {}),
  });
};
