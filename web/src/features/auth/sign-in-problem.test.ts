import { APPROVAL_PENDING_MESSAGE } from '@healthfolio/core/admin/admin-texts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { isUnconfirmedEmail } from './sign-in-problem';

const refused = (code: string, message = 'Refused') => new ApiError(message, { status: 403, code });

describe('a refused sign-in', () => {
  it('offers the confirmation email only for an unconfirmed address', () => {
    expect(isUnconfirmedEmail(refused('EMAIL_NOT_VERIFIED'))).toBe(true);
    expect(isUnconfirmedEmail(refused('email_not_verified'))).toBe(true);
  });

  it('is not "unconfirmed" while waiting for approval or when disabled', () => {
    expect(isUnconfirmedEmail(refused('approval_pending', APPROVAL_PENDING_MESSAGE))).toBe(false);
    expect(isUnconfirmedEmail(refused('APPROVAL_PENDING', APPROVAL_PENDING_MESSAGE))).toBe(false);
    expect(isUnconfirmedEmail(refused('ACCOUNT_DISABLED'))).toBe(false);
    expect(isUnconfirmedEmail(new ApiError('Forbidden', { status: 403 }))).toBe(false);
  });
});
