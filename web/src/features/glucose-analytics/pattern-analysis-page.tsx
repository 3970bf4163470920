import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useGlucosePatterns } from '@/features/diabetes/glucose-api';
import { BackLink, NoReadings, QueryState } from '@/features/diabetes/glucose-ui';
import { useWhose } from '@/features/household/whose';
import { DetectedPatterns, PatternTrends, TimeOfDay } from './pattern-tabs';

/** /dashboard/pattern-analysis: the spec's three rules over 30 days, hourly averages and the 30-day curve. */
export function PatternAnalysisPage() {
  const fmt = useGlucoseFormat();
  const w = useWhose();
  const patterns = useGlucosePatterns();
  return (
    <div className="flex max-w-6xl flex-col gap-4">
      <BackLink />
      <QueryState query={patterns} what={`${w.your} glucose patterns`}>
        {!patterns.data || patterns.data.readings === 0 ? (
          <NoReadings days={30} />
        ) : (
          <Tabs defaultValue="patterns">
            <TabsList className="w-full sm:w-auto">
              <TabsTrigger value="patterns">Detected Patterns</TabsTrigger>
              <TabsTrigger value="time-of-day">Time of Day</TabsTrigger>
              <TabsTrigger value="trends">Trends</TabsTrigger>
            </TabsList>
            <TabsContent value="patterns">
              <DetectedPatterns data={patterns.data} fmt={fmt} />
            </TabsContent>
            <TabsContent value="time-of-day">
              <TimeOfDay data={patterns.data} fmt={fmt} />
            </TabsContent>
            <TabsContent value="trends">
              <PatternTrends fmt={fmt} />
            </TabsContent>
          </Tabs>
        )}
      </QueryState>
    </div>
  );
}
