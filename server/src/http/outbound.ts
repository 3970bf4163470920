import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import tls from 'node:tls';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * The one way the server sends a request to an address a user gave (a Nightscout site now; push and
 * portal endpoints later). The address is the user's, so this is server-side request forgery waiting
 * to happen (DESIGN §5): every address the name resolves to is classified with ipaddr.js (IPv4-mapped
 * IPv6 included) and only public unicast ones are used; the connection goes to the very address that
 * was checked (no second resolution to rebind); redirects are not followed; answers have a size cap
 * and requests a time limit. OUTBOUND_ALLOW names origins an operator admits anyway (a Nightscout on
 * the same host, a test's loopback server).
 */

export class BlockedAddressError extends Error {
  readonly code = 'blocked_address';
  constructor() {
    super('This address points into a private network and cannot be used.');
  }
}

export class OutboundError extends Error {
  constructor(
    readonly code: 'unreachable' | 'redirect' | 'too_large' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

export const OUTBOUND_LIMITS = {
  /** Connecting, then the answer's headers, then each pause in its body. */
  timeoutMs: 15_000,
  /** The default cap on an answer's body. */
  maxBytes: 5 * 1024 * 1024,
} as const;

/** `https://127.0.0.1:8443,http://127.0.0.1:9000` → the origins, normalised (default ports dropped). */
export const parseOutboundAllow = (value: string | undefined) =>
  new Set(
    (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => new URL(s).origin),
  );

/** Public unicast only: not loopback, private, link-local, unspecified, multicast, reserved, CGNAT… */
export const isPublicAddress = (ip: string) => {
  try {
    return ipaddr.process(ip).range() === 'unicast';
  } catch {
    return false;
  }
};

const unbracket = (host: string) => host.replace(/^\[|\]$/g, '');

/** The address to connect to: the first the name resolves to, once every one of them is public. */
const resolveChecked = async (hostname: string, admitted: boolean) => {
  const host = unbracket(hostname);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new OutboundError('unreachable', 'The site’s name could not be found.');
    }
  }
  if (!admitted && (addresses.length === 0 || !addresses.every(isPublicAddress)))
    throw new BlockedAddressError();
  return addresses[0]!;
};

const originOf = (protocol: string, hostname: string, port: string) =>
  new URL(
    `${protocol}//${hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname}${port ? `:${port}` : ''}`,
  ).origin;

export interface OutboundClient {
  /** Refuses (BlockedAddressError) an address that may not be used, before anything is stored. */
  check(url: string): Promise<void>;
  /**
   * GET or POST to a user's address; the answer's body read up to `maxBytes`. Throws
   * BlockedAddressError or OutboundError; any HTTP status is returned (a redirect is an error).
   */
  request(
    url: string | URL,
    init?: {
      method?: string;
      headers?: Record<string, string>;
      body?: string | Uint8Array;
      maxBytes?: number;
    },
  ): Promise<{ status: number; headers: Headers; text: string }>;
  close(): Promise<void>;
}

/**
 * `ca`: certificates trusted besides the system's (tests' loopback CA); a certificate is always
 * verified.
 */
export const createOutboundClient = (
  allow: ReadonlySet<string>,
  opts: { ca?: string[] } = {},
): OutboundClient => {
  const connector = buildConnector({
    timeout: OUTBOUND_LIMITS.timeoutMs,
    rejectUnauthorized: true,
    ...(opts.ca ? { ca: [...tls.rootCertificates, ...opts.ca] } : {}),
  });
  const agent = new Agent({
    headersTimeout: OUTBOUND_LIMITS.timeoutMs,
    bodyTimeout: OUTBOUND_LIMITS.timeoutMs,
    // Resolves and checks here, then connects to that address: DNS is asked once per connection.
    connect: (opts, callback) => {
      const admitted = allow.has(originOf(opts.protocol, opts.hostname, opts.port));
      resolveChecked(opts.hostname, admitted).then(
        (address) => connector({ ...opts, hostname: address }, callback),
        (err: Error) => callback(err, null),
      );
    },
  });

  const check = async (url: string) => {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new OutboundError('unreachable', 'Only http:// and https:// addresses can be used.');
    await resolveChecked(u.hostname, allow.has(u.origin));
  };

  const request: OutboundClient['request'] = async (url, init = {}) => {
    const maxBytes = init.maxBytes ?? OUTBOUND_LIMITS.maxBytes;
    await check(String(url));
    let res: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      res = await undiciFetch(url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        body: init.body,
        redirect: 'manual',
        dispatcher: agent,
        signal: AbortSignal.timeout(OUTBOUND_LIMITS.timeoutMs * 2),
      });
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause;
      if (cause instanceof BlockedAddressError || cause instanceof OutboundError) throw cause;
      throw new OutboundError('unreachable', 'The site could not be reached.');
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      throw new OutboundError('redirect', 'The site answered with a redirect; enter its final address.');
    }
    if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
      await res.body?.cancel();
      throw new OutboundError('too_large', 'The site’s answer is too large.');
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body ?? []) {
        size += chunk.length;
        if (size > maxBytes) throw new OutboundError('too_large', 'The site’s answer is too large.');
        chunks.push(chunk);
      }
    } catch (err) {
      await res.body?.cancel().catch(() => {});
      if (err instanceof OutboundError) throw err;
      throw new OutboundError('unreachable', 'The site stopped answering.');
    }
    return {
      status: res.status,
      headers: res.headers as unknown as Headers,
      text: Buffer.concat(chunks).toString('utf8'),
    };
  };

  return { check, request, close: () => agent.close() };
};
