import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';
import { CopyField } from '@/features/devices/copy-field';
import { errorMessage } from '@/lib/api';
import { AddEndpointForm } from './health-system-add-form';
import { EndpointRow } from './health-system-endpoint-row';
import {
  type AdminHealthSystemEndpoint,
  useAdminHealthSystems,
  useImportBrands,
} from './health-systems-admin-api';

/** A vendor's bundle lists hundreds of endpoints: the list shows this many, and a search finds the rest. */
const SHOWN = 50;

function BrandsImport() {
  const id = useId();
  const importBrands = useImportBrands();
  const choose = async (file: File | undefined) => {
    if (!file) return;
    let bundle: unknown;
    try {
      bundle = JSON.parse(await file.text());
    } catch {
      toast.error('Could not read the file', {
        description: 'A User-access Brands bundle is a FHIR JSON file.',
      });
      return;
    }
    importBrands.mutate(bundle, {
      onSuccess: ({ added, updated }) =>
        toast.success('Brands imported', {
          description: `${added} ${added === 1 ? 'endpoint' : 'endpoints'} added, ${updated} updated.`,
        }),
      onError: (e) => toast.error('Could not import the bundle', { description: errorMessage(e, '') }),
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Import a User-access Brands bundle</Label>
      <Input
        id={id}
        type="file"
        accept=".json,application/json,application/fhir+json"
        disabled={importBrands.isPending}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p className="text-xs text-muted-foreground">
        {importBrands.isPending
          ? 'Importing…'
          : 'The JSON file a vendor publishes (Epic, Oracle Health and others): its endpoints are added, turned off until you enter a Client ID.'}
      </p>
    </div>
  );
}

const matches = (e: AdminHealthSystemEndpoint, q: string) =>
  [e.name, e.brand ?? '', e.fhirBaseUrl].some((v) => v.toLowerCase().includes(q));

function EndpointList({ endpoints }: { endpoints: AdminHealthSystemEndpoint[] }) {
  const [q, setQ] = useState('');
  const searchId = useId();
  const found = endpoints.filter((e) => matches(e, q.trim().toLowerCase()));
  if (endpoints.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No endpoints yet: import a brands bundle or add one.</p>
    );
  return (
    <div className="flex flex-col gap-3">
      <Label htmlFor={searchId}>Find an endpoint</Label>
      <Input id={searchId} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      <p className="text-xs text-muted-foreground" role="status">
        {found.length > SHOWN
          ? `Showing ${SHOWN} of ${found.length}: search to find the others.`
          : `${found.length} of ${endpoints.length} ${endpoints.length === 1 ? 'endpoint' : 'endpoints'}.`}
      </p>
      <ul aria-label="Health system endpoints" className="flex flex-col gap-3">
        {found.slice(0, SHOWN).map((e) => (
          <EndpointRow key={`${e.id}:${e.clientId}:${e.clientType}:${e.enabled}`} endpoint={e} />
        ))}
      </ul>
    </div>
  );
}

/** The admin's Health systems (issue 36): what to give vendors, and each endpoint's registration. */
export function HealthSystemsTab() {
  const data = useAdminHealthSystems();
  if (data.isPending) return <PageSpinner label="Loading health systems" />;
  if (data.isLoadingError)
    return (
      <ErrorState
        title="Could not load the health systems"
        message={errorMessage(data.error, 'The server did not answer.')}
        onRetry={() => data.refetch()}
      />
    );
  const d = data.data;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Register this Healthfolio</CardTitle>
          <CardDescription>
            Each EHR or insurer vendor registers this instance as an app and gives you a Client ID. Give them
            these two addresses. The steps for Epic, Oracle Health and others are in docs/health-systems.md.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CopyField label="Redirect URI" value={d.redirectUri} />
          <CopyField
            label="JWKS URL"
            value={d.jwksUrl}
            note="For confidential clients (private_key_jwt): the vendor checks this instance’s signature with it."
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Add endpoints</CardTitle>
          <CardDescription>From a vendor’s brands bundle, or one at a time.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <BrandsImport />
          <AddEndpointForm />
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Endpoints</CardTitle>
          <CardDescription>
            Users can connect to an endpoint once it is enabled and has a Client ID.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <EndpointList endpoints={d.endpoints} />
        </CardContent>
      </Card>
    </div>
  );
}
