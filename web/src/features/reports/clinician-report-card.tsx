import {
  CLINICIAN_REPORT_DAYS,
  type ClinicianReportDays,
  clinicianReportPath,
} from '@healthfolio/core/reports/report-days';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Segmented } from '@/components/ui/segmented';
import { useWhose } from '@/features/household/whose';
import { downloadFile, errorMessage } from '@/lib/api';

const OPTIONS = CLINICIAN_REPORT_DAYS.map((d) => ({ value: d, label: `${d} days` }));
const today = () => new Date().toLocaleDateString('en-CA');

/** The printable clinician report (PDF) for the last 14 or 90 days, to bring or send to a care team. */
export function ClinicianReportCard() {
  const w = useWhose();
  const [days, setDays] = useState<ClinicianReportDays>(14);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(clinicianReportPath(days), `clinician-report-${days}-days-${today()}.pdf`);
    } catch (e) {
      setError(errorMessage(e, 'The report could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Clinician report</CardTitle>
        <CardDescription>
          A printable PDF for {w.your} care team: {w.your} glucose profile (AGP) with time in range and time
          in tight range, daily profiles, blood pressure, weight, medications, recent lab results and insulin.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Segmented label="Report period" options={OPTIONS} value={days} onChange={setDays} />
          <Button onClick={download} disabled={busy} aria-busy={busy}>
            <Download aria-hidden="true" /> {busy ? `Preparing ${w.your} report…` : 'Download PDF'}
          </Button>
        </div>
        {error && (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
