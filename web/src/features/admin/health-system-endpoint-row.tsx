import { Save, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { KIND_WORDS } from '@/features/health-systems/kind-words';
import { errorMessage } from '@/lib/api';
import {
  type AdminHealthSystemEndpoint,
  useDeleteEndpoint,
  useUpdateEndpoint,
} from './health-systems-admin-api';

export const CLIENT_TYPES = [
  { value: 'public', label: 'Public (no secret)' },
  { value: 'confidential', label: 'Confidential (private_key_jwt, this instance’s key)' },
] as const;

/** One endpoint: its address, and the registration the admin made with the vendor for it. */
export function EndpointRow({ endpoint: e }: { endpoint: AdminHealthSystemEndpoint }) {
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const typeId = useId();
  const enabledId = useId();
  const [clientId, setClientId] = useState(e.clientId ?? '');
  const [clientType, setClientType] = useState(e.clientType);
  const [enabled, setEnabled] = useState(e.enabled);
  const [confirming, setConfirming] = useState(false);
  const offered = e.enabled && Boolean(e.clientId);
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: e.id, clientId: clientId.trim(), clientType, enabled },
      {
        onSuccess: () => toast.success('Health system saved', { description: e.name }),
        onError: (err) =>
          toast.error('Could not save', { description: errorMessage(err, 'Please try again.') }),
      },
    );
  };
  return (
    <li className="flex flex-col gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h3 className="font-medium">{e.name}</h3>
          <span className="text-xs text-muted-foreground">
            {KIND_WORDS[e.kind]}
            {e.brand && e.brand !== e.name ? ` · ${e.brand}` : ''}
          </span>
          <span className="break-all text-xs text-muted-foreground">FHIR base URL: {e.fhirBaseUrl}</span>
        </div>
        <Badge variant={offered ? 'secondary' : 'outline'}>
          {offered ? 'Offered to users' : e.enabled ? 'Needs a Client ID' : 'Turned off'}
        </Badge>
      </div>
      <form onSubmit={save} className="grid gap-3 sm:grid-cols-2" aria-label={`Registration for ${e.name}`}>
        <FormField
          label="Client ID"
          value={clientId}
          autoComplete="off"
          onChange={(ev) => setClientId(ev.target.value)}
          hint="From the vendor’s registration of this Healthfolio."
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={typeId}>Client type</Label>
          <Select
            id={typeId}
            value={clientType}
            onChange={(ev) => setClientType(ev.target.value as typeof clientType)}
          >
            {CLIENT_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={enabledId}
            type="checkbox"
            className="size-4"
            checked={enabled}
            onChange={(ev) => setEnabled(ev.target.checked)}
          />
          <Label htmlFor={enabledId}>Enabled</Label>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" size="sm" disabled={update.isPending} aria-label={`Save ${e.name}`}>
            <Save aria-hidden="true" /> Save
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={`Remove ${e.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title={`Remove ${e.name}?`}
          description="Users can no longer connect to it. Records already brought in from it stay in their accounts."
          confirmLabel="Remove"
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(e.id, {
              onSuccess: () => setConfirming(false),
              onError: (err) =>
                toast.error('Could not remove', { description: errorMessage(err, 'Please try again.') }),
            })
          }
        />
      )}
    </li>
  );
}
