import type { StreakSummaryResponse } from '@healthfolio/core';
import type { Whose } from '@healthfolio/core/text/whose';
import { achievementDescription } from '@healthfolio/core/trackers/achievement-words';
import {
  Award,
  CalendarCheck,
  CircleCheck,
  Crown,
  Flame,
  Lightbulb,
  Lock,
  type LucideIcon,
  Sparkles,
  Trophy,
} from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useWhose } from '@/features/household/whose';
import { ProgressCards } from '@/features/log-data/progress-cards';
import { days } from '@/features/log-data/streak-cards';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { QueryView, StatCard } from '@/features/trackers/screen-parts';
import { useStreakSummary } from '@/features/trackers/use-entries';
import { formatDate } from '@/lib/zoned-format';

// The server names lucide icons; only these five exist, so map them rather than ship every icon.
const ICONS: Record<string, LucideIcon> = {
  sparkles: Sparkles,
  flame: Flame,
  'calendar-check': CalendarCheck,
  crown: Crown,
  trophy: Trophy,
};

/** The tips speak to whoever logs, of whose streak it is ("Mia’s streak" while a guardian acts for Mia). */
const tips = (w: Whose) => [
  'Log at the same time each day, for example with your morning coffee, to make it a habit.',
  `One entry of any tracker counts towards ${w.your} streak for that day.`,
  `A streak continues while ${w.your} last entry was today or yesterday, so log before the day ends.`,
  `Notes make patterns easier to spot later: add what ${w.you} ate, how ${w.you} slept or what changed.`,
];

function AchievementList({ summary, w }: { summary: StreakSummaryResponse; w: Whose }) {
  const { timezone } = useDashboardContext().profile;
  return (
    <ul aria-label="Achievements" className="grid gap-3 md:grid-cols-2">
      {summary.achievements.map((a) => {
        const Icon = ICONS[a.icon] ?? Award;
        return (
          <li key={a.id}>
            <Card className={a.unlocked ? 'border-primary/60' : undefined}>
              <CardContent className="flex gap-4 p-4">
                <Icon
                  className={`size-8 shrink-0 ${a.unlocked ? 'text-primary' : 'text-muted-foreground'}`}
                  aria-hidden="true"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold">{a.title}</h3>
                    <span className="inline-flex items-center gap-1 text-xs font-medium">
                      {a.unlocked ? (
                        <CircleCheck className="size-4 text-primary" aria-hidden="true" />
                      ) : (
                        <Lock className="size-4" aria-hidden="true" />
                      )}
                      {a.unlocked ? 'Unlocked' : 'Locked'}
                    </span>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {achievementDescription(a.id, w) ?? a.description}
                  </p>
                  {a.id === 'consistency_king' && (
                    <p className="text-xs text-muted-foreground">
                      Counts distinct days with at least one entry, not entries.
                    </p>
                  )}
                  <Progress label={`${a.title} progress`} value={a.progress} max={a.maxProgress} />
                  <p className="text-xs text-muted-foreground">
                    {a.progress} / {a.maxProgress}
                    {a.unlocked && a.unlockedAt ? ` · Unlocked ${formatDate(a.unlockedAt, timezone)}` : ''}
                  </p>
                </div>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/** /dashboard/achievements: summary, progress, the five achievements and tips. */
export function AchievementsPage() {
  const summary = useStreakSummary();
  const w = useWhose();
  return (
    <QueryView query={summary} what={`${w.your} achievements`}>
      {(s) => {
        const unlocked = s.achievements.filter((a) => a.unlocked).length;
        return (
          <div className="flex flex-col gap-6">
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard
                title="Achievements"
                value={`${unlocked} of ${s.achievements.length}`}
                detail="Unlocked"
              />
              <StatCard title="Current Streak" value={days(s.currentStreak)} />
              <StatCard title="Longest Streak" value={days(s.longestStreak)} />
              <StatCard
                title="Total Entries"
                value={s.totalEntries}
                detail={
                  s.loggedDays === 0
                    ? 'None yet'
                    : s.loggedDays === 1
                      ? 'On 1 day'
                      : `On ${s.loggedDays} different days`
                }
              />
            </div>
            <ProgressCards summary={s} />
            <section aria-labelledby="achievements-heading" className="flex flex-col gap-3">
              <h2 id="achievements-heading" className="text-lg font-semibold">
                {w.Your} achievements
              </h2>
              <AchievementList summary={s} w={w} />
            </section>
            <Card>
              <CardHeader className="flex-row items-center gap-2">
                <Lightbulb className="size-5 text-primary" aria-hidden="true" />
                <CardTitle className="text-base">Tips</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
                  {tips(w).map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
                <CardDescription className="mt-3">Days are counted in {w.your} time zone.</CardDescription>
              </CardContent>
            </Card>
          </div>
        );
      }}
    </QueryView>
  );
}
