import {
  ACCESS_LEVEL_DESCRIPTIONS,
  ACCESS_LEVELS,
  type AccessLevel,
  SHARE_CATEGORIES,
  SHARE_CATEGORY_LABELS,
  SHARE_EXPIRY_DAYS,
  type ShareCategory,
} from '@healthfolio/core/sharing/share-rules';
import { useId } from 'react';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { levelLabel } from './share-format';

/** Access level with its one-line meaning (what the server enforces). */
export function AccessLevelField({
  value,
  onChange,
}: {
  value: AccessLevel;
  onChange: (v: AccessLevel) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Access Level</Label>
      <Select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value as AccessLevel)}
      >
        {ACCESS_LEVELS.map((l) => (
          <option key={l} value={l}>
            {levelLabel(l)}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {ACCESS_LEVEL_DESCRIPTIONS[value]}
      </p>
    </div>
  );
}

/** 7, 30, 90, 365 days or never. */
export function ExpiryField({
  value,
  onChange,
  label = 'Access Expires',
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value === null ? 'never' : String(value)}
        onChange={(e) => onChange(e.target.value === 'never' ? null : Number(e.target.value))}
      >
        {SHARE_EXPIRY_DAYS.map((d) => (
          <option key={d} value={String(d)}>
            {d} days
          </option>
        ))}
        <option value="never">Never</option>
      </Select>
    </div>
  );
}

export function CategoriesField({
  value,
  onChange,
  error,
}: {
  value: ShareCategory[];
  onChange: (v: ShareCategory[]) => void;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <CheckboxGroup
        legend="Data to Share"
        name="categories"
        options={SHARE_CATEGORIES.map((c) => ({ value: c, label: SHARE_CATEGORY_LABELS[c] }))}
        value={value}
        onChange={(v) => onChange(SHARE_CATEGORIES.filter((c) => v.includes(c)))}
      />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
