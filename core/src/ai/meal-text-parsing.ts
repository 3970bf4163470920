import type { MEAL_TYPES } from '../trackers/enums';
import type { MealAnalysisResult } from './meal-analysis.schema';

export const FOOD_ITEMS_FALLBACK = 'Food items detected';
const MAX_ITEMS = 5;

/** Spec §9: a 2–4 digit number followed by kcal, calories or cal (default 0). */
export const parseCalories = (text: string): number => {
  const m = /(?<![\d.,])(\d{2,4})\s*(?:kcal|calories|cal)\b/i.exec(text);
  return m ? Number(m[1]) : 0;
};

/** Spec §9: the first of breakfast, lunch, dinner, snack named in the text, else other. */
export const parseMealType = (text: string): (typeof MEAL_TYPES)[number] => {
  const m = /\b(breakfast|lunch|dinner|snack)/i.exec(text);
  return m ? (m[1]!.toLowerCase() as (typeof MEAL_TYPES)[number]) : 'other';
};

/** Spec §9: up to 5 list lines (bullets or numbers) as food items, else "Food items detected". */
export const parseFoodItems = (text: string): string[] => {
  const items = text
    .split(/\r?\n/)
    .map((line) => /^\s*(?:[-*•]|\d{1,2}[.)])\s+(.+?)\s*$/.exec(line)?.[1])
    .filter((s): s is string => Boolean(s))
    .map((s) => s.replace(/\*\*/g, '').slice(0, 200))
    .slice(0, MAX_ITEMS);
  return items.length ? items : [FOOD_ITEMS_FALLBACK];
};

/** The prose fallback when the model did not return the JSON it was asked for. Carbs are never guessed. */
export const parseMealAnalysisText = (text: string): MealAnalysisResult => ({
  foodItems: parseFoodItems(text),
  estimatedCalories: parseCalories(text),
  carbs: null,
  nutritionInfo: text.trim().slice(0, 2000),
  mealType: parseMealType(text),
});

const toNumber = (v: unknown) => {
  const n = typeof v === 'string' ? Number.parseFloat(v) : typeof v === 'number' ? v : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/**
 * Reads the vision model's reply: the JSON object it was asked for (also inside a ``` fence), checked
 * field by field, or else the spec's text-parsing rules over its prose.
 */
export const parseMealAnalysisReply = (
  reply: string,
): { result: MealAnalysisResult; parsedFrom: 'json' | 'text' } => {
  const body = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply)?.[1] ?? reply;
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const o = JSON.parse(body.slice(start, end + 1)) as Record<string, unknown>;
      const items = Array.isArray(o.foodItems)
        ? o.foodItems
            .map((i) => (typeof i === 'string' ? i : (i as { name?: unknown })?.name))
            .filter((i): i is string => typeof i === 'string' && i.trim() !== '')
            .map((i) => i.trim().slice(0, 200))
            .slice(0, 5)
        : [];
      const calories = toNumber(o.estimatedCalories);
      if (calories !== null || items.length) {
        const carbs = toNumber(o.carbs);
        const info = typeof o.nutritionInfo === 'string' ? o.nutritionInfo.trim().slice(0, 2000) : '';
        return {
          parsedFrom: 'json',
          result: {
            foodItems: items.length ? items : [FOOD_ITEMS_FALLBACK],
            estimatedCalories: Math.min(10000, Math.round(calories ?? 0)),
            carbs: carbs === null ? null : Math.min(5000, Math.round(carbs * 10) / 10),
            nutritionInfo: info,
            mealType: parseMealType(typeof o.mealType === 'string' ? o.mealType : ''),
          },
        };
      }
    } catch {
      // Not JSON after all: read it as prose.
    }
  }
  return { parsedFrom: 'text', result: parseMealAnalysisText(reply) };
};
