import { useEntriesBetween, useTempBasals } from './glucose-api';

/** A bolus or carbs at an instant (epoch ms), with its amount. */
export type ChartMark = { id: string; at: number; amount: number };
/** A temp basal over [from, to] (epoch ms); rate in U/h, null when the loop did not say. */
export type ChartTemp = { from: number; to: number; rate: number | null; percent: number | null };
export type ChartTreatments = { boluses: ChartMark[]; carbs: ChartMark[]; temps: ChartTemp[] };

const EMPTY: ChartTreatments = { boluses: [], carbs: [], temps: [] };
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The boluses (insulin entries), carbs (meal entries) and temp basals of a chart's window
 * [from, to], from the app's own entries and the loop's temp basals. Empty while they load or when
 * one of them fails: the readings are the chart, these are drawn over it.
 */
export function useChartTreatments(from: number, to: number, enabled: boolean): ChartTreatments {
  const insulin = useEntriesBetween('insulin', from, to, enabled);
  const meals = useEntriesBetween('meal', from, to, enabled);
  const temps = useTempBasals(from, to, enabled);
  if (!enabled) return EMPTY;
  const marks = (items: { id: string; occurredAt: string; data: unknown }[] | undefined, field: string) =>
    (items ?? []).flatMap((e) => {
      const amount = num((e.data as Record<string, unknown>)[field]);
      return amount && amount > 0 ? [{ id: e.id, at: Date.parse(e.occurredAt), amount }] : [];
    });
  return {
    boluses: marks(insulin.data?.items, 'total_insulin'),
    carbs: marks(meals.data?.items, 'carbs'),
    temps: (temps.data?.items ?? []).map((t) => ({
      from: Date.parse(t.startedAt),
      to: Date.parse(t.endsAt),
      rate: t.ratePerHour,
      percent: t.percent,
    })),
  };
}

const units = (n: number) => `${Number(n.toFixed(2))} U`;
export const bolusText = (n: number) => `${units(n)} of insulin`;
export const carbsText = (n: number) => `${Number(n.toFixed(1))} g of carbs`;
export const tempText = (t: ChartTemp) =>
  t.rate !== null
    ? `${Number(t.rate.toFixed(2))} U/h`
    : `${t.percent! > 0 ? '+' : ''}${t.percent}% of the usual basal`;

/**
 * What the chart draws over the readings, in words, for screen readers (the chart itself is a
 * picture): each bolus and carbs with its time, and each temp basal with its span.
 */
export function ChartTreatmentsList({
  treatments,
  time,
}: {
  treatments: ChartTreatments;
  time: (at: number) => string;
}) {
  const rows = [
    ...treatments.boluses.map((b) => ({
      key: `b-${b.id}`,
      at: b.at,
      text: `${time(b.at)}: ${bolusText(b.amount)}`,
    })),
    ...treatments.carbs.map((c) => ({
      key: `c-${c.id}`,
      at: c.at,
      text: `${time(c.at)}: ${carbsText(c.amount)}`,
    })),
    ...treatments.temps.map((t) => ({
      key: `t-${t.from}`,
      at: t.from,
      text: `${time(t.from)} to ${time(t.to)}: temporary basal ${tempText(t)}`,
    })),
  ].sort((a, b) => a.at - b.at);
  if (!rows.length) return null;
  return (
    <ul aria-label="Insulin, carbs and temporary basals on the chart" className="sr-only">
      {rows.map((r) => (
        <li key={r.key}>{r.text}</li>
      ))}
    </ul>
  );
}
