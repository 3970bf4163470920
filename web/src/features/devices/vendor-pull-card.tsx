import {
  DexcomShareConnectRequest,
  LibreLinkUpConnectRequest,
  type LibreLinkUpPatient,
} from '@healthfolio/core/devices/vendor-pulls.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, RefreshCw, Unplug } from 'lucide-react';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useWhose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { errorMessage } from '@/lib/api';
import { useWhen } from './format';
import { PatientChoice, patientsToChoose } from './librelinkup-patient-choice';
import {
  useConnectVendor,
  useDisconnectVendor,
  usePullVendorNow,
  useVendorSource,
  type VendorPullSourceResponse,
  type VendorPullVendor,
} from './vendor-pull-api';
import { statusWords } from './vendor-pull-words';

const CARDS = {
  'dexcom-share': {
    title: 'Dexcom Share',
    description:
      'Every 5 minutes, Healthfolio reads the sensor’s readings from Dexcom. Share must be turned on in the Dexcom app, with at least one follower. Use the account of the person wearing the sensor, not a follower’s.',
    account: 'Dexcom user name, email or phone number',
  },
  librelinkup: {
    title: 'LibreLinkUp',
    description:
      'Every 5 minutes, Healthfolio reads the readings of the person your LibreLinkUp account follows. Use the LibreLinkUp (follower) account, not the FreeStyle Libre app’s own.',
    account: 'LibreLinkUp email',
  },
} as const;

/** The radio list gives null while no one is chosen: that is "not chosen yet", not a wrong value. */
const LibreLinkUpForm = LibreLinkUpConnectRequest.extend({
  patientId: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
});

const REGIONS = { us: 'United States', ous: 'Outside the United States', jp: 'Japan' } as const;

/** Both vendors' forms: Dexcom's adds the region. */
type ConnectValues = {
  accountName: string;
  password: string;
  region?: keyof typeof REGIONS;
  /** LibreLinkUp: the followed person chosen, once the server said the account follows several. */
  patientId?: string;
};

function ConnectForm({
  vendor,
  accountName,
  onDone,
}: {
  vendor: VendorPullVendor;
  accountName?: string;
  onDone?: () => void;
}) {
  const w = useWhose();
  const connect = useConnectVendor(vendor);
  const regionId = useId();
  const dexcom = vendor === 'dexcom-share';
  const form = useForm<ConnectValues>({
    resolver: zodResolver(
      dexcom ? DexcomShareConnectRequest : LibreLinkUpForm,
    ) as unknown as Resolver<ConnectValues>,
    defaultValues: { accountName: accountName ?? '', password: '', ...(dexcom && { region: 'us' as const }) },
  });
  const [patients, setPatients] = useState<LibreLinkUpPatient[] | null>(null);
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    if (patients && !values.patientId)
      return form.setError('patientId', { message: 'Choose whose readings to add' });
    connect.mutate(values as DexcomShareConnectRequest | LibreLinkUpConnectRequest, {
      onSuccess: () => {
        form.reset();
        setPatients(null);
        onDone?.();
      },
      onError: (e) => {
        const choices = patientsToChoose(e);
        if (choices) return setPatients(choices);
        toast.error('Could not connect', { description: errorMessage(e, 'Please try again.') });
      },
    });
  });
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <FormField
        label={CARDS[vendor].account}
        autoComplete="off"
        error={errors.accountName?.message}
        {...form.register('accountName')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="off"
        hint="Stored encrypted; never shown again."
        error={errors.password?.message}
        {...form.register('password')}
      />
      {dexcom ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={regionId}>Where {w.your} Dexcom account is</Label>
          <Select id={regionId} {...form.register('region')}>
            {Object.entries(REGIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">Your LibreLinkUp region is found when you connect.</p>
      )}
      {patients && (
        <PatientChoice
          patients={patients}
          field={form.register('patientId')}
          error={errors.patientId?.message}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting…' : patients ? 'Connect this person' : 'Connect and pull'}
        </Button>
        {onDone && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function SourceStatus({ source }: { source: VendorPullSourceResponse }) {
  const when = useWhen();
  const pull = usePullVendorNow(source.vendor);
  const disconnect = useDisconnectVendor(source.vendor);
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const status = statusWords(source, when);
  if (changing)
    return (
      <ConnectForm
        vendor={source.vendor}
        accountName={source.accountName ?? undefined}
        onDone={() => setChanging(false)}
      />
    );
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Account</dt>
        <dd className="break-all">{source.accountName}</dd>
        {source.patientName && (
          <>
            <dt className="text-muted-foreground">Whose readings</dt>
            <dd>{source.patientName}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Last pull</dt>
        <dd>{when(source.lastSyncAt, 'not yet')}</dd>
        <dt className="text-muted-foreground">New readings</dt>
        <dd>{source.lastImported ?? '—'}</dd>
        {source.status === 'ok' && (
          <>
            <dt className="text-muted-foreground">Next pull</dt>
            <dd>{when(source.nextSyncAt)}</dd>
          </>
        )}
      </dl>
      {status.alert ? (
        <Alert variant="destructive" role="alert">
          {status.text}
        </Alert>
      ) : (
        <p className="text-sm" role="status">
          {status.text}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={pull.isPending}
          onClick={() =>
            pull.mutate(undefined, {
              onError: (e) =>
                toast.error('Pull failed', { description: errorMessage(e, 'Please try again.') }),
            })
          }
        >
          <RefreshCw aria-hidden="true" /> {pull.isPending ? 'Pulling…' : 'Pull now'}
        </Button>
        <Button variant="outline" onClick={() => setChanging(true)}>
          <KeyRound aria-hidden="true" /> Change password
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          <Unplug aria-hidden="true" /> Disconnect
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Disconnect ${CARDS[source.vendor].title}?`}
          description="Healthfolio forgets the account and its password. Readings already pulled stay."
          confirmLabel="Disconnect"
          pending={disconnect.isPending}
          onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** A vendor's follower cloud on the devices page: connect, how the pulls go, pull now, disconnect. */
export function VendorPullCard({ vendor }: { vendor: VendorPullVendor }) {
  const w = useWhose();
  const source = useVendorSource(vendor);
  const card = CARDS[vendor];
  return (
    <Card id={vendor}>
      <CardHeader>
        <CardTitle>{card.title}</CardTitle>
        <CardDescription>{card.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={source} what={`${w.your} ${card.title} account`}>
          {(s) => (s.configured ? <SourceStatus source={s} /> : <ConnectForm vendor={vendor} />)}
        </QueryView>
      </CardContent>
    </Card>
  );
}
