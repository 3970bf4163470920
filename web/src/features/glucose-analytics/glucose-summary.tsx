import { targetShareText, timeInRangeFigures } from '@healthfolio/core/glucose/band-display';
import { bandTargetMet } from '@healthfolio/core/glucose/band-targets';
import { bandRangeInUnit, GLUCOSE_BANDS } from '@healthfolio/core/glucose/bands';
import type { GlucoseChartScale } from '@healthfolio/core/glucose/chart-scale';
import { GMI_MIN_DAYS, GMI_MIN_WEAR_PERCENT, gmiCoverageSentence } from '@healthfolio/core/glucose/gmi';
import type { GlucoseFormat } from '@/features/diabetes/format';
import type { GlucoseStats } from '@/features/diabetes/glucose-api';
import { GLUCOSE_BAND_BG } from './band-colours';
import type { AgpPoint } from './glucose-charts';

/** The five consensus bands as one stacked bar and a list with each band's target. */
export function TimeInRangeBar({
  stats,
  fmt,
}: {
  stats: NonNullable<GlucoseStats['statistics']>;
  fmt: GlucoseFormat;
}) {
  const figures = timeInRangeFigures(stats.bandCounts);
  const bands = [...GLUCOSE_BANDS].reverse();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex h-5 w-full overflow-hidden rounded-md border" aria-hidden="true">
        {GLUCOSE_BANDS.map((band) => (
          <div
            key={band.id}
            className={GLUCOSE_BAND_BG[band.id]}
            style={{ width: `${stats.bandPercentages[band.id]}%` }}
          />
        ))}
      </div>
      <ul className="flex flex-col gap-1.5 text-sm">
        {bands.map((band) => {
          const value = figures.bands[band.id];
          const { comparison, percent } = band.target;
          const met = bandTargetMet(band.id, stats.bandPercentages);
          return (
            <li key={band.id} className="flex flex-wrap items-center gap-x-2">
              <span
                className={`size-3 shrink-0 rounded-sm border ${GLUCOSE_BAND_BG[band.id]}`}
                aria-hidden="true"
              />
              <span className="min-w-28 font-medium">{band.label}</span>
              <span className="text-muted-foreground">
                {bandRangeInUnit(band.id, fmt.unit)} {fmt.unit}
              </span>
              <span className="ml-auto font-semibold tabular-nums">{value}</span>
              <span className="w-full pl-5 text-xs text-muted-foreground">
                Target {comparison === 'less_than' ? 'under' : 'over'} {percent}%
                {band.id === 'low'
                  ? ` (below ${fmt.value(70)} in total, including Urgent low: ${targetShareText('low', figures)})`
                  : ''}
                {band.id === 'high'
                  ? ` (above ${fmt.value(180)} in total, including Very high: ${targetShareText('high', figures)})`
                  : ''}
                {' · '}
                {met ? 'met' : 'not met'}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Every value an AGP chart draws (mg/dL), for its domain. */
export const agpValuesMgdl = (agp: GlucoseStats['agp']) =>
  agp.flatMap((bin) => [bin.p5, bin.p25, bin.p50, bin.p75, bin.p95]).filter((v): v is number => v != null);

/** "54, 70 and 180": the level lines a chart draws, in the user's unit. */
export const levelLinesText = (scale: GlucoseChartScale, fmt: GlucoseFormat) => {
  const values = scale.lines.map((l) => fmt.value(l.mgdl));
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} and ${values.at(-1)}` : (values[0] ?? '');
};

/** AGP bins in the user's unit, wrapped to 24:00 so the curve spans the whole day. */
export function toAgpPoints(agp: GlucoseStats['agp'], fmt: GlucoseFormat): AgpPoint[] {
  const points = agp.map((bin) => {
    const has = bin.p5 != null && bin.p25 != null && bin.p50 != null && bin.p75 != null && bin.p95 != null;
    return {
      hour: bin.startMinute / 60,
      outer: has ? ([fmt.toUnit(bin.p5 ?? 0), fmt.toUnit(bin.p95 ?? 0)] as [number, number]) : null,
      inner: has ? ([fmt.toUnit(bin.p25 ?? 0), fmt.toUnit(bin.p75 ?? 0)] as [number, number]) : null,
      median: bin.p50 == null ? null : fmt.toUnit(bin.p50),
    };
  });
  const first = points[0];
  if (first && first.hour === 0) points.push({ ...first, hour: 24 });
  return points;
}

/** GMI only with enough CGM data (≥14 days, ≥70% of expected readings); otherwise why not. */
export function GmiText({ stats }: { stats: GlucoseStats }) {
  if (stats.gmi != null) {
    return (
      <p>
        <span className="text-2xl font-semibold tabular-nums">{stats.gmi.toFixed(1)}%</span>{' '}
        <span className="text-sm text-muted-foreground">
          GMI from {Math.floor(stats.gmiSufficiency.coveredDays)} days of CGM data (
          {Math.round(stats.gmiSufficiency.wearPercent)}% of expected readings)
        </span>
      </p>
    );
  }
  const s = stats.gmiSufficiency;
  return (
    <p className="text-sm text-muted-foreground">
      GMI is shown only with at least {GMI_MIN_DAYS} days of CGM data and {GMI_MIN_WEAR_PERCENT}% of the
      expected readings. {gmiCoverageSentence(s)}
    </p>
  );
}
