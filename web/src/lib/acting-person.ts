/**
 * Whose data this browser tab shows (households, issue 32): the person a guardian acts for, or
 * nobody (the account acts for itself). Kept per tab in sessionStorage, so two tabs can show two
 * people; validated against the household by the dashboard (features/household/use-acting-person.ts).
 * Every request to the server names the person in a header (`lib/api.ts`), and plain links that
 * cannot carry a header (an image, a download) in `?person=`. Switching person (which also empties
 * the query cache) is features/household/act-as.ts.
 */

// The wire names are in core (household.schema.ts); repeated here so the first load stays small.
const HEADER = 'X-Healthfolio-Person';
const PARAM = 'person';
const KEY = 'healthfolio.person';

const read = (): string | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
};

let current: string | null = read();
const listeners = new Set<() => void>();

/** The person this tab acts for, or null for the account itself. */
export const actingPersonId = (): string | null => current;

export const setActingPersonId = (id: string | null) => {
  if (id === current) return;
  current = id;
  try {
    if (id) sessionStorage.setItem(KEY, id);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window's quota): the choice holds until the tab is reloaded.
  }
  for (const listener of listeners) listener();
};

export const subscribeActingPerson = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The header naming the person, for fetch and XMLHttpRequest; empty when acting for oneself. */
export const personHeaders = (): Record<string, string> => (current ? { [HEADER]: current } : {});

/** An address for a plain link or image (no headers possible), with `?person=` when acting for someone. */
export const withPerson = (path: string): string => {
  if (!current) return path;
  const [base, hash] = path.split('#', 2) as [string, string | undefined];
  const joined = `${base}${base.includes('?') ? '&' : '?'}${PARAM}=${encodeURIComponent(current)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
};
