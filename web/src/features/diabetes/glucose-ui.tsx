import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useGlucoseStatus } from './glucose-api';

export { levelOf, RangeTag } from './glucose-level-tag';

/**
 * The empty state of every glucose screen: where readings come from. With `days`, a user who has
 * older readings is told the period is empty rather than that there is nothing at all.
 */
export function NoReadings({ onLog, days }: { onLog?: () => void; days?: number }) {
  const link = 'font-medium text-primary underline-offset-4 hover:underline';
  const status = useGlucoseStatus();
  const hasOlder = days !== undefined && (status.data?.totalReadings ?? 0) > 0;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
        <p className="font-medium">
          {hasOlder
            ? `No readings in the last ${days} days — import CGM data or log a reading`
            : 'No readings yet — import CGM data or log a reading'}
        </p>
        <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
          <Link to="/dashboard/glucose-import" className={link}>
            Import CGM data
          </Link>
          {onLog ? (
            <button type="button" className={link} onClick={onLog}>
              Log a reading
            </button>
          ) : (
            <Link to="/dashboard/log-data" className={link}>
              Log a reading
            </Link>
          )}
        </p>
      </CardContent>
    </Card>
  );
}

type QueryLike = {
  isPending: boolean;
  /** Failed before any answer came (a failed refetch keeps what was shown). */
  isLoadingError: boolean;
  error: unknown;
  refetch: () => unknown;
  fetchStatus?: string;
};

/** Loading and error states of a query, with retry; renders children once data is there. */
export function QueryState({
  query,
  what,
  children,
}: {
  query: QueryLike;
  what: string;
  children: ReactNode;
}) {
  // Offline with nothing saved on this device for it: the query waits for the connection.
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <p
        role="status"
        className="flex min-h-40 items-center justify-center text-center text-sm text-muted-foreground"
      >
        {`${what[0]?.toUpperCase()}${what.slice(1)} ${what.endsWith('s') ? 'were' : 'was'} not saved on this device. ${what.endsWith('s') ? 'They load' : 'It loads'} when you are back online.`}
      </p>
    );
  }
  if (query.isPending) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  }
  if (query.isLoadingError) {
    return (
      <ErrorState
        title={`Could not load ${what}`}
        message={errorMessage(query.error, 'The server did not answer.')}
        onRetry={() => query.refetch()}
      />
    );
  }
  return <>{children}</>;
}

/** A row of single-choice chips (7 / 30 / 90 days): toggle buttons, the chosen one pressed. */
export function RangeChips<T extends number>({
  options,
  value,
  onChange,
  label,
}: {
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: string;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            option === value
              ? 'border-primary bg-primary text-primary-foreground'
              : 'bg-card hover:bg-accent',
          )}
        >
          {option} Days
        </button>
      ))}
    </fieldset>
  );
}

export { BackLink } from '@/components/ui/back-link';
export { StatCard } from '@/components/ui/stat-card';
