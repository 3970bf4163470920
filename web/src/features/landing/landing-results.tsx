import { lazy, Suspense } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { WhenVisible } from '@/components/when-visible';
import type { Datum } from './landing-charts';

// recharts is large: it loads when the charts scroll into view, so the first load stays small.
const ResultsChart = lazy(() => import('./landing-charts').then((m) => ({ default: m.ResultsChart })));
const DistributionChart = lazy(() =>
  import('./landing-charts').then((m) => ({ default: m.DistributionChart })),
);

// Static marketing figures (spec §1), not anyone's data.
const RESULTS: Datum[] = [
  { name: 'Adherence', value: 34 },
  { name: 'Time in range', value: 27 },
  { name: 'Visits kept', value: 41 },
  { name: 'Care response', value: 52 },
];
const DISTRIBUTION: Datum[] = [
  { name: 'Patients', value: 65 },
  { name: 'Caregivers & family', value: 25 },
  { name: 'Healthcare providers', value: 10 },
];
const SWATCHES = ['bg-[#0072B2]', 'bg-[#E69F00]', 'bg-[#009E73]', 'bg-[#CC79A7]'];

function Figures({ data, suffix }: { data: Datum[]; suffix: string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 text-sm">
      {data.map((d, i) => (
        <li key={d.name} className="flex items-center gap-2">
          <span className={`size-3 shrink-0 rounded-sm ${SWATCHES[i]}`} aria-hidden="true" />
          <span>
            {d.name}: <strong>{`${d.value}%`}</strong> {suffix}
          </span>
        </li>
      ))}
    </ul>
  );
}

const chartBox = 'text-muted-foreground';
const fallback = <div className="h-[260px] animate-pulse rounded-lg bg-muted" />;

export function LandingResults() {
  return (
    <section aria-labelledby="results-title" className="bg-muted/50">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-6 py-16 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <h2 id="results-title" className="text-3xl font-bold tracking-tight">
            Proven results
          </h2>
          <p className="text-muted-foreground">
            Improvement reported after six months with Healthfolio. Marketing figures from our early-user
            survey.
          </p>
          <Figures data={RESULTS} suffix="better" />
        </div>
        <Card>
          <CardContent className={`pt-6 ${chartBox}`} aria-hidden="true">
            <WhenVisible fallback={fallback}>
              <Suspense fallback={fallback}>
                <ResultsChart data={RESULTS} />
              </Suspense>
            </WhenVisible>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

export function LandingDistribution() {
  return (
    <section aria-labelledby="distribution-title" className="bg-muted/50">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-6 py-16 lg:grid-cols-2">
        <Card className="lg:order-last">
          <CardContent className={`pt-6 ${chartBox}`} aria-hidden="true">
            <WhenVisible fallback={fallback}>
              <Suspense fallback={fallback}>
                <DistributionChart data={DISTRIBUTION} />
              </Suspense>
            </WhenVisible>
          </CardContent>
        </Card>
        <div className="flex flex-col gap-4">
          <h2 id="distribution-title" className="text-3xl font-bold tracking-tight">
            A community of people who care
          </h2>
          <p className="text-muted-foreground">Who uses Healthfolio, by role.</p>
          <Figures data={DISTRIBUTION} suffix="" />
        </div>
      </div>
    </section>
  );
}
