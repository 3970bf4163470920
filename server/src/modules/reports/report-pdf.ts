import { bandRangeInUnit, formatGlucose, formatGlucoseWithUnit } from '@healthfolio/core';
import { drawAgp } from '../packets/pdf-charts';
import { basalBolusPage } from '../packets/pdf-insulin';
import {
  bloodPressureSection,
  medicationsSection,
  newPdf,
  pct,
  period,
  timeInRanges,
  titleBlock,
  weightSection,
} from '../packets/pdf-sections';
import { MUTED, type PdfWriter } from '../packets/pdf-writer';
import { drawDailyProfiles } from './report-charts';
import { PROFILE_DAYS, type ReportData } from './report-data';

export const REPORT_TITLE = 'Clinician report';

/** The text cut with an ellipsis to fit `width` points, so a long test name never runs into its value. */
const clip = (w: PdfWriter, text: string, width: number, size: number) => {
  if (w.widthOf(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && w.widthOf(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
};

const glucosePage = (w: PdfWriter, d: ReportData) => {
  const unit = d.unit;
  w.heading('Glucose: ambulatory glucose profile (AGP)', 200);
  const g = d.glucose;
  if (!g?.statistics) {
    w.line(`No CGM readings in ${period(d)}.`, { color: MUTED });
    return;
  }
  const s = g.statistics;
  const metrics: [string, string][] = [
    ['Readings', String(s.count)],
    ['% time CGM active (target over 70%)', pct(d.cgmActivePercent)],
    ['Mean glucose', formatGlucoseWithUnit(s.mean, unit)],
    [
      'Glucose management indicator (GMI)',
      g.gmi != null ? `${g.gmi.toFixed(1)}%` : 'Not enough sensor data (needs 14 days, 70% wear)',
    ],
    ['Standard deviation (SD)', s.sd != null ? formatGlucoseWithUnit(s.sd, unit) : '-'],
    ['Coefficient of variation (CV, target 36% or less)', s.cv != null ? pct(s.cv) : '-'],
  ];
  for (const [label, value] of metrics) w.row([label, value], [0, 260]);
  w.y -= 4;
  timeInRanges(w, s, unit, d.tightRangePercent);
  w.y -= 4;
  w.line(`Ambulatory glucose profile (${unit})`, { bold: true });
  drawAgp(w, g.agp, (mgdl) => formatGlucose(mgdl, unit), `${bandRangeInUnit('in_range', unit)} ${unit}`);
};

const profilesSection = (w: PdfWriter, d: ReportData) => {
  w.heading('Daily glucose profiles', 120);
  if (!d.profiles.length) {
    w.line(`No glucose readings in the last ${PROFILE_DAYS} days.`, { color: MUTED });
    return;
  }
  if (d.days > PROFILE_DAYS)
    w.line(`The last ${PROFILE_DAYS} days of the ${d.days}.`, { size: 9, color: MUTED });
  drawDailyProfiles(w, d.profiles, {
    scale: `${formatGlucose(40, d.unit)} to ${formatGlucose(400, d.unit)} ${d.unit}`,
    target: `${bandRangeInUnit('in_range', d.unit)} ${d.unit}`,
  });
};

const labsSection = (w: PdfWriter, d: ReportData) => {
  w.heading('Recent lab results');
  if (!d.labs.length) {
    w.line('No lab results in the last 12 months.', { color: MUTED });
    return;
  }
  w.line('The latest result of each test in the last 12 months.', { size: 9, color: MUTED });
  const cols = [0, 190, 290, 390, 450];
  w.row(['Test', 'Result', 'Reference range', 'Flag', 'Date'], cols, { bold: true, size: 9 });
  for (const l of d.labs)
    w.row(
      [
        clip(w, l.testName, 184, 9),
        clip(w, l.value, 94, 9),
        clip(w, l.reference ?? '-', 94, 9),
        l.flag ?? '-',
        l.date,
      ],
      cols,
      { size: 9, bold: l.flag !== null && l.flag !== 'Normal' },
    );
};

/** The printable clinician report for 14 or 90 days. */
export const renderReportPdf = async (d: ReportData): Promise<Uint8Array> => {
  const { doc, w } = await newPdf(REPORT_TITLE, d);
  doc.setSubject(`${REPORT_TITLE}: ${d.ownerName}, last ${d.days} days`);
  titleBlock(w, REPORT_TITLE, d);
  glucosePage(w, d);
  profilesSection(w, d);
  bloodPressureSection(w, d);
  weightSection(w, d);
  medicationsSection(w, d);
  labsSection(w, d);
  basalBolusPage(w, d.insulin);
  // Plain objects: the document's subject (whose report it is) stays readable without inflating it.
  return doc.save({ useObjectStreams: false });
};
