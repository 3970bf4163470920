import { useEffect, useRef, useState } from 'react';

// Okabe–Ito, as the other glucose charts.
const LINE = '#0072B2';
const LOW = '#D55E00';
const HIGH = '#E69F00';
const PAD = { top: 10, right: 12, bottom: 26, left: 44 };

export type RecentPoint = { id: string; label: string; value: number };

/**
 * The home screen's chart of the last 12 readings, drawn as plain SVG: it is on the first screen a
 * diabetes user sees, and recharts would double that screen's JavaScript for twelve points.
 * The domain grows past its limits when a reading falls outside them.
 */
export function RecentReadingsChart({
  data,
  domain,
  ticks,
  low,
  high,
  decimals,
  height = 240,
}: {
  data: RecentPoint[];
  domain: [number, number];
  ticks: number[];
  low: number;
  high: number;
  decimals: number;
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

  const values = data.map((d) => d.value);
  const min = Math.min(domain[0], ...values);
  const max = Math.max(domain[1], ...values);
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (data.length <= 1 ? plotW / 2 : (i * plotW) / (data.length - 1));
  const y = (v: number) => PAD.top + ((max - v) / (max - min || 1)) * plotH;
  const path = data
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.value).toFixed(1)}`)
    .join(' ');
  // About one time label per 100 px, always including the latest reading.
  const every = Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(plotW / 100))));
  const shownTicks = ticks.filter((t) => t >= min && t <= max);

  return (
    <div ref={box} style={{ height }} className="w-full">
      {width > 0 && (
        <svg width={width} height={height} role="presentation" className="text-muted-foreground">
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
          <line
            x1={PAD.left}
            x2={PAD.left + plotW}
            y1={y(high)}
            y2={y(high)}
            stroke={HIGH}
            strokeDasharray="6 4"
          />
          <line
            x1={PAD.left}
            x2={PAD.left + plotW}
            y1={y(low)}
            y2={y(low)}
            stroke={LOW}
            strokeDasharray="6 4"
          />
          <text x={PAD.left + plotW} y={y(high) - 4} textAnchor="end" fontSize={11} fill="currentColor">
            High
          </text>
          <text x={PAD.left + plotW} y={y(low) - 4} textAnchor="end" fontSize={11} fill="currentColor">
            Low
          </text>
          <path d={path} fill="none" stroke={LINE} strokeWidth={2} strokeLinejoin="round" />
          {data.map((d, i) => (
            <circle
              key={d.id}
              cx={x(i)}
              cy={y(d.value)}
              r={3}
              fill="var(--card)"
              stroke={LINE}
              strokeWidth={2}
            />
          ))}
          {data.map((d, i) =>
            (data.length - 1 - i) % every === 0 ? (
              <text
                key={`label-${d.id}`}
                x={x(i)}
                y={height - 8}
                textAnchor={i === data.length - 1 && data.length > 1 ? 'end' : i === 0 ? 'start' : 'middle'}
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
