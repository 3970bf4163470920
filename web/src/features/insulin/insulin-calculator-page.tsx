import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { QueryState } from '@/features/diabetes/glucose-ui';
import { useWhose } from '@/features/household/whose';
import { InsulinCalculator } from './insulin-calculator';
import { InsulinDoseLog } from './insulin-dose-log';
import { useInsulinSettings } from './use-insulin-settings';

// The settings form (and the form library it brings) loads beside the page, not before it.
const InsulinSettingsCard = lazy(async () => ({
  default: (await import('./insulin-settings-card')).InsulinSettingsCard,
}));

/** /dashboard/insulin-calculator: until the user saved their own settings, only the settings form. */
export function InsulinCalculatorPage() {
  const { query, saved, stored, savedAt } = useInsulinSettings();
  const w = useWhose();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <QueryState query={query} what={`${w.your} insulin settings`}>
        {saved && (
          <>
            <Card>
              <CardHeader>
                <CardTitle>Calculate a dose</CardTitle>
                <CardDescription>
                  {w.name
                    ? `Enter the carbs ${w.you} is about to eat and ${w.your} glucose now. The dose covers the meal with ${w.your} carb ratio and, when ${w.you} is above ${w.your} target, adds a correction with ${w.your} correction factor. Beside it is the same dose lowered for insulin still working from ${w.your} logged doses.`
                    : 'Enter the carbs you are about to eat and your glucose now. The dose covers the meal with your carb ratio and, when you are above your target, adds a correction with your correction factor. Beside it is the same dose lowered for insulin still working from the doses you logged.'}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <InsulinCalculator settings={saved} />
              </CardContent>
            </Card>
            <InsulinDoseLog dosing={saved} />
          </>
        )}
        <Suspense fallback={<Spinner label={`Loading ${w.your} insulin settings`} />}>
          <InsulinSettingsCard stored={stored} saved={saved !== null} savedAt={savedAt} />
        </Suspense>
      </QueryState>
    </div>
  );
}
