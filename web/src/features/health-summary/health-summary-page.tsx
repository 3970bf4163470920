import type { HealthSummaryItem } from '@healthfolio/core/records/health-summary.schema';
import { healthSummaryText, healthSummaryWhen } from '@healthfolio/core/records/health-summary-dates';
import {
  HEALTH_SUMMARY_KINDS,
  HEALTH_SUMMARY_SECTIONS,
} from '@healthfolio/core/records/health-summary-words';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useWhose } from '@/features/household/whose';
import { ImportRecordButton } from '@/features/record-import/import-record-button';
import { QueryView } from '@/features/trackers/screen-parts';
import { dateWords } from './date-words';
import { useHealthSummary } from './health-summary-api';

function ItemRow({ item }: { item: HealthSummaryItem }) {
  const { status, when, details } = healthSummaryWhen(item, (v) => dateWords(v) ?? v);
  return (
    <li className="flex flex-col gap-1 border-b py-3 last:border-b-0">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{healthSummaryText(item.text)}</span>
        {status && <Badge variant="outline">{status}</Badge>}
      </span>
      <span className="text-sm text-muted-foreground">
        {[when, ...Object.entries(details).map(([label, value]) => `${label}: ${dateWords(value) ?? value}`)]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {item.sourceDocumentId && (
        <span className="text-sm text-muted-foreground">
          Source:{' '}
          <Link
            to={`/dashboard/documents?document=${item.sourceDocumentId}`}
            className="underline underline-offset-4"
          >
            {item.sourceDocumentTitle ?? 'the imported record'}
          </Link>
        </span>
      )}
    </li>
  );
}

/** /dashboard/health-summary: what imported records say, read-only, one section per kind. */
export function HealthSummaryPage() {
  const summary = useHealthSummary();
  const w = useWhose();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">
          Conditions, allergies, immunizations, procedures and medications from{' '}
          {w.name ? `${w.your} imported records` : 'the records you imported'}.
        </p>
        <ImportRecordButton />
      </div>
      <QueryView query={summary} what={`${w.your} health summary`}>
        {(items) =>
          items.length === 0 ? (
            <Card>
              <CardContent className="py-8 text-center text-muted-foreground">
                Nothing here yet. Import a record from {w.your} patient portal (FHIR or C-CDA) and its
                conditions, allergies, immunizations, procedures and medications show here.
              </CardContent>
            </Card>
          ) : (
            HEALTH_SUMMARY_KINDS.map((kind) => {
              const list = items.filter((i) => i.kind === kind);
              return (
                <Card key={kind}>
                  <CardHeader>
                    <CardTitle className="text-base">{HEALTH_SUMMARY_SECTIONS[kind]}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    {list.length === 0 ? (
                      <p className="text-sm text-muted-foreground">None in {w.your} imported records.</p>
                    ) : (
                      <ul aria-label={HEALTH_SUMMARY_SECTIONS[kind]}>
                        {list.map((item) => (
                          <ItemRow key={item.id} item={item} />
                        ))}
                      </ul>
                    )}
                  </CardContent>
                </Card>
              );
            })
          )
        }
      </QueryView>
    </div>
  );
}
