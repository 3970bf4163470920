import { whose } from '@healthfolio/core/text/whose';
import type { QueryClient } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { noLabResultsWords, noTestResultsWords } from '@/features/labs/lab-words';
import { renderInDashboard } from '@/test/render-in-dashboard';
import { missingText } from './log-form';
import { BloodPressurePage, MealPage } from './tracker-pages';
import { entryKeys } from './use-entries';

/** No entries of `tracker` yet: the first page of its list, as the server answers it. */
const noEntries = (tracker: string) => (client: QueryClient) =>
  client.setQueryData([...entryKeys.list({ tracker: tracker as never, order: 'desc' }, 50), 'pages'], {
    pages: [{ items: [], nextCursor: null }],
    pageParams: [null],
  });

describe('a tracker with no entries yet, for whose record it is', () => {
  it('offers your first reading on your own record', () => {
    const text = renderInDashboard(h(BloodPressurePage), { seed: noEntries('blood-pressure') });
    expect(text).toContain('No blood pressure readings yet. Add your first reading');
  });

  it('offers the ward’s first reading while a guardian acts for her', () => {
    const bp = renderInDashboard(h(BloodPressurePage), { ward: 'Mia', seed: noEntries('blood-pressure') });
    expect(bp).toContain('No blood pressure readings yet. Add Mia’s first reading');
    expect(bp).not.toMatch(/\byour\b/i);
    const meals = renderInDashboard(h(MealPage), { ward: 'Mia', seed: noEntries('meal') });
    expect(meals).toContain('Add Mia’s first meal');
  });
});

describe('words for a ward’s record', () => {
  const mia = whose('Mia');
  it('the log form asks for the ward’s weight, journal entry and medication', () => {
    expect(missingText('weight', 'weight')).toBe('Enter your weight');
    expect(missingText('weight', 'weight', mia)).toBe('Enter Mia’s weight');
    expect(missingText('value', 'journal', mia)).toBe('Write Mia’s journal entry');
    expect(missingText('value', 'medication')).toBe('Enter the medication you took');
    expect(missingText('value', 'medication', mia)).toBe('Enter the medication Mia took');
    expect(missingText('glucose', 'blood-glucose', mia)).toBe('Enter a glucose value');
  });

  it('the lab results say where the ward’s results come from, and that she has none of a test', () => {
    expect(noLabResultsWords(false, whose(null))).toBe(
      'No lab results yet. Add one from your lab report with “Add a result”, or import a record from your patient portal.',
    );
    expect(noLabResultsWords(true, mia)).toBe(
      'No lab results yet. Add one from Mia’s lab report with “Add a result”, import a record from Mia’s patient portal, or connect Mia’s health system below.',
    );
    expect(noTestResultsWords(whose(null))).toBe('You have no results for this test yet.');
    expect(noTestResultsWords(mia)).toBe('Mia has no results for this test yet.');
  });
});
