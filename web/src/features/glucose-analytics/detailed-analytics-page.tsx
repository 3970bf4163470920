import { countOf } from '@healthfolio/core/text/count-words';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { mealTypeLabel } from '@healthfolio/core/trackers/enums';
import { glucoseDecimals } from '@healthfolio/core/units/glucose-units';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { percent, useGlucoseFormat } from '@/features/diabetes/format';
import { useGlucoseAnalytics } from '@/features/diabetes/glucose-api';
import { BackLink, NoReadings, QueryState, StatCard } from '@/features/diabetes/glucose-ui';
import { useWhose } from '@/features/household/whose';
import { ClinicianReportCard } from '@/features/reports/clinician-report-card';
import { BarsChart } from './lazy-charts';

const DAYS = 30;

/**
 * /dashboard/detailed-analytics: the clinician report's download, then spikes, periods of the day,
 * recovery and meal impact over 30 days.
 */
export function DetailedAnalyticsPage() {
  const fmt = useGlucoseFormat();
  const w = useWhose();
  const analytics = useGlucoseAnalytics(DAYS);
  const a = analytics.data;
  const decimals = glucoseDecimals(fmt.unit);
  const meals = a?.mealImpact.filter((m) => m.meals > 0) ?? [];
  // A rise is a difference: it converts by the factor alone, like the values it is made of.
  const rise = (mgdl: number) => `${mgdl >= 0 ? '+' : ''}${fmt.value(mgdl)} ${fmt.unit}`;

  return (
    <div className="flex max-w-6xl flex-col gap-4">
      <BackLink />
      <ClinicianReportCard />
      <QueryState query={analytics} what={`${w.your} glucose analytics`}>
        {!a || a.readings === 0 ? (
          <NoReadings days={DAYS} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Last {a.days} days · {countOf(a.readings, 'reading')} · times in {zoneWords(fmt.timeZone)}
            </p>
            <section aria-label="Spikes and recovery" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatCard
                title={`Readings above ${fmt.value(180)}`}
                value={a.spikeReadings}
                detail={`Above ${fmt.withUnit(180)}`}
              />
              <StatCard
                title="Spike episodes"
                value={a.spikeEpisodes}
                detail={`Separate runs above ${fmt.withUnit(180)}`}
              />
              <StatCard
                title="Average recovery"
                value={
                  a.recovery.averageMinutes == null ? '—' : `${Math.round(a.recovery.averageMinutes)} min`
                }
                detail={`From the first reading above ${fmt.withUnit(180)} to the first at ${fmt.withUnit(150)} or below`}
              />
              <StatCard
                title="Recoveries"
                value={a.recovery.events}
                detail={`Episodes that came back to ${fmt.withUnit(150)} or below`}
              />
            </section>
            <Card>
              <CardHeader>
                <CardTitle>Periods of the day</CardTitle>
                <CardDescription>Morning 6–12, afternoon 12–18, evening 18–24, night 0–6.</CardDescription>
              </CardHeader>
              <CardContent className="overflow-x-auto">
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b text-left text-muted-foreground">
                      <th scope="col" className="py-2 font-medium">
                        Period
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        Readings
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        Average
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        In range
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        Above {fmt.value(180)}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {a.periods.map((p) => (
                      <tr key={p.id} className="border-b last:border-0">
                        <th scope="row" className="py-2 text-left font-medium">
                          {p.label}{' '}
                          <span className="font-normal text-muted-foreground">
                            {p.startHour}–{p.endHour}h
                          </span>
                        </th>
                        <td className="py-2 text-right tabular-nums">{p.count}</td>
                        <td className="py-2 text-right tabular-nums">
                          {p.mean == null ? '—' : fmt.withUnit(p.mean)}
                        </td>
                        <td className="py-2 text-right tabular-nums">
                          {p.percentInRange == null ? '—' : percent(p.percentInRange)}
                        </td>
                        <td className="py-2 text-right tabular-nums">{p.spikes}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Meal impact</CardTitle>
                <CardDescription>
                  Average rise in the 2 hours after each type of logged meal, from the reading just before it.
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                {meals.length === 0 ? (
                  <p className="text-muted-foreground">
                    No logged meals with readings around them yet. Log meals with their time to see their
                    impact.
                  </p>
                ) : (
                  <>
                    {meals.some((m) => m.averageRise != null) && (
                      <BarsChart
                        label="Bar chart of the average glucose rise after each meal type"
                        data={meals
                          .filter((m) => m.averageRise != null)
                          .map((m) => ({
                            label: mealTypeLabel(m.mealType),
                            value: m.averageRise == null ? null : fmt.toUnit(m.averageRise),
                          }))}
                        unit={fmt.unit}
                        decimals={decimals}
                      />
                    )}
                    <ul className="grid gap-1 text-sm sm:grid-cols-2">
                      {meals.map((m) => (
                        <li key={m.mealType} className="flex justify-between gap-2">
                          <span>
                            {mealTypeLabel(m.mealType)}{' '}
                            <span className="text-muted-foreground">({countOf(m.meals, 'meal')})</span>
                          </span>
                          <span className="font-medium tabular-nums">
                            {m.averageRise == null ? 'No readings after' : rise(m.averageRise)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
