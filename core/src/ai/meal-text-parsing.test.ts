import { describe, expect, it } from 'vitest';
import { aiEstimatedFields } from './meal-analysis.schema';
import {
  FOOD_ITEMS_FALLBACK,
  parseCalories,
  parseFoodItems,
  parseMealAnalysisReply,
  parseMealType,
} from './meal-text-parsing';
import { mealAnalysisSummary } from './texts';

describe('calories from prose (a 2–4 digit number before kcal, calories or cal)', () => {
  it.each([
    ['About 650 kcal in total', 650],
    ['roughly 45 calories', 45],
    ['1200cal', 1200],
    ['Total: 9999 Calories', 9999],
    ['7 kcal', 0], // one digit is not enough
    ['12345 kcal', 0], // five digits are too many, and not read as their last four
    ['650 kilojoules', 0],
    ['no number here', 0],
    ['rice 300 g, 420 kcal', 420],
  ])('%s → %i', (text, kcal) => expect(parseCalories(text)).toBe(kcal));
});

describe('meal type from the words breakfast, lunch, dinner, snack', () => {
  it.each([
    ['A typical Breakfast plate', 'breakfast'],
    ['looks like a light lunch', 'lunch'],
    ['dinner or a late snack', 'dinner'],
    ['snacks on the side', 'snack'],
    ['brunch', 'other'],
    ['', 'other'],
  ])('%s → %s', (text, type) => expect(parseMealType(text)).toBe(type));
});

describe('food items from list lines', () => {
  it('takes at most 5 bulleted or numbered lines, without markdown bold', () => {
    const text = 'Items:\n- **Rice**\n* Chicken\n• Salad\n1. Bread\n2) Butter\n- Apple\nTotal 500 kcal';
    expect(parseFoodItems(text)).toEqual(['Rice', 'Chicken', 'Salad', 'Bread', 'Butter']);
  });
  it('falls back to "Food items detected" without a list', () => {
    expect(parseFoodItems('A bowl of soup, about 300 kcal.')).toEqual([FOOD_ITEMS_FALLBACK]);
  });
});

describe('the vision model reply', () => {
  it('reads the JSON it was asked for, also inside a fence, and keeps carbs', () => {
    const reply =
      '```json\n{"foodItems":["Pasta","Tomato sauce"],"estimatedCalories":"640","carbs":82.35,"nutritionInfo":"High in carbs","mealType":"Dinner"}\n```';
    expect(parseMealAnalysisReply(reply)).toEqual({
      parsedFrom: 'json',
      result: {
        foodItems: ['Pasta', 'Tomato sauce'],
        estimatedCalories: 640,
        carbs: 82.4,
        nutritionInfo: 'High in carbs',
        mealType: 'dinner',
      },
    });
  });
  it('falls back to the text rules on prose, never guessing carbs', () => {
    const { parsedFrom, result } = parseMealAnalysisReply('Lunch:\n- Burger\n- Fries\nAbout 950 calories.');
    expect(parsedFrom).toBe('text');
    expect(result).toMatchObject({
      foodItems: ['Burger', 'Fries'],
      estimatedCalories: 950,
      carbs: null,
      mealType: 'lunch',
    });
  });
  it('summarises as the spec says', () => {
    expect(mealAnalysisSummary({ foodItems: ['a', 'b'], estimatedCalories: 640 })).toBe(
      'Found 2 food items, ~640 calories',
    );
  });
});

describe('which figures stay an AI estimate', () => {
  const analysis = { estimatedCalories: 640, carbs: 82 };
  it('lists the figures that still equal the analysis and drops the ones the user corrected', () => {
    expect(aiEstimatedFields({ calories: 640, carbs: 82 }, analysis)).toEqual(['calories', 'carbs']);
    expect(aiEstimatedFields({ calories: 600, carbs: 82 }, analysis)).toEqual(['carbs']);
    expect(aiEstimatedFields({ calories: 640 }, { estimatedCalories: 640, carbs: null })).toEqual([
      'calories',
    ]);
    expect(aiEstimatedFields({}, analysis)).toEqual([]);
  });
});
