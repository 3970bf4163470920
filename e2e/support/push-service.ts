import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { startPushEndpoint } from '../../server/test/push-endpoint';

/**
 * A push service on loopback for the app under test (server/test/push-endpoint.ts: HTTPS under a CA
 * made here, VAPID checked, payloads decrypted). The app trusts the CA through NODE_EXTRA_CA_CERTS and
 * admits the origin through OUTBOUND_ALLOW, as an operator would. Headless Chromium reaches no real
 * push service, so the specs hand the page this device's subscription (E2E_PUSH_SUBSCRIPTION) and read
 * what arrived, decrypted, at E2E_PUSH_URL/received.
 */
export const startE2ePushService = async (dir: string, port: number) => {
  const push = await startPushEndpoint();
  const caFile = join(dir, 'push-ca.pem');
  writeFileSync(caFile, push.ca);
  const subscription = push.subscription('e2e-device');
  const http = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(push.received.map((r) => r.payload)));
  }).listen(port, '127.0.0.1');
  return {
    appEnv: { NODE_EXTRA_CA_CERTS: caFile, OUTBOUND_ALLOW: push.origin },
    subscription,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      http.close();
      await push.close();
    },
  };
};
