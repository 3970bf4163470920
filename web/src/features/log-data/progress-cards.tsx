import type { StreakSummaryResponse } from '@healthfolio/core';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { days } from './streak-cards';

const WEEKLY_TARGET = 7;
const MONTHLY_TARGET = 30;

/** The four progress cards (spec §9): week vs 7 entries, monthly pace, streak vs goal, all-time best. */
export function ProgressCards({ summary }: { summary: StreakSummaryResponse }) {
  const pace = Math.round((summary.entriesThisWeek / 7) * 30);
  const cards = [
    {
      title: 'This Week',
      value: summary.entriesThisWeek,
      max: WEEKLY_TARGET,
      text: `${summary.entriesThisWeek} of ${WEEKLY_TARGET} entries`,
      note: 'Entries logged in the last 7 days',
    },
    {
      title: 'Monthly Pace',
      value: pace,
      max: MONTHLY_TARGET,
      text: `${pace} of ${MONTHLY_TARGET} entries`,
      note: "This week's entries projected over 30 days",
    },
    {
      title: 'Streak Goal',
      value: summary.currentStreak,
      max: summary.streakGoal,
      text: `${summary.currentStreak} of ${days(summary.streakGoal)}`,
      note: `Log ${summary.streakGoal} days in a row`,
    },
    {
      title: 'All-Time Best',
      value: summary.longestStreak,
      max: summary.longestStreak + 10,
      text: days(summary.longestStreak),
      note: 'Your longest streak; beat it by logging every day',
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
            <Progress label={c.title} value={c.value} max={c.max} valueText={c.text} />
            <CardDescription>{c.note}</CardDescription>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
