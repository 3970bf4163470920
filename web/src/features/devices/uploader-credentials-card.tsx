import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { useWhose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { errorMessage } from '@/lib/api';
import { CopyField } from './copy-field';
import {
  type NsCredentialCreatedResponse,
  useCreateNsCredential,
  useNsCredentials,
  useRevokeNsCredential,
} from './devices-api';
import { TokenList } from './token-list';

/** The secret comes only in the answer that created it; it is never read back. */
function CreatedCredential({ created }: { created: NsCredentialCreatedResponse }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4" role="status">
      <p className="text-sm font-medium">
        “{created.name}” is ready. Copy these now: the secret will not be shown again.
      </p>
      <CopyField
        label="xDrip+ Base URL"
        value={created.xdripUrl}
        note="xDrip+: Settings → Cloud Upload → Nightscout Sync (REST-API) → Base URL."
      />
      <CopyField
        label="Nightscout URL"
        value={created.baseUrl}
        note="For other apps (Spike, Juggluco, Loop) and AndroidAPS (NSClient v3)."
      />
      <CopyField
        label="API secret"
        value={created.secret}
        note="AndroidAPS (NSClient v3): enter it as the NS access token."
      />
    </div>
  );
}

export function UploaderCredentialsCard() {
  const w = useWhose();
  const list = useNsCredentials();
  const create = useCreateNsCredential();
  const revoke = useRevokeNsCredential();
  const [name, setName] = useState('');
  const fieldError = create.error ? errorMessage(create.error, 'Please try again.') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name, { onSuccess: () => setName('') });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Nightscout uploader</CardTitle>
        <CardDescription>
          Let xDrip+ and other Nightscout apps on {w.your} phone upload readings, carbs and insulin here. Make
          one credential per app; revoke it to stop that app.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <FormField
              label="Credential name"
              placeholder="xDrip+ on my phone"
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              error={fieldError}
            />
          </div>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            <KeyRound aria-hidden="true" /> Create credential
          </Button>
        </form>
        {create.data && <CreatedCredential created={create.data} />}
        <QueryView query={list} what={`${w.your} upload credentials`}>
          {(items) => (
            <TokenList
              items={items}
              revoke={revoke}
              created={create}
              words={{
                label: 'Upload credentials',
                empty: 'No upload credentials yet.',
                made: 'Created',
                used: 'last used',
                action: 'Revoke',
                consequence:
                  'The app using it is refused from its next upload. Readings it already sent stay.',
                done: 'Upload credential revoked',
              }}
            />
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
