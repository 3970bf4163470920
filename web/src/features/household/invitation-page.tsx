import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { LinkMessagePage } from '@/components/link-message-page';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { AuthLayout } from '@/features/auth/auth-layout';
import { ApiError, errorMessage } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { returnAfterSignIn } from '@/lib/return-after-sign-in';
import { useSession, useSignOut } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  acceptInvitation,
  claimInvitation,
  householdKeys,
  type InvitationPreview,
  useInvitation,
} from './household-api';
import { actAs, possessive } from './household-shell';

/** What the invitation is, in the invited person's words. */
function Intro({ invitation: i }: { invitation: InvitationPreview }) {
  if (i.kind === 'guardian')
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">
          Keep {possessive(i.personDisplayName)} health record with {i.invitedBy}
        </h1>
        <CardDescription>
          {i.invitedBy} invited {i.email} to be a guardian of {possessive(i.personDisplayName)} record on
          Healthfolio. As a guardian you can see and change everything in it, as {i.invitedBy} can, and you
          get {possessive(i.personDisplayName)} alerts. Your own record stays private to you.
        </CardDescription>
      </>
    );
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Your health record is yours to keep</h1>
      <CardDescription>
        {i.invitedBy} has kept the health record of {i.personDisplayName} on Healthfolio and is handing it
        over to you, at {i.email}. Once you take it over, it is yours: {i.invitedBy} and any other guardians
        no longer see it, unless you give them caregiver access.
        {i.accountExists &&
          ' You already have an account with this address: the record is linked to it and stays separate from the one you have.'}
      </CardDescription>
    </>
  );
}

type ClaimValues = { newPassword: string; confirm: string };

/** Handover to someone without an account: they choose a password, and are signed in. */
function ClaimForm({ token, email }: { token: string; email: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<ClaimValues>({
    resolver: lazyZodResolver(async () => (await import('@/features/auth/reset-form.schema')).ResetForm),
    defaultValues: { newPassword: '', confirm: '' },
  });
  const claim = useMutation({
    mutationFn: (password: string) => claimInvitation(token, password),
    onSuccess: async () => {
      // A new account is signed in: nothing known before (no session) may stay.
      actAs(client, null);
      await client.resetQueries();
      toast.success('Welcome!', { description: 'Your record is yours now. You are signed in.' });
      navigate('/dashboard', { replace: true });
    },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((v) => claim.mutate(v.newPassword))}
    >
      <p className="text-sm">
        Choose a password. From now on you sign in with <strong>{email}</strong> and this password.
      </p>
      <NewPasswordFields form={form} label="Password" />
      {claim.isError && (
        <Alert variant="destructive" role="alert">
          {errorMessage(claim.error, 'Could not take over the record.')}
        </Alert>
      )}
      <Button type="submit" disabled={claim.isPending}>
        {claim.isPending ? 'Setting up…' : 'Take over my record'}
      </Button>
    </form>
  );
}

/** Signed in: accept (or, for a handover to an existing account, link). */
function AcceptButton({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const path = `/household/invitations/${token}`;
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async ({ personId }) => {
      await client.invalidateQueries({ queryKey: householdKeys.all, exact: true });
      const guardian = invitation.kind === 'guardian';
      // A guardian goes straight to the person they now keep; a handover's record is one of theirs.
      actAs(client, personId);
      toast.success(
        guardian
          ? `You are now a guardian of ${possessive(invitation.personDisplayName)} record`
          : `${possessive(invitation.personDisplayName)} record is now yours`,
      );
      navigate('/dashboard', { replace: true });
    },
  });
  // A handover to an address without an account is taken over signed out, on this page.
  const claimable = invitation.kind === 'handover' && !invitation.accountExists;
  const wrongAccount = accept.error instanceof ApiError && accept.error.code === 'invitation_wrong_account';
  return (
    <div className="flex flex-col gap-4">
      {accept.isError && (
        <Alert variant="destructive" role="alert" className="flex flex-col gap-2">
          <p>{errorMessage(accept.error, 'Could not accept the invitation.')}</p>
          {wrongAccount && (
            <button
              type="button"
              className="self-start font-medium underline underline-offset-4"
              onClick={() => {
                if (claimable) return signOut.mutate(undefined, { onSettled: () => navigate(path) });
                returnAfterSignIn(path);
                signOut.mutate();
              }}
            >
              {claimable
                ? 'Sign out to take over the record'
                : `Sign out, then sign in with ${invitation.email}`}
            </button>
          )}
        </Alert>
      )}
      <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
        {accept.isPending ? 'Accepting…' : invitation.kind === 'guardian' ? 'Accept' : 'Take over the record'}
      </Button>
    </div>
  );
}

/** `/household/invitations/:token`: what a household invitation's email links to (outside the dashboard). */
export function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const invitation = useInvitation(token);
  useDocumentTitle('Household invitation');

  if (invitation.isPending || session.isPending) return <PageSpinner label="Opening the invitation" />;
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.status === 404)
      return (
        <LinkMessagePage
          title="This invitation is not valid"
          message="It may have expired, been cancelled or already been used. Ask the person who sent it for a new one."
        />
      );
    return (
      <main className="p-6">
        <ErrorState
          title="Could not open the invitation"
          message={errorMessage(invitation.error, 'The server did not answer.')}
          onRetry={() => invitation.refetch()}
        />
      </main>
    );
  }
  const i = invitation.data;
  const signedIn = Boolean(session.data);
  const toSignIn = (tab?: 'signup') => {
    returnAfterSignIn(`/household/invitations/${token}`);
    navigate(tab ? '/auth?tab=signup' : '/auth');
  };

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <Intro invitation={i} />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {signedIn ? (
            <AcceptButton token={token} invitation={i} />
          ) : i.kind === 'handover' && !i.accountExists ? (
            <ClaimForm token={token} email={i.email} />
          ) : i.accountExists ? (
            <>
              <p className="text-sm">Sign in with {i.email} to accept.</p>
              <Button onClick={() => toSignIn()}>Sign in to accept</Button>
            </>
          ) : (
            <>
              <p className="text-sm">
                Create an account with {i.email} to accept, then open this link again if it does not open by
                itself.
              </p>
              <Button onClick={() => toSignIn('signup')}>Create an account to accept</Button>
            </>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
