import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { downloadFile, errorMessage } from '@/lib/api';
import type { ApiPath } from '@/lib/api-path';
import { useAdminData } from './admin-api';
import { formatBytes, formatCount } from './admin-format';
import { BackupsCard } from './backups-card';
import { FigureNotes } from './figure-note';

export function DataTab() {
  const data = useAdminData();
  if (data.isPending) return <PageSpinner label="Loading data figures" />;
  if (data.isLoadingError)
    return (
      <ErrorState
        message={errorMessage(data.error, 'The figures could not be loaded.')}
        onRetry={() => data.refetch()}
      />
    );
  const d = data.data;
  const day = new Date().toISOString().slice(0, 10);
  const exportCsv = (path: ApiPath, name: string) => () =>
    downloadFile(path, name).catch((e) => toast.error('Export failed', { description: errorMessage(e, '') }));
  const exports: { label: string; path: ApiPath; name: string }[] = [
    { label: 'Export users (CSV)', path: '/api/v1/admin/users/export', name: `users-${day}.csv` },
    { label: 'Export table summary (CSV)', path: '/api/v1/admin/data/export', name: `data-${day}.csv` },
    {
      label: 'Export audit log (30 days, CSV)',
      path: '/api/v1/admin/audit-logs/export?window=30d',
      name: 'audit-logs-30d.csv',
    },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Tables</CardTitle>
          <CardDescription>Rows and space on disk (indexes included) per table.</CardDescription>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm">
            <caption className="sr-only">Rows and size per table</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="font-medium">
                  Table
                </th>
                <th scope="col" className="font-medium">
                  Area
                </th>
                <th scope="col" className="text-right font-medium">
                  Rows
                </th>
                <th scope="col" className="text-right font-medium">
                  Size
                </th>
              </tr>
            </thead>
            <tbody>
              {d.tables.map((t) => (
                <tr key={t.table} className="border-t">
                  <td className="py-1 font-mono text-xs">{t.table}</td>
                  <td className="py-1">{t.area}</td>
                  <td className="py-1 text-right tabular-nums">{formatCount(t.rows)}</td>
                  <td className="py-1 text-right tabular-nums">{formatBytes(t.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <div className="flex flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Storage</CardTitle>
            <CardDescription>
              Database ({d.database === 'pglite' ? 'embedded' : 'PostgreSQL'}): {formatBytes(d.databaseBytes)}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-1 text-sm" aria-label="Storage per area">
              {d.areas.map((a) => (
                <li key={a.area} className="flex justify-between gap-2">
                  <span>{a.area}</span>
                  <span className="tabular-nums">{formatBytes(a.bytes)}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Export</CardTitle>
            <CardDescription>CSV files without any health value; each export is audited.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 text-sm">
            {exports.map((e) => (
              <Button
                key={e.path}
                variant="outline"
                className="self-start"
                onClick={exportCsv(e.path, e.name)}
              >
                <Download aria-hidden="true" />
                {e.label}
              </Button>
            ))}
          </CardContent>
        </Card>
        <FigureNotes notes={d.unavailable} />
      </div>
      <BackupsCard />
    </div>
  );
}
