import { z } from 'zod';
import { text } from '../http/text';

/** A food the user adds to their own carb-counter list; same fields as the built-in list's foods. */
export const CustomFoodCreateRequest = z.strictObject({
  name: text().trim().min(1, 'Enter the food’s name').max(120, 'Use at most 120 characters'),
  carbs_per_100g: z
    .number({ error: 'Enter the carbs per 100 g' })
    .min(0, 'Carbs per 100 g cannot be negative')
    .max(100, 'Carbs per 100 g cannot be more than 100'),
  serving_size: text().trim().max(60, 'Use at most 60 characters').default(''),
});
export type CustomFoodCreateRequest = z.input<typeof CustomFoodCreateRequest>;

export const CustomFoodResponse = z.object({
  id: z.string().uuid(),
  name: z.string(),
  carbs_per_100g: z.number(),
  serving_size: z.string(),
  createdAt: z.string(),
});
export type CustomFoodResponse = z.infer<typeof CustomFoodResponse>;

export const CustomFoodListResponse = z.object({ items: z.array(CustomFoodResponse) });

/** A user's own list stays a list, not a database: enough for everyday foods, bounded for the server. */
export const CUSTOM_FOODS_MAX = 500;
