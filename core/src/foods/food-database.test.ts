import { describe, expect, it } from 'vitest';
import { carbsForPortion, FOODS, searchFoods } from './food-database';

describe('built-in food list', () => {
  it('holds at least 300 foods with unique names and ids', () => {
    expect(FOODS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(FOODS.map((f) => f.name.toLowerCase())).size).toBe(FOODS.length);
    expect(new Set(FOODS.map((f) => f.id)).size).toBe(FOODS.length);
  });

  it("has the spec's five with their exact carbs per 100 g", () => {
    const carbs = (name: string) => FOODS.find((f) => f.name === name)?.carbs_per_100g;
    expect(carbs('White Bread')).toBe(49);
    expect(carbs('Banana')).toBe(23);
    expect(carbs('Apple')).toBe(14);
    expect(carbs('Cooked Rice')).toBe(28);
    expect(carbs('Cooked Pasta')).toBe(25);
  });

  it('has plausible values and a serving for every food', () => {
    for (const food of FOODS) {
      expect(food.carbs_per_100g).toBeGreaterThanOrEqual(0);
      expect(food.carbs_per_100g).toBeLessThanOrEqual(100);
      expect(food.serving_size).toMatch(/\(\d+ g\)$/);
      expect(food.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('food search', () => {
  it('ignores empty and blank text', () => {
    expect(searchFoods('')).toEqual([]);
    expect(searchFoods('   ')).toEqual([]);
  });

  it('matches a case-insensitive substring anywhere in the name', () => {
    const names = searchFoods('BREAD').map((f) => f.name);
    expect(names).toContain('White Bread');
    expect(names).toContain('Whole Wheat Bread');
    expect(names).toContain('Cornbread');
    expect(searchFoods('anan').map((f) => f.name)).toContain('Banana');
    expect(searchFoods('xyzzy')).toEqual([]);
  });
});

describe('carbs for a portion', () => {
  it('is carbs per 100 g × grams / 100, rounded to 0.1', () => {
    expect(carbsForPortion(49, 100)).toBe(49);
    expect(carbsForPortion(23, 200)).toBe(46);
    expect(carbsForPortion(14, 182)).toBe(25.5); // 25.48
    expect(carbsForPortion(28, 75)).toBe(21);
    expect(carbsForPortion(25, 33)).toBe(8.3); // 8.25 rounds half up
  });
});
