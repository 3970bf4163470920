import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

// recharts is large: the charts load after the screen's numbers, in their own chunk.
const load = () => import('./glucose-charts');
const LazyLine = lazy(() => load().then((m) => ({ default: m.GlucoseLineChart })));
const LazyAgp = lazy(() => load().then((m) => ({ default: m.AgpChart })));
const LazyBars = lazy(() => load().then((m) => ({ default: m.SimpleBarChart })));

type LineProps = ComponentProps<typeof import('./glucose-charts').GlucoseLineChart>;
type AgpProps = ComponentProps<typeof import('./glucose-charts').AgpChart>;
type BarProps = ComponentProps<typeof import('./glucose-charts').SimpleBarChart>;

/** A chart is a picture of numbers the screen also says in words: hidden from screen readers. */
function Frame({ height, children, label }: { height: number; children: React.ReactNode; label: string }) {
  return (
    <figure aria-label={label} className="m-0 text-muted-foreground" style={{ minHeight: height }}>
      <div aria-hidden="true">
        <Suspense
          fallback={
            <div className="flex items-center justify-center" style={{ height }}>
              <Spinner label="Loading chart" />
            </div>
          }
        >
          {children}
        </Suspense>
      </div>
    </figure>
  );
}

export function GlucoseLineChart(props: LineProps & { label: string }) {
  return (
    <Frame height={props.height ?? 260} label={props.label}>
      <LazyLine {...props} />
    </Frame>
  );
}

export function AgpChart(props: AgpProps & { label: string }) {
  return (
    <Frame height={props.height ?? 280} label={props.label}>
      <LazyAgp {...props} />
    </Frame>
  );
}

export function BarsChart(props: BarProps & { label: string }) {
  return (
    <Frame height={props.height ?? 240} label={props.label}>
      <LazyBars {...props} />
    </Frame>
  );
}
