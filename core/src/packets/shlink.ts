/**
 * SMART Health Links (HL7 SMART Health Cards and Links IG, STU1): the `shlink:/` payload a QR code or a
 * link carries. The link may be prefixed by a viewer's address and `#` (the spec's viewer-prefixed form):
 * the fragment never reaches a server, so the key stays with whoever holds the link.
 */
export interface ShlinkPayload {
  /** The manifest URL (POST with a recipient and, with flag P, the passcode). */
  url: string;
  /** 32 random bytes, base64url (43 characters): the JWE key of every file. */
  key: string;
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** P: a passcode is needed; L: long-term; U: the url is a single file. */
  flag?: string;
  /** At most 80 characters, shown to the recipient. */
  label?: string;
  v?: 1;
}

export const SHLINK_PREFIX = 'shlink:/';
export const SHL_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const SHL_LABEL_MAX = 80;

const toBase64Url = (text: string) => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** Bytes of base64url or base64 text, padded or not (an SHL key, a FHIR attachment's data). */
export const base64UrlToBytes = (b64: string) => {
  const std = b64.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(std + '='.repeat((4 - (std.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const fromBase64Url = (b64: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(b64));

/** `shlink:/…`, optionally behind a viewer address (`https://app/shl#shlink:/…`). */
export function encodeShlink(payload: ShlinkPayload, viewerUrl?: string): string {
  if (!SHL_KEY_PATTERN.test(payload.key)) throw new RangeError('An SHL key is 43 base64url characters');
  if (payload.label !== undefined && payload.label.length > SHL_LABEL_MAX) {
    throw new RangeError(`An SHL label has at most ${SHL_LABEL_MAX} characters`);
  }
  const link = `${SHLINK_PREFIX}${toBase64Url(JSON.stringify(payload))}`;
  return viewerUrl ? `${viewerUrl}#${link}` : link;
}

/**
 * The payload of a `shlink:/` link, bare or viewer-prefixed; null for anything else (a wrong prefix,
 * bad base64url, not JSON, no https/http manifest url, a key of the wrong shape).
 */
export function decodeShlink(link: string): ShlinkPayload | null {
  const at = link.indexOf(SHLINK_PREFIX);
  if (at < 0 || (at > 0 && link[at - 1] !== '#')) return null;
  const body = link.slice(at + SHLINK_PREFIX.length).trim();
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(body));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const p = parsed as Record<string, unknown>;
  if (typeof p.url !== 'string' || !/^https?:\/\//.test(p.url)) return null;
  if (typeof p.key !== 'string' || !SHL_KEY_PATTERN.test(p.key)) return null;
  if (p.exp !== undefined && typeof p.exp !== 'number') return null;
  if (p.flag !== undefined && (typeof p.flag !== 'string' || !/^[LPU]*$/.test(p.flag))) return null;
  return {
    url: p.url,
    key: p.key,
    ...(typeof p.exp === 'number' ? { exp: p.exp } : {}),
    ...(typeof p.flag === 'string' ? { flag: p.flag } : {}),
    ...(typeof p.label === 'string' ? { label: p.label.slice(0, SHL_LABEL_MAX) } : {}),
    ...(p.v === 1 ? { v: 1 as const } : {}),
  };
}

/** The link needs a passcode (flag P). */
export const needsPasscode = (p: ShlinkPayload) => (p.flag ?? '').includes('P');

/** The link's expiry has passed (a link without `exp` does not expire on its own). */
export const shlinkExpired = (p: ShlinkPayload, now = Date.now()) =>
  p.exp !== undefined && p.exp * 1000 <= now;
