import { Shield } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SecondFactorStepUp } from '@/features/auth/second-factor-step-up';
import { TwoFactorRequired } from '@/features/settings/two-factor-required';
import { useSecondFactorStatus } from '@/features/settings/use-second-factor';
import { errorMessage } from '@/lib/api';
import { useRoles } from '@/lib/session';
import { DashboardTab } from './dashboard-tab';

const UsersTab = lazy(async () => ({ default: (await import('./users-tab')).UsersTab }));
const CaregiversTab = lazy(async () => ({ default: (await import('./caregivers-tab')).CaregiversTab }));
const CommunicationTab = lazy(async () => ({
  default: (await import('./communication-tab')).CommunicationTab,
}));
const AnalyticsTab = lazy(async () => ({ default: (await import('./analytics-tab')).AnalyticsTab }));
const DataTab = lazy(async () => ({ default: (await import('./data-tab')).DataTab }));
const SettingsTab = lazy(async () => ({ default: (await import('./settings-tab')).SettingsTab }));
const HealthSystemsTab = lazy(async () => ({
  default: (await import('./health-systems-tab')).HealthSystemsTab,
}));
const AuditTab = lazy(async () => ({ default: (await import('./audit-tab')).AuditTab }));

/** The spec's tabs, in its order (plus Health systems, issue 36). */
const TABS = [
  { value: 'dashboard', label: 'Dashboard', Component: DashboardTab },
  { value: 'users', label: 'Users', Component: UsersTab },
  { value: 'caregivers', label: 'Caregivers', Component: CaregiversTab },
  { value: 'communication', label: 'Communication', Component: CommunicationTab },
  { value: 'analytics', label: 'Analytics', Component: AnalyticsTab },
  { value: 'data', label: 'Data Management', Component: DataTab },
  { value: 'settings', label: 'Settings', Component: SettingsTab },
  // Issue 36: the SMART on FHIR registrations this instance connects patients with.
  { value: 'health-systems', label: 'Health systems', Component: HealthSystemsTab },
  { value: 'audit', label: 'Audit Logs', Component: AuditTab },
] as const;

/**
 * /dashboard/admin-console. Non-admins are sent to / (spec §2); a spinner shows while the role loads;
 * an admin without a second factor is asked to set one up first, and one whose sign-in skipped it
 * (Google) to confirm it (the API refuses them until then).
 */
export function AdminConsolePage() {
  const roles = useRoles();
  const isAdmin = roles.data?.isAdmin ?? false;
  const factor = useSecondFactorStatus(isAdmin);
  const [params, setParams] = useSearchParams();
  if (roles.isPending) return <PageSpinner label="Checking your access" />;
  if (!isAdmin) return <Navigate to="/" replace />;
  if (factor.isPending) return <PageSpinner label="Checking your sign-in security" />;
  if (factor.isLoadingError)
    return (
      <ErrorState
        title="Could not check your sign-in security"
        message={errorMessage(factor.error, '')}
        onRetry={() => factor.refetch()}
      />
    );
  if (!factor.data.enabled) return <TwoFactorRequired />;
  if (!factor.data.sessionVerified)
    return <SecondFactorStepUp totp={factor.data.totp} passkeys={factor.data.passkeys} />;

  const tab = TABS.some((t) => t.value === params.get('tab')) ? params.get('tab')! : 'dashboard';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Shield className="size-6 text-primary" aria-hidden="true" />
        <h2 className="text-xl font-semibold">Admin Panel</h2>
        <Badge variant="destructive">Admin Access</Badge>
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <div className="overflow-x-auto">
          <TabsList className="w-max">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {TABS.map(({ value, Component }) => (
          <TabsContent key={value} value={value}>
            <Suspense fallback={<PageSpinner label="Loading" />}>
              <Component />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
