import type { EntryResponse } from '@healthfolio/core';
import { Pencil, Trash } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { whoseRecord } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { entryDetailRows } from './entry-detail-rows';
import { mealPhotoUrl } from './meal-photo-api';
import { LOG_TRACKERS, type LogTracker } from './tracker-meta';
import { useDeleteEntry } from './use-entries';

const editable = (tracker: string): tracker is LogTracker =>
  (LOG_TRACKERS as readonly string[]).includes(tracker);

/** "{type} Details": date, time, value, the data's key/values and notes, with Edit and Delete. */
export function EntryDetailsDialog({
  entry,
  onClose,
  onEdit,
}: {
  entry: EntryResponse;
  onClose: () => void;
  onEdit: (entry: EntryResponse & { tracker: LogTracker }) => void;
}) {
  const { profile, acting } = useDashboardContext();
  const w = whoseRecord(acting);
  const { glucoseUnit: unit, timezone } = profile;
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEntry();
  const photoId = typeof entry.data.mealPhotoId === 'string' ? entry.data.mealPhotoId : null;
  const rows = entryDetailRows(entry, unit, timezone, w);
  const del = () =>
    remove.mutate(entry.id, {
      onSuccess: () => {
        toast.success('Entry deleted', { description: `The ${entry.title} entry was removed.` });
        onClose();
      },
      onError: (error) =>
        toast.error('Delete failed', { description: errorMessage(error, 'The entry could not be deleted.') }),
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{entry.title} Details</DialogTitle>
          <DialogDescription>Everything recorded with this entry.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{key}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
          <dt className="text-muted-foreground">Notes</dt>
          <dd className="whitespace-pre-wrap break-words">{entry.notes || 'No notes'}</dd>
        </dl>
        {photoId ? (
          <figure className="flex flex-col gap-1">
            <img
              src={mealPhotoUrl(photoId)}
              alt={
                typeof entry.data.value === 'string' && entry.data.value
                  ? `${w.Your} meal: ${entry.data.value}`
                  : w.name
                    ? `${w.Your} meal, as it was logged`
                    : 'Your meal, as you logged it'
              }
              loading="lazy"
              width={160}
              height={120}
              className="h-30 w-40 rounded-md border object-cover"
            />
            <figcaption className="text-xs text-muted-foreground">Meal photo</figcaption>
          </figure>
        ) : null}
        {confirming ? (
          <div role="alert" className="flex flex-col gap-3 rounded-lg border border-destructive/50 p-3">
            <p className="text-sm">Delete this entry? This cannot be undone.</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="destructive" onClick={del} disabled={remove.isPending}>
                {remove.isPending ? 'Deleting…' : 'Delete entry'}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Keep entry
              </Button>
            </div>
          </div>
        ) : (
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <Trash aria-hidden="true" /> Delete
            </Button>
            {editable(entry.tracker) && (
              <Button onClick={() => onEdit(entry as EntryResponse & { tracker: LogTracker })}>
                <Pencil aria-hidden="true" /> Edit
              </Button>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
