import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useState } from 'react';
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
import { errorMessage } from '@/lib/api';
import { authApi } from '@/lib/auth-api';
import { loadCore } from '@/lib/lazy-resolver';

type Props = {
  defaultEmail: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** Loaded only when "Forgot password?" is pressed, so the dialog code stays out of the sign-in page. */
export function ForgotPasswordDialog({ defaultEmail, onClose, returnFocusTo }: Props) {
  const [email, setEmail] = useState(defaultEmail);
  const [invalid, setInvalid] = useState<string | undefined>();
  const request = useMutation({ mutationFn: authApi.requestPasswordReset });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const { Email } = await loadCore();
    const parsed = Email.safeParse(email);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message);
    setInvalid(undefined);
    request.mutate(parsed.data);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>We will email you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        {request.isSuccess ? (
          <Alert role="status">
            If an account exists for {email}, a password reset link is on its way. The link works once.
          </Alert>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <FormField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={invalid}
            />
            {request.isError && (
              <Alert variant="destructive" role="alert">
                {errorMessage(request.error, 'Could not send the reset email.')}
              </Alert>
            )}
            <DialogFooter>
              <Button type="submit" disabled={request.isPending}>
                Send reset link
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
