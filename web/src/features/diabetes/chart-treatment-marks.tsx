import type { ChartTreatments } from './chart-treatments';

// Okabe–Ito: reddish purple for insulin, bluish green for carbs, sky blue for the basal band.
export const BOLUS_COLOUR = '#CC79A7';
export const CARBS_COLOUR = '#009E73';
export const BASAL_COLOUR = '#56B4E9';

type Plot = { left: number; top: number; width: number; height: number };

/**
 * Boluses as triangles at the plot's top with their units above, carbs as dots at its bottom with
 * their grams, and temp basals as a step band under the plot (height by rate, the highest rate of
 * the window at full height). Only what falls inside the window is drawn.
 */
export function TreatmentMarks({
  treatments,
  xAt,
  window: [from, to],
  plot,
  band,
}: {
  treatments: ChartTreatments;
  xAt: (at: number) => number;
  window: [number, number];
  plot: Plot;
  band: number;
}) {
  const inside = (at: number) => at >= from && at <= to;
  const bottom = plot.top + plot.height;
  const clampX = (at: number) => xAt(Math.min(Math.max(at, from), to));
  const maxRate = Math.max(0, ...treatments.temps.map((t) => t.rate ?? 0));
  const bandTop = bottom + 4;
  const bandH = band - 8;
  return (
    <g>
      {band > 0 && (
        <g data-chart-part="basal-band">
          <line
            x1={plot.left}
            x2={plot.left + plot.width}
            y1={bandTop + bandH}
            y2={bandTop + bandH}
            stroke={BASAL_COLOUR}
          />
          {treatments.temps.map((t) => {
            const x1 = clampX(t.from);
            const x2 = clampX(t.to);
            // A rate the loop did not give (a percent without a profile) is drawn at half height.
            const h = maxRate > 0 && t.rate !== null ? (t.rate / maxRate) * bandH : bandH / 2;
            return (
              <rect
                key={t.from}
                data-chart-part="temp-basal"
                x={x1}
                y={bandTop + bandH - h}
                width={Math.max(1, x2 - x1)}
                height={h}
                fill={BASAL_COLOUR}
                fillOpacity={0.6}
              />
            );
          })}
        </g>
      )}
      {treatments.carbs
        .filter((c) => inside(c.at))
        .map((c) => (
          <g key={c.id} data-chart-part="carbs">
            <circle cx={xAt(c.at)} cy={bottom - 8} r={5} fill={CARBS_COLOUR} />
            <text x={xAt(c.at)} y={bottom - 17} textAnchor="middle" fontSize={11} fill={CARBS_COLOUR}>
              {`${Number(c.amount.toFixed(1))} g`}
            </text>
          </g>
        ))}
      {treatments.boluses
        .filter((b) => inside(b.at))
        .map((b) => {
          const x = xAt(b.at);
          return (
            <g key={b.id} data-chart-part="bolus">
              <path
                d={`M${x - 5},${plot.top} L${x + 5},${plot.top} L${x},${plot.top + 8} Z`}
                fill={BOLUS_COLOUR}
              />
              <text x={x} y={plot.top - 4} textAnchor="middle" fontSize={11} fill={BOLUS_COLOUR}>
                {`${Number(b.amount.toFixed(2))} U`}
              </text>
            </g>
          );
        })}
    </g>
  );
}
