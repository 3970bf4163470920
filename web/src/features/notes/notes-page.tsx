import type { NotificationResponse } from '@healthfolio/core';
import { Plus, Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { NoteList } from './note-list';
import { useDebouncedValue } from './use-debounced-value';

// The dialogs (and their form library) load when one is opened, not with the page.
const NoteDialog = lazy(async () => ({ default: (await import('./note-dialog')).NoteDialog }));
const DeleteNoteDialog = lazy(async () => ({
  default: (await import('./delete-note-dialog')).DeleteNoteDialog,
}));

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; note: NotificationResponse }
  | { kind: 'delete'; note: NotificationResponse };

/** /dashboard/notes: the user's notes (type note) to add, search, edit, read and delete. */
export function NotesPage() {
  const { profile } = useDashboardContext();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, 250);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor="notes-search">Search notes</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="notes-search"
              type="search"
              className="pl-9"
              placeholder="Title or text"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <Button onClick={() => setOpen({ kind: 'add' })}>
          <Plus aria-hidden="true" />
          Add Note
        </Button>
      </div>
      <NoteList
        query={query}
        timeZone={profile.timezone}
        onEdit={(note) => setOpen({ kind: 'edit', note })}
        onDelete={(note) => setOpen({ kind: 'delete', note })}
      />
      <Suspense fallback={null}>
        {open?.kind === 'add' && <NoteDialog onClose={close} />}
        {open?.kind === 'edit' && <NoteDialog note={open.note} onClose={close} />}
        {open?.kind === 'delete' && <DeleteNoteDialog note={open.note} onClose={close} />}
      </Suspense>
    </div>
  );
}
