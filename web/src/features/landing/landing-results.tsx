import type { GlucoseBandId } from '@healthfolio/core/glucose/bands';
import { lazy, Suspense } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { WhenVisible } from '@/components/when-visible';
import { GLUCOSE_BAND_BG, glucoseBandColour } from '@/features/glucose-analytics/band-colours';
import type { Datum } from './landing-charts';
import { useInstanceOverview } from './use-instance-overview';

// recharts is large: it loads when the charts scroll into view, so the first load stays small.
const ResultsChart = lazy(() => import('./landing-charts').then((m) => ({ default: m.ResultsChart })));
const DistributionChart = lazy(() =>
  import('./landing-charts').then((m) => ({ default: m.DistributionChart })),
);

// A published standard, not a claim about results: the international consensus targets for time in
// ranges (Battelino et al., Diabetes Care 2019), which the glucose analytics report against.
// Each in its band's colour, as the time-in-range bar draws it (above 180 includes Very high, below 70
// Urgent low: each takes the colour of the band it starts at).
const target = (name: string, value: number, band: GlucoseBandId): Datum => ({
  name,
  value,
  color: glucoseBandColour(band),
  swatch: GLUCOSE_BAND_BG[band],
});
const TARGETS: Datum[] = [
  target('In range 70–180', 70, 'in_range'),
  target('Above 180', 25, 'high'),
  target('Below 70', 4, 'low'),
  target('Below 54', 1, 'very_low'),
];
const TARGET_WORDS = ['more than', 'less than', 'less than', 'less than'];
const AUDIENCES = [
  { name: 'People managing their health', text: 'log, review and keep their own records' },
  { name: 'Caregivers and family', text: 'see what they were granted, until it expires or is revoked' },
  { name: 'Care teams', text: 'get a read-only view of the chosen categories before a visit' },
];
// Okabe–Ito colours: distinguishable with the common kinds of colour blindness.
const PEOPLE_COLOURS = [
  { color: '#0072B2', swatch: 'bg-[#0072B2]' },
  { color: '#E69F00', swatch: 'bg-[#E69F00]' },
] as const;

function Figures({ data, format }: { data: Datum[]; format: (d: Datum, i: number) => string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 text-sm">
      {data.map((d, i) => (
        <li key={d.name} className="flex items-center gap-2">
          <span className={`size-3 shrink-0 rounded-sm ${d.swatch}`} aria-hidden="true" />
          <span>
            {d.name}: <strong>{format(d, i)}</strong>
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
            Measured against published targets
          </h2>
          <p className="text-muted-foreground">
            Your time in ranges is computed from your own readings and shown beside the international
            consensus targets for most adults with diabetes (Battelino et al., Diabetes Care, 2019). Your care
            team may set other targets for you.
          </p>
          <Figures data={TARGETS} format={(d, i) => `${TARGET_WORDS[i]} ${d.value}% of the time`} />
        </div>
        <Card>
          <CardContent className={`pt-6 ${chartBox}`} aria-hidden="true">
            <WhenVisible fallback={fallback}>
              <Suspense fallback={fallback}>
                <ResultsChart data={TARGETS} />
              </Suspense>
            </WhenVisible>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

export function LandingDistribution() {
  const usage = useInstanceOverview().data?.usage ?? null;
  // Real figures of this instance, when its admin chose to show them; otherwise no numbers at all.
  const people: Datum[] | null = usage
    ? [
        { name: 'Accounts', value: usage.accounts, ...PEOPLE_COLOURS[0] },
        { name: 'Caregivers with access', value: usage.caregivers, ...PEOPLE_COLOURS[1] },
      ]
    : null;
  const count = new Intl.NumberFormat();
  return (
    <section aria-labelledby="distribution-title" className="bg-muted/50">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-6 py-16 lg:grid-cols-2">
        {people?.some((p) => p.value > 0) && (
          <Card className="lg:order-last">
            <CardContent className={`pt-6 ${chartBox}`} aria-hidden="true">
              <WhenVisible fallback={fallback}>
                <Suspense fallback={fallback}>
                  <DistributionChart data={people} />
                </Suspense>
              </WhenVisible>
            </CardContent>
          </Card>
        )}
        <div className="flex flex-col gap-4">
          <h2 id="distribution-title" className="text-3xl font-bold tracking-tight">
            A community of people who care
          </h2>
          {people ? (
            <>
              <p className="text-muted-foreground">People on this Healthfolio instance.</p>
              <Figures data={people} format={(d) => count.format(d.value)} />
            </>
          ) : (
            <ul className="flex flex-col gap-2 text-sm text-muted-foreground">
              {AUDIENCES.map((a) => (
                <li key={a.name}>
                  <strong className="text-foreground">{a.name}</strong> {a.text}.
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
