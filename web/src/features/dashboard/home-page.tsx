import { lazy, Suspense } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { GeneralDashboard } from './general-dashboard';

// Each mode's home loads only for the users who see it.
const DiabetesHome = lazy(() =>
  import('@/features/diabetes/diabetes-home').then((m) => ({ default: m.DiabetesHome })),
);

/** /dashboard: the glucose home in diabetes mode, the general dashboard otherwise (the shell waited for the profile). */
export function HomePage() {
  const { diabetes } = useDashboardContext();
  if (!diabetes) return <GeneralDashboard />;
  return (
    <Suspense fallback={<PageSpinner label="Loading your glucose home" />}>
      <DiabetesHome />
    </Suspense>
  );
}
