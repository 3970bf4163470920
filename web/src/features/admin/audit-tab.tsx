import type { AuditWindow } from '@healthfolio/core';
import { Download, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { LoadMore } from '@/components/ui/load-more';
import { Segmented } from '@/components/ui/segmented';
import { PageSpinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { downloadFile, errorMessage } from '@/lib/api';
import { auditQueryString, useAuditLogs } from './admin-api';
import { formatDateTime } from './admin-format';

const WINDOWS = [
  { value: '24h', label: '24h' },
  { value: '7d', label: '7d' },
  { value: '30d', label: '30d' },
] as const;

export function AuditTab() {
  const { timezone } = useDashboardContext().profile;
  const [window, setWindow] = useState<AuditWindow>('24h');
  const [q, setQ] = useState('');
  const search = useDeferredValue(q);
  const logs = useAuditLogs(window, search);
  const items = logs.data?.pages.flatMap((p) => p.items) ?? [];
  const exportCsv = () =>
    downloadFile(
      `/api/v1/admin/audit-logs/export?${auditQueryString(window, search)}`,
      `audit-logs-${window}.csv`,
    ).catch((e) => toast.error('Export failed', { description: errorMessage(e, '') }));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 md:flex-row md:items-center">
        <div className="relative flex-1">
          <Search className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            aria-label="Search audit logs by name, email, action, kind of record or user id"
            placeholder="Search by name, email, action, kind of record or user id"
            className="pl-9"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <Segmented label="Time window" options={WINDOWS} value={window} onChange={setWindow} />
        <Button variant="outline" onClick={exportCsv}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      {logs.isPending ? (
        <PageSpinner label="Loading audit logs" />
      ) : logs.isLoadingError ? (
        <ErrorState
          title="Audit logs could not be loaded"
          message={errorMessage(logs.error, '')}
          onRetry={() => logs.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="p-6 text-center text-muted-foreground">No audit logs found matching your criteria</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">Audit logs, newest first</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                {['Time', 'What happened', 'Person', 'Browser', 'IP address'].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id} className="border-t align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(e.createdAt, timezone)}</td>
                  <td className="px-3 py-2">
                    <span className="font-medium">{e.summary}</span>
                    {e.detail && <span className="block text-xs text-muted-foreground">{e.detail}</span>}
                  </td>
                  <td className="px-3 py-2">
                    {e.person?.name ?? 'The system'}
                    {e.person?.email && (
                      <span className="block text-xs text-muted-foreground">{e.person.email}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-xs">{e.device ?? '—'}</td>
                  <td className="px-3 py-2 font-mono text-xs">{e.ipAddress ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={logs} what="audit logs" />
    </div>
  );
}
