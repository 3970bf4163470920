import { useState } from 'react';
import { Link } from 'react-router';
import { useWhose } from '@/features/household/whose';
import { LogDialogHost, type LogTarget } from '@/features/trackers/log-dialog-host';
import { QueryView } from '@/features/trackers/screen-parts';
import { TILES } from '@/features/trackers/tracker-meta';
import { useStreakSummary } from '@/features/trackers/use-entries';
import { useIsMobile } from '@/lib/use-is-mobile';
import { ProgressCards } from './progress-cards';
import { StreakCards } from './streak-cards';

const tileClass =
  'flex flex-col items-center gap-2 rounded-xl border bg-card p-4 text-center text-sm font-medium shadow-sm hover:border-primary/60 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** /dashboard/log-data: the streak, motivation, progress and ten tiles that open the log dialog. */
export function LogDataPage() {
  const summary = useStreakSummary();
  const [target, setTarget] = useState<LogTarget>(null);
  const isMobile = useIsMobile();
  const w = useWhose();
  const stats = (
    <QueryView query={summary} what={`${w.your} streak`}>
      {(s) => (
        <>
          <StreakCards summary={s} onLog={() => setTarget({ tracker: 'blood-glucose' })} />
          <ProgressCards summary={s} />
        </>
      )}
    </QueryView>
  );
  // On a phone the tiles come first: what the page is for, not five cards that start at zero.
  const tiles = (
    <section aria-labelledby="log-heading" className="flex flex-col gap-3">
      <h2 id="log-heading" className="text-lg font-semibold">
        What would you like to log?
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {TILES.map((tile) => {
          const Icon = tile.icon;
          const content = (
            <>
              <Icon className="size-6 text-primary" aria-hidden="true" />
              {tile.label}
            </>
          );
          return (
            <li key={tile.label} className="flex">
              {tile.kind === 'tracker' ? (
                <button
                  type="button"
                  className={`${tileClass} w-full`}
                  onClick={() => setTarget({ tracker: tile.tracker })}
                >
                  {content}
                </button>
              ) : (
                <Link to={tile.to} className={`${tileClass} w-full`}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
  return (
    <div className="flex flex-col gap-6">
      {isMobile ? tiles : stats}
      {isMobile ? stats : tiles}
      <LogDialogHost target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
