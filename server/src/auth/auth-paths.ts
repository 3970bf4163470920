/**
 * The better-auth endpoints the app uses: the web's calls (web/src/lib/auth-api.ts), the links we
 * email (confirmation, reset) and Google's redirect. Everything else better-auth ships is refused by
 * our wrapper and disabled in better-auth itself: `/verify-password`, for one, would be a password
 * oracle for anyone holding a session, and `/update-user` or `/delete-user` would bypass the API's
 * own rules. Paths are as the client sends them (before the oauth2 alias is translated).
 */
const USED: [method: string, path: RegExp][] = [
  ['POST', /^\/sign-up\/email$/],
  ['POST', /^\/sign-in\/email$/],
  ['POST', /^\/sign-out$/],
  ['GET', /^\/get-session$/],
  ['POST', /^\/send-verification-email$/],
  ['GET', /^\/verify-email$/],
  ['POST', /^\/request-password-reset$/],
  ['GET', /^\/reset-password\/[^/]+$/],
  ['POST', /^\/reset-password$/],
  ['POST', /^\/change-password$/],
  ['POST', /^\/revoke-other-sessions$/],
  ['POST', /^\/sign-in\/oauth2$/],
  // Providers may return with a GET (query) or, with response_mode=form_post, a POST.
  ['GET', /^\/oauth2\/callback\/[^/]+$/],
  ['POST', /^\/oauth2\/callback\/[^/]+$/],
  // Where better-auth sends a browser when an OAuth round trip fails without an error URL.
  ['GET', /^\/error$/],
];

/** Plugins whose whole endpoint set the app uses: two-factor sign-in and passkeys. */
export const AUTH_PLUGIN_PREFIXES = ['/two-factor/', '/passkey/'];

export const isUsedAuthEndpoint = (method: string, path: string) =>
  AUTH_PLUGIN_PREFIXES.some((p) => path.startsWith(p)) ||
  USED.some(([m, re]) => m === method && re.test(path));

/**
 * better-auth's own endpoints the app does not use, switched off in better-auth too, so they stay off
 * even if a route reaches its handler some other way. (The wrapper's allow-list also refuses the
 * internal targets of the oauth2 alias, `/sign-in/social` and `/callback/:id`, when called directly.)
 */
export const DISABLED_AUTH_PATHS = [
  '/verify-password',
  '/change-email',
  '/update-session',
  '/update-user',
  '/delete-user',
  '/delete-user/callback',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/ok',
];

/** Endpoints whose answer must not tell whether an account exists: same body, same time. */
export const EQUAL_ANSWER_PATHS = new Set([
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
]);

/** One body for every accepted sign-up, new address or taken: better-auth's differs in the user it returns. */
export const SIGN_UP_ACCEPTED = {
  status: true,
  message: 'If this address can be registered, a confirmation link is on its way.',
};
