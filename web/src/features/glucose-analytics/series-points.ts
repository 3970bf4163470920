import type { GlucoseFormat } from '@/features/diabetes/format';
import type { GlucoseSeries } from '@/features/diabetes/glucose-api';
import type { LinePoint } from './glucose-charts';

/**
 * A glucose series as a line chart draws it: each point in the user's unit and, where the server
 * averaged readings into periods, the lowest and highest reading of each period as a band, so a low
 * or a high the average smooths away still shows (and the axis reaches it). `valuesMgdl` is every
 * value drawn, for the chart's scale.
 */
export function seriesPoints(series: GlucoseSeries | undefined, fmt: GlucoseFormat) {
  const raw = series?.points ?? [];
  const averaged = (series?.bucketMinutes ?? 0) > 0;
  const points: LinePoint[] = raw.map((p) => ({
    at: Date.parse(p.at),
    value: fmt.toUnit(p.mean),
    ...(averaged ? { range: [fmt.toUnit(p.min), fmt.toUnit(p.max)] as [number, number] } : {}),
  }));
  const valuesMgdl = raw.flatMap((p) => (averaged ? [p.min, p.mean, p.max] : [p.mean]));
  return { points, valuesMgdl, caption: seriesCaption(series, fmt) };
}

/** "Averages of 90-minute periods, shaded from each period's lowest to highest reading (lowest 45, highest 400)". */
function seriesCaption(series: GlucoseSeries | undefined, fmt: GlucoseFormat) {
  const raw = series?.points ?? [];
  if (!series || series.bucketMinutes <= 0 || raw.length === 0) return 'Each reading';
  const lowest = Math.min(...raw.map((p) => p.min));
  const highest = Math.max(...raw.map((p) => p.max));
  return `Averages of ${series.bucketMinutes}-minute periods, shaded from each period’s lowest to highest reading (lowest ${fmt.value(lowest)}, highest ${fmt.value(highest)})`;
}
