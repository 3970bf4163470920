import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/**
 * The one place the server talks to Terra (https://docs.tryterra.co): `dev-id` and `x-api-key`
 * headers on every call, every address from configuration (TERRA_BASE_URL, TERRA_WIDGET_SESSION_URL)
 * so tests point it at a loopback stub. The key never reaches the browser.
 */

export type TerraConfig = NonNullable<Config['terra']>;

export class TerraError extends Error {
  constructor(
    message: string,
    readonly code: 'terra_unreachable' | 'terra_refused' | 'invalid_widget_session' = 'terra_refused',
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 20_000;

export interface TerraProvider {
  code: string;
  name: string;
  enabled: boolean;
}

export const createTerraClient = (cfg: TerraConfig) => {
  const call = async (method: string, url: string, body?: unknown) => {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          'dev-id': cfg.devId,
          'x-api-key': cfg.apiKey,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new TerraError('Failed to communicate with Terra API', 'terra_unreachable');
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const message = (json as { message?: unknown } | null)?.message;
      throw new TerraError(
        typeof message === 'string' && message.length < 200
          ? message
          : 'Failed to communicate with Terra API',
      );
    }
    return json as Record<string, unknown> | null;
  };
  const api = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${cfg.baseUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url.toString();
  };

  return {
    /** A hosted widget session for the user; `providers` limits the widget to those devices. */
    async widgetSession(r: {
      providers: string[];
      referenceId: string;
      successUrl: string;
      failureUrl: string;
    }) {
      const answer = await call('POST', cfg.widgetSessionUrl, {
        providers: r.providers.join(','),
        language: 'en',
        reference_id: r.referenceId,
        auth_success_redirect_url: r.successUrl,
        auth_failure_redirect_url: r.failureUrl,
      });
      const sessionId = answer?.session_id;
      const url = answer?.url;
      if (typeof sessionId !== 'string' || typeof url !== 'string' || !/^https?:\/\//.test(url))
        throw new TerraError('Invalid widget session response', 'invalid_widget_session');
      return { sessionId, url, expiresIn: typeof answer?.expires_in === 'number' ? answer.expires_in : null };
    },

    deauthenticate: (terraUserId: string) =>
      call('DELETE', api('/auth/deauthenticateUser', { user_id: terraUserId })),

    /** Terra's current provider list (GET /integrations/detailed). */
    async integrations(): Promise<TerraProvider[]> {
      const answer = await call('GET', api('/integrations/detailed'));
      const list = Array.isArray(answer?.providers) ? answer.providers : [];
      return list.flatMap((p: unknown) => {
        const o = p as Record<string, unknown>;
        if (typeof o?.provider !== 'string') return [];
        return [
          {
            code: o.provider.toUpperCase(),
            name: typeof o.name === 'string' ? o.name : o.provider,
            enabled: o.enabled !== false,
          },
        ];
      });
    },

    /** Body data (glucose, weight, blood pressure) for a window, answered here rather than by webhook. */
    async body(terraUserId: string, start: Date, end: Date) {
      const answer = await call(
        'GET',
        api('/body', {
          user_id: terraUserId,
          start_date: start.toISOString(),
          end_date: end.toISOString(),
          to_webhook: 'false',
          with_samples: 'true',
        }),
      );
      return Array.isArray(answer?.data) ? (answer.data as unknown[]) : [];
    },
  };
};
export type TerraClient = ReturnType<typeof createTerraClient>;

export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The `terra-signature` header's time and `v1` signatures, when it is well formed and its time is
 * within 300 s of now (else null): all that can be checked before the body is read.
 */
export const freshTerraSignature = (
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
) => {
  if (!header || header.length > 1024) return null;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!t || !/^\d+$/.test(t) || Math.abs(nowSeconds - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return null;
  if (!signatures.some((s) => /^[0-9a-f]{64}$/i.test(s))) return null;
  return { t, signatures };
};

/**
 * `terra-signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 of `${t}.${rawBody}` with the signing
 * secret. Refused when no v1 matches or the time is more than 300 s away (a replayed old request).
 */
export const verifyTerraSignature = (
  header: string | undefined,
  rawBody: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
) => {
  const fresh = freshTerraSignature(header, nowSeconds);
  if (!fresh) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${fresh.t}.${rawBody}`).digest('hex'),
    'hex',
  );
  return fresh.signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
};

export const signTerraBody = (rawBody: string, secret: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
