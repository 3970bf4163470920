import type { GlucoseReadingResponse } from '@healthfolio/core';
import { glucoseStatistics } from '@healthfolio/core/glucose/statistics';
import { latestGlucoseTrend } from '@healthfolio/core/glucose/trend';
import { Activity, ArrowDown, ArrowUp, CalendarCheck, Droplet, Target } from 'lucide-react';
import { type GlucoseFormat, percent } from './format';
import { RangeTag, StatCard } from './glucose-ui';
import { LastReadings, lastReadings, readingWhen } from './stat-words';

const icon = 'size-4 text-muted-foreground';

/**
 * Current Glucose (with the trend arrow), Time in Range and Avg Glucose from the latest 24; Readings
 * Today counts every reading since midnight (the server counts them: a sensor sends far more than 24).
 */
export function HomeStats({
  readings,
  readingsToday,
  fmt,
}: {
  readings: GlucoseReadingResponse[];
  readingsToday: number | undefined;
  fmt: GlucoseFormat;
}) {
  const current = readings[0];
  if (!current) return null;
  const trend = latestGlucoseTrend(readings.map((r) => ({ at: r.recordedAt, mgdl: r.valueMgdl })));
  const stats = glucoseStatistics(readings.map((r) => r.valueMgdl));
  return (
    <section aria-label="Glucose summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        title="Current Glucose"
        icon={<Droplet className={icon} aria-hidden="true" />}
        value={
          <span className="inline-flex items-center gap-1">
            {fmt.value(current.valueMgdl)}
            <span className="text-sm font-normal text-muted-foreground">{fmt.unit}</span>
            {trend === 'up' && (
              <ArrowUp
                className="size-5 text-destructive"
                role="img"
                aria-label="higher than the previous reading"
              />
            )}
            {trend === 'down' && (
              <ArrowDown
                className="size-5 text-success"
                role="img"
                aria-label="lower than the previous reading"
              />
            )}
          </span>
        }
        detail={
          <span className="flex flex-wrap items-center gap-x-2">
            <RangeTag mgdl={current.valueMgdl} />
            <span>{readingWhen(current.recordedAt, Date.now(), fmt)}</span>
          </span>
        }
      />
      <StatCard
        title="Time in Range"
        icon={<Target className={icon} aria-hidden="true" />}
        value={stats ? percent(stats.percentInRange) : '—'}
        detail={`${fmt.value(70)}–${fmt.value(180)} ${fmt.unit}, ${lastReadings(readings.length)}`}
      />
      <StatCard
        title="Avg Glucose"
        icon={<Activity className={icon} aria-hidden="true" />}
        value={
          stats ? (
            <>
              {fmt.value(stats.mean)}{' '}
              <span className="text-sm font-normal text-muted-foreground">{fmt.unit}</span>
            </>
          ) : (
            '—'
          )
        }
        detail={LastReadings(readings.length)}
      />
      <StatCard
        title="Readings Today"
        icon={<CalendarCheck className={icon} aria-hidden="true" />}
        value={readingsToday ?? '—'}
        detail="Since midnight, sensor and logged"
      />
    </section>
  );
}
