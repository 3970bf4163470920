import { CGM_GAP_MINUTES } from '@healthfolio/core/glucose/cgm-gap';
import { rgb } from 'pdf-lib';
import { BLUE, MUTED, type PdfWriter, RULE } from '../packets/pdf-writer';
import type { DayProfile } from './report-data';

const COLS = 7;
const CELL_H = 58;
const TOP_MGDL = 400;
const BOTTOM_MGDL = 40;

const dayLabel = (ymd: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${ymd}T12:00:00Z`));

/**
 * Daily glucose profiles as small multiples, seven days a row: each day's readings over its local
 * midnight-to-midnight, on one fixed 40–400 mg/dL scale, with the 70–180 target range shaded.
 */
export const drawDailyProfiles = (
  w: PdfWriter,
  days: DayProfile[],
  labels: { scale: string; target: string },
) => {
  const cellW = w.width / COLS;
  const sy = (v: number) =>
    ((TOP_MGDL - Math.min(TOP_MGDL, Math.max(BOTTOM_MGDL, v))) / (TOP_MGDL - BOTTOM_MGDL)) * CELL_H;
  for (let row = 0; row * COLS < days.length; row++) {
    w.ensure(CELL_H + 24);
    const top = w.y - 12;
    days.slice(row * COLS, row * COLS + COLS).forEach((day, i) => {
      const x0 = w.left + i * cellW;
      const innerW = cellW - 6;
      w.page.drawText(w.clean(dayLabel(day.date)), {
        x: x0,
        y: top + 3,
        size: 7,
        font: w.font,
        color: MUTED,
      });
      w.page.drawRectangle({
        x: x0,
        y: top - CELL_H,
        width: innerW,
        height: CELL_H,
        borderColor: RULE,
        borderWidth: 0.5,
      });
      w.page.drawRectangle({
        x: x0,
        y: top - sy(70),
        width: innerW,
        height: sy(70) - sy(180),
        color: rgb(0, 0.62, 0.45),
        opacity: 0.1,
      });
      let d = '';
      let prev = Number.NEGATIVE_INFINITY;
      for (const p of day.points) {
        const cmd = p.minute - prev > CGM_GAP_MINUTES ? 'M' : 'L';
        d += `${cmd} ${((p.minute / 1440) * innerW).toFixed(2)} ${sy(p.mgdl).toFixed(2)} `;
        prev = p.minute;
      }
      if (d) w.page.drawSvgPath(d.trim(), { x: x0, y: top, borderColor: BLUE, borderWidth: 0.8 });
    });
    w.y = top - CELL_H - 8;
  }
  w.line(
    `Each box is one day, midnight to midnight (local time); the scale runs from ${labels.scale}. Shaded: target range ${labels.target}.`,
    { size: 8, color: MUTED },
  );
};
