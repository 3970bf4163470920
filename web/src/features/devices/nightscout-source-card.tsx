import { NightscoutSourceRequest } from '@healthfolio/core/devices/nightscout.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useWhose, type Whose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { errorMessage } from '@/lib/api';
import {
  type NightscoutSourceResponse,
  useNightscoutSource,
  useRemoveNightscoutSource,
  useSaveNightscoutSource,
  useSyncNightscout,
} from './devices-api';
import { useWhen } from './format';

const STATUS_TEXT = {
  pending: 'Waiting for the first pull',
  ok: 'Working',
  error: 'Last pull failed',
} as const;

function SourceStatus({ source, w }: { source: NightscoutSourceResponse; w: Whose }) {
  const when = useWhen();
  const sync = useSyncNightscout();
  const remove = useRemoveNightscoutSource();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Site</dt>
        <dd className="break-all">{source.siteUrl}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>{source.status ? STATUS_TEXT[source.status] : '—'}</dd>
        <dt className="text-muted-foreground">Last sync</dt>
        <dd>{when(source.lastSyncAt, 'not yet')}</dd>
        <dt className="text-muted-foreground">New readings</dt>
        <dd>{source.lastImported ?? '—'}</dd>
        <dt className="text-muted-foreground">Next sync</dt>
        <dd>{when(source.nextSyncAt)}</dd>
      </dl>
      {source.lastError && (
        <Alert variant="destructive" role="alert">
          {source.lastError}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={sync.isPending}
          onClick={() =>
            sync.mutate(undefined, {
              onError: (e) =>
                toast.error('Sync failed', { description: errorMessage(e, 'Please try again.') }),
            })
          }
        >
          <RefreshCw aria-hidden="true" /> Sync now
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" /> Remove site
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Stop pulling from ${w.your} Nightscout site?`}
          description="Readings already pulled stay in Healthfolio."
          confirmLabel="Remove"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function SourceForm() {
  const save = useSaveNightscoutSource();
  const kindId = useId();
  const form = useForm({
    resolver: zodResolver(NightscoutSourceRequest),
    defaultValues: { siteUrl: '', credentialKind: 'token' as const, credential: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (e) =>
        toast.error('Could not save the site', { description: errorMessage(e, 'Please try again.') }),
    }),
  );
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <FormField
        label="Nightscout site address"
        placeholder="https://my-site.example.org"
        error={errors.siteUrl?.message}
        {...form.register('siteUrl')}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={kindId}>Credential type</Label>
        <Select id={kindId} {...form.register('credentialKind')}>
          <option value="token">Read token</option>
          <option value="api_secret">API secret</option>
        </Select>
      </div>
      <FormField
        label="Token or secret"
        type="password"
        autoComplete="off"
        hint="Stored encrypted; never shown again."
        error={errors.credential?.message}
        {...form.register('credential')}
      />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        Save and sync
      </Button>
    </form>
  );
}

export function NightscoutSourceCard() {
  const w = useWhose();
  const source = useNightscoutSource();
  return (
    <Card id="nightscout-site">
      <CardHeader>
        <CardTitle>Nightscout site</CardTitle>
        <CardDescription>
          Already run Nightscout? Healthfolio reads new readings from {w.your} site every few minutes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={source} what={`${w.your} Nightscout site`}>
          {(s) => (s.configured ? <SourceStatus source={s} w={w} /> : <SourceForm />)}
        </QueryView>
      </CardContent>
    </Card>
  );
}
