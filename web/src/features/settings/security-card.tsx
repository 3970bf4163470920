import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { secondFactorApi } from '@/lib/second-factor-api';
import { BackupCodes } from './backup-codes';
import { PasskeyList } from './passkey-list';
import { PasswordDialog } from './password-dialog';
import { TotpSetupDialog } from './totp-setup-dialog';
import { secondFactorKeys, useSecondFactorStatus } from './use-second-factor';

type Open = 'setup' | 'disable' | 'codes' | null;

/** Settings → Security: the authenticator app (with backup codes) and passkeys. */
export function SecurityCard() {
  const client = useQueryClient();
  const status = useSecondFactorStatus();
  const [open, setOpen] = useState<Open>(null);
  const refresh = () => client.invalidateQueries({ queryKey: secondFactorKeys.status });
  const disable = useMutation({
    mutationFn: secondFactorApi.disableTotp,
    onSuccess: () => {
      setOpen(null);
      void refresh();
      toast.success('Success!', { description: 'The authenticator app no longer signs you in.' });
    },
  });
  const codes = useMutation({ mutationFn: secondFactorApi.regenerateBackupCodes });
  const close = () => {
    setOpen(null);
    disable.reset();
    codes.reset();
  };
  const totp = status.data?.totp ?? false;
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // The admin prompt links to #security: the router does not scroll to it by itself.
  useEffect(() => {
    if (hash === '#security' && status.data) card.current?.scrollIntoView({ block: 'start' });
  }, [hash, status.data]);

  return (
    <Card id="security" ref={card} aria-labelledby="security-title">
      <CardHeader>
        <CardTitle id="security-title">Security</CardTitle>
        <CardDescription>
          Two-factor sign-in: after your password, a code from an authenticator app — or a passkey instead of
          both.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {status.isPending && <Spinner label="Loading your security settings" />}
        {status.isLoadingError && (
          <ErrorState
            title="Could not load your security settings"
            message={errorMessage(status.error, '')}
            onRetry={() => status.refetch()}
          />
        )}
        {status.data?.required && !status.data.enabled && (
          <Alert variant="destructive" role="alert" className="flex gap-2">
            <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
            Your admin role requires two-factor sign-in. Set up an authenticator app or add a passkey to open
            the admin console.
          </Alert>
        )}
        {status.data && (
          <section aria-labelledby="totp-heading" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id="totp-heading" className="font-medium">
                Authenticator app
              </h3>
              <Badge variant={totp ? 'default' : 'outline'}>
                {totp && <ShieldCheck className="mr-1 size-3" aria-hidden="true" />}
                {totp ? 'On' : 'Off'}
              </Badge>
            </div>
            <p className="text-sm text-muted-foreground">
              {totp
                ? 'Signing in asks for a 6-digit code from your app. Lost it? Use one of your backup codes.'
                : 'Add a 6-digit code from an app on your phone to every sign-in.'}
            </p>
            <div className="flex flex-wrap gap-3">
              {totp ? (
                <>
                  <Button variant="outline" onClick={() => setOpen('codes')}>
                    New backup codes
                  </Button>
                  <Button variant="outline" onClick={() => setOpen('disable')}>
                    Turn off
                  </Button>
                </>
              ) : (
                <Button onClick={() => setOpen('setup')}>Set up authenticator app</Button>
              )}
            </div>
          </section>
        )}
        {status.data && <PasskeyList />}
      </CardContent>
      {open === 'setup' && <TotpSetupDialog onDone={() => void refresh()} onClose={close} />}
      {open === 'disable' && (
        <PasswordDialog
          title="Turn off the authenticator app?"
          description="Signing in will no longer ask for a code, and your backup codes stop working."
          confirmLabel="Turn off"
          destructive
          pending={disable.isPending}
          error={disable.isError ? errorMessage(disable.error, 'Could not turn it off.') : null}
          onSubmit={(password) => disable.mutate(password)}
          onClose={close}
        />
      )}
      {open === 'codes' && !codes.data && (
        <PasswordDialog
          title="Make new backup codes?"
          description="Your old backup codes stop working."
          confirmLabel="Make new codes"
          pending={codes.isPending}
          error={codes.isError ? errorMessage(codes.error, 'Could not make new codes.') : null}
          onSubmit={(password) => codes.mutate(password)}
          onClose={close}
        />
      )}
      {open === 'codes' && codes.data && (
        <Dialog open onOpenChange={(o) => !o && close()}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Your new backup codes</DialogTitle>
              <DialogDescription>The previous codes no longer work.</DialogDescription>
            </DialogHeader>
            <BackupCodes codes={codes.data.backupCodes} />
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </Card>
  );
}
