import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/features/diabetes/glucose-ui';
import { InsulinCalculator } from './insulin-calculator';
import { InsulinSettingsCard } from './insulin-settings-card';
import { useInsulinSettings } from './use-insulin-settings';

/** /dashboard/insulin-calculator */
export function InsulinCalculatorPage() {
  const { query, settings, savedAt } = useInsulinSettings();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <QueryState query={query} what="your insulin settings">
        <Card>
          <CardHeader>
            <CardTitle>Calculate a dose</CardTitle>
            <CardDescription>
              Meal insulin = carbs ÷ carb ratio; correction = (glucose − target) ÷ correction factor, only
              above target. Each is rounded to 0.1 unit.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <InsulinCalculator settings={settings} />
          </CardContent>
        </Card>
        <InsulinSettingsCard settings={settings} savedAt={savedAt} />
      </QueryState>
    </div>
  );
}
