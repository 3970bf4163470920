import { exportFilename } from '@healthfolio/core/insurance/export';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { downloadFile, errorMessage } from '@/lib/api';
import { exportPath } from './insurance-api';
import { useInsuranceLocale } from './insurance-format';

/** Claims and bills of a chosen year as CSV: the file for an HSA administrator or a tax preparer. */
export function ExportCard({ years }: { years: number[] }) {
  const { today } = useInsuranceLocale();
  const current = Number(today.slice(0, 4));
  const choices = [...new Set([current, ...years])].sort((a, b) => b - a);
  const [year, setYear] = useState(current);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(exportPath(year), exportFilename(year));
      toast.success('Download Started', { description: exportFilename(year) });
    } catch (error) {
      toast.error('Export failed', { description: errorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Export Claims and Bills</CardTitle>
        <CardDescription>
          A CSV of a year's claims and bills, for your HSA administrator or tax preparer.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor={id}>Year</Label>
          <Select id={id} value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {choices.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={download} disabled={busy}>
          <Download aria-hidden="true" /> {busy ? 'Exporting…' : 'Export CSV'}
        </Button>
      </CardContent>
    </Card>
  );
}
