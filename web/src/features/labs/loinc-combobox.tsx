import { type LabTestDefinition, searchLabTests } from '@healthfolio/core/labs/loinc-subset';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * The test search over the LOINC subset shipped with the app: a combobox (ARIA 1.2 pattern) whose
 * list follows what is typed. The list opens on typing, a click or Down arrow; arrows move, Enter
 * picks the highlighted test (nothing is highlighted until an arrow is pressed, so Enter never picks a
 * test the user did not point at), Escape closes the list only (see DialogContent), and Tab leaves
 * the field: the list is not in the tab order.
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
  const [active, setActive] = useState(-1);
  const options = searchLabTests(query).slice(0, 12);
  // A message beside the list, not inside it: a listbox holds only options.
  const noMatch = open && options.length === 0;
  const pick = (t: LabTestDefinition) => {
    onChange(t);
    setQuery(t.name);
    close();
  };
  function close() {
    setOpen(false);
    setActive(-1);
  }
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
      // The dialog leaves Escape to a control whose list is open (DialogContent).
      e.preventDefault();
      close();
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
          setActive(-1);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {/* Both stay mounted, shown or hidden: removing them as the field loses focus (Tab) made the
          dialog's focus trap, which sees a node removed while nothing has focus yet, pull focus
          back to the dialog itself. */}
      <p
        role="status"
        hidden={!noMatch}
        className="absolute top-full z-10 mt-1 w-full rounded-md border bg-card px-3 py-2 text-sm text-muted-foreground shadow-md"
      >
        {noMatch ? 'No test matches.' : ''}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Tests"
        // Out of the tab order: a scrollable box is otherwise a Tab stop in Chromium.
        tabIndex={-1}
        hidden={!open || options.length === 0}
        className="absolute top-full z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-card shadow-md"
      >
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
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
