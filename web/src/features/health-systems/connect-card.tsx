import { Building2, Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Segmented } from '@/components/ui/segmented';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { ImportRecordButton } from '@/features/record-import/import-record-button';
import { QueryView } from '@/features/trackers/screen-parts';
import { errorMessage } from '@/lib/api';
import { DiscoveryPreview } from './discovery-preview';
import { type HealthSystemKind, useDiscover, useEndpoints } from './health-systems-api';
import { KIND_WORDS } from './kind-words';
import { NOT_SET_UP, useCanConnect } from './use-can-connect';

/** The server being looked at: one from the list (with its name) or an address the user typed. */
export type ConnectTarget = { name: string | null; fhirBaseUrl: string };

const KINDS = [
  { value: '', label: 'All' },
  { value: 'provider', label: 'Health systems' },
  { value: 'payer', label: 'Insurers' },
] as const;

/** A typed address without a name: its host stands for it ("fhir.example.org"). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function EndpointSearch({ onChoose }: { onChoose: (t: ConnectTarget) => void }) {
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<HealthSystemKind | ''>('');
  // The server is asked once typing pauses, not at every key.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(q), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const endpoints = useEndpoints(asked, kind);
  const listId = useId();
  return (
    <div className="flex flex-col gap-3">
      <FormField
        label="Search health systems and insurers"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-controls={listId}
        autoComplete="off"
      />
      <Segmented label="Show" options={KINDS} value={kind} onChange={setKind} />
      <QueryView query={endpoints} what="the health systems">
        {(items) =>
          items.length === 0 ? (
            <p id={listId} className="text-sm text-muted-foreground" role="status">
              {q.trim() || kind
                ? 'None of the health systems this Healthfolio knows matches. You can type the portal’s FHIR address below.'
                : 'This Healthfolio does not know any health systems yet: whoever runs it can add them in the admin console. You can type the portal’s FHIR address below.'}
            </p>
          ) : (
            <ul
              id={listId}
              aria-label="Health systems and insurers"
              className="flex max-h-80 flex-col gap-2 overflow-y-auto"
            >
              {items.map((e) => (
                <li
                  key={e.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="font-medium">{e.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {KIND_WORDS[e.kind]}
                      {e.brand && e.brand !== e.name ? ` · ${e.brand}` : ''}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Choose ${e.name}`}
                    onClick={() => onChoose({ name: e.name, fhirBaseUrl: e.fhirBaseUrl })}
                  >
                    Choose
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}

function AddressForm({ onChoose }: { onChoose: (t: ConnectTarget) => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    if (!/^https?:\/\/[^/\s]+/i.test(value))
      return setError('Type the whole address, starting with https://');
    setError(undefined);
    onChoose({ name: null, fhirBaseUrl: value });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <FormField
        label="Or type the portal’s FHIR address"
        type="url"
        inputMode="url"
        placeholder="https://fhir.example.org/api/FHIR/R4"
        hint="The portal’s help pages call it the FHIR base URL or the patient access API address."
        value={url}
        error={error}
        onChange={(e) => setUrl(e.target.value)}
      />
      <Button type="submit" variant="outline" className="self-start">
        <Search aria-hidden="true" /> Check this address
      </Button>
    </form>
  );
}

/** "Connect a health system": choose or type a server, see what it would be asked for, then connect. */
export function ConnectCard({
  target,
  onTarget,
}: {
  target: ConnectTarget | null;
  onTarget: (t: ConnectTarget | null) => void;
}) {
  const discover = useDiscover();
  const { mutate, reset } = discover;
  useEffect(() => {
    reset();
    if (target) mutate(target.fhirBaseUrl);
  }, [target, mutate, reset]);
  const name = target?.name ?? (target ? hostOf(target.fhirBaseUrl) : '');
  const canConnect = useCanConnect();
  const w = useWhose();
  return (
    <Card id="connect">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5 text-primary" aria-hidden="true" />
          Connect a health system
        </CardTitle>
        <CardDescription>
          {canConnect === false
            ? NOT_SET_UP
            : `Bring in ${w.your} records from a hospital’s or clinic’s patient portal, or ${w.your} claims from ${w.your} insurer. Healthfolio connects to them directly and keeps bringing in what is new.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {canConnect === undefined && !target ? (
          <Spinner label="Loading the health systems" className="p-4" />
        ) : canConnect === false && !target ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm">
              You can still bring in {w.your} records with a file downloaded from {w.your} patient portal.
            </p>
            <ImportRecordButton />
          </div>
        ) : target ? (
          discover.isPending || discover.isIdle ? (
            <Spinner label={`Reading what ${name} offers`} className="p-4" />
          ) : discover.isError ? (
            <div className="flex flex-col gap-3">
              <Alert variant="destructive" role="alert">
                {errorMessage(discover.error, `Healthfolio could not read what ${name} offers.`)}
              </Alert>
              <Button variant="outline" className="self-start" onClick={() => onTarget(null)}>
                Choose another
              </Button>
            </div>
          ) : (
            <DiscoveryPreview name={name} discovery={discover.data} onCancel={() => onTarget(null)} />
          )
        ) : (
          <>
            <EndpointSearch onChoose={onTarget} />
            <AddressForm onChoose={onTarget} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
