import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../app-deps';
import { createRouter } from '../../http/openapi';
import { ProblemError } from '../../http/problem';
import { verifyTerraSignature } from './terra.client';
import { handleTerraEvent } from './terra-webhook.service';

export const TERRA_WEBHOOK_PATH = '/webhooks/terra';
/** Terra sends a day of detailed samples in one event; far more than the API's 1 MB. */
const WEBHOOK_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * Terra's webhook: no session, the `terra-signature` header is the credential. A bad or old
 * signature is 401 and nothing is read from the body.
 */
export const terraWebhookRoutes = ({ notifier, config }: AppDeps) => {
  const app = createRouter();
  app.use(
    TERRA_WEBHOOK_PATH,
    bodyLimit({
      maxSize: WEBHOOK_BODY_LIMIT,
      onError: () => {
        throw new ProblemError(413, 'payload_too_large', 'The request body is larger than 20 MB.');
      },
    }),
  );
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: TERRA_WEBHOOK_PATH,
    tags: ['Devices'],
    summary: 'Terra webhook (auth, deauth, user_reauth, body); the terra-signature header is the credential',
    responses: {
      200: { description: 'Received' },
      401: { description: 'Missing, wrong or old signature: nothing read' },
      503: { description: 'Terra is not configured' },
    },
  });
  app.post(TERRA_WEBHOOK_PATH, async (c) => {
    if (!config.terra) throw new ProblemError(503, 'terra_not_configured', 'Terra is not configured.');
    const raw = await c.req.text();
    if (!verifyTerraSignature(c.req.header('terra-signature'), raw, config.terra.signingSecret))
      throw new ProblemError(
        401,
        'invalid_signature',
        'The terra-signature header is missing, wrong or too old.',
      );
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      throw new ProblemError(400, 'invalid_json', 'The body is not valid JSON.');
    }
    const outcome = await handleTerraEvent(
      { db: c.var.db, notifier },
      (event ?? {}) as Record<string, unknown>,
    );
    return c.json({ received: true, outcome }, 200);
  });
  return app;
};
