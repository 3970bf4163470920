import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { AddPersonDialog } from './add-person-dialog';
import { useHousehold } from './household-api';
import { HouseholdFollowers } from './household-followers';
import { actAs } from './household-shell';
import { PersonAvatar } from './person-avatar';
import { WardSection } from './ward-section';

/** Settings → Household (issue 32): the people this account keeps records for. */
export function HouseholdCard({ timeZone }: { timeZone: string }) {
  const household = useHousehold();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // The switcher's "Manage household" opens Settings at #household.
  useEffect(() => {
    if (window.location.hash === '#household' && household.data) ref.current?.scrollIntoView();
  }, [household.data]);

  const self = household.data?.people.find((p) => p.relation === 'self');
  const former = household.data?.formerGuardians ?? [];
  const wards = household.data?.people.filter((p) => p.relation === 'ward') ?? [];
  return (
    <Card id="household" ref={ref} className="scroll-mt-4">
      <CardHeader>
        <CardTitle>Household</CardTitle>
        <CardDescription>
          Keep the records of people without their own sign-in, such as your children. Choose whose record to
          show with the person switcher at the top of every screen.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {household.isPending ? (
          <Spinner label="Loading your household" />
        ) : household.isLoadingError ? (
          <ErrorState
            title="Could not load your household"
            message={errorMessage(household.error, 'The server did not answer.')}
            onRetry={() => household.refetch()}
          />
        ) : (
          <>
            <ul aria-label="People" className="flex flex-col gap-2 text-sm">
              {self && (
                <li className="flex items-center gap-3">
                  <PersonAvatar initials={self.initials} />
                  <span>
                    <span className="font-medium">{self.displayName}</span>
                    <span className="text-muted-foreground"> (you)</span>
                  </span>
                </li>
              )}
            </ul>
            {former.length > 0 && (
              <section aria-labelledby="former-guardians" className="flex flex-col gap-2">
                <h3 id="former-guardians" className="text-sm font-medium">
                  Kept your record before
                </h3>
                <p className="text-xs text-muted-foreground">
                  They no longer see your record. You can give them caregiver access to what you choose.
                </p>
                <ul className="divide-y rounded-md border text-sm">
                  {former.map((g) => (
                    <li
                      key={g.accountId}
                      className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
                    >
                      <span className="min-w-0">
                        <span className="font-medium">{g.displayName}</span>
                        <span className="block truncate text-muted-foreground">{g.email}</span>
                      </span>
                      <Button size="sm" variant="outline" asChild>
                        <Link
                          // The share is of the account's own record, whoever the tab was showing.
                          onClick={() => actAs(client, null)}
                          to={`/dashboard/sharing?${new URLSearchParams({ invite: g.email, name: g.displayName })}`}
                        >
                          Give caregiver access
                          <span className="sr-only"> to {g.displayName}</span>
                        </Link>
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {wards.length === 0 ? (
              <p className="text-sm text-muted-foreground">You do not keep anyone else’s record yet.</p>
            ) : (
              wards.map((w) => <WardSection key={w.id} person={w} timeZone={timeZone} />)
            )}
            <Button className="self-start" variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" /> Add a person
            </Button>
            {wards.length > 0 && <HouseholdFollowers people={household.data.people} />}
          </>
        )}
      </CardContent>
      {adding && <AddPersonDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}
