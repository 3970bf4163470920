import type { DosingSettings } from '@healthfolio/core/glucose/dosing-guards';
import { insulinOnBoard } from '@healthfolio/core/glucose/insulin-on-board';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { QueryState } from '@/features/diabetes/glucose-ui';
import { useWhose } from '@/features/household/whose';
import { entryDateTime } from '@/lib/entry-when';
import { useInsulinDoses } from './use-insulin-doses';

const SHOWN = 20;
const units = (n: number) => `${n.toFixed(1)} units`;

/** The latest doses, each with the insulin that was still on board when it was given. */
export function InsulinDoseLog({ dosing }: { dosing: DosingSettings }) {
  const fmt = useGlucoseFormat();
  const w = useWhose();
  const { query, doses, entries } = useInsulinDoses();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dose log</CardTitle>
        <CardDescription>
          {w.Your} latest doses. Insulin on board is what earlier doses still had active at the time, with{' '}
          {w.your} current insulin settings.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={query} what={`${w.your} insulin doses`}>
          {entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No doses logged yet.</p>
          ) : (
            <ul className="divide-y" aria-label="Logged doses">
              {entries.slice(0, SHOWN).map((e) => {
                const total = Number(e.data.total_insulin) || 0;
                const meal = Number(e.data.meal_insulin) || 0;
                const correction = Number(e.data.correction_insulin) || 0;
                const iob = insulinOnBoard(doses, Date.parse(e.occurredAt), dosing);
                return (
                  <li
                    key={e.id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
                  >
                    <span className="font-medium">{entryDateTime(e, fmt.timeZone, fmt.dateTime)}</span>
                    <span className="tabular-nums">
                      {units(total)} (meal {meal.toFixed(1)}, correction {correction.toFixed(1)})
                    </span>
                    <span className="text-muted-foreground tabular-nums">
                      Insulin on board then: {units(iob)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
