import {
  ProblemResponse,
  SharedAppointmentsResponse,
  SharedDocumentsResponse,
  SharedHealthResponse,
  SharedLabResultsResponse,
  SharedMedicationsResponse,
  SharedOverviewResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../app-deps';
import { consumeOr429 } from '../../auth/throttle';
import { ipBucket } from '../../http/client-ip';
import { createRouter, json, problems } from '../../http/openapi';
import { fileResponse } from '../documents/documents.presenter';
import { openSharedDocumentFile, type SharedFileRequest } from './shared-document-file';
import {
  openShare,
  type SharedView,
  sharedAppointments,
  sharedDocuments,
  sharedHealth,
  sharedLabResults,
  sharedMedications,
  sharedOverview,
} from './shared-view.service';

/** A caregiver's page asks for the overview and up to five categories; reloads included, plenty. */
export const SHARE_LOOKUPS_PER_IP = { points: 120, duration: 600 };

const TokenParam = z.object({ token: z.string().max(200) });
const refused = {
  401: {
    description: 'The share requires signing in with the invited address',
    content: { 'application/problem+json': { schema: ProblemResponse } },
  },
  404: {
    description:
      'This link is not valid (unknown, expired or revoked: one answer), or the category is not shared',
    content: { 'application/problem+json': { schema: ProblemResponse } },
  },
  429: {
    description: 'Too many link lookups from this address',
    content: { 'application/problem+json': { schema: ProblemResponse } },
  },
};

const route = <T extends z.ZodType>(suffix: string, schema: T, summary: string) =>
  createRoute({
    tags: ['Shared with a caregiver'],
    method: 'get',
    path: `/api/v1/shared/{token}${suffix}`,
    summary,
    description: 'No session needed: the token in the address is the credential. Read-only.',
    request: { params: TokenParam },
    responses: { 200: json(schema, summary), ...refused },
  });

const overview = route(
  '',
  SharedOverviewResponse,
  'Whose data, in which glucose unit, and the granted categories',
);
const health = route('/health-metrics', SharedHealthResponse, 'Tracker entries and the glucose trend');
const medications = route(
  '/medications',
  SharedMedicationsResponse,
  'Medication schedules, adherence, logged doses',
);
const appointments = route('/appointments', SharedAppointmentsResponse, 'Upcoming and past appointments');
const labResults = route('/lab-results', SharedLabResultsResponse, 'A1C results');
const documents = route('/documents', SharedDocumentsResponse, 'Shared documents');

const file = (section: string, summary: string) =>
  createRoute({
    tags: ['Shared with a caregiver'],
    method: 'get',
    path: `/api/v1/shared/{token}/${section}/{id}/file`,
    summary,
    description:
      'No session needed: the token in the address is the credential. An attachment, or inline (PDF and ' +
      'images only) with `disposition=inline`, under the same headers as the owner’s own download.',
    request: {
      params: TokenParam.extend({ id: z.string().uuid() }),
      query: z.object({ disposition: z.enum(['attachment', 'inline']).optional() }),
    },
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
      ...problems(400, 500),
      ...refused,
    },
  });
const documentFile = file('documents', 'A shared document’s file');
const labDocumentFile = file('lab-results/documents', 'A lab document’s file (lab results share)');

/** The paths whose address holds a share token (the caregiver's page and its API). */
export const SHARE_LINK_PATHS = ['/shared/*', '/api/v1/shared/*'];

/**
 * The link must not leak through a Referer header, nor stay in a shared computer's cache. Mounted in
 * app.ts before the security headers, so its answer is the last word on these two.
 */
export const privateLinkHeaders = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('referrer-policy', 'no-referrer');
  c.res.headers.set('cache-control', 'no-store');
});

export const sharedViewRoutes = ({ storage, notifier, limiter, resolveSession }: AppDeps) => {
  const app = createRouter();
  const lookups = limiter({ keyPrefix: 'share-lookup', ...SHARE_LOOKUPS_PER_IP });

  /** Throttled per IP before the token is hashed or looked up; the session only matters for bound shares. */
  const caller = async (c: Context) => {
    await consumeOr429(lookups, ipBucket(c.get('clientIp')), 'link lookups');
    return {
      token: c.req.param('token') ?? '',
      viewer: (await resolveSession(c.req.raw.headers))?.user ?? null,
    };
  };
  const open = async (c: Context, view: SharedView) => {
    const { token, viewer } = await caller(c);
    return openShare(c.get('db'), notifier, token, viewer, view);
  };
  const sendFile = async (
    c: Context,
    section: SharedFileRequest['section'],
    id: string,
    disposition: string | undefined,
  ) => {
    const inline = disposition === 'inline';
    const request = { ...(await caller(c)), section, documentId: id, inline };
    const { row, stream } = await openSharedDocumentFile({ db: c.get('db'), storage, notifier }, request);
    return fileResponse(row, stream, inline);
  };

  app.openapi(overview, async (c) => c.json(sharedOverview(await open(c, 'overview')), 200));
  app.openapi(health, async (c) =>
    c.json(await sharedHealth(c.get('db'), await open(c, 'health_metrics')), 200),
  );
  app.openapi(medications, async (c) =>
    c.json(await sharedMedications(c.get('db'), await open(c, 'medications')), 200),
  );
  app.openapi(appointments, async (c) =>
    c.json(await sharedAppointments(c.get('db'), await open(c, 'appointments')), 200),
  );
  app.openapi(labResults, async (c) =>
    c.json(await sharedLabResults(c.get('db'), await open(c, 'lab_results')), 200),
  );
  app.openapi(documents, async (c) =>
    c.json(await sharedDocuments(c.get('db'), await open(c, 'documents')), 200),
  );
  app.openapi(documentFile, (c) =>
    sendFile(c, 'documents', c.req.valid('param').id, c.req.valid('query').disposition),
  );
  app.openapi(labDocumentFile, (c) =>
    sendFile(c, 'lab_results', c.req.valid('param').id, c.req.valid('query').disposition),
  );
  return app;
};
