import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/lib/session';

const AlarmsCard = lazy(async () => ({ default: (await import('./alarms-card')).AlarmsCard }));

/** The Alarms card, on the Glucose Alerts page (diabetes mode) only; loaded when shown. */
export function GlucoseAlarms() {
  const profile = useProfile();
  if (profile.data?.userType !== 'diabetes_focused') return null;
  return (
    <Suspense fallback={<Spinner label="Loading alarms" />}>
      <AlarmsCard unit={profile.data.glucoseUnit} timeZone={profile.data.timezone} />
    </Suspense>
  );
}
