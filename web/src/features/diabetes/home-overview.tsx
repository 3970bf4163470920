import type { GlucoseReadingResponse } from '@healthfolio/core';
import { glucoseChartScale } from '@healthfolio/core/glucose/chart-scale';
import { glucoseDecimals } from '@healthfolio/core/units/glucose-units';
import { Camera, Droplet, type LucideIcon, Syringe } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { levelLinesText } from '@/features/glucose-analytics/glucose-summary';
import { useWhose } from '@/features/household/whose';
import { ChartTreatmentsList, useChartTreatments } from './chart-treatments';
import type { GlucoseFormat } from './format';
import { useGlucoseTargets } from './glucose-api';
import { RangeTag } from './glucose-ui';
import { RecentReadingsChart } from './recent-readings-chart';

export type HomeAction = 'blood-glucose' | 'meal' | 'insulin';

const ACTIONS: { id: HomeAction; title: string; text: string; icon: LucideIcon }[] = [
  { id: 'blood-glucose', title: 'Log Glucose', text: 'Record a meter or sensor reading', icon: Droplet },
  { id: 'meal', title: 'Photo Meal', text: 'Log a meal and its carbs', icon: Camera },
  { id: 'insulin', title: 'Log Insulin', text: 'Calculate and log a dose', icon: Syringe },
];

/**
 * Line chart of the last 12 readings (axis 60–220, widened to hold every reading; dashed lines at
 * the person's range — 70 and 180 until they set theirs — and at 54 or 250 when a reading passes
 * them), with the boluses, carbs and temp basals of those readings' window, and the action cards.
 */
export function HomeOverview({
  readings,
  fmt,
  onAction,
}: {
  readings: GlucoseReadingResponse[];
  fmt: GlucoseFormat;
  onAction: (action: HomeAction) => void;
}) {
  const last12 = readings.slice(0, 12).reverse();
  const data = last12.map((r) => ({
    id: r.id,
    at: Date.parse(r.recordedAt),
    label: fmt.time(r.recordedAt),
    value: fmt.toUnit(r.valueMgdl),
  }));
  const readingsText = last12.length === 1 ? 'reading' : `${last12.length} readings`;
  const targets = useGlucoseTargets().data;
  const whose = useWhose();
  const range = targets ? { low: targets.targetLow, high: targets.targetHigh } : undefined;
  const scale = glucoseChartScale(
    last12.map((r) => r.valueMgdl),
    fmt.unit,
    [60, 220],
    range,
  );
  const from = data[0]?.at ?? 0;
  const to = data.at(-1)?.at ?? 0;
  const treatments = useChartTreatments(from, to, data.length > 0);
  const drawn = treatments.boluses.length + treatments.carbs.length + treatments.temps.length > 0;
  return (
    <div className="flex flex-col gap-4">
      {last12.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Recent readings</CardTitle>
            <CardDescription>
              {whose.Your} last {readingsText} in {fmt.unit}; dashed lines mark {levelLinesText(scale, fmt)}
              {targets?.custom
                ? ` (${whose.your} range is ${fmt.value(targets.targetLow)}–${fmt.value(targets.targetHigh)})`
                : ''}
              .
              {drawn &&
                ' Triangles at the top are insulin doses, dots at the bottom carbs, the band below temporary basals.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <figure
              aria-label={`Line chart of ${whose.your} last ${last12.length === 1 ? 'glucose reading' : `${last12.length} glucose readings`}`}
              className="m-0"
            >
              <div aria-hidden="true">
                <RecentReadingsChart
                  data={data}
                  domain={scale.domain}
                  ticks={scale.ticks}
                  lines={scale.lines}
                  decimals={glucoseDecimals(fmt.unit)}
                  treatments={treatments}
                />
              </div>
              <ChartTreatmentsList treatments={treatments} time={fmt.time} />
            </figure>
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-primary">
                Show these readings as a list
              </summary>
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {[...last12].reverse().map((r) => (
                  <li key={r.id} className="flex flex-wrap gap-x-2">
                    <span className="text-muted-foreground">{fmt.dateTime(r.recordedAt)}</span>
                    <span className="font-medium tabular-nums">{fmt.withUnit(r.valueMgdl)}</span>
                    <RangeTag mgdl={r.valueMgdl} />
                  </li>
                ))}
              </ul>
            </details>
          </CardContent>
        </Card>
      )}
      <section aria-label="Quick actions" className="grid gap-3 sm:grid-cols-3">
        {ACTIONS.map(({ id, title, text, icon: Icon }) => (
          <button
            key={id}
            type="button"
            onClick={() => onAction(id)}
            className="flex items-center gap-3 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="rounded-lg bg-secondary p-2 text-secondary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="flex flex-col">
              <span className="font-semibold">{title}</span>
              <span className="text-sm text-muted-foreground">{text}</span>
            </span>
          </button>
        ))}
      </section>
    </div>
  );
}
