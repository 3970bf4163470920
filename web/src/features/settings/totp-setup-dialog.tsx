import { TotpCode } from '@healthfolio/core/auth/two-factor.schema';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { secondFactorApi } from '@/lib/second-factor-api';
import { BackupCodes } from './backup-codes';
import { PasswordDialog } from './password-dialog';

type Setup = { totpURI: string; backupCodes: string[] };

/** Password → QR code and first code → backup codes. Nothing is switched on until a code checks out. */
export function TotpSetupDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const start = useMutation({ mutationFn: secondFactorApi.enableTotp });
  const setup = start.data;
  if (!setup)
    return (
      <PasswordDialog
        title="Set up an authenticator app"
        description="Enter your password to start. You will scan a QR code with an app such as Aegis, Google Authenticator or 1Password."
        confirmLabel="Continue"
        pending={start.isPending}
        error={start.isError ? errorMessage(start.error, 'Could not start the setup.') : null}
        onSubmit={(password) => start.mutate(password)}
        onClose={onClose}
      />
    );
  return <ScanStep setup={setup} onDone={onDone} onClose={onClose} />;
}

function ScanStep({ setup, onDone, onClose }: { setup: Setup; onDone: () => void; onClose: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: secondFactorApi.verifyTotp, onSuccess: onDone });
  const secret = new URL(setup.totpURI).searchParams.get('secret') ?? '';

  useEffect(() => {
    // The QR library is only needed here: loaded when this step opens.
    void import('qrcode').then((q) => q.toDataURL(setup.totpURI, { margin: 1, width: 192 }).then(setQr));
  }, [setup.totpURI]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = TotpCode.safeParse(code);
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter the 6-digit code'));
    if (parsed.success) verify.mutate(parsed.data);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{verify.isSuccess ? 'Authenticator app is on' : 'Scan the QR code'}</DialogTitle>
          <DialogDescription>
            {verify.isSuccess
              ? 'From now on, signing in asks for a code from your app after your password.'
              : 'Scan it with your authenticator app, then enter the 6-digit code the app shows.'}
          </DialogDescription>
        </DialogHeader>
        {verify.isSuccess ? (
          <>
            <BackupCodes codes={setup.backupCodes} />
            <DialogFooter>
              <Button onClick={onClose}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
              <div className="flex size-48 shrink-0 items-center justify-center rounded-lg border bg-white p-1">
                {qr ? (
                  <img
                    src={qr}
                    alt="QR code to add Healthfolio to your authenticator app"
                    className="size-full"
                  />
                ) : (
                  <Spinner label="Drawing the QR code" />
                )}
              </div>
              <p className="text-sm text-muted-foreground">
                Can’t scan it? Enter this setup key in the app instead:{' '}
                <code data-testid="totp-secret" className="font-mono text-foreground break-all">
                  {secret}
                </code>
              </p>
            </div>
            <FormField
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={invalid ?? undefined}
            />
            {verify.isError && (
              <Alert variant="destructive" role="alert">
                {errorMessage(verify.error, 'That code did not match. Try the next one.')}
              </Alert>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={verify.isPending}>
                {verify.isPending ? 'Checking…' : 'Turn on'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
