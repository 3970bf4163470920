import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';

/** Loading, error (with retry) or the data: every screen's three states in one place. */
export function QueryView<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} className="p-4" />;
  if (query.isLoadingError)
    return (
      <ErrorState
        title={`Could not load ${what}`}
        message={errorMessage(query.error, 'The server did not answer.')}
        onRetry={() => query.refetch()}
      />
    );
  return <>{children(query.data)}</>;
}

export { BackLink } from '@/components/ui/back-link';
export { StatCard } from '@/components/ui/stat-card';
