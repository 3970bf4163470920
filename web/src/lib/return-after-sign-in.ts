/**
 * Where sign-in returns to when it was asked for by a page outside the dashboard (a household
 * invitation: "Sign in to accept"). Kept in localStorage for a day, so it survives signing up and
 * confirming the address from the email in another tab; taken once. Only invitation pages qualify,
 * so nothing else can send a person from the sign-in page to an address of its choosing.
 */
const KEY = 'healthfolio.after-sign-in';
const DAY_MS = 86_400_000;
const ALLOWED = /^\/household\/invitations\/[A-Za-z0-9_-]{1,200}$/;

export const returnAfterSignIn = (path: string) => {
  if (!ALLOWED.test(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, until: Date.now() + DAY_MS }));
  } catch {}
};

/** The page to return to after sign-in, once; null when there is none. */
export const takeReturnAfterSignIn = (): string | null => {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    localStorage.removeItem(KEY);
    const { path, until } = JSON.parse(raw) as { path?: unknown; until?: unknown };
    return typeof path === 'string' && ALLOWED.test(path) && typeof until === 'number' && until > Date.now()
      ? path
      : null;
  } catch {
    return null;
  }
};
