import type { HouseholdResponse, Person } from '@healthfolio/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { actingPersonId, setActingPersonId, subscribeActingPerson } from '@/lib/acting-person';
import { api } from '@/lib/api';

/*
 * What the dashboard's shell needs of households (issue 32), in one module: the household query,
 * acting for a person, the person on show and the header's switcher and band (loaded only for an
 * account with wards). The changes are in household-api.ts, loaded with the screens that make them.
 */

export type { HouseholdResponse, Person };

/** `household` answers are the account's, whatever person the tab acts for (lib/acting-person.ts). */
export const householdKeys = {
  all: ['household'] as const,
  invitation: (token: string) => ['household', 'invitation', token] as const,
};

export const useHousehold = (enabled = true) =>
  useQuery({
    queryKey: householdKeys.all,
    queryFn: () => api<HouseholdResponse>('/api/v1/household'),
    enabled,
    staleTime: 60_000,
  });

/** The person this tab acts for (null: the account itself), re-rendering when it changes. */
export const useActingPersonId = () =>
  useSyncExternalStore(subscribeActingPerson, actingPersonId, () => null);

/** Queries whose answers are the account's whatever person is chosen (the server ignores the header). */
const ACCOUNT_QUERIES = new Set(['session', 'household']);

/**
 * Acts for another person (null: the account itself). Every person's answer in the query cache is
 * dropped at once (a fetch in flight is cancelled), so nothing of one person shows while the other's
 * loads; the screens on show ask again with the new header.
 */
export const actAs = (client: QueryClient, id: string | null) => {
  if (id === actingPersonId()) return;
  setActingPersonId(id);
  void client.resetQueries({ predicate: (q) => !ACCOUNT_QUERIES.has(String(q.queryKey[0])) });
};

/** Whose data the dashboard shows, as the shell and the screens need it. */
export type ActingView = {
  account: HouseholdResponse['account'];
  /** The account itself first, then its wards. */
  people: Person[];
  /** The person on show. */
  person: Person;
  /** The person on show is a ward, not the account itself. */
  ward: boolean;
};

/**
 * The household and the person this tab acts for. The choice is checked against the household as
 * soon as it loads: a person the account may no longer act for (removed, deleted, handed over) puts
 * the tab back on the account's own record.
 */
export function useActingPerson(enabled: boolean) {
  const household = useHousehold(enabled);
  const selected = useActingPersonId();
  const client = useQueryClient();
  const people = household.data?.people;
  const valid = !selected || Boolean(people?.some((p) => p.id === selected && p.relation === 'ward'));

  useEffect(() => {
    if (people && !valid) actAs(client, null);
  }, [people, valid, client]);

  let view: ActingView | null = null;
  const self = people?.find((p) => p.relation === 'self') ?? people?.[0];
  if (household.data && self) {
    const person = (selected && people?.find((p) => p.id === selected)) || self;
    view = { account: household.data.account, people: household.data.people, person, ward: person !== self };
  }
  return {
    view,
    /** A person is chosen but the household that says who they are has not answered yet. */
    waiting: Boolean(selected) && (household.isPending || (!valid && Boolean(people))),
    failed: Boolean(selected) && household.isLoadingError,
    household,
  };
}

/** "Mia’s", "James’": a person's name as the owner of what a screen shows (core's rule). */
export { possessive } from '@healthfolio/core/text/whose';

// The switcher and the band load only for an account with wards: most accounts have none, and every
// dashboard page's first load stays within its budget (web/scripts/check-first-load.mjs).
const PersonSwitcher = lazy(async () => ({ default: (await import('./person-switcher')).PersonSwitcher }));
// One chunk for both: the band shows at once when the switcher's choice makes it appear.
const ActingBand = lazy(async () => ({ default: (await import('./person-switcher')).ActingBand }));

/** Whether the account has wards: the header then shows the person switcher. */
export const hasWards = (view: ActingView | null): view is ActingView =>
  Boolean(view && view.people.length > 1);

/** The header's person switcher (households); nothing for an account without wards. */
export function PersonSwitcherSlot({ view, compact }: { view: ActingView | null; compact?: boolean }) {
  if (!hasWards(view)) return null;
  return (
    <Suspense fallback={null}>
      <PersonSwitcher view={view} compact={compact} />
    </Suspense>
  );
}

/** The "Acting for Mia" band while the tab shows a ward's record. */
export function ActingBandSlot({ view }: { view: ActingView | null }) {
  if (!view?.ward) return null;
  return (
    <Suspense fallback={null}>
      <ActingBand view={view} />
    </Suspense>
  );
}

/**
 * The key of the dashboard's screen: a new person on show starts it afresh (nothing of one person
 * stays in its state), while the household answering for the account itself keeps it as it is (a
 * file being read, a form being typed).
 */
export const screenKey = (view: ActingView | null) => (view?.ward ? view.person.id : 'self');
