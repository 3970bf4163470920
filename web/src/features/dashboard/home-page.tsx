import { Droplet } from 'lucide-react';
import { NotAvailable } from '@/features/placeholder/not-available';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { GeneralDashboard } from './general-dashboard';

/** /dashboard: the glucose home in diabetes mode, the general dashboard otherwise (the shell waited for the profile). */
export function HomePage() {
  const { diabetes } = useDashboardContext();
  if (!diabetes) return <GeneralDashboard />;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-muted-foreground">
        <Droplet className="size-4" aria-hidden="true" />
        Your glucose home: current glucose, time in range, averages and recent meals.
      </p>
      <NotAvailable what="The diabetes home screen" backTo="/dashboard/log-data" backLabel="Go to Log Data" />
    </div>
  );
}
