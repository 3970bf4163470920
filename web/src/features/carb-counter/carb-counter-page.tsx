import { MEAL_TYPES, mealTypeLabel } from '@healthfolio/core/trackers/enums';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useLogEntry } from '@/features/diabetes/glucose-api';
import { useWhose } from '@/features/household/whose';
import { isQueued } from '@/features/offline/queued-entry';
import { FoodSearch } from './food-search';
import { MealFoods } from './meal-foods';
import { MyFoodsCard } from './my-foods-card';
import { PhotoAnalysisCard } from './photo-analysis-card';
import { useCustomFoods } from './use-custom-foods';
import { useMealBuilder } from './use-meal-builder';

/** /dashboard/carb-counter: search the built-in list, set portions, log the meal with its carbs. */
export function CarbCounterPage() {
  const meal = useMealBuilder();
  const own = useCustomFoods();
  const create = useLogEntry();
  const w = useWhose();
  const [mealType, setMealType] = useState('');
  const [notes, setNotes] = useState('');

  const log = async () => {
    if (meal.items.length === 0 || !meal.valid) return;
    const total = meal.totalCarbs;
    try {
      const answer = await create.mutateAsync({
        tracker: 'meal',
        occurredAt: new Date().toISOString(),
        notes: notes.trim() || undefined,
        data: {
          mealType: (mealType || undefined) as (typeof MEAL_TYPES)[number] | undefined,
          carbs: total,
          foods: meal.items.map((i) => ({ name: i.food.name, portion: i.portion ?? 0, carbs: i.carbs })),
        },
      });
      if (isQueued(answer))
        toast.success(`Meal kept on this device: ${total}g carbs`, {
          description: 'You are offline: it will be sent when the connection returns.',
        });
      else toast.success(`Meal logged: ${total}g carbs`);
      meal.clear();
      setNotes('');
      setMealType('');
    } catch {
      toast.error('Failed to log meal');
    }
  };

  return (
    <div className="grid max-w-6xl gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        <FoodSearch onAdd={meal.add} own={own.data} />
        <MyFoodsCard onAdd={meal.add} />
        <PhotoAnalysisCard />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{w.Your} meal</CardTitle>
          <CardDescription>
            Set the portion of each food in grams; its carbs and the meal’s total follow.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <MealFoods meal={meal} />
          <p className="flex items-baseline justify-between border-t pt-3 text-lg" aria-live="polite">
            <span className="font-medium">Total carbs</span>
            <span className="font-bold tabular-nums">{meal.totalCarbs} g</span>
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="carb-meal-type">Meal type</Label>
              <Select id="carb-meal-type" value={mealType} onChange={(e) => setMealType(e.target.value)}>
                <option value="">Not specified</option>
                {MEAL_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {mealTypeLabel(t)}
                  </option>
                ))}
              </Select>
            </div>
            <FormField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <Button
            className="self-start"
            onClick={log}
            disabled={meal.items.length === 0 || !meal.valid || create.isPending}
            aria-describedby="log-meal-hint"
          >
            {create.isPending ? 'Logging…' : 'Log meal'}
          </Button>
          <p id="log-meal-hint" className="text-xs text-muted-foreground">
            {meal.items.length === 0
              ? 'Add at least one food to log a meal.'
              : meal.valid
                ? 'Saves a Meal entry with the carbs and the foods list.'
                : 'Fix the portions marked above.'}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
