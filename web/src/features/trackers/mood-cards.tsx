import { dataNumber } from './entry-format';
import { QueryView, StatCard } from './screen-parts';
import { useTrackerStats } from './use-entries';

const outOfFive = (value: number | undefined) => (value === undefined ? '—' : `${value}/5`);

export function MoodCards() {
  const stats = useTrackerStats('mood-energy');
  return (
    <QueryView query={stats} what="mood figures">
      {(s) => (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard title="Total Entries" value={s.total} />
          <StatCard
            title="Latest Mood"
            value={outOfFive(s.latest ? dataNumber(s.latest, 'mood') : undefined)}
            detail="1 (very low) to 5 (excellent)"
          />
          <StatCard
            title="Latest Energy"
            value={outOfFive(s.latest ? dataNumber(s.latest, 'energy') : undefined)}
            detail="1 (exhausted) to 5 (energized)"
          />
        </div>
      )}
    </QueryView>
  );
}
