import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from './auth-layout';
import { GoogleButton } from './google-button';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useAuthRouting } from './use-auth-routing';

// Only a new account, once signed in, chooses its journey: not part of the sign-in page's first load.
const ChooseJourney = lazy(() => import('./choose-journey').then((m) => ({ default: m.ChooseJourney })));
// Only accounts with an authenticator app see the code step: loaded when the password was right.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

const ERRORS: Record<string, string> = {
  google: 'Failed to sign in with Google',
  INVALID_TOKEN: 'This confirmation link is invalid or has expired. Sign in to get a new one.',
  TOKEN_EXPIRED: 'This confirmation link is invalid or has expired. Sign in to get a new one.',
};

const JOURNEY: Record<string, string> = {
  diabetes_focused: 'Smart Diabetes Management',
  general_health: 'Comprehensive Health Management',
};

export function AuthPage() {
  const [params] = useSearchParams();
  const routing = useAuthRouting();
  useDocumentTitle(routing.stage === 'choose' ? 'Choose Your Health Journey' : 'Sign In');
  const error = params.get('error');
  // The confirmation link comes back here (CONFIRMED_CALLBACK); an invalid one carries an error instead.
  const confirmed = params.get('confirmed') === '1' && !error;
  const checking = routing.stage === 'loading';
  const [codeStep, setCodeStep] = useState(false);

  if (routing.stage === 'setting-up') {
    return (
      <AuthLayout>
        <PageSpinner label="Setting up your profile" />
      </AuthLayout>
    );
  }
  if (routing.stage === 'profile-error') {
    return (
      <AuthLayout>
        <ErrorState
          title="Could not load your profile"
          message={errorMessage(routing.profileError, 'Failed to set up your profile')}
          onRetry={routing.retryProfile}
        />
      </AuthLayout>
    );
  }
  if (routing.stage === 'choose') {
    return (
      <AuthLayout>
        <Suspense fallback={<PageSpinner label="Loading" />}>
          <ChooseJourney initial={routing.queryType} busy={routing.settingUp} onChoose={routing.setUp} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome to Healthfolio</h1>
          <CardDescription>
            {routing.queryType
              ? `Sign in or create an account to start with ${JOURNEY[routing.queryType]}.`
              : 'Sign in or create an account to keep your health records in one place.'}
          </CardDescription>
        </CardHeader>
        {/* While the session is checked (and in the prerendered page, before any script runs) the form
            shows but takes no input: a signed-in visitor is sent on, and nothing submits natively. */}
        <CardContent className="flex flex-col gap-4">
          {checking && (
            <span role="status" className="sr-only">
              Checking your session
            </span>
          )}
          {error && (
            <Alert variant="destructive" role="alert">
              {ERRORS[error] ?? 'Sign-in did not work. Please try again.'}
            </Alert>
          )}
          {confirmed && !codeStep && (
            <Alert role="status">Your email address is confirmed. Sign in to continue.</Alert>
          )}
          {codeStep ? (
            // The second step alone: Google and the Sign In/Sign Up tabs have nothing to do with it.
            <Suspense fallback={<Spinner label="Loading the code step" />}>
              <TwoFactorStep onBack={() => setCodeStep(false)} />
            </Suspense>
          ) : (
            <fieldset disabled={checking} aria-busy={checking} className="flex min-w-0 flex-col gap-4">
              <GoogleButton />
              <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
                <span className="h-px flex-1 bg-border" />
                or with email
                <span className="h-px flex-1 bg-border" />
              </div>
              <Tabs defaultValue={params.get('tab') === 'signup' ? 'signup' : 'signin'}>
                <TabsList className="w-full">
                  <TabsTrigger value="signin">Sign In</TabsTrigger>
                  <TabsTrigger value="signup">Sign Up</TabsTrigger>
                </TabsList>
                <TabsContent value="signin">
                  <SignInForm onCodeStep={() => setCodeStep(true)} />
                </TabsContent>
                <TabsContent value="signup">
                  <SignUpForm userType={routing.queryType} />
                </TabsContent>
              </Tabs>
            </fieldset>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
