import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { useWhose, type Whose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { errorMessage } from '@/lib/api';
import { CopyField } from './copy-field';
import {
  type NsFollowerCreatedResponse,
  useCreateFollower,
  useFollowers,
  useRevokeFollower,
} from './devices-api';
import { TokenList } from './token-list';

/** The token comes only in the answer that created it; it is never read back. */
function CreatedFollower({ created, w }: { created: NsFollowerCreatedResponse; w: Whose }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4" role="status">
      <p className="text-sm font-medium">
        “{created.name}” can now follow {w.your} readings. Copy these now: the token will not be shown again.
      </p>
      <CopyField
        label="Site address"
        value={created.siteUrl}
        note="LoopFollow: Nightscout URL. Enter the token below in its Token field."
      />
      <CopyField
        label="Token"
        value={created.token}
        note={`Read-only: it can see ${w.your} data but never change it.`}
      />
      <CopyField
        label="Address with token"
        value={created.urlWithToken}
        note="Nightguard and watch faces: paste this as the Nightscout address."
      />
      <CopyField
        label="xDrip+ follower address"
        value={created.xdripUrl}
        note="xDrip+: Settings → Hardware Data Source → Nightscout Follower → Nightscout Follow URL."
      />
    </div>
  );
}

/**
 * Read-only access for the people who follow you in LoopFollow, Nightguard, xDrip+ or a watch face:
 * one token per follower, so each can be stopped alone.
 */
export function FollowersCard() {
  const w = useWhose();
  const list = useFollowers();
  const create = useCreateFollower();
  const revoke = useRevokeFollower();
  const [name, setName] = useState('');
  const fieldError = create.error ? errorMessage(create.error, 'Please try again.') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name, { onSuccess: () => setName('') });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Followers</CardTitle>
        <CardDescription>
          Let a parent, partner or carer follow {w.your} glucose, insulin and loop in LoopFollow, Nightguard,
          xDrip+ or a watch face. Each follower gets a read-only token; remove it to stop them.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <FormField
              label="Who is following"
              placeholder="Mum, LoopFollow"
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              error={fieldError}
            />
          </div>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            <UserPlus aria-hidden="true" /> Add follower
          </Button>
        </form>
        {create.data && <CreatedFollower created={create.data} w={w} />}
        <QueryView query={list} what={`${w.your} followers`}>
          {({ items }) => (
            <TokenList
              items={items}
              revoke={revoke}
              created={create}
              words={{
                label: 'Followers',
                empty: 'No followers yet.',
                made: 'Added',
                used: 'last read',
                action: 'Remove',
                consequence: `Their app can no longer read ${w.your} data, from its next request.`,
                done: 'Follower removed',
              }}
            />
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
