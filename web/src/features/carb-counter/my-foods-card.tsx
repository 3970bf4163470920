import type { Food } from '@healthfolio/core/foods/food-database';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useWhose } from '@/features/household/whose';
import { ApiError, errorMessage } from '@/lib/api';
import { useAddCustomFood, useCustomFoods, useRemoveCustomFood } from './use-custom-foods';

/** "My foods": foods the user adds themselves, kept on the server and searchable like the built-in ones. */
export function MyFoodsCard({ onAdd }: { onAdd: (food: Food) => void }) {
  const foods = useCustomFoods();
  const add = useAddCustomFood();
  const remove = useRemoveCustomFood();
  const w = useWhose();
  const [name, setName] = useState('');
  const [carbs, setCarbs] = useState('');
  const [serving, setServing] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Enter the food’s name';
    const value = Number(carbs.replace(',', '.'));
    if (carbs.trim() === '' || !Number.isFinite(value)) local.carbs_per_100g = 'Enter the carbs per 100 g';
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await add.mutateAsync({ name: name.trim(), carbs_per_100g: value, serving_size: serving.trim() });
      toast.success(`Added ${name.trim()} to ${w.your} foods`);
      setName('');
      setCarbs('');
      setServing('');
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      toast.error('Could not add the food', { description: errorMessage(err, 'Please try again.') });
    }
  };

  const field = (id: string, label: string, input: React.ReactNode, key: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {input}
      {errors[key] && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>My foods</CardTitle>
        <CardDescription>Add foods the list does not have; they show up in search too.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form className="grid gap-3 sm:grid-cols-3" onSubmit={submit} noValidate>
          {field(
            'my-food-name',
            'Food name',
            <Input
              id="my-food-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'my-food-name-error' : undefined}
            />,
            'name',
          )}
          {field(
            'my-food-carbs',
            'Carbs per 100 g',
            <Input
              id="my-food-carbs"
              inputMode="decimal"
              value={carbs}
              onChange={(e) => setCarbs(e.target.value)}
              aria-invalid={Boolean(errors.carbs_per_100g)}
              aria-describedby={errors.carbs_per_100g ? 'my-food-carbs-error' : undefined}
            />,
            'carbs_per_100g',
          )}
          {field(
            'my-food-serving',
            'Serving (optional)',
            <Input
              id="my-food-serving"
              placeholder="e.g. 1 bowl (250 g)"
              value={serving}
              onChange={(e) => setServing(e.target.value)}
            />,
            'serving_size',
          )}
          <Button type="submit" className="sm:col-span-3 sm:justify-self-start" disabled={add.isPending}>
            <Plus aria-hidden="true" /> Save to my foods
          </Button>
        </form>
        {foods.isLoadingError && (
          <p className="text-sm text-destructive">{w.Your} foods could not be loaded.</p>
        )}
        {foods.data && foods.data.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {w.name ? `No foods added for ${w.name} yet.` : 'You have not added any foods yet.'}
          </p>
        )}
        {foods.data && foods.data.length > 0 && (
          <ul className="divide-y rounded-md border" aria-label="My foods">
            {foods.data.map((food) => (
              <li key={food.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{food.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {food.carbs_per_100g} g carbs per 100 g · {food.serving_size}
                  </span>
                </span>
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onAdd(food)}
                    aria-label={`Add ${food.name}`}
                  >
                    <Plus aria-hidden="true" /> Add
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => remove.mutate(food.id)}
                    aria-label={`Remove ${food.name} from my foods`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
