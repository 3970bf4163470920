import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { PASSWORD, type TestClient } from './harness';

/** A code for the authenticator `steps` periods from now (each code is accepted only once). */
export const totpCode = (totp: OTPAuth.TOTP, steps = 0) =>
  totp.generate({ timestamp: Date.now() + steps * totp.period * 1000 });

/**
 * Switches on an authenticator app for the signed-in client, as Settings → Security does: the
 * password, then a first code from the secret in the otpauth:// URI. Returns the authenticator and
 * the backup codes shown once.
 */
export const enableTotp = async (client: TestClient, password = PASSWORD) => {
  const res = await client.post('/api/auth/two-factor/enable', { password });
  expect(res.status).toBe(200);
  const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  // The previous period's code, so the current one stays unused for the test. On a busy machine the
  // period can turn between making the code and the server checking it (the server accepts one
  // period either side): then the code is two periods old, and a fresh one is made.
  let verify = await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totp, -1) });
  for (let retry = 0; verify.status === 401 && retry < 2; retry++)
    verify = await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totp, -1) });
  expect(verify.status).toBe(200);
  return { totp, totpURI, backupCodes };
};
