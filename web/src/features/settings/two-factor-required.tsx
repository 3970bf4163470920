import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** What an admin without a second factor sees instead of any admin screen (the API refuses them too). */
export function TwoFactorRequired() {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader className="items-start">
        <ShieldAlert className="mb-2 size-8 text-destructive" aria-hidden="true" />
        <CardTitle>Two-factor sign-in required</CardTitle>
        <CardDescription>
          Admin accounts reach other people's accounts, so they need a second step at sign-in. Set up an
          authenticator app or add a passkey in Settings → Security, then come back here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/dashboard/settings#security">Set up two-factor sign-in</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
