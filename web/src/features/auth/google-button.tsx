import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { authApi } from '@/lib/auth-api';
import { lazyToast } from '@/lib/lazy-toast';
import { queryKeys } from '@/lib/session';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.55 10.55 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

export function GoogleButton() {
  const providers = useQuery({
    queryKey: queryKeys.providers,
    queryFn: authApi.providers,
    staleTime: Infinity,
  });
  const signIn = useMutation({
    mutationFn: authApi.googleSignIn,
    onSuccess: ({ url }) => {
      window.location.href = url;
    },
    onError: (error) => lazyToast('error', errorMessage(error, 'Failed to sign in with Google')),
  });
  const unavailable = providers.isError || providers.data?.google === false;
  const note = providers.isError
    ? 'Google sign-in is unavailable right now.'
    : 'Google sign-in is not set up on this server';
  return (
    <div className="flex flex-col gap-1.5">
      <Button
        variant="outline"
        className="w-full"
        disabled={providers.isPending || unavailable || signIn.isPending}
        aria-describedby={unavailable ? 'google-unavailable' : undefined}
        onClick={() => signIn.mutate()}
      >
        <GoogleMark />
        Continue with Google
      </Button>
      {/* The note's line is kept whether or not it shows: the providers arrive after the first paint,
          and a line appearing then would push the whole form down. */}
      <p
        id="google-unavailable"
        aria-hidden={!unavailable}
        className="min-h-4 text-center text-xs text-muted-foreground"
      >
        {unavailable ? note : null}
      </p>
    </div>
  );
}
