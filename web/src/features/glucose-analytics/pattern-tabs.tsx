import { glucoseChartScale } from '@healthfolio/core/glucose/chart-scale';
import { patternDescription } from '@healthfolio/core/glucose/pattern-words';
import { countOf } from '@healthfolio/core/text/count-words';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { glucoseDecimals } from '@healthfolio/core/units/glucose-units';
import { Lightbulb } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type GlucoseFormat, percent } from '@/features/diabetes/format';
import { type Patterns, useGlucoseSeries } from '@/features/diabetes/glucose-api';
import { QueryState } from '@/features/diabetes/glucose-ui';
import { whoseRecord } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { BarsChart, GlucoseLineChart } from './lazy-charts';
import { seriesPoints } from './series-points';

const EVIDENCE_LABELS: Record<string, string> = {
  morningAverage: 'Morning average (6–8 AM)',
  nightAverage: 'Late-night average (10 PM–2 AM)',
  difference: 'Difference',
  morningReadings: 'Morning readings',
  nightReadings: 'Night readings',
  postMealReadings: 'After-meal readings',
  spikes: 'Spikes',
  lows: 'Lows',
};

/** Labels that name a glucose level say it in the user's unit. */
const evidenceLabel = (key: string, fmt: GlucoseFormat) => {
  if (key === 'percentAbove') return `After-meal readings above ${fmt.withUnit(200)}`;
  if (key === 'percentBelow') return `Night readings below ${fmt.withUnit(70)}`;
  return EVIDENCE_LABELS[key] ?? key;
};

const evidenceValue = (key: string, value: number, fmt: GlucoseFormat) => {
  if (key.endsWith('Average') || key === 'difference') return fmt.withUnit(value);
  if (key.startsWith('percent')) return percent(value);
  return String(value);
};

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function DetectedPatterns({ data, fmt }: { data: Patterns; fmt: GlucoseFormat }) {
  // Whose readings the patterns are: "Mia’s glucose is higher ..." while a guardian acts for Mia.
  const w = whoseRecord(useDashboardContext().acting);
  if (data.patterns.length === 0) {
    return (
      <Card>
        <CardContent className="p-6 text-center text-muted-foreground">
          No patterns detected in {w.your} last {data.days} days ({countOf(data.readings, 'reading')}).
          Patterns need enough readings at the right times of day.
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {data.patterns.map((p) => (
        <li key={p.id}>
          <Card className="h-full">
            <CardHeader className="flex-row items-start justify-between gap-2">
              <CardTitle className="flex items-center gap-2 text-base">
                <Lightbulb className="size-5 text-muted-foreground" aria-hidden="true" />
                {p.title}
              </CardTitle>
              <Badge variant={p.confidenceLabel === 'High' ? 'default' : 'secondary'}>
                {p.confidenceLabel} confidence · {Math.round(p.displayConfidence)}%
              </Badge>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <p>{patternDescription(p.id, fmt.unit, w) ?? p.description}</p>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                {Object.entries(p.evidence).map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="text-muted-foreground">{evidenceLabel(key, fmt)}</dt>
                    <dd className="text-right font-medium tabular-nums">{evidenceValue(key, value, fmt)}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function TimeOfDay({ data, fmt }: { data: Patterns; fmt: GlucoseFormat }) {
  const hours = data.hourly.filter((h) => h.mean != null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Average by hour of day</CardTitle>
        <CardDescription>
          Mean glucose for each hour over {data.days} days, in {fmt.unit}, in {zoneWords(fmt.timeZone)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <BarsChart
          label="Bar chart of average glucose by hour of day"
          data={data.hourly.map((h) => ({
            label: hourLabel(h.hour),
            value: h.mean == null ? null : fmt.toUnit(h.mean),
          }))}
          unit={fmt.unit}
          decimals={glucoseDecimals(fmt.unit)}
          reference={{ low: fmt.toUnit(70), high: fmt.toUnit(180) }}
        />
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary">
            Show hourly averages as a list
          </summary>
          <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-4">
            {hours.map((h) => (
              <li key={h.hour}>
                <span className="text-muted-foreground">{hourLabel(h.hour)}</span>{' '}
                <span className="font-medium tabular-nums">{fmt.withUnit(h.mean ?? 0)}</span>{' '}
                <span className="text-xs text-muted-foreground">({h.count})</span>
              </li>
            ))}
          </ul>
        </details>
      </CardContent>
    </Card>
  );
}

export function PatternTrends({ fmt }: { fmt: GlucoseFormat }) {
  const series = useGlucoseSeries(30);
  const { points, valuesMgdl, caption } = seriesPoints(series.data, fmt);
  const scale = glucoseChartScale(valuesMgdl, fmt.unit, [40, 300]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Last 30 days</CardTitle>
        <CardDescription>
          {caption}, in {fmt.unit}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={series} what="the 30-day chart">
          <GlucoseLineChart
            label="Line chart of glucose over the last 30 days"
            data={points}
            domain={scale.domain}
            ticks={scale.ticks}
            lines={scale.lines}
            formatTime={fmt.date}
            unit={fmt.unit}
            decimals={glucoseDecimals(fmt.unit)}
          />
        </QueryState>
      </CardContent>
    </Card>
  );
}
