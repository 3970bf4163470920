import { FOODS, type Food, searchFoods } from '@healthfolio/core/foods/food-database';
import { Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const SHOWN = 25;

export function FoodSearch({ onAdd, own = [] }: { onAdd: (food: Food) => void; own?: readonly Food[] }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  // The user's own foods first, then the built-in list.
  const results = searchFoods(deferred, [...own, ...FOODS]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Find a food</CardTitle>
        <CardDescription>{FOODS.length} common foods with their carbs per 100 g.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="food-search">Search foods</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="food-search"
              type="search"
              className="pl-9"
              placeholder="e.g. rice, apple, bread"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              aria-describedby="food-search-status"
            />
          </div>
        </div>
        <p id="food-search-status" className="text-sm text-muted-foreground" aria-live="polite">
          {deferred.trim() === ''
            ? 'Type to search the food list.'
            : results.length === 0
              ? `No foods match “${deferred.trim()}”.`
              : `${results.length} ${results.length === 1 ? 'food matches' : 'foods match'}${results.length > SHOWN ? `; showing the first ${SHOWN}` : ''}.`}
        </p>
        {results.length > 0 && (
          <ul className="divide-y rounded-md border">
            {results.slice(0, SHOWN).map((food) => (
              <li key={food.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">{food.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {food.carbs_per_100g} g carbs per 100 g · {food.serving_size}
                  </span>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onAdd(food)}
                  aria-label={`Add ${food.name}`}
                >
                  <Plus aria-hidden="true" />
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
