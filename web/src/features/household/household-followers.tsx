import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormField } from '@/components/ui/form-field';
import { CopyField } from '@/features/devices/copy-field';
import { TokenList } from '@/features/devices/token-list';
import { QueryView } from '@/features/trackers/screen-parts';
import { errorMessage } from '@/lib/api';
import {
  type HouseholdFollowerCreatedResponse,
  type Person,
  useCreateHouseholdFollower,
  useHouseholdFollowers,
  useRevokeHouseholdFollower,
} from './household-api';

const EVERYONE = 'everyone';

const whom = (people: { displayName: string }[] | null) =>
  people === null
    ? 'Everyone in your household'
    : people.length === 0
      ? 'Nobody any more'
      : people.map((p) => p.displayName).join(', ');

/** The token comes only in the answer that made it; it is never read back. */
function Created({ created }: { created: HouseholdFollowerCreatedResponse }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4" role="status">
      <p className="text-sm font-medium">
        “{created.name}” can now see the latest reading of{' '}
        {created.people === null ? 'everyone in your household' : whom(created.people)}. Copy these now: the
        token will not be shown again.
      </p>
      <CopyField label="Address" value={created.followUrl} />
      <CopyField
        label="Token"
        value={created.token}
        note="Read-only: it shows the latest readings and can never change anything."
      />
    </div>
  );
}

/**
 * Settings → Household → Follower apps (issue 32): one read-only token that shows the latest reading
 * of several people at once (a grandparent's phone, a school nurse's tablet).
 */
export function HouseholdFollowers({ people }: { people: Person[] }) {
  const list = useHouseholdFollowers();
  const create = useCreateHouseholdFollower();
  const revoke = useRevokeHouseholdFollower();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([EVERYONE]);
  const everyone = chosen.includes(EVERYONE);
  const nobody = !everyone && chosen.length === 0;
  const options = [
    { value: EVERYONE, label: 'Everyone, and people you add later' },
    ...people.map((p) => ({
      value: p.id,
      label: p.relation === 'self' ? `${p.displayName} (you)` : p.displayName,
    })),
  ];
  const choose = (next: string[]) => {
    // "Everyone" and single people exclude each other: the newest choice wins.
    const added = next.find((v) => !chosen.includes(v));
    setChosen(added === EVERYONE ? [EVERYONE] : next.filter((v) => v !== EVERYONE));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (nobody) return;
    create.mutate(
      { name: name.trim(), ...(everyone ? {} : { personIds: chosen }) },
      { onSuccess: () => setName('') },
    );
  };
  return (
    <section aria-labelledby="household-followers" className="flex flex-col gap-3 border-t pt-4">
      <h3 id="household-followers" className="text-sm font-medium">
        Follower apps
      </h3>
      <p className="text-xs text-muted-foreground">
        Let a relative or a carer see the latest reading of the people you choose, with one address. It can
        only read; remove it to stop it at once.
      </p>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <FormField
          label="Who is following"
          placeholder="Grandma’s phone"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={create.error ? errorMessage(create.error, 'Please try again.') : undefined}
        />
        <CheckboxGroup
          legend="Whose readings"
          name="household-follower-people"
          options={options}
          value={chosen}
          onChange={choose}
        />
        {nobody && (
          <p role="alert" className="text-sm text-destructive">
            Choose at least one person.
          </p>
        )}
        <Button type="submit" className="self-start" disabled={create.isPending || !name.trim() || nobody}>
          <UserPlus aria-hidden="true" /> Add follower
        </Button>
      </form>
      {create.data && <Created created={create.data} />}
      <QueryView query={list} what="your follower apps">
        {({ items }) => (
          <TokenList
            items={items}
            revoke={revoke}
            created={create}
            detail={(f) => <p className="text-sm text-muted-foreground">{whom(f.people)}</p>}
            words={{
              label: 'Follower apps',
              empty: 'No follower apps yet.',
              made: 'Added',
              used: 'last read',
              action: 'Remove',
              consequence: 'It can no longer read anyone’s readings, from its next request.',
              done: 'Follower removed',
            }}
          />
        )}
      </QueryView>
    </section>
  );
}
