import { Radio, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useWhose } from '@/features/household/whose';
import { LogDialogHost } from '@/features/trackers/log-dialog-host';
import { useGlucoseFormat } from './format';
import { useGlucoseReadings, useGlucoseStatus, useRefreshDiabetesData } from './glucose-api';
import { NoReadings, QueryState } from './glucose-ui';
import { HomeMeals } from './home-meals';
import { type HomeAction, HomeOverview } from './home-overview';
import { HomeStats } from './home-stats';
import { HomeTrends } from './home-trends';
import { LoopCard } from './loop-card';

// The insulin dialog and its form load when first opened (the log dialog host does the same).
const InsulinLogDialog = lazy(() =>
  import('@/features/insulin/insulin-log-dialog').then((m) => ({ default: m.InsulinLogDialog })),
);

/** /dashboard in diabetes mode: the glucose home (tracking spec §2). */
export function DiabetesHome() {
  const fmt = useGlucoseFormat();
  const whose = useWhose();
  const readings = useGlucoseReadings(24);
  const status = useGlucoseStatus();
  const refresh = useRefreshDiabetesData();
  const [dialog, setDialog] = useState<HomeAction | null>(null);
  const close = () => {
    setDialog(null);
    // The screen reloads its data after a dialog closes (a save may have changed every card).
    void refresh();
  };
  const items = readings.data?.items ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground">
          {whose.Your} glucose at a glance, in {fmt.unit}.
        </p>
        {status.data?.cgmConnected ? (
          <Badge variant="secondary" className="gap-1">
            <Radio className="size-3" aria-hidden="true" />
            CGM Connected
          </Badge>
        ) : (
          <Link
            to="/dashboard/glucose-import"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Upload className="size-4" aria-hidden="true" />
            Import CGM data
          </Link>
        )}
      </div>
      <QueryState query={readings} what={`${whose.your} glucose readings`}>
        {items.length === 0 ? (
          <NoReadings onLog={() => setDialog('blood-glucose')} />
        ) : (
          <HomeStats readings={items} readingsToday={status.data?.readingsToday} fmt={fmt} />
        )}
      </QueryState>
      <LoopCard fmt={fmt} />
      <Tabs defaultValue="overview">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="trends">Trends</TabsTrigger>
          <TabsTrigger value="meals">Meals</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <HomeOverview readings={items} fmt={fmt} onAction={setDialog} />
        </TabsContent>
        <TabsContent value="trends">
          <HomeTrends fmt={fmt} />
        </TabsContent>
        <TabsContent value="meals">
          <HomeMeals fmt={fmt} onLogMeal={() => setDialog('meal')} />
        </TabsContent>
      </Tabs>
      <Suspense fallback={null}>{dialog === 'insulin' && <InsulinLogDialog onClose={close} />}</Suspense>
      <LogDialogHost
        target={dialog === 'blood-glucose' || dialog === 'meal' ? { tracker: dialog } : null}
        onClose={close}
      />
    </div>
  );
}
