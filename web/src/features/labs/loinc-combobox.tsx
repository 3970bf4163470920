import { type LabTestDefinition, searchLabTests } from '@healthfolio/core/labs/loinc-subset';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * The test search over the LOINC subset shipped with the app: a combobox (ARIA 1.2 pattern) whose
 * list follows what is typed; arrows move, Enter picks, Escape closes.
 */
export function LoincCombobox({
  value,
  onChange,
  error,
}: {
  value: LabTestDefinition | null;
  onChange: (test: LabTestDefinition) => void;
  error?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = searchLabTests(query).slice(0, 12);
  const pick = (t: LabTestDefinition) => {
    onChange(t);
    setQuery(t.name);
    setOpen(false);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <div className="relative flex flex-col gap-2">
      <Label htmlFor={id}>Test</Label>
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${id}-${options[active].loinc}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        placeholder="Search: LDL, A1c, TSH…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Tests"
          className="absolute top-full z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-card shadow-md"
        >
          {options.length === 0 && (
            <li className="px-3 py-2 text-sm text-muted-foreground">No test matches.</li>
          )}
          {options.map((t, i) => (
            <div
              key={t.loinc}
              id={`${id}-${t.loinc}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={cn('cursor-pointer px-3 py-2 text-sm', i === active && 'bg-muted')}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(t);
              }}
            >
              <span className="font-medium">{t.name}</span>{' '}
              <span className="text-muted-foreground">
                {t.panel} · LOINC {t.loinc}
              </span>
            </div>
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
