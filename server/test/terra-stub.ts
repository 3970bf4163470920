import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Terra on loopback for tests: the widget session endpoint, a widget page that redirects to the
 * success address (as Terra's hosted widget does after a login), deauthentication, the provider list
 * and body data; and a webhook sender that signs like Terra (`t=…,v1=HMAC-SHA256(t.body)`).
 */
export interface TerraStub {
  url: string;
  devId: string;
  apiKey: string;
  signingSecret: string;
  /** Env for the app: TERRA_* pointing here. */
  env: Record<string, string>;
  requests: {
    method: string;
    path: string;
    query: URLSearchParams;
    body: unknown;
    headers: Record<string, unknown>;
  }[];
  /** Answer the next widget session without `url` (to see "Invalid widget session response"). */
  breakNextSession: () => void;
  /** Where the widget page sends Terra's signed `auth` event (the app's /webhooks/terra), if anywhere. */
  setWebhookTarget: (url: string) => void;
  /** What GET /body answers (the catch-up pull). */
  setBodyData: (data: unknown[]) => void;
  close: () => Promise<void>;
}

export const PROVIDERS = [
  { provider: 'FITBIT', name: 'Fitbit', enabled: true },
  { provider: 'GARMIN', name: 'Garmin', enabled: true },
  { provider: 'WITHINGS', name: 'Withings', enabled: true },
  { provider: 'FREESTYLELIBRE', name: 'FreeStyle Libre', enabled: true },
  { provider: 'DEXCOM', name: 'Dexcom', enabled: true },
];

export const signTerra = (raw: string, secret: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;

export const startTerraStub = async (opts: { host?: string; port?: number } = {}): Promise<TerraStub> => {
  const stub = {
    devId: 'test-dev-id',
    apiKey: 'test-api-key',
    signingSecret: 'test-signing-secret-0123456789',
    requests: [] as TerraStub['requests'],
  };
  let bodyData: unknown[] = [];
  let webhookTarget: string | undefined;
  let broken = false;
  const sessions = new Map<
    string,
    { success: string; failure: string; reference: string; providers: string }
  >();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : null;
    stub.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: req.headers,
    });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const widget = url.pathname.match(/^\/widget\/page\/([\w-]+)$/);
    if (widget) {
      const s = sessions.get(widget[1]!);
      if (!s) return send(404, { status: 'error', message: 'No such session' });
      // Terra's widget would show the provider login here; the stub "logs in" at once, tells the app
      // by webhook as Terra does, and returns the browser to the success address.
      const provider = s.providers.split(',')[0] || 'FITBIT';
      const terraUserId = `terra-user-${s.reference}`;
      if (webhookTarget) {
        const event = JSON.stringify({
          type: 'auth',
          status: 'success',
          reference_id: s.reference,
          widget_session_id: widget[1],
          user: { user_id: terraUserId, provider, reference_id: s.reference },
        });
        await fetch(webhookTarget, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'terra-signature': signTerra(event, stub.signingSecret),
          },
          body: event,
        });
      }
      res.writeHead(302, { location: `${s.success}&user_id=${terraUserId}&resource=${provider}` });
      return res.end();
    }
    if (req.headers['dev-id'] !== stub.devId || req.headers['x-api-key'] !== stub.apiKey)
      return send(401, { status: 'error', message: 'Unauthorized: wrong dev-id or x-api-key' });
    if (req.method === 'POST' && url.pathname === '/widget/session') {
      const id = `session-${sessions.size + 1}`;
      sessions.set(id, {
        success: body.auth_success_redirect_url,
        failure: body.auth_failure_redirect_url,
        reference: body.reference_id,
        providers: String(body.providers ?? ''),
      });
      if (broken) {
        broken = false;
        return send(200, { session_id: id, status: 'success' });
      }
      return send(200, {
        session_id: id,
        url: `${stubUrl}/widget/page/${id}`,
        status: 'success',
        expires_in: 900,
      });
    }
    if (req.method === 'DELETE' && url.pathname === '/v2/auth/deauthenticateUser')
      return send(200, { status: 'success' });
    if (req.method === 'GET' && url.pathname === '/v2/integrations/detailed')
      return send(200, { status: 'success', providers: PROVIDERS });
    if (req.method === 'GET' && url.pathname === '/v2/body')
      return send(200, {
        status: 'success',
        type: 'body',
        user: { user_id: url.searchParams.get('user_id') },
        data: bodyData,
      });
    send(404, { status: 'error', message: 'Not found' });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', r));
  const stubUrl = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    ...stub,
    url: stubUrl,
    env: {
      TERRA_DEV_ID: stub.devId,
      TERRA_API_KEY: stub.apiKey,
      TERRA_SIGNING_SECRET: stub.signingSecret,
      TERRA_BASE_URL: `${stubUrl}/v2`,
      TERRA_WIDGET_SESSION_URL: `${stubUrl}/widget/session`,
    },
    setWebhookTarget: (url) => {
      webhookTarget = url;
    },
    setBodyData: (data) => {
      bodyData = data;
    },
    breakNextSession: () => {
      broken = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

/** A day of Terra body data: 5-minute glucose samples, a morning weight, an evening blood pressure. */
export const terraBodyDay = (startMs: number) => [
  {
    metadata: {
      start_time: new Date(startMs).toISOString(),
      end_time: new Date(startMs + 86_400_000).toISOString(),
    },
    glucose_data: {
      blood_glucose_samples: Array.from({ length: 288 }, (_, i) => ({
        timestamp: new Date(startMs + i * 300_000).toISOString(),
        blood_glucose_mg_per_dL: 110 + (i % 50),
        glucose_level_flag: 0,
        trend_arrow: 0,
      })),
      day_avg_blood_glucose_mg_per_dL: 134,
    },
    measurements_data: {
      measurements: [
        { measurement_time: new Date(startMs + 7 * 3_600_000).toISOString(), weight_kg: 72.46, BMI: 23 },
      ],
    },
    blood_pressure_data: {
      blood_pressure_samples: [
        {
          timestamp: new Date(startMs + 20 * 3_600_000).toISOString(),
          systolic_bp: 121.6,
          diastolic_bp: 79.2,
        },
      ],
    },
  },
];
