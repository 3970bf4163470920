import { useInstanceOverview } from './use-instance-overview';

/** While maintenance mode is on, visitors read the admin's message before they try to sign in. */
export function MaintenanceBanner() {
  const maintenance = useInstanceOverview().data?.maintenance;
  if (!maintenance?.enabled) return null;
  return (
    <div role="status" className="border-b bg-accent px-6 py-3 text-center text-sm">
      <span className="font-semibold">Down for maintenance: </span>
      {maintenance.message}
    </div>
  );
}
