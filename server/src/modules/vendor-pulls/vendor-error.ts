import type { VendorPullProblem } from '@healthfolio/core';
import { BlockedAddressError, OutboundError } from '../../http/outbound';

/**
 * A pull that failed for a reason the user is shown (`problem`, worded by the screen), or
 * `session_expired`, which the client answers itself by signing in again once. `retryAfterMs` is a
 * wait the vendor asked for (a sign-in lockout). The message is for logs and never holds a secret.
 */
export class VendorError extends Error {
  constructor(
    readonly problem: VendorPullProblem | 'session_expired',
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The outbound client's refusals as the user's problem: the service could not be reached. */
export const asVendorError = (err: unknown, vendor: string) => {
  if (err instanceof BlockedAddressError) return new VendorError('unreachable', `${vendor}: blocked address`);
  if (err instanceof OutboundError)
    return new VendorError(err.code === 'too_large' ? 'bad_answer' : 'unreachable', `${vendor}: ${err.code}`);
  return err;
};

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The answers are small (a day of readings is ~30 KB); anything much larger is not the service. */
export const VENDOR_MAX_BYTES = 2 * 1024 * 1024;
