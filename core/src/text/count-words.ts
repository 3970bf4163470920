/**
 * A count with its noun, written properly: "1 entry", "2 entries", "0 readings". The plural defaults
 * to the noun plus "s"; give it for irregular ones ("entry", "entries").
 */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "1 entry" / "2 entries": the noun every tracker figure counts. */
export const entriesCount = (n: number) => countOf(n, 'entry', 'entries');
