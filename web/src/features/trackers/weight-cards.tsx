import { Target } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useWhose } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { weightText } from './entry-format';
import { QueryView, StatCard } from './screen-parts';
import { TrackerScreen } from './tracker-screen';
import { useEntries, useTrackerStats } from './use-entries';
import { currentWeight, goalProgress, monthDelta } from './weight-progress';

const GoalDialog = lazy(() => import('./weight-goal-dialog').then((m) => ({ default: m.WeightGoalDialog })));

function Cards() {
  const { weightGoal, timezone } = useDashboardContext().profile;
  const stats = useTrackerStats('weight');
  const w = useWhose();
  const first = useEntries({ tracker: 'weight', order: 'asc' }, 1);
  return (
    <QueryView query={stats} what="weight figures">
      {(s) => {
        const progress = weightGoal ? goalProgress(first.data?.items[0], s.latest, weightGoal) : null;
        return (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard title="Total Entries" value={s.total} />
            <StatCard title="Current Weight" {...currentWeight(s.latest, timezone, Date.now())} />
            <StatCard title="This Month" value={s.thisMonth} detail={monthDelta(s.thisMonth, s.lastMonth)} />
            <StatCard
              title="Goal Progress"
              icon={<Target className="size-4 text-muted-foreground" aria-hidden="true" />}
              value={progress ? `${progress.percent}%` : weightGoal ? '—' : 'Set a goal'}
              detail={
                progress ? (
                  <span className="flex flex-col gap-2">
                    <Progress
                      label="Goal progress"
                      value={progress.percent}
                      max={100}
                      valueText={`${progress.percent}%`}
                    />
                    <span>
                      {progress.detail} (goal {weightGoal?.value} {weightGoal?.unit})
                    </span>
                  </span>
                ) : weightGoal ? (
                  `Goal ${weightGoal.value} ${weightGoal.unit}: log a weight to see ${w.your} progress`
                ) : (
                  'Choose a goal weight with Set Goal'
                )
              }
            />
          </div>
        );
      }}
    </QueryView>
  );
}

/** The weight tracker: its four cards, Log Weight, Set Goal (stored in the profile) and View Trends. */
export function WeightCards() {
  const [goalOpen, setGoalOpen] = useState(false);
  return (
    <>
      <TrackerScreen
        config={{
          tracker: 'weight',
          logLabel: 'Log Weight',
          trends: true,
          empty: 'No weight measurements yet.',
          emptyLink: (w) => `Add ${w.your} first weight measurement`,
          listLabel: 'Weight measurements',
          cards: <Cards />,
          extraButtons: (
            <Button variant="outline" onClick={() => setGoalOpen(true)}>
              <Target aria-hidden="true" /> Set Goal
            </Button>
          ),
          row: (e) => ({ text: weightText(e) }),
        }}
      />
      {goalOpen && (
        <Suspense fallback={null}>
          <GoalDialog onClose={() => setGoalOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
