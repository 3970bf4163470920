import { countOf } from '@healthfolio/core';
import type { PacketInsulin } from './insulin-data';
import { MUTED, type PdfWriter } from './pdf-writer';

const units = (u: number) => `${u.toFixed(1)} U`;

/**
 * Daily bolus and basal insulin, their ratio, and what is estimated; only with insulin data (the
 * clinician report, and a visit packet with glucose chosen).
 */
export const basalBolusPage = (w: PdfWriter, insulin: PacketInsulin | null) => {
  const days = insulin?.days ?? [];
  if (!days.length) return;
  w.newPage();
  w.heading('Basal and bolus insulin');
  const withBasal = days.filter((x) => x.basalUnits !== null);
  const estimated = insulin?.scheduleKnown ? '' : ' (estimated)';
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  w.line(
    `${countOf(days.length, 'day')} with insulin data. Average daily bolus ${units(mean(days.map((x) => x.bolusUnits)))}${
      withBasal.length
        ? `; average daily basal ${units(mean(withBasal.map((x) => x.basalUnits!)))}${estimated}`
        : ''
    }.`,
  );
  const cols = [0, 110, 210, 310, 400];
  w.row(['Date', 'Bolus', `Basal${estimated}`, 'Total', 'Basal : bolus'], cols, { bold: true, size: 9 });
  for (const x of days) {
    const basal = x.basalUnits;
    const total = x.bolusUnits + (basal ?? 0);
    w.row(
      [
        x.date,
        units(x.bolusUnits),
        basal === null ? 'not recorded' : units(basal),
        basal === null ? '-' : units(total),
        basal === null || total === 0
          ? '-'
          : `${Math.round((100 * basal) / total)}% : ${100 - Math.round((100 * basal) / total)}%`,
      ],
      cols,
      { size: 9 },
    );
  }
  w.y -= 4;
  w.paragraph(
    insulin?.scheduleKnown
      ? 'Total daily dose = basal + bolus. Bolus: the insulin doses logged or uploaded, as recorded. Basal: the scheduled basal of the pump profile in force (after any profile switch), replaced by the temporary basals a loop uploaded while they ran (rate × time, each cut short when the next begins).'
      : 'Bolus: the insulin doses logged or uploaded, as recorded. Basal: estimated from the temporary basals a loop uploaded (rate × time, each cut short when the next begins); scheduled basal between them is not included, so days with few temporary basals understate it. "Not recorded": no temporary basals that day.',
    { size: 8, color: MUTED },
  );
  if (insulin?.percentOnly)
    w.line(`${insulin.percentOnly} temporary basals given only as a percentage are not counted.`, {
      size: 8,
      color: MUTED,
    });
};
