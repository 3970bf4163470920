/** A count as a person reads it, with thousands separators: "1,866". */
export const countNumber = (n: number) => n.toLocaleString('en-US');

/**
 * A count with its noun, written properly: "1 entry", "2 entries", "0 readings". The plural defaults
 * to the noun plus "s"; give it for irregular ones ("entry", "entries").
 */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${countNumber(n)} ${n === 1 ? one : many}`;

/** "1 entry" / "2 entries": the noun every tracker figure counts. */
export const entriesCount = (n: number) => countOf(n, 'entry', 'entries');
