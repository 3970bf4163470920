import { Plus } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import type { OpenDialog } from './dialog-state';
import { useBills, useClaims, useInsuranceSettings, usePlans } from './insurance-api';
import { InsuranceLocaleContext, makeInsuranceLocale } from './insurance-format';
import { OverviewTab } from './overview-tab';

// The dialogs (forms, attachments, and the rules they bring) load when one is opened.
// A tab seldom opened first: not part of the page's first load (DESIGN §9's 170 KB).
// Tabs other than the overview load beside the page (within the first-load budget).
const ProvidersTab = lazy(async () => ({ default: (await import('./providers-tab')).ProvidersTab }));
const ClaimsTab = lazy(async () => ({ default: (await import('./claims-tab')).ClaimsTab }));
const BillsTab = lazy(async () => ({ default: (await import('./bills-tab')).BillsTab }));
const AnalyticsTab = lazy(async () => ({ default: (await import('./analytics-tab')).AnalyticsTab }));
const ConnectHealthSystemCard = lazy(async () => ({
  default: (await import('@/features/health-systems/connect-health-system-card')).ConnectHealthSystemCard,
}));
const InsuranceDialogs = lazy(async () => ({
  default: (await import('./insurance-dialogs')).InsuranceDialogs,
}));

// The spec's "Providers" tab lists insurance plans, while "provider" on claims and bills means a
// clinic or doctor: the tab is named for what it lists (issue 30). Old ?tab=providers links still open it.
const TABS = ['overview', 'plans', 'claims', 'bills', 'analytics'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = {
  overview: 'Overview',
  plans: 'Plans',
  claims: 'Claims',
  bills: 'Bills',
  analytics: 'Analytics',
};
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);

/** Spec §2 "Insurance & Claims": five tabs over the user's own plans, claims and bills. */
export function InsurancePage() {
  const { profile } = useDashboardContext();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') === 'providers' ? 'plans' : params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'overview';
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const settings = useInsuranceSettings();
  const plans = usePlans();
  const claims = useClaims();
  const bills = useBills();
  const currency = settings.data?.currency ?? 'USD';
  const locale = useMemo(() => makeInsuranceLocale(currency, profile.timezone), [currency, profile.timezone]);

  const queries = [settings, plans, claims, bills];
  const failed = queries.find((q) => q.isLoadingError);
  let body: React.ReactNode;
  if (failed)
    body = (
      <ErrorState
        title="Could not load your insurance records"
        message={errorMessage(failed.error, 'The server did not answer.')}
        onRetry={() => {
          for (const q of queries) if (q.isError) void q.refetch();
        }}
      />
    );
  else if (!settings.data || !plans.data || !claims.data || !bills.data)
    body = <Spinner label="Loading your insurance records" className="p-4" />;
  else {
    const data = { plans: plans.data, claims: claims.data, bills: bills.data, settings: settings.data };
    body = (
      <>
        <TabsContent value="overview">
          <OverviewTab {...data} open={setDialog} />
        </TabsContent>
        <TabsContent value="plans">
          <Suspense fallback={<Spinner label="Loading your plans" className="p-4" />}>
            <ProvidersTab plans={data.plans} open={setDialog} />
          </Suspense>
        </TabsContent>
        <TabsContent value="claims">
          <Suspense fallback={<Spinner label="Loading your claims" className="p-4" />}>
            <ClaimsTab claims={data.claims} open={setDialog} />
          </Suspense>
        </TabsContent>
        <TabsContent value="bills">
          <Suspense fallback={<Spinner label="Loading your bills" className="p-4" />}>
            <BillsTab bills={data.bills} open={setDialog} />
          </Suspense>
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<Spinner label="Loading the analytics" className="p-4" />}>
            <AnalyticsTab {...data} open={setDialog} />
          </Suspense>
        </TabsContent>
        {dialog && (
          <Suspense fallback={null}>
            <InsuranceDialogs
              dialog={dialog}
              plans={data.plans}
              settings={data.settings}
              open={setDialog}
              close={() => setDialog(null)}
            />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <InsuranceLocaleContext.Provider value={locale}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            Your plans, claims and bills: what is covered, what you owe and when.
          </p>
          <Button onClick={() => setDialog({ kind: 'plan' })} disabled={!settings.data}>
            <Plus aria-hidden="true" /> Add Insurance
          </Button>
        </div>
        <Tabs
          value={tab}
          onValueChange={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true })}
        >
          <div>
            <TabsList className="grid w-full grid-cols-5 sm:inline-flex sm:w-auto">
              {TABS.map((t) => (
                <TabsTrigger key={t} value={t} className="px-1 text-xs sm:px-3 sm:text-sm">
                  {LABELS[t]}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {body}
        </Tabs>
        {/* Claims from the insurer's Patient Access API instead of typing them (issue 36). */}
        {(tab === 'overview' || tab === 'claims') && (
          <Suspense fallback={null}>
            <ConnectHealthSystemCard kind="payer" />
          </Suspense>
        )}
      </div>
    </InsuranceLocaleContext.Provider>
  );
}
