import { mealTypeLabel } from '@healthfolio/core/trackers/enums';
import { Plus, Utensils } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useWhose } from '@/features/household/whose';
import { aiEstimated, entryDateTime } from '@/features/trackers/entry-format';
import type { GlucoseFormat } from './format';
import { useEntries } from './glucose-api';
import { QueryState } from './glucose-ui';

type MealData = {
  mealType?: string;
  meal_type?: string;
  carbs?: number;
  calories?: number;
  estimatedCalories?: number;
  value?: string;
  foods?: { name: string }[];
};

/** Marks a figure that is still the photo analysis's estimate. */
const AiMark = () => <span className="ml-1 text-xs text-muted-foreground">(AI estimate)</span>;

/** The 5 latest meals (type, time, notes, carbs, calories) and "Log Meal". */
export function HomeMeals({ fmt, onLogMeal }: { fmt: GlucoseFormat; onLogMeal: () => void }) {
  const meals = useEntries('meal', 5);
  const w = useWhose();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Recent meals</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to="/dashboard/carb-counter">
              <Utensils aria-hidden="true" />
              Carb Counter
            </Link>
          </Button>
          <Button size="sm" onClick={onLogMeal}>
            <Plus aria-hidden="true" />
            Log Meal
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <QueryState query={meals} what={`${w.your} meals`}>
          {meals.data?.items.length ? (
            <ul className="divide-y">
              {meals.data.items.map((meal) => {
                const d = meal.data as MealData;
                const type = d.mealType ?? d.meal_type;
                const calories = d.calories ?? d.estimatedCalories;
                const ai = aiEstimated(meal);
                const what = d.value ?? d.foods?.map((f) => f.name).join(', ');
                return (
                  <li key={meal.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                    <div className="flex min-w-0 flex-col">
                      <span className="font-medium">{type ? mealTypeLabel(type) : 'Meal'}</span>
                      <span className="text-sm text-muted-foreground">
                        {entryDateTime(meal, fmt.timeZone, fmt.dateTime)}
                      </span>
                      {what && <span className="text-sm">{what}</span>}
                      {meal.notes && <span className="text-sm text-muted-foreground">{meal.notes}</span>}
                    </div>
                    <div className="flex gap-4 text-sm tabular-nums">
                      <span>
                        <span className="font-semibold">{d.carbs != null ? d.carbs : '—'}</span> g carbs
                        {ai.includes('carbs') ? <AiMark /> : null}
                      </span>
                      <span>
                        <span className="font-semibold">{calories != null ? calories : '—'}</span> kcal
                        {ai.includes('calories') ? <AiMark /> : null}
                      </span>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="py-6 text-center text-muted-foreground">No meals logged yet</p>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
