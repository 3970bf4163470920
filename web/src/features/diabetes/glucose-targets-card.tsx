import { GlucoseTargets, type GlucoseTargetsResponse } from '@healthfolio/core/glucose/targets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api';
import { type GlucoseFormat, useGlucoseFormat } from './format';

const PATH = '/api/v1/glucose/targets';
const key = ['glucose', 'targets'] as const;
type Field = 'urgentLow' | 'targetLow' | 'targetHigh' | 'urgentHigh';
const FIELDS: { field: Field; label: string; hint: string }[] = [
  {
    field: 'urgentLow',
    label: 'Urgent low',
    hint: 'Below this, your followers’ apps sound their urgent alarm.',
  },
  { field: 'targetLow', label: 'Low end of your range', hint: 'Below this counts as low.' },
  { field: 'targetHigh', label: 'High end of your range', hint: 'Above this counts as high.' },
  {
    field: 'urgentHigh',
    label: 'Urgent high',
    hint: 'Above this, followers’ apps sound their urgent alarm.',
  },
];

const asText = (t: GlucoseTargetsResponse, fmt: GlucoseFormat) =>
  Object.fromEntries(FIELDS.map(({ field }) => [field, fmt.value(t[field])])) as Record<Field, string>;

function TargetsForm({ targets, fmt }: { targets: GlucoseTargetsResponse; fmt: GlucoseFormat }) {
  const client = useQueryClient();
  const [text, setText] = useState(() => asText(targets, fmt));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (body: GlucoseTargets) => api<GlucoseTargetsResponse>(PATH, { method: 'PUT', body }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      toast.success('Success!', { description: 'Your glucose targets were saved.' });
    },
    onError: (error) =>
      toast.error('Error', { description: errorMessage(error, 'Failed to save your targets') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = Object.fromEntries(
      FIELDS.map(({ field }) => {
        const mgdl = fmt.parse(text[field]);
        return [field, mgdl === null ? undefined : Math.round(mgdl)];
      }),
    );
    const parsed = GlucoseTargets.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        // Limits are kept in mg/dL; say them in the person's unit.
        found[field] ??= issue.message.replace(/(\d+) mg\/dL/, (_, n) => fmt.withUnit(Number(n)));
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ field, label, hint }) => (
          <FormField
            key={field}
            label={`${label} (${fmt.unit})`}
            hint={hint}
            inputMode="decimal"
            value={text[field]}
            onChange={(e) => setText((t) => ({ ...t, [field]: e.target.value }))}
            error={errors[field]}
          />
        ))}
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save targets
        </Button>
      </div>
    </form>
  );
}

/**
 * The person's own glucose lines (urgent low, range, urgent high). Followers' apps (Nightscout's
 * `thresholds`) draw and alarm with them; the words for a reading stay the consensus ones.
 */
export function GlucoseTargetsCard() {
  const fmt = useGlucoseFormat();
  const targets = useQuery({ queryKey: key, queryFn: () => api<GlucoseTargetsResponse>(PATH) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Glucose targets</CardTitle>
        <CardDescription>
          Your own range and urgent lines. The apps that follow you (LoopFollow, Nightguard, xDrip+) draw and
          alarm with them. Until you change them they are {fmt.withUnit(54)}, {fmt.value(70)}–
          {fmt.withUnit(180)} and {fmt.withUnit(250)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {targets.isPending ? (
          <Spinner label="Loading your glucose targets" />
        ) : targets.isLoadingError ? (
          <p className="text-sm text-destructive">
            {errorMessage(targets.error, 'Could not load your glucose targets.')}
          </p>
        ) : (
          <TargetsForm targets={targets.data} fmt={fmt} />
        )}
      </CardContent>
    </Card>
  );
}
