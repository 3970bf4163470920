import type { StreakSummaryResponse } from '@healthfolio/core';
import { entriesCount } from '@healthfolio/core/text/count-words';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useWhose } from '@/features/household/whose';
import { days } from './streak-cards';

const WEEKLY_TARGET = 7;
const MONTHLY_TARGET = 30;

/** "3 of 7 entries", or the count itself once the goal is passed ("9 entries, goal of 7 reached"). */
const towards = (n: number, goal: number, noun: (k: number) => string) =>
  n <= goal ? `${n} of ${noun(goal)}` : `${noun(n)}, goal of ${goal} reached`;

/**
 * The four progress cards (spec §9): the week's entries vs 7, the last 30 days' entries vs 30, the
 * streak vs its goal, the all-time best. Each counts what it names, in the user's calendar days.
 */
export function ProgressCards({ summary }: { summary: StreakSummaryResponse }) {
  const w = useWhose();
  const cards = [
    {
      title: 'This Week',
      value: summary.entriesThisWeek,
      max: WEEKLY_TARGET,
      text: towards(summary.entriesThisWeek, WEEKLY_TARGET, entriesCount),
      note: 'Entries logged in the last 7 days',
    },
    {
      title: 'Monthly Pace',
      value: summary.entriesThisMonth,
      max: MONTHLY_TARGET,
      text: towards(summary.entriesThisMonth, MONTHLY_TARGET, entriesCount),
      note: 'Entries logged in the last 30 days',
    },
    {
      title: 'Streak Goal',
      value: summary.currentStreak,
      max: summary.streakGoal,
      text: towards(summary.currentStreak, summary.streakGoal, days),
      note: `Log ${days(summary.streakGoal)} in a row`,
    },
    {
      title: 'All-Time Best',
      value: summary.longestStreak,
      max: summary.longestStreak + 10,
      text: days(summary.longestStreak),
      note: `${w.Your} longest streak; beat it by logging every day`,
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((c) => (
        <Card key={c.title}>
          <CardHeader className="pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{c.title}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <p className="text-xl font-semibold tabular-nums">{c.text}</p>
            <Progress label={c.title} value={Math.min(c.value, c.max)} max={c.max} valueText={c.text} />
            <CardDescription>{c.note}</CardDescription>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
