import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SignInRequest, SignUpRequest } from '@healthfolio/core';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { problems, SESSION_SECURITY } from './openapi';
import { finishContract } from './openapi-contract';

const ok = (description: string) => ({ description });

/** better-auth's endpoints, documented so /api/openapi.json lists every route the API serves. */
const AUTH_ENDPOINTS: [method: 'get' | 'post', path: string, summary: string, body?: z.ZodType][] = [
  [
    'post',
    '/api/auth/sign-up/email',
    'Create an account; a confirmation email is sent (no session until confirmed)',
    SignUpRequest,
  ],
  [
    'post',
    '/api/auth/sign-in/email',
    'Sign in; 403 EMAIL_NOT_VERIFIED until the address is confirmed',
    SignInRequest,
  ],
  ['post', '/api/auth/sign-out', 'Sign out; the session is revoked on the server'],
  ['get', '/api/auth/get-session', 'The current session and user, or null'],
  ['get', '/api/auth/verify-email', 'Confirmation link target (query: token, callbackURL)'],
  [
    'post',
    '/api/auth/send-verification-email',
    'Send the confirmation email again',
    z.object({ email: z.string(), callbackURL: z.string().optional() }),
  ],
  [
    'post',
    '/api/auth/request-password-reset',
    'Email a password reset link',
    z.object({ email: z.string(), redirectTo: z.string().optional() }),
  ],
  [
    'post',
    '/api/auth/reset-password',
    'Set a new password with the emailed token; revokes all sessions',
    z.object({ newPassword: z.string(), token: z.string() }),
  ],
  [
    'post',
    '/api/auth/change-password',
    'Change your password',
    z.object({
      currentPassword: z.string(),
      newPassword: z.string(),
      revokeOtherSessions: z.boolean().optional(),
    }),
  ],
  ['post', '/api/auth/revoke-other-sessions', 'Sign out of all other sessions'],
  [
    'post',
    '/api/auth/sign-in/oauth2',
    'Start “Continue with Google” (providerId: google) when configured',
    z.object({ providerId: z.literal('google'), callbackURL: z.string().optional() }),
  ],
  ['get', '/api/auth/oauth2/callback/{providerId}', 'OAuth/OIDC redirect target'],
  [
    'post',
    '/api/auth/two-factor/enable',
    'Start authenticator-app setup: the otpauth URI and backup codes (your password)',
    z.object({ password: z.string() }),
  ],
  [
    'post',
    '/api/auth/two-factor/verify-totp',
    'A code from the authenticator app: finishes setup, or the second step of a sign-in',
    z.object({ code: z.string(), trustDevice: z.boolean().optional() }),
  ],
  [
    'post',
    '/api/auth/two-factor/verify-backup-code',
    'A backup code as the second step of a sign-in',
    z.object({ code: z.string(), trustDevice: z.boolean().optional() }),
  ],
  [
    'post',
    '/api/auth/two-factor/disable',
    'Turn two-factor sign-in off (your password)',
    z.object({ password: z.string() }),
  ],
  [
    'post',
    '/api/auth/two-factor/generate-backup-codes',
    'New backup codes; the old ones stop working (your password)',
    z.object({ password: z.string() }),
  ],
  ['get', '/api/auth/passkey/list-user-passkeys', 'Your passkeys'],
  ['get', '/api/auth/passkey/generate-register-options', 'WebAuthn options to add a passkey'],
  [
    'post',
    '/api/auth/passkey/verify-registration',
    'Add the passkey the browser made (your password)',
    z.object({ response: z.unknown(), name: z.string().optional(), password: z.string() }),
  ],
  [
    'post',
    '/api/auth/passkey/delete-passkey',
    'Remove a passkey (your password)',
    z.object({ id: z.string(), password: z.string() }),
  ],
  ['get', '/api/auth/passkey/generate-authenticate-options', 'WebAuthn options to sign in with a passkey'],
  [
    'post',
    '/api/auth/passkey/verify-authentication',
    'Sign in with the passkey the browser chose',
    z.object({ response: z.unknown() }),
  ],
];

/** The better-auth endpoints that act on the signed-in session; the others are doors anyone may use. */
const SESSION_ONLY = new Set([
  '/api/auth/sign-out',
  '/api/auth/change-password',
  '/api/auth/revoke-other-sessions',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/generate-backup-codes',
  '/api/auth/passkey/list-user-passkeys',
  '/api/auth/passkey/generate-register-options',
  '/api/auth/passkey/verify-registration',
  '/api/auth/passkey/delete-passkey',
]);

export const registerDocs = (app: OpenAPIHono, appUrl: string) => {
  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'healthfolio.session_token',
  });
  for (const [method, path, summary, body] of AUTH_ENDPOINTS) {
    app.openAPIRegistry.registerPath({
      method,
      path,
      tags: ['Auth'],
      summary,
      ...(path.includes('{providerId}') ? { request: { params: z.object({ providerId: z.string() }) } } : {}),
      ...(body
        ? { request: { body: { required: true, content: { 'application/json': { schema: body } } } } }
        : {}),
      ...(SESSION_ONLY.has(path) ? { security: SESSION_SECURITY } : {}),
      responses: {
        200: ok('Success'),
        // The OAuth callback answers the browser with a redirect: into the app, or to its error page.
        ...(path.includes('/callback/')
          ? { 302: { description: 'To the app, or to the sign-in error page' } }
          : {}),
        ...problems(400, 401, 403, 429),
        // A provider this instance has not configured (Google without its client id) is not found.
        ...(path.includes('oauth2') ? problems(404) : {}),
      },
    });
  }
  const definition = {
    openapi: '3.1.0',
    info: {
      title: 'Healthfolio API',
      version: '0.1.0',
      description:
        'Personal health records. JSON under /api/v1, errors as application/problem+json. State-changing requests need a same-origin Origin (when sent) and Content-Type: application/json.',
    },
  };
  // Built at the first request, when every route is registered, and kept: the routes do not change.
  let document: string | undefined;
  app.get('/api/openapi.json', (c) => {
    document ??= JSON.stringify(finishContract(app.getOpenAPI31Document(definition), appUrl));
    return c.body(document, 200, { 'content-type': 'application/json' });
  });

  // Interactive docs from the bundled swagger-ui-dist: no CDN, so they work offline and under our CSP.
  const uiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const asset = (file: string, type: string) => {
    const content = readFileSync(join(uiDir, file));
    return () =>
      new Response(content, { headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' } });
  };
  app.get('/api/docs/swagger-ui.css', asset('swagger-ui.css', 'text/css'));
  app.get('/api/docs/swagger-ui-bundle.js', asset('swagger-ui-bundle.js', 'text/javascript'));
  app.get(
    '/api/docs/init.js',
    () =>
      new Response("window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs' });", {
        headers: { 'content-type': 'text/javascript' },
      }),
  );
  app.get('/api/docs', (c) =>
    c.html(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Healthfolio API</title>' +
        '<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head><body><main id="docs"></main>' +
        '<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>',
    ),
  );
};
