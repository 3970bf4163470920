import type { PlatformSettingResponse } from '@healthfolio/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { useUpdateSetting } from './admin-api';
import { SETTING_FIELDS, valueFromDraft } from './setting-fields';

/** One setting: its labelled fields, or (advanced, for admins) its stored JSON, which must parse before it is sent. */
export function SettingCard({ setting }: { setting: PlatformSettingResponse }) {
  const spec = SETTING_FIELDS[setting.key];
  const update = useUpdateSetting();
  const [draft, setDraft] = useState<Record<string, unknown>>(setting.value);
  const [asJson, setAsJson] = useState(false);
  const [json, setJson] = useState(JSON.stringify(setting.value, null, 2));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = `setting-${setting.key}`;

  const save = (value: unknown) =>
    update.mutate(
      { key: setting.key, value },
      {
        onSuccess: (saved) => {
          toast.success('Setting updated', { description: 'Platform setting has been saved successfully' });
          setDraft(saved.value);
          setJson(JSON.stringify(saved.value, null, 2));
          setErrors({});
        },
        onError: (e) =>
          toast.error('Failed to update setting', {
            description:
              e instanceof ApiError && e.fieldErrors.length
                ? e.fieldErrors.map((f) => f.message).join('; ')
                : errorMessage(e, ''),
          }),
      },
    );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (asJson) {
      try {
        save(JSON.parse(json));
      } catch (err) {
        setErrors({ json: `This is not valid JSON: ${(err as Error).message}` });
      }
      return;
    }
    const { value, errors: found } = valueFromDraft(spec.fields, draft);
    setErrors(found);
    if (!Object.keys(found).length) save(value);
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border p-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="font-medium">
        {spec.title}
      </h3>
      <p className="text-sm text-muted-foreground">{setting.description}</p>
      {asJson ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-json`}>Stored value (JSON, for admins)</Label>
          <Textarea
            id={`${id}-json`}
            className="font-mono text-xs"
            rows={4}
            value={json}
            aria-invalid={errors.json ? true : undefined}
            aria-describedby={errors.json ? `${id}-json-error` : undefined}
            onChange={(e) => setJson(e.target.value)}
          />
          {errors.json && (
            <p id={`${id}-json-error`} className="text-sm text-destructive">
              {errors.json}
            </p>
          )}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {spec.fields.map((f) => {
            if (f.kind === 'text' && f.showIf && !draft[f.showIf]) return null;
            const set = (v: unknown) => setDraft((d) => ({ ...d, [f.name]: v }));
            if (f.kind === 'boolean')
              return (
                <label key={f.name} className="flex items-center gap-2 text-sm sm:col-span-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={Boolean(draft[f.name])}
                    onChange={(e) => set(e.target.checked)}
                  />
                  {f.label}
                </label>
              );
            if (f.kind === 'choice')
              return (
                <div key={f.name} className="flex flex-col gap-2">
                  <Label htmlFor={`${id}-${f.name}`}>{f.label}</Label>
                  <Select
                    id={`${id}-${f.name}`}
                    value={String(draft[f.name] ?? '')}
                    onChange={(e) => set(e.target.value)}
                  >
                    {f.options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </Select>
                </div>
              );
            return (
              <div key={f.name} className={f.kind === 'text' ? 'sm:col-span-2' : undefined}>
                <FormField
                  id={`${id}-${f.name}`}
                  label={f.label}
                  inputMode={f.kind === 'integer' ? 'numeric' : undefined}
                  value={String(draft[f.name] ?? '')}
                  error={errors[f.name]}
                  onChange={(e) => set(e.target.value)}
                />
              </div>
            );
          })}
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save<span className="sr-only"> {spec.title}</span>
        </Button>
        {/* For an admin who needs the stored value itself (scripts, support): off the main path. */}
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs text-muted-foreground"
          aria-pressed={asJson}
          onClick={() => setAsJson((v) => !v)}
        >
          {asJson ? 'Back to the form' : 'Advanced: edit the stored value'}
        </Button>
      </div>
    </form>
  );
}
