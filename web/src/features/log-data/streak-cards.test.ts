import type { StreakSummaryResponse } from '@healthfolio/core';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInDashboard } from '@/test/render-in-dashboard';
import { ProgressCards } from './progress-cards';
import { StreakCards } from './streak-cards';

const summary = (currentStreak: number) =>
  ({
    currentStreak,
    longestStreak: 4,
    totalEntries: 9,
    entriesThisWeek: 3,
    entriesThisMonth: 9,
    streakGoal: 7,
    achievements: [],
  }) as unknown as StreakSummaryResponse;

const streakScreen = (streak: number, ward?: string) =>
  renderInDashboard(
    h(
      'div',
      null,
      h(StreakCards, { summary: summary(streak), onLog: () => {} }),
      h(ProgressCards, { summary: summary(streak) }),
    ),
    { ward },
  );

describe('the Log Data streak cards, for whose record it is', () => {
  it('speak of your streak on your own record', () => {
    expect(streakScreen(0)).toContain('Start your streak today');
    expect(streakScreen(1)).toContain('Keep logging every day to grow your streak.');
    expect(streakScreen(4)).toContain('You are on your way to a full week in a row.');
    expect(streakScreen(4)).toContain('Your longest streak; beat it by logging every day');
  });

  it('name the ward while a guardian acts for her, and never say "your" streak', () => {
    expect(streakScreen(0, 'Mia')).toContain('Start Mia’s streak today');
    expect(streakScreen(1, 'Mia')).toContain('Keep logging every day to grow Mia’s streak.');
    const building = streakScreen(4, 'Mia');
    expect(building).toContain('Mia is on the way to a full week in a row.');
    expect(building).toContain('Mia’s longest streak; beat it by logging every day');
    expect(building).not.toMatch(/\byour\b/i);
    expect(streakScreen(0, 'James')).toContain('Start James’ streak today');
  });
});
