import {
  bandRangeInUnit,
  countOf,
  formatGlucose,
  formatWeight,
  GLUCOSE_BANDS,
  type GlucoseStatsResponse,
  type GlucoseUnit,
  TIGHT_RANGE_MGDL,
  TIGHT_RANGE_TARGET_PERCENT,
  zoneWords,
} from '@healthfolio/core';
import { partialDateWords } from '@healthfolio/core/units/date-precision';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PacketData, TrendPoint } from './packet-data';
import { drawTrend } from './pdf-charts';
import { BLUE, MUTED, PdfWriter, VERMILION } from './pdf-writer';

/** Sections the visit packet and the clinician report both print, from the same gathered data. */
export type SectionData = Pick<
  PacketData,
  'ownerName' | 'days' | 'from' | 'to' | 'timeZone' | 'bloodPressure' | 'weight' | 'medications'
>;

export const dateIn = (timeZone: string) => (d: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(d);
export const dateTimeIn = (timeZone: string) => (d: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(d);

/** When a point was taken, as "on …" says it: the date its record gave (no day made up), else its day in the zone. */
const pointDate = (timeZone: string) => (p: TrendPoint) =>
  p.precision ? partialDateWords(p.at.toISOString(), p.precision, 'en-US') : dateIn(timeZone)(p.at);

export const pct = (v: number) => `${v.toFixed(v < 10 && v > 0 ? 1 : 0)}%`;

export const bloodPressureSection = (w: PdfWriter, d: SectionData) => {
  if (!d.bloodPressure) return;
  w.heading('Blood pressure', 170);
  const pts = d.bloodPressure;
  if (!pts.length) {
    w.line(`No blood pressure readings in ${period(d)}.`, { color: MUTED });
    return;
  }
  const sys = pts.map((p) => p.values[0]!).filter(Number.isFinite);
  const dia = pts.map((p) => p.values[1]!).filter(Number.isFinite);
  const avg = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  w.line(
    `${countOf(pts.length, 'reading')}. Average ${avg(sys) ?? '-'}/${avg(dia) ?? '-'} mmHg. Latest ${
      Number.isFinite(pts.at(-1)!.values[0]!) ? pts.at(-1)!.values[0] : '-'
    }/${Number.isFinite(pts.at(-1)!.values[1]!) ? pts.at(-1)!.values[1] : '-'} mmHg on ${pointDate(d.timeZone)(pts.at(-1)!)}.`,
  );
  drawTrend(
    w,
    d.from,
    d.to,
    [
      // The app's colours: systolic blue, diastolic vermilion (web/src/features/trackers/trend-chart.tsx).
      { label: 'Systolic', color: BLUE, points: pts.map((p) => ({ at: p.at, value: p.values[0]! })) },
      { label: 'Diastolic', color: VERMILION, points: pts.map((p) => ({ at: p.at, value: p.values[1]! })) },
    ],
    (v) => `${Math.round(v)}`,
    dateIn(d.timeZone),
  );
};

/** "down 2.4 lbs over the period", or "no change over the period" (never "+0.0 lbs"). */
const weightChange = (first: number, last: number, unit: string) => {
  const change = formatWeight(Math.abs(last - first));
  if (Number(change) === 0) return 'no change over the period';
  return `${last > first ? 'up' : 'down'} ${change} ${unit} over the period`;
};

export const weightSection = (w: PdfWriter, d: SectionData) => {
  if (!d.weight) return;
  w.heading('Weight', 170);
  const { points, unit } = d.weight;
  if (!points.length) {
    w.line(`No weight entries in ${period(d)}.`, { color: MUTED });
    return;
  }
  const first = points[0]!;
  const last = points.at(-1)!;
  const latest = `${formatWeight(last.values[0]!)} ${unit} on ${pointDate(d.timeZone)(last)}`;
  w.line(
    points.length === 1
      ? `1 entry: ${latest}.`
      : `${countOf(points.length, 'entry', 'entries')}. Latest ${latest}; ${weightChange(first.values[0]!, last.values[0]!, unit)}.`,
  );
  drawTrend(
    w,
    d.from,
    d.to,
    [
      {
        label: `Weight (${unit})`,
        color: BLUE,
        points: points.map((p) => ({ at: p.at, value: p.values[0]! })),
      },
    ],
    (v) => formatWeight(v),
    dateIn(d.timeZone),
  );
};

export const medicationsSection = (w: PdfWriter, d: SectionData) => {
  if (!d.medications) return;
  w.heading('Medications and adherence');
  if (!d.medications.length) {
    w.line(`No scheduled doses in ${period(d)}.`, { color: MUTED });
    return;
  }
  const cols = [0, 170, 260, 310, 360, 410, 460];
  w.row(['Medication', 'Dosage', 'Taken', 'Skipped', 'Missed', 'Upcoming', 'Adherence'], cols, {
    bold: true,
    size: 9,
  });
  for (const m of d.medications) {
    const due = m.counts.taken + m.counts.skipped + m.counts.overdue;
    w.row(
      [
        m.name,
        m.dosage || '-',
        String(m.counts.taken),
        String(m.counts.skipped),
        String(m.counts.overdue),
        String(m.counts.pending),
        due ? `${Math.round((m.counts.taken / due) * 100)}%` : '-',
      ],
      cols,
      { size: 9 },
    );
  }
  w.line('Adherence: doses taken out of doses due (taken, skipped and missed).', { size: 8, color: MUTED });
};

/** "these 14 days": how an empty section names the window. */
export const period = (d: Pick<SectionData, 'days'>) => `these ${d.days} days`;

/** A US Letter document with the standard fonts and its metadata. */
export const newPdf = async (title: string, d: Pick<SectionData, 'to'>) => {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Healthfolio');
  doc.setProducer('Healthfolio');
  doc.setCreationDate(d.to);
  const w = new PdfWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  return { doc, w };
};

/** The title, the person, the window and where the figures come from. */
export const titleBlock = (w: PdfWriter, title: string, d: SectionData) => {
  const day = dateIn(d.timeZone);
  w.line(title, { size: 20, bold: true });
  w.line(d.ownerName, { size: 13 });
  w.line(`Last ${d.days} days: ${day(d.from)} to ${day(d.to)}`, { color: MUTED });
  // The zone in words as every screen says it ("4:47 PM Eastern Time (New York)"), never its IANA id.
  const when = `${dateTimeIn(d.timeZone)(d.to)} ${zoneWords(d.timeZone)}`;
  w.line(`Generated ${when} by Healthfolio from the patient's own records.`, { color: MUTED, size: 9 });
};

/**
 * The consensus time-in-ranges table with each band's target; with `tightPercent`, time in tight range
 * (70–140 mg/dL) is printed beside time in range.
 */
export const timeInRanges = (
  w: PdfWriter,
  s: NonNullable<GlucoseStatsResponse['statistics']>,
  unit: GlucoseUnit,
  tightPercent?: number | null,
) => {
  w.line('Time in ranges', { bold: true });
  for (const band of [...GLUCOSE_BANDS].reverse()) {
    const target = `${band.target.comparison === 'less_than' ? 'under' : 'over'} ${band.target.percent}%`;
    w.row(
      [
        band.label,
        `${bandRangeInUnit(band.id, unit)} ${unit}`,
        pct(s.bandPercentages[band.id]),
        `target ${target}${band.targetNote ? ` (${band.targetNote})` : ''}`,
      ],
      [0, 90, 210, 260],
    );
    if (band.id === 'in_range' && tightPercent !== undefined)
      w.row(
        [
          'Tight range',
          `${formatGlucose(TIGHT_RANGE_MGDL.low, unit)}–${formatGlucose(TIGHT_RANGE_MGDL.high, unit)} ${unit}`,
          tightPercent === null ? '-' : pct(tightPercent),
          `target over ${TIGHT_RANGE_TARGET_PERCENT}% (part of time in range)`,
        ],
        [0, 90, 210, 260],
      );
  }
};
