import { type AccountDeleteRequest, RECENT_SIGN_IN_MINUTES } from '@healthfolio/core';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';

/**
 * What a deletion asks to be sure it is really the signed-in person (the server's confirmIdentity):
 * the password, or nothing for a Google account signed in a moment ago, and the two-factor code.
 */
export function useIdentityConfirm() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const body = (): AccountDeleteRequest => ({
    ...(password ? { password } : {}),
    ...(code.trim() ? { code: code.trim() } : {}),
  });
  return { fields: { password, code, setPassword, setCode }, body };
}

/** The fields, for Delete my account, a household's Delete and the admin console's Delete account. */
export function IdentityConfirmFields({
  withCode,
  fields: { password, code, setPassword, setCode },
}: {
  withCode: boolean;
  fields: ReturnType<typeof useIdentityConfirm>['fields'];
}) {
  return (
    <>
      <FormField
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={`Signed up with Google and have no password? Leave this empty: it works if you signed in within the last ${RECENT_SIGN_IN_MINUTES} minutes.`}
        autoFocus
      />
      {withCode && (
        <FormField
          label="Code from your authenticator app, or a backup code"
          autoComplete="one-time-code"
          inputMode="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
    </>
  );
}
