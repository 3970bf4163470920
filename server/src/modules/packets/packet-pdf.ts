import {
  bandRangeInUnit,
  countOf,
  formatGlucose,
  formatGlucoseWithUnit,
  formatWeight,
  GLUCOSE_BANDS,
} from '@healthfolio/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PacketData } from './packet-data';
import { drawAgp, drawTrend } from './pdf-charts';
import { BLUE, MUTED, PdfWriter, VERMILION } from './pdf-writer';

const dateIn = (timeZone: string) => (d: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(d);
const dateTimeIn = (timeZone: string) => (d: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(d);

const pct = (v: number) => `${v.toFixed(v < 10 && v > 0 ? 1 : 0)}%`;

/** Glucose chosen without CGM data: the meter readings' figures and chart, or why there are none. */
const meterSection = (w: PdfWriter, d: PacketData) => {
  if (d.meter === undefined) return;
  const unit = d.unit;
  w.heading('Glucose (meter readings)', 170);
  const m = d.meter;
  if (!m) {
    w.line('No glucose readings in this period: no CGM data and no meter readings.', { color: MUTED });
    return;
  }
  w.line(`${countOf(m.count, 'meter reading')}; no CGM data in this period.`, { color: MUTED, size: 9 });
  const rows: [string, string][] = [
    ['Readings', String(m.count)],
    ['Mean glucose', formatGlucoseWithUnit(m.meanMgdl, unit)],
    ['Lowest reading', formatGlucoseWithUnit(m.lowestMgdl, unit)],
    [`Low: below ${formatGlucoseWithUnit(70, unit)}`, countOf(m.below70, 'reading')],
    [`Urgent low: below ${formatGlucoseWithUnit(54, unit)}`, countOf(m.below54, 'reading')],
  ];
  for (const [label, value] of rows) w.row([label, value], [0, 260]);
  if (m.points.length < m.count)
    w.line(`The chart shows the latest ${m.points.length} readings.`, { size: 8, color: MUTED });
  drawTrend(
    w,
    d.from,
    d.to,
    [
      {
        label: `Glucose (${unit})`,
        color: BLUE,
        points: m.points.map((p) => ({ at: p.at, value: p.mgdl })),
      },
    ],
    (mgdl) => formatGlucose(mgdl, unit),
    dateIn(d.timeZone),
  );
};

const glucoseSection = (w: PdfWriter, d: PacketData) => {
  meterSection(w, d);
  const g = d.glucose;
  if (!g?.statistics) return;
  const s = g.statistics;
  const unit = d.unit;
  w.heading('Glucose (CGM)', 200);
  w.line(
    `${countOf(s.count, 'reading')}, ${g.gmiSufficiency.coveredDays.toFixed(1)} days of sensor data (${Math.round(
      g.gmiSufficiency.wearPercent,
    )}% of expected readings)`,
    { color: MUTED, size: 9 },
  );
  const metrics: [string, string][] = [
    ['Mean glucose', formatGlucoseWithUnit(s.mean, unit)],
    [
      'Glucose management indicator (GMI)',
      g.gmi != null ? `${g.gmi.toFixed(1)}%` : 'Not enough sensor data (needs 14 days, 70% wear)',
    ],
    ['Coefficient of variation (target 36% or less)', s.cv != null ? pct(s.cv) : '-'],
  ];
  for (const [label, value] of metrics) w.row([label, value], [0, 260]);
  w.y -= 4;
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
  }
  w.y -= 4;
  w.line(`Ambulatory glucose profile (${unit})`, { bold: true });
  drawAgp(w, g.agp, (mgdl) => formatGlucose(mgdl, unit), `${bandRangeInUnit('in_range', unit)} ${unit}`);
};

const bloodPressureSection = (w: PdfWriter, d: PacketData) => {
  if (!d.bloodPressure) return;
  w.heading('Blood pressure', 170);
  const pts = d.bloodPressure;
  if (!pts.length) {
    w.line('No blood pressure readings in this period.', { color: MUTED });
    return;
  }
  const sys = pts.map((p) => p.values[0]!).filter(Number.isFinite);
  const dia = pts.map((p) => p.values[1]!).filter(Number.isFinite);
  const avg = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  w.line(
    `${countOf(pts.length, 'reading')}. Average ${avg(sys) ?? '-'}/${avg(dia) ?? '-'} mmHg. Latest ${
      Number.isFinite(pts.at(-1)!.values[0]!) ? pts.at(-1)!.values[0] : '-'
    }/${Number.isFinite(pts.at(-1)!.values[1]!) ? pts.at(-1)!.values[1] : '-'} mmHg on ${dateIn(d.timeZone)(
      pts.at(-1)!.at,
    )}.`,
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

const weightSection = (w: PdfWriter, d: PacketData) => {
  if (!d.weight) return;
  w.heading('Weight', 170);
  const { points, unit } = d.weight;
  if (!points.length) {
    w.line('No weight entries in this period.', { color: MUTED });
    return;
  }
  const first = points[0]!;
  const last = points.at(-1)!;
  const latest = `${formatWeight(last.values[0]!)} ${unit} on ${dateIn(d.timeZone)(last.at)}`;
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

const medicationsSection = (w: PdfWriter, d: PacketData) => {
  if (!d.medications) return;
  w.heading('Medications and adherence');
  if (!d.medications.length) {
    w.line('No scheduled doses in this period.', { color: MUTED });
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

const a1cSection = (w: PdfWriter, d: PacketData) => {
  if (d.a1c === undefined) return;
  w.heading('Latest A1C');
  if (!d.a1c) {
    w.line('No A1C result recorded.', { color: MUTED });
    return;
  }
  w.line(`${d.a1c.value.toFixed(1)}% on ${d.a1c.testDate}${d.a1c.labName ? ` (${d.a1c.labName})` : ''}`, {
    size: 12,
    bold: true,
  });
};

const questionsSection = (w: PdfWriter, d: PacketData) => {
  if (!d.questions.length) return;
  w.heading('My questions for the doctor');
  d.questions.forEach((q, i) => {
    w.ensure(16);
    w.put(`${i + 1}.`, { bold: true });
    w.paragraph(q, { x: w.left + 18 });
  });
};

/** The printable pre-visit summary; a section appears only when chosen (glucose: CGM data, else meter readings). */
export const renderPacketPdf = async (d: PacketData): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  doc.setTitle('Pre-visit summary');
  doc.setCreator('Healthfolio');
  doc.setProducer('Healthfolio');
  doc.setCreationDate(d.to);
  const w = new PdfWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const day = dateIn(d.timeZone);
  w.line('Pre-visit summary', { size: 20, bold: true });
  w.line(d.ownerName, { size: 13 });
  w.line(`Last ${d.days} days: ${day(d.from)} to ${day(d.to)}`, { color: MUTED });
  w.line(
    `Generated ${dateTimeIn(d.timeZone)(d.to)} (${d.timeZone}) by Healthfolio from the patient's own records.`,
    {
      color: MUTED,
      size: 9,
    },
  );
  glucoseSection(w, d);
  bloodPressureSection(w, d);
  weightSection(w, d);
  medicationsSection(w, d);
  a1cSection(w, d);
  questionsSection(w, d);
  return doc.save();
};
