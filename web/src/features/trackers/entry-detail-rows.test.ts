import type { EntryResponse, TrackerKey } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { entryDetailRows } from './entry-detail-rows';
import { entryValue } from './entry-format';

const entry = (tracker: TrackerKey, title: string, data: Record<string, unknown>): EntryResponse => ({
  id: '00000000-0000-4000-8000-000000000000',
  tracker,
  title,
  occurredAt: '2026-11-29T15:08:00Z',
  notes: null,
  data,
  createdAt: '2026-11-29T15:08:00Z',
  updatedAt: '2026-11-29T15:08:00Z',
});
/** The rows after Date and Time, as the dialog lists them. */
const rows = (e: EntryResponse, unit: 'mg/dL' | 'mmol/L' = 'mg/dL') =>
  Object.fromEntries(entryDetailRows(e, unit, 'UTC').slice(2));

const meal = entry('meal', 'Meal', {
  mealType: 'lunch',
  carbs: 62.5,
  foods: [
    { name: 'Banana', carbs: 34.5, portion: 150 },
    { name: 'Cooked Rice', carbs: 28, portion: 100 },
  ],
});
const dose = entry('insulin', 'Insulin', {
  glucose_reading: 190,
  carbs: 50,
  meal_type: 'lunch',
  meal_insulin: 5,
  correction_insulin: 2,
  total_insulin: 7,
  high_dose_confirmed: true,
});
const settings = entry('insulin-settings', 'Insulin Settings', {
  carb_ratio: 10,
  correction_factor: 40,
  target_glucose: 110,
  insulin_curve: 'rapid-acting',
  dia_hours: 5,
  max_single_dose: 8,
});

describe('an entry’s details in words a person would write', () => {
  it('lists a meal’s foods by name and amount, carbs in grams, no JSON', () => {
    expect(rows(meal)).toMatchObject({
      Carbs: '62.5 g',
      Foods: 'Banana, 150 g (34.5 g carbs); Cooked Rice, 100 g (28 g carbs)',
    });
    expect(Object.values(rows(meal)).join(' ')).not.toMatch(/[{}"]|name|portion/);
  });

  it('gives an insulin dose its units and the glucose its unit, and says what a confirmation means', () => {
    expect(rows(dose)).toEqual({
      Value: '7.0 units',
      Glucose: '190 mg/dL',
      Carbs: '50 g',
      Meal: 'Lunch',
      'Meal insulin': '5.0 units',
      'Correction insulin': '2.0 units',
      'Total insulin': '7.0 units',
      'High Dose Alert': 'You confirmed this dose',
    });
    expect(rows(dose, 'mmol/L').Glucose).toBe('10.5 mmol/L');
    expect(entryValue(dose, 'mg/dL')).toBe('7.0 units');
  });

  it('writes insulin settings as sentences with units, never keys or enum values', () => {
    expect(rows(settings)).toEqual({
      Value: 'Target 110 mg/dL, 1 unit per 10 g of carbs',
      'Carb ratio': '1 unit covers 10 g of carbs',
      'Correction factor': '1 unit lowers glucose by 40 mg/dL',
      'Target glucose': '110 mg/dL',
      'Insulin type': 'Rapid-acting',
      'Duration of insulin action': '5 hours',
      'Maximum single dose': '8.0 units',
    });
  });

  it('gives each rating its scale and a blood pressure its unit, as the Value row does', () => {
    const mood = entry('mood-energy', 'Mood & Energy', { mood: 4, energy: 2, stress: 5, sleepQuality: 3 });
    expect(rows(mood)).toEqual({
      Value: 'Mood 4/5, Energy 2/5, Stress 5/5',
      Mood: '4/5',
      Energy: '2/5',
      Stress: '5/5',
      'Sleep quality': '3/5',
    });
    expect(rows(entry('pain', 'Pain', { painIntensity: 6 }))).toEqual({
      Value: '6/10',
      'Pain intensity': '6/10',
    });
    expect(rows(entry('blood-pressure', 'Blood Pressure', { systolic: 128, diastolic: 82 }))).toEqual({
      Value: '128/82 mmHg',
      Systolic: '128 mmHg',
      Diastolic: '82 mmHg',
    });
  });

  it('says a weight once, with its unit, and no separate "Weight unit" row', () => {
    expect(
      rows(entry('weight', 'Weight', { weight: 170.9, weightUnit: 'lbs', weightContext: 'morning' })),
    ).toEqual({
      Value: '170.9 lbs',
      'Weight context': 'Morning',
    });
  });

  it('shows an A1C result as a percentage', () => {
    expect(entryValue(entry('a1c', 'A1C', { value: 7.2, test_date: '2026-11-20' }), 'mg/dL')).toBe('7.2%');
  });
});

describe('An imported entry its record dated only by day', () => {
  it('shows that day in every time zone and no time of day', () => {
    const day: EntryResponse = {
      ...entry('weight', 'Weight', { weight: 86, weightUnit: 'kg' }),
      occurredAt: '2012-09-10T12:00:00.000Z',
      occurredPrecision: 'day',
    };
    const shown = Object.fromEntries(entryDetailRows(day, 'mg/dL', 'Pacific/Kiritimati'));
    expect(shown.Date).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date('2012-09-10T12:00:00Z'),
      ),
    );
    expect(shown).not.toHaveProperty('Time');
  });
});
