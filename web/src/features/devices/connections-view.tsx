import type { DeviceConnectionListResponse } from '@healthfolio/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';

type Connection = DeviceConnectionListResponse['items'][number];

/**
 * A devices tab built on the Terra connections: while they (or the tab's own parts) load, or when
 * they fail, the words name whose devices they are ("your devices", "Mia’s devices").
 */
export function ConnectionsView({
  query,
  children,
}: {
  query: UseQueryResult<Connection[]>;
  children: (items: Connection[]) => ReactNode;
}) {
  const w = useWhose();
  const what = `${w.your} devices`;
  return (
    <QueryView query={query} what={what}>
      {(items) => <Suspense fallback={<Spinner label={`Loading ${what}`} />}>{children(items)}</Suspense>}
    </QueryView>
  );
}
