import { CreateHealthSystemRequest } from '@healthfolio/core/health-systems/health-systems.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api';
import { CLIENT_TYPES } from './health-system-endpoint-row';
import { useAddEndpoint } from './health-systems-admin-api';

type AddEndpoint = CreateHealthSystemRequest & { clientId: string };

const DEFAULTS: AddEndpoint = {
  name: '',
  kind: 'provider',
  fhirBaseUrl: '',
  clientId: '',
  clientType: 'public',
};

/** One endpoint by hand: a portal not in any brands bundle, or a test server. */
export function AddEndpointForm() {
  const add = useAddEndpoint();
  const kindId = useId();
  const typeId = useId();
  const form = useForm<AddEndpoint>({
    resolver: zodResolver(CreateHealthSystemRequest) as unknown as Resolver<AddEndpoint>,
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ clientId, ...values }) =>
    add.mutate(
      { ...values, ...(clientId ? { clientId } : {}) },
      {
        onSuccess: (endpoint) => {
          toast.success('Health system added', { description: endpoint.name });
          form.reset(DEFAULTS);
        },
        onError: (e) => {
          const fields = e instanceof ApiError ? e.fieldErrors : [];
          for (const f of fields)
            if (f.path in DEFAULTS) form.setError(f.path as keyof AddEndpoint, { message: f.message });
          if (fields.length === 0) toast.error('Could not add it', { description: errorMessage(e, '') });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby={`${kindId}-title`}>
      <h3 id={`${kindId}-title`} className="font-medium">
        Add an endpoint by hand
      </h3>
      <FormField label="Name" error={errors.name?.message} {...form.register('name')} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={kindId}>Kind</Label>
        <Select id={kindId} {...form.register('kind')}>
          <option value="provider">Health system (patient portal)</option>
          <option value="payer">Insurer (Patient Access API)</option>
        </Select>
      </div>
      <FormField
        label="FHIR base URL"
        type="url"
        placeholder="https://fhir.example.org/api/FHIR/R4"
        error={errors.fhirBaseUrl?.message}
        {...form.register('fhirBaseUrl')}
      />
      <FormField
        label="Client ID"
        autoComplete="off"
        hint="Leave empty until the vendor has given you one."
        error={errors.clientId?.message}
        {...form.register('clientId')}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={typeId}>Client type</Label>
        <Select id={typeId} {...form.register('clientType')}>
          {CLIENT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="self-start" disabled={add.isPending}>
        <Plus aria-hidden="true" /> Add endpoint
      </Button>
    </form>
  );
}
