import webpush from 'web-push';
import type { Config } from '../../config';
import type { OutboundClient } from '../../http/outbound';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `gone`: the push service says the subscription no longer exists (404/410); drop it. */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

export interface PushClient {
  deliver(
    target: PushTarget,
    payload: string,
    opts: { urgent: boolean; ttlSeconds: number },
  ): Promise<{ outcome: PushOutcome; status?: number }>;
}

/**
 * The only file that talks to push services. `web-push` builds the request (the payload encrypted
 * for the device, RFC 8291 aes128gcm, and the VAPID JWT, RFC 8292); the outbound client sends it,
 * because a push endpoint is an address a device gave (unicast only, pinned, certificate verified).
 */
export const createPushClient = (vapid: Config['vapid'], outbound: OutboundClient): PushClient => ({
  async deliver(target, payload, opts) {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: opts.ttlSeconds,
        urgency: opts.urgent ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    // fetch sets the length itself from the body.
    const { 'Content-Length': _length, ...headers } = details.headers as Record<string, string>;
    try {
      const res = await outbound.request(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ?? undefined,
        maxBytes: 64 * 1024,
      });
      if (res.status >= 200 && res.status < 300) return { outcome: 'delivered', status: res.status };
      if (res.status === 404 || res.status === 410) return { outcome: 'gone', status: res.status };
      return { outcome: 'failed', status: res.status };
    } catch {
      return { outcome: 'failed' };
    }
  },
});
