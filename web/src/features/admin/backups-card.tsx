import type { AdminBackup } from '@healthfolio/core/admin/admin-backups.schema';
import { DatabaseBackup, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { useBackups, useCreateBackup, useDeleteBackup } from './admin-api';
import { formatBytes, formatDateTime } from './admin-format';

const STATE_LABEL: Record<AdminBackup['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

function BackupState({ backup: b }: { backup: AdminBackup }) {
  if (b.state === 'running') return <span role="status">Running… {formatBytes(b.sizeBytes)} written</span>;
  return (
    <Badge variant={b.state === 'failed' ? 'destructive' : b.state === 'done' ? 'secondary' : 'outline'}>
      {STATE_LABEL[b.state]}
    </Badge>
  );
}

function BackupRow({ backup: b, onDelete }: { backup: AdminBackup; onDelete: () => void }) {
  const { timezone } = useDashboardContext().profile;
  return (
    <tr className="border-t align-top">
      <td className="py-2 pr-3">{formatDateTime(b.createdAt, timezone)}</td>
      <td className="hidden px-3 py-2 sm:table-cell">{b.createdByName ?? 'A deleted account'}</td>
      <td className="px-3 py-2">
        <BackupState backup={b} />
        {b.error && <p className="mt-1 max-w-md text-xs text-destructive">{b.error}</p>}
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {b.state === 'done' ? formatBytes(b.sizeBytes) : '—'}
      </td>
      <td className="hidden px-3 py-2 font-mono text-xs md:table-cell" title={b.sha256 ?? undefined}>
        {b.sha256 ? `${b.sha256.slice(0, 12)}…` : '—'}
      </td>
      <td className="py-2 pl-3">
        <div className="flex flex-wrap justify-end gap-2">
          {b.state === 'done' && (
            <Button asChild variant="outline" size="sm">
              {/* A link, so the browser streams the file to disk (a backup can be larger than memory). */}
              <a href={`/api/v1/admin/backups/${b.id}/download`} download={b.fileName}>
                <Download aria-hidden="true" />
                Download<span className="sr-only"> {b.fileName}</span>
              </a>
            </Button>
          )}
          {b.state !== 'running' && (
            <Button variant="ghost" size="sm" onClick={onDelete}>
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only"> the backup of {formatDateTime(b.createdAt, timezone)}</span>
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Data Management's backups: Back up now, the list (polled while one runs), Download and Delete. */
export function BackupsCard() {
  const { timezone } = useDashboardContext().profile;
  const backups = useBackups();
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const [deleting, setDeleting] = useState<AdminBackup | null>(null);
  const backUp = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success('Backup started', { description: 'It shows as Done when it is ready.' }),
      onError: (e) => toast.error('Backup failed', { description: errorMessage(e, '') }),
    });
  return (
    <Card className="lg:col-span-3">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Backups</CardTitle>
          <CardDescription>
            The whole database, encrypted at rest on the server.
            {backups.data && ` The newest ${backups.data.keep} are kept.`} Restoring is described in
            docs/operations.md.
          </CardDescription>
        </div>
        <Button onClick={backUp} disabled={create.isPending}>
          <DatabaseBackup aria-hidden="true" />
          Back up now
        </Button>
      </CardHeader>
      <CardContent>
        {backups.isPending ? (
          <PageSpinner label="Loading backups" />
        ) : backups.isLoadingError ? (
          <ErrorState
            message={errorMessage(backups.error, 'The backups could not be loaded.')}
            onRetry={() => backups.refetch()}
          />
        ) : backups.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No backups yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Backups, newest first</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap first:pl-0">
                    When
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium whitespace-nowrap sm:table-cell">
                    By
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    State
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                    Size
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium whitespace-nowrap md:table-cell">
                    SHA-256
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap last:pr-0">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {backups.data.items.map((b) => (
                  <BackupRow key={b.id} backup={b} onDelete={() => setDeleting(b)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      {deleting && (
        <ConfirmDialog
          title="Delete this backup?"
          description={`The backup of ${formatDateTime(deleting.createdAt, timezone)} and its file are removed for good.`}
          confirmLabel="Delete backup"
          keepLabel="Cancel"
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success('Backup deleted');
                setDeleting(null);
              },
              onError: (e) => toast.error('Delete failed', { description: errorMessage(e, '') }),
            })
          }
        />
      )}
    </Card>
  );
}
