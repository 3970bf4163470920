import type { AdminHouseholdsResponse } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api';
import { formatCount } from './admin-format';

const useAdminHouseholds = () =>
  useQuery({
    queryKey: ['admin', 'households'],
    queryFn: () => api<AdminHouseholdsResponse>('/api/v1/admin/households'),
  });

const names = (list: { displayName: string }[]) => list.map((p) => p.displayName).join(', ');

/** The admin dashboard's households (issue 32): who keeps whose record, names only, no health values. */
export function HouseholdsCard() {
  const households = useAdminHouseholds();
  const d = households.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Households</CardTitle>
        <CardDescription>
          {d
            ? `${formatCount(d.accounts)} ${d.accounts === 1 ? 'account' : 'accounts'} can sign in; ${formatCount(d.people)} ${d.people === 1 ? 'person has' : 'people have'} a record, counting the people guardians keep.`
            : 'Guardians and the people whose records they keep.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {households.isPending ? (
          <Spinner label="Loading households" />
        ) : households.isLoadingError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(households.error, 'The households could not be loaded.')}
          </p>
        ) : d && d.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one keeps another person’s record yet.</p>
        ) : (
          <ul aria-label="Households" className="divide-y rounded-md border text-sm">
            {d?.items.map((h) => (
              <li key={h.guardians.map((g) => g.accountId).join()} className="grid gap-0.5 px-3 py-2">
                <span>
                  <span className="font-medium">{names(h.people)}</span>
                  <span className="text-muted-foreground"> kept by {names(h.guardians)}</span>
                </span>
                <span className="break-words text-xs text-muted-foreground">
                  {h.guardians.map((g) => g.email).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
