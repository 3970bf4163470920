import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { MealBuilder } from './use-meal-builder';

export function MealFoods({ meal }: { meal: MealBuilder }) {
  if (meal.items.length === 0) {
    return (
      <p className="py-4 text-center text-muted-foreground">No foods added yet. Search and add a food.</p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {meal.items.map((item) => {
        const id = `portion-${item.food.id}`;
        return (
          <li key={item.food.id} className="flex flex-col gap-1 rounded-md border p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{item.food.name}</span>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => meal.remove(item.food.id)}
                aria-label={`Remove ${item.food.name}`}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {/* Named for its food: with two foods, two fields called "Portion (g)" cannot be told apart. */}
              <label htmlFor={id} className="text-sm">
                Portion of {item.food.name} (g)
              </label>
              <Input
                id={id}
                inputMode="decimal"
                className="w-28"
                value={item.portionText}
                onChange={(e) => meal.setPortion(item.food.id, e.target.value)}
                aria-invalid={item.error ? true : undefined}
                aria-describedby={item.error ? `${id}-error` : undefined}
              />
              <span className="ml-auto text-sm tabular-nums">
                <span className="font-semibold">{item.carbs}</span> g carbs
              </span>
            </div>
            {item.error && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {item.error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
