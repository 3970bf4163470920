import { bandRangeInUnit, countOf, formatGlucose, formatGlucoseWithUnit } from '@healthfolio/core';
import { cgmCoverageWords } from '@healthfolio/core/glucose/gmi';
import type { PacketData } from './packet-data';
import { drawAgp, drawTrend } from './pdf-charts';
import { basalBolusPage } from './pdf-insulin';
import {
  bloodPressureSection,
  dateIn,
  medicationsSection,
  newPdf,
  pct,
  timeInRanges,
  titleBlock,
  weightSection,
} from './pdf-sections';
import { BLUE, MUTED, type PdfWriter } from './pdf-writer';

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
    w.line(`The chart shows the latest ${countOf(m.points.length, 'reading')}.`, { size: 8, color: MUTED });
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
  w.line(`${countOf(s.count, 'reading')}, ${cgmCoverageWords(g.gmiSufficiency)}`, { color: MUTED, size: 9 });
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
  timeInRanges(w, s, unit);
  w.y -= 4;
  w.line(`Ambulatory glucose profile (${unit})`, { bold: true });
  drawAgp(w, g.agp, (mgdl) => formatGlucose(mgdl, unit), `${bandRangeInUnit('in_range', unit)} ${unit}`);
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

/**
 * The printable pre-visit summary; a section appears only when chosen (glucose: CGM data, else meter
 * readings, and the basal/bolus page when insulin was logged or uploaded).
 */
export const renderPacketPdf = async (d: PacketData): Promise<Uint8Array> => {
  const { doc, w } = await newPdf('Pre-visit summary', d);
  titleBlock(w, 'Pre-visit summary', d);
  glucoseSection(w, d);
  bloodPressureSection(w, d);
  weightSection(w, d);
  medicationsSection(w, d);
  a1cSection(w, d);
  questionsSection(w, d);
  basalBolusPage(w, d.insulin);
  return doc.save();
};
