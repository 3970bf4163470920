import type { AppDeps } from '../../app-deps';
import { consumeOr429 } from '../../auth/throttle';
import { ipBucket } from '../../http/client-ip';
import { readTextWithin } from '../../http/limited-body';
import { createRouter } from '../../http/openapi';
import { ProblemError } from '../../http/problem';
import { freshTerraSignature, verifyTerraSignature } from './terra.client';
import { handleTerraEvent } from './terra-webhook.service';

export const TERRA_WEBHOOK_PATH = '/webhooks/terra';
/** Terra sends a day of detailed samples in one event; far more than the API's 1 MB. */
export const TERRA_WEBHOOK_BODY_LIMIT = 20 * 1024 * 1024;
/** Terra posts from a few addresses, a burst when many devices sync at once; a prober gets little. */
export const TERRA_WEBHOOKS_PER_IP = { points: 1200, duration: 600 };

const badSignature = () =>
  new ProblemError(401, 'invalid_signature', 'The terra-signature header is missing, wrong or too old.');
const tooLarge = () => new ProblemError(413, 'payload_too_large', 'The request body is larger than 20 MB.');

/**
 * Terra's webhook: no session, the `terra-signature` header is the credential. In this order, so a
 * stranger costs no reading (DESIGN §5): the per-IP budget (IPv6 by /64), the header's form and time,
 * a Content-Length over the limit, and only then the body (never past the limit) and its HMAC.
 */
export const terraWebhookRoutes = ({ notifier, config, limiter }: AppDeps) => {
  const app = createRouter();
  const perIp = limiter({ keyPrefix: 'terra-webhook', ...TERRA_WEBHOOKS_PER_IP });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: TERRA_WEBHOOK_PATH,
    tags: ['Devices'],
    summary: 'Terra webhook (auth, deauth, user_reauth, body); the terra-signature header is the credential',
    responses: {
      200: { description: 'Received' },
      401: { description: 'Missing, wrong or old signature: nothing read' },
      413: { description: 'Larger than 20 MB: refused unread when announced' },
      429: { description: 'Too many requests from this address' },
      503: { description: 'Terra is not configured, or the event could not be saved (Terra retries)' },
    },
  });
  app.post(TERRA_WEBHOOK_PATH, async (c) => {
    if (!config.terra) throw new ProblemError(503, 'terra_not_configured', 'Terra is not configured.');
    await consumeOr429(perIp, ipBucket(c.get('clientIp')), 'requests');
    const signature = c.req.header('terra-signature');
    if (!freshTerraSignature(signature)) throw badSignature();
    const read = await readTextWithin(c.req.raw, TERRA_WEBHOOK_BODY_LIMIT);
    if (!read.ok) throw tooLarge();
    if (!verifyTerraSignature(signature, read.text, config.terra.signingSecret)) throw badSignature();
    let event: unknown;
    try {
      event = JSON.parse(read.text);
    } catch {
      throw new ProblemError(400, 'invalid_json', 'The body is not valid JSON.');
    }
    const outcome = await handleTerraEvent(
      { db: c.get('db'), notifier },
      (event ?? {}) as Record<string, unknown>,
    );
    return c.json({ received: true, outcome }, 200);
  });
  return app;
};
