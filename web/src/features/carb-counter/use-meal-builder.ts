import { carbsForPortion, FOOD_PORTION_STEP_G, type Food } from '@healthfolio/core/foods/food-database';
import { parseDecimalInput } from '@healthfolio/core/units/round';
import { useState } from 'react';

export type MealItem = {
  food: Food;
  /** What the user typed, kept as text so a half-typed "12." is not rewritten. */
  portionText: string;
  portion: number | null;
  carbs: number;
  error?: string;
};

const MAX_PORTION_G = 5000;

const itemFor = (food: Food, portionText: string): MealItem => {
  const portion = parseDecimalInput(portionText);
  const error =
    portion === null || portion <= 0
      ? 'Enter a portion above 0 g'
      : portion > MAX_PORTION_G
        ? `A portion can be at most ${MAX_PORTION_G} g`
        : undefined;
  return {
    food,
    portionText,
    portion,
    carbs: error || portion === null ? 0 : carbsForPortion(food.carbs_per_100g, portion),
    error,
  };
};

/** The foods of the meal being counted: adding gives 100 g, adding again adds 100 g. */
export function useMealBuilder() {
  const [items, setItems] = useState<MealItem[]>([]);
  const add = (food: Food) =>
    setItems((current) => {
      const existing = current.find((i) => i.food.id === food.id);
      if (!existing) return [...current, itemFor(food, String(FOOD_PORTION_STEP_G))];
      const next = (existing.portion ?? 0) + FOOD_PORTION_STEP_G;
      return current.map((i) => (i.food.id === food.id ? itemFor(food, String(next)) : i));
    });
  const setPortion = (id: string, text: string) =>
    setItems((current) => current.map((i) => (i.food.id === id ? itemFor(i.food, text) : i)));
  const remove = (id: string) => setItems((current) => current.filter((i) => i.food.id !== id));
  // Sum of the shown (rounded) item carbs, rounded again so float noise never shows.
  const totalCarbs = Math.round(items.reduce((sum, i) => sum + i.carbs, 0) * 10) / 10;
  return {
    items,
    add,
    setPortion,
    remove,
    clear: () => setItems([]),
    totalCarbs,
    valid: items.every((i) => !i.error),
  };
}

export type MealBuilder = ReturnType<typeof useMealBuilder>;
