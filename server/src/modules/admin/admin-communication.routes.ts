import {
  AdminEmailRequest,
  AdminEmailResponse,
  AdminMessageRequest,
  AdminMessageResponse,
  MailOutboxResponse,
} from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { withRequestDb } from '../audit/audit-context';
import { requireAdmin } from '../roles/roles.service';
import { listOutbox, sendEmail, sendMessage } from './admin-communication.service';

const tags = ['Admin'];
const security = SESSION_SECURITY;

const message = createRoute({
  method: 'post',
  path: '/api/v1/admin/messages',
  tags,
  security,
  summary: 'In-app message from System Administrator to the selected users, or all (audited as send_message)',
  request: { body: jsonBody(AdminMessageRequest) },
  responses: { 200: json(AdminMessageResponse, 'How many users got it'), ...problems(400, 401, 403, 503) },
});

const email = createRoute({
  method: 'post',
  path: '/api/v1/admin/emails',
  tags,
  security,
  summary: 'Send one of the five email types through the mailer (audited as send_email)',
  request: { body: jsonBody(AdminEmailRequest) },
  responses: {
    200: json(AdminEmailResponse, 'Sent, or kept in the outbox when no mail server is configured'),
    ...problems(400, 401, 403, 409, 502, 503),
  },
});

const outbox = createRoute({
  method: 'get',
  path: '/api/v1/admin/mail',
  tags,
  security,
  summary: 'Whether mail goes over SMTP or to the outbox, and the latest messages (no bodies)',
  responses: { 200: json(MailOutboxResponse, 'Mail mode and recent messages'), ...problems(401, 403, 503) },
});

export const adminCommunicationRoutes = (deps: AppDeps) => {
  const app = createRouter();
  for (const path of ['/api/v1/admin/messages', '/api/v1/admin/emails', '/api/v1/admin/mail'])
    app.use(path, deps.requireAccount, requireAdmin());
  app.openapi(message, async (c) =>
    c.json(await sendMessage(withRequestDb(deps, c), c.get('user').id, c.req.valid('json')), 200),
  );
  app.openapi(email, async (c) =>
    c.json(await sendEmail(withRequestDb(deps, c), c.get('user').id, c.req.valid('json')), 200),
  );
  app.openapi(outbox, async (c) => c.json(await listOutbox(withRequestDb(deps, c)), 200));
  return app;
};
