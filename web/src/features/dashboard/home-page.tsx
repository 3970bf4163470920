import { lazy, Suspense } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { whoseRecord } from '@/features/household/whose';
import { PhoneMoreLinks } from '@/features/shell/phone-more-links';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { useIsMobile } from '@/lib/use-is-mobile';
import { GeneralDashboard } from './general-dashboard';

// Each mode's home loads only for the users who see it.
const DiabetesHome = lazy(() =>
  import('@/features/diabetes/diabetes-home').then((m) => ({ default: m.DiabetesHome })),
);

/** /dashboard: the glucose home in diabetes mode, the general dashboard otherwise (the shell waited for the profile). */
export function HomePage() {
  const { diabetes, acting } = useDashboardContext();
  const isMobile = useIsMobile();
  return (
    <>
      {diabetes ? (
        <Suspense fallback={<PageSpinner label={`Loading ${whoseRecord(acting).your} glucose home`} />}>
          <DiabetesHome />
        </Suspense>
      ) : (
        <GeneralDashboard />
      )}
      {isMobile && <PhoneMoreLinks diabetes={diabetes} />}
    </>
  );
}
