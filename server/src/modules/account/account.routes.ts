import { AccountDeleteRequest } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../../app-deps';
import { CLIENT_IP_HEADER } from '../../auth/auth';
import { sessionCookieName } from '../../auth/session';
import { createRouter, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { withRequestDb } from '../audit/audit-context';
import { type Asker, deleteOwnAccount } from './account-deletion.service';

const deleteMe = createRoute({
  method: 'delete',
  path: '/api/v1/me',
  tags: ['Auth'],
  security: SESSION_SECURITY,
  summary: 'Delete your account and everything in it, for good',
  description:
    'Confirmed with your password and, with two-factor on, a code from your authenticator app or a ' +
    'backup code. An account that signs in only with Google confirms with a sign-in from the last 10 ' +
    'minutes (403 `recent_sign_in_required` otherwise). Refused while you are the only admin (409 ' +
    '`last_admin`) or the only guardian of someone in your household (409 `dependents_remaining`).',
  request: { body: jsonBody(AccountDeleteRequest) },
  responses: {
    204: { description: 'Deleted; the session cookie is cleared' },
    ...problems(400, 401, 403, 409, 429, 503),
  },
});

/** Who asks, as the identity checks need it (the session cookie for better-auth, our view of the IP). */
export const askerOf = (c: Context): Asker => {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
  return { account: c.get('account'), headers, ip: c.get('clientIp') };
};

export const accountRoutes = (deps: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/me', deps.requireAccount);
  app.openapi(deleteMe, async (c) => {
    await deleteOwnAccount(withRequestDb(deps, c), askerOf(c), c.req.valid('json'));
    // The session is gone with the account: no refreshed cookie, and the browser forgets it.
    c.set('setCookies', []);
    const res = c.body(null, 204);
    const attrs = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${deps.config.https ? '; Secure' : ''}`;
    const prefix = sessionCookieName(deps.config).slice(0, -'session_token'.length);
    for (const name of ['session_token', 'session_data', 'dont_remember'])
      res.headers.append('set-cookie', `${prefix}${name}=; ${attrs}`);
    return res;
  });
  return app;
};
