import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { TrendChart as TrendChartType } from './trend-chart';

const TrendChart = lazy(async () => ({ default: (await import('./trend-chart')).TrendChart }));

/** The trend chart with its charting library loaded when first shown, not with the page. */
export function LazyTrendChart(props: ComponentProps<typeof TrendChartType>) {
  return (
    <Suspense
      fallback={
        <div className="flex items-center justify-center" style={{ height: props.height ?? 300 }}>
          <Spinner label="Loading chart" />
        </div>
      }
    >
      <TrendChart {...props} />
    </Suspense>
  );
}
