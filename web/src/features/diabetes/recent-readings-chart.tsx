import { useEffect, useRef, useState } from 'react';

import { levelLineColour } from '@/features/glucose-analytics/level-lines';
import { TreatmentMarks } from './chart-treatment-marks';
import type { ChartTreatments } from './chart-treatments';

// Okabe–Ito, as the other glucose charts.
const LINE = '#0072B2';
const PAD = { top: 10, right: 12, bottom: 26, left: 44 };
/** Room above the plot for the bolus amounts, and the temp basal band's height below it. */
const MARK_ROOM = 16;
const BAND = 30;

/** A reading at an instant (epoch ms), its time label and its value in the user's unit. */
export type RecentPoint = { id: string; at: number; label: string; value: number };

/**
 * The home screen's chart of the last 12 readings, drawn as plain SVG: it is on the first screen a
 * diabetes user sees, and recharts would double that screen's JavaScript for twelve points.
 * The domain (core's glucoseChartScale) holds every reading; the level lines are drawn where given.
 */
export function RecentReadingsChart({
  data,
  domain,
  ticks,
  lines,
  decimals,
  treatments,
  height = 240,
}: {
  data: RecentPoint[];
  domain: [number, number];
  ticks: number[];
  lines: { mgdl: number; value: number; high?: boolean }[];
  decimals: number;
  /** Boluses, carbs and temp basals of the window, drawn over the readings and in a band below. */
  treatments?: ChartTreatments;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const [min, max] = domain;
  const top = PAD.top + (treatments?.boluses.length ? MARK_ROOM : 0);
  const band = treatments?.temps.length ? BAND : 0;
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = height - top - PAD.bottom - band;
  const y = (v: number) => top + ((max - v) / (max - min || 1)) * plotH;
  // Proportional to time: a gap between readings shows as a gap.
  const first = data[0]?.at ?? 0;
  const span = (data.at(-1)?.at ?? first) - first;
  const xAt = (at: number) => PAD.left + (span <= 0 ? plotW / 2 : ((at - first) * plotW) / span);
  const x = (i: number) => xAt(data[i]?.at ?? first);
  const path = data
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.value).toFixed(1)}`)
    .join(' ');
  // Time labels at least ~90 px apart, always including the latest reading.
  const labelled = new Set<number>();
  let lastX = Number.POSITIVE_INFINITY;
  for (let i = data.length - 1; i >= 0; i--) {
    if (lastX - x(i) >= 90) {
      labelled.add(i);
      lastX = x(i);
    }
  }
  const shownTicks = ticks.filter((t) => t >= min && t <= max);

  return (
    <div ref={box} style={{ height }} className="w-full">
      {width > 0 && (
        <svg width={width} height={height} role="presentation" className="text-muted-foreground">
          <rect data-chart-part="plot" x={PAD.left} y={top} width={plotW} height={plotH} fill="none" />
          {shownTicks.map((t) => (
            <g key={t}>
              <line
                x1={PAD.left}
                x2={PAD.left + plotW}
                y1={y(t)}
                y2={y(t)}
                stroke="currentColor"
                strokeOpacity={0.15}
                strokeDasharray="3 3"
              />
              <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={12} fill="currentColor">
                {t.toFixed(decimals)}
              </text>
            </g>
          ))}
          {lines.map((l) => (
            <line
              key={l.mgdl}
              x1={PAD.left}
              x2={PAD.left + plotW}
              y1={y(l.value)}
              y2={y(l.value)}
              stroke={levelLineColour(l)}
              strokeDasharray="6 4"
            />
          ))}
          {treatments && (
            <TreatmentMarks
              treatments={treatments}
              xAt={xAt}
              window={[first, first + span]}
              plot={{ left: PAD.left, top, width: plotW, height: plotH }}
              band={band}
            />
          )}
          <path d={path} fill="none" stroke={LINE} strokeWidth={2} strokeLinejoin="round" />
          {data.map((d, i) => (
            <circle
              key={d.id}
              cx={x(i)}
              cy={y(d.value)}
              r={3}
              data-chart-part="point"
              fill="var(--card)"
              stroke={LINE}
              strokeWidth={2}
            />
          ))}
          {data.map((d, i) =>
            labelled.has(i) ? (
              <text
                key={`label-${d.id}`}
                x={x(i)}
                y={height - 8}
                textAnchor={
                  x(i) > PAD.left + plotW - 40 && data.length > 1
                    ? 'end'
                    : x(i) < PAD.left + 40
                      ? 'start'
                      : 'middle'
                }
                fontSize={12}
                fill="currentColor"
              >
                {d.label}
              </text>
            ) : null,
          )}
        </svg>
      )}
    </div>
  );
}
