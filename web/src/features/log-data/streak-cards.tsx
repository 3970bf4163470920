import type { StreakSummaryResponse } from '@healthfolio/core';
import { countOf, entriesCount } from '@healthfolio/core/text/count-words';
import { OWN_RECORD, type Whose } from '@healthfolio/core/text/whose';
import { Flame, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWhose } from '@/features/household/whose';

/** "1 day", "7 days". */
export const days = (n: number) => countOf(n, 'day');

/**
 * Motivation by current streak: 0, under 3, under 7, under 30, 30 or more (spec §9), for whose record
 * it is ("Start Mia’s streak today" while a guardian acts for Mia).
 */
export const motivation = (streak: number, w: Whose = OWN_RECORD) => {
  if (streak === 0)
    return { title: `Start ${w.your} streak today`, text: 'Log one entry today to begin a streak.' };
  if (streak < 3) return { title: 'Great start!', text: `Keep logging every day to grow ${w.your} streak.` };
  if (streak < 7)
    return {
      title: 'Building a habit',
      text: w.name
        ? `${w.You} ${w.verb('are', 'is')} on the way to a full week in a row.`
        : 'You are on your way to a full week in a row.',
    };
  if (streak < 30)
    return { title: 'Amazing consistency', text: 'Keep going: a 30-day streak is within reach.' };
  return { title: 'Logging champion', text: 'Thirty days or more in a row. Outstanding.' };
};

export function StreakCards({ summary, onLog }: { summary: StreakSummaryResponse; onLog: () => void }) {
  const m = motivation(summary.currentStreak, useWhose());
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle className="text-base">Current Streak</CardTitle>
          <Flame className="size-5 text-muted-foreground" aria-hidden="true" />
        </CardHeader>
        <CardContent className="flex flex-col gap-1">
          <p className="text-3xl font-semibold tabular-nums">{days(summary.currentStreak)}</p>
          <CardDescription>
            Longest streak: {days(summary.longestStreak)} · {entriesCount(summary.totalEntries)} in total
          </CardDescription>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle className="text-base">{m.title}</CardTitle>
          <Sparkles className="size-5 text-muted-foreground" aria-hidden="true" />
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-3">
          <CardDescription>{m.text}</CardDescription>
          <Button onClick={onLog}>Log Blood Glucose</Button>
        </CardContent>
      </Card>
    </div>
  );
}
