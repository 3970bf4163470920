import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, decodeShlink, encodeShlink, needsPasscode, shlinkExpired } from './shlink';

const key = 'rxTgYlOaKJPFtcEd0qcceN8wEU4p94SqAwIWQe6uX7Q';
const payload = {
  url: 'https://health.example/api/shl/abc',
  key,
  exp: 1_900_000_000,
  flag: 'P',
  label: 'Visit summary — Zoë',
  v: 1 as const,
};

describe('shlink payload', () => {
  it('round-trips bare and viewer-prefixed links, non-ASCII labels included', () => {
    const bare = encodeShlink(payload);
    expect(bare).toMatch(/^shlink:\/[A-Za-z0-9_-]+$/);
    expect(decodeShlink(bare)).toEqual(payload);
    const prefixed = encodeShlink(payload, 'https://health.example/shl');
    expect(prefixed.startsWith('https://health.example/shl#shlink:/')).toBe(true);
    expect(decodeShlink(prefixed)).toEqual(payload);
  });

  it('is the base64url of the JSON payload, as SHL readers expect', () => {
    const body = encodeShlink(payload).slice('shlink:/'.length);
    expect(JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))).toEqual(payload);
  });

  it('rejects what is not a usable link', () => {
    expect(decodeShlink('')).toBeNull();
    expect(decodeShlink('https://x/shl#nothing')).toBeNull();
    expect(decodeShlink('shlink:/%%%')).toBeNull();
    expect(decodeShlink(`shlink:/${Buffer.from('not json').toString('base64url')}`)).toBeNull();
    const badKey = Buffer.from(JSON.stringify({ ...payload, key: 'short' })).toString('base64url');
    expect(decodeShlink(`shlink:/${badKey}`)).toBeNull();
    const badUrl = Buffer.from(JSON.stringify({ ...payload, url: 'javascript:alert(1)' })).toString(
      'base64url',
    );
    expect(decodeShlink(`shlink:/${badUrl}`)).toBeNull();
    expect(() => encodeShlink({ ...payload, key: 'short' })).toThrow(RangeError);
    expect(() => encodeShlink({ ...payload, label: 'x'.repeat(81) })).toThrow(RangeError);
  });

  it('tells the passcode flag and the expiry', () => {
    expect(needsPasscode(payload)).toBe(true);
    expect(needsPasscode({ url: payload.url, key })).toBe(false);
    expect(shlinkExpired(payload, 1_900_000_000_000)).toBe(true);
    expect(shlinkExpired(payload, 1_899_999_999_000)).toBe(false);
    expect(shlinkExpired({ url: payload.url, key })).toBe(false);
  });

  it('reads base64url keys and padded base64 data alike', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 97 + 251) % 256);
    expect(base64UrlToBytes(Buffer.from(bytes).toString('base64url'))).toEqual(bytes);
    expect(base64UrlToBytes(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
    expect(base64UrlToBytes(key)).toHaveLength(32);
  });
});
