/**
 * The last touches on /api/openapi.json that no single route can give itself, so that a generated
 * client (openapi-typescript in web/, any other) and Redocly's recommended lint get a clean contract:
 *
 * - `servers`: this instance's APP_URL; `info.license`: the project's licence.
 * - Every operation an `operationId` derived from its method and path (stable while the route is):
 *   `GET /api/v1/entries/{id}` → `getEntriesById`, `POST /ns/{slug}/api/v1/treatments` →
 *   `postNsV1Treatments`. A route that names its own keeps it.
 * - Every `{param}` of a path template declared as a path parameter (a string) when its route did not
 *   declare it (the Nightscout routes registered by hand).
 * - Security for the operations that do not take the session cookie, by the credential they do take:
 *   Nightscout's `api-secret` header or `token` query parameter, Terra's signature header, or none
 *   (`security: []`) for public operations and for links whose unguessable token is in the path. An
 *   operation in none of these lists keeps no security and fails the contract test: a new route must
 *   say who may call it.
 * - The answers the shared middleware gives before any route runs (SHARED_ANSWERS), on every operation
 *   they can reach, so that every status a client can get is one its operation documents (issue 37:
 *   the fuzzer checks each answer against this document).
 */

import { ProblemResponse } from '@healthfolio/core';
import { z } from 'zod';

type Operation = {
  operationId?: string;
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  [key: string]: unknown;
};
type Document = {
  servers?: { url: string; description?: string }[];
  info: object;
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export const SECURITY_SCHEMES = {
  nightscoutSecret: {
    type: 'apiKey',
    in: 'header',
    name: 'api-secret',
    description: 'An upload credential’s secret, or its SHA-1 (Nightscout clients send either)',
  },
  nightscoutToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'A Nightscout access token (followers, read-only uploaders)',
  },
  terraSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'terra-signature',
    description: 'Terra’s HMAC signature of the webhook body',
  },
  householdFollowerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A household follower token (`household-…`), read-only; also taken as `?token=`',
  },
} as const;

type Security = Record<string, string[]>[];
const NIGHTSCOUT: Security = [{ nightscoutSecret: [] }, { nightscoutToken: [] }];

/** Who may call the operations that take no session cookie. */
const CREDENTIALS: [pattern: RegExp, security: Security][] = [
  [/^\/ns\//, NIGHTSCOUT],
  [/^\/webhooks\/terra$/, [{ terraSignature: [] }]],
  // Anyone: health checks, what the sign-in page and the landing page may show, and the account doors.
  [/^\/api\/health$|^\/api\/v1\/auth\/providers$|^\/api\/v1\/public\/overview$/, []],
  [
    /^\/api\/auth\/(sign-up\/email|sign-in\/email|sign-in\/oauth2|oauth2\/callback\/\{providerId\}|verify-email|send-verification-email|request-password-reset|reset-password|get-session|two-factor\/verify-(totp|backup-code)|passkey\/(generate-authenticate-options|verify-authentication))$/,
    [],
  ],
  // A link's unguessable token in the path is its credential: caregiver shares, SMART Health Links,
  // calendar feeds, household invitations, Nightscout's token exchange.
  [/\{token\}|\{accessToken\}|^\/api\/shl\/\{manifestId\}$|^\/api\/v1\/calendar\/\{token\}\.ics$/, []],
];

const problemAnswer = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: z.toJSONSchema(ProblemResponse) } },
});

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

/**
 * What middleware answers before the route: [which operations, status, why]. A route's own answer for
 * the same status keeps its own description.
 */
const SHARED_ANSWERS: [applies: (method: string, path: string) => boolean, status: number, why: string][] = [
  [
    (_, path) => path.startsWith('/api/'),
    400,
    'The address holds a control character, or a parameter or body is not valid',
  ],
  [
    // Nightscout at the site's root (ns-root.ts): a `token`, `api-secret` or Bearer credential makes
    // the request Nightscout's, and a credential that is not one is refused.
    (_, path) => /^\/api\/v[13]\//.test(path),
    401,
    'A Nightscout credential (`token`, `api-secret`) that is not valid',
  ],
  [(_, path) => /^\/api\/v[13]\//.test(path), 429, 'Too many Nightscout requests from this address'],
  [
    (method, path) => STATE_CHANGING.has(method) && path.startsWith('/api/') && !path.startsWith('/api/shl/'),
    403,
    'A cross-site request (another Origin, or a content type a form can send)',
  ],
  [(method) => STATE_CHANGING.has(method), 413, 'The request body is too large'],
  [(method) => STATE_CHANGING.has(method), 415, 'The request body is not of a type this operation reads'],
  [(_, path) => path.startsWith('/api/auth/'), 414, 'The address or a callback address in it is too long'],
];

const pascal = (text: string) => {
  const camel = text.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());
  return camel.charAt(0).toUpperCase() + camel.slice(1);
};

/** `entries` → `Entries`, `{id}` → `ById`, `{token}.ics` → `ByTokenIcs`. */
const word = (segment: string) =>
  segment
    .split(/(\{[^}]+\})/)
    .filter((part) => part !== '')
    .map((part) => (part.startsWith('{') ? `By${pascal(part.slice(1, -1))}` : pascal(part)))
    .join('');

/** `get /api/v1/entries/{id}` → `getEntriesById`; `post /ns/{slug}/api/v1/x` → `postNsV1X`. */
export const operationIdOf = (method: string, path: string) => {
  const segments = path
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter((s) => s !== '' && s !== 'api' && s !== '{slug}');
  return method + segments.map(word).join('');
};

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

export const finishContract = <T extends object>(document: T, appUrl: string): T => {
  const doc = document as unknown as Document;
  doc.servers = [{ url: appUrl, description: 'This instance' }];
  (doc.info as { license?: object }).license = {
    name: 'GNU Affero General Public License v3.0',
    identifier: 'AGPL-3.0-only',
  };
  doc.components = doc.components ?? {};
  doc.components.securitySchemes = { ...doc.components.securitySchemes, ...SECURITY_SCHEMES };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      const declared = new Set((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
      const missing = pathParams(path).filter((name) => !declared.has(name));
      if (missing.length > 0) {
        op.parameters = [
          ...(op.parameters ?? []),
          ...missing.map((name) => ({ in: 'path', name, required: true, schema: { type: 'string' } })),
        ];
      }
      op.responses ??= {};
      for (const [applies, status, why] of SHARED_ANSWERS)
        if (applies(method, path) && !op.responses[status]) op.responses[status] = problemAnswer(why);
      if (op.security === undefined) {
        const credential = CREDENTIALS.find(([pattern]) => pattern.test(path));
        if (credential) op.security = credential[1];
      }
    }
  }
  return document;
};
