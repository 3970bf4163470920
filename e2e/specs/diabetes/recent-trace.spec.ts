import { detailedAnalytics } from '../../../core/src/glucose/analytics';
import { timeInRangeFigures } from '../../../core/src/glucose/band-display';
import { analyzePatterns } from '../../../core/src/glucose/patterns';
import { glucoseStatistics } from '../../../core/src/glucose/statistics';
import type { GlucoseUnit } from '../../../core/src/profiles/profile.schema';
import { countOf } from '../../../core/src/text/count-words';
import { formatGlucose } from '../../../core/src/units/glucose-units';
import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
import {
  chooseImportFile,
  count,
  previewValue,
  type Reading,
  runImport,
  setGlucoseUnit,
  statCard,
} from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A recent CGM-like trace with known values (the profile's zone is UTC): three days every 30 minutes
 * up to an hour ago — high at 6–8 h, low at 0–2 h — plus hourly readings 10–12 days ago (only in the
 * 30- and 90-day windows) and 40–41 days ago (only in the 90-day window).
 */
const trace = (now: number): Reading[] => {
  const end = Math.floor((now - HOUR) / (30 * 60_000)) * 30 * 60_000;
  const readings: Reading[] = [];
  for (let at = end - 3 * DAY, i = 0; at <= end; at += 30 * 60_000, i++) {
    const hour = new Date(at).getUTCHours();
    const mgdl =
      hour === 6 || hour === 7 ? 230 + (i % 3) * 5 : hour < 2 ? 62 : hour >= 22 ? 118 : 130 + (i % 5) * 12;
    readings.push({ at, mgdl });
  }
  for (let at = end - 12 * DAY; at <= end - 10 * DAY; at += HOUR) readings.push({ at, mgdl: 205 });
  for (let at = end - 41 * DAY; at <= end - 40 * DAY; at += HOUR) readings.push({ at, mgdl: 85 });
  return readings.sort((a, b) => a.at - b.at);
};

const csv = (readings: Reading[]) =>
  `timestamp,value,unit\n${readings.map((r) => `${new Date(r.at).toISOString()},${r.mgdl},mg/dL`).join('\n')}\n`;

const variability = (cv: number) => (cv < 36 ? 'Low' : cv < 42 ? 'Moderate' : 'High');

test('a recent trace imported from a plain CSV: home, trends (all chips), patterns and analytics match it, in both units', async ({
  page,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(300_000);
  const now = Date.now();
  const readings = trace(now);
  const within = (days: number) => readings.filter((r) => r.at >= now - days * DAY);

  await signInAs(await newAccount('trace', { type: 'diabetes_focused', name: 'Tracy Trace' }));

  await test.step('import the trace through the UI', async () => {
    await chooseImportFile(page, {
      name: 'recent-trace.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv(readings)),
    });
    await expect(previewValue(page, 'Format')).toHaveText('Plain CSV (timestamp, value, unit)');
    await expect(previewValue(page, 'Readings to import')).toHaveText(count(readings.length));
    await expect(page.getByText('No rows skipped.')).toBeVisible();
    const done = await runImport(page, readings.length);
    await expect(done).toContainText(`${count(readings.length)} new readings imported; 0 already present.`);
  });

  const checkHome = async (unit: GlucoseUnit) => {
    await page.goto('/dashboard');
    const latest24 = readings.slice(-24);
    const s = glucoseStatistics(latest24.map((r) => r.mgdl));
    if (!s) throw new Error('no statistics');
    const last = readings.at(-1) as Reading;
    // A file import connects no sensor: the import link, never "CGM Connected".
    await expect(page.getByText('CGM Connected')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Import CGM data' })).toBeVisible();
    await expect(statCard(page, 'Current Glucose')).toContainText(`${formatGlucose(last.mgdl, unit)}${unit}`);
    await expect(statCard(page, 'Time in Range')).toContainText(`${Math.round(s.percentInRange)}%`);
    await expect(statCard(page, 'Avg Glucose')).toContainText(`${formatGlucose(s.mean, unit)} ${unit}`);
    // The profile's zone is UTC: every reading since midnight, not only those among the latest 24.
    const today = new Date().toISOString().slice(0, 10);
    const todays = readings.filter((r) => new Date(r.at).toISOString().slice(0, 10) === today).length;
    await expect(statCard(page, 'Readings Today')).toContainText(
      `${todays}Since midnight, sensor and logged`,
    );
    await page.getByRole('tab', { name: 'Trends' }).click();
    const s14 = glucoseStatistics(within(14).map((r) => r.mgdl));
    if (!s14) throw new Error('no 14-day statistics');
    await expect(
      page.getByText(
        `${s14.count} readings · average ${formatGlucose(s14.mean, unit)} ${unit} · ${Math.round(s14.percentInRange)}% in range`,
      ),
    ).toBeVisible();
  };

  const checkTrends = async (unit: GlucoseUnit) => {
    await page.goto('/dashboard/glucose-trends');
    for (const days of [7, 30, 90]) {
      const chip = page.getByRole('button', { name: `${days} Days` });
      await chip.click();
      await expect(chip).toHaveAttribute('aria-pressed', 'true');
      const s = glucoseStatistics(within(days).map((r) => r.mgdl));
      if (!s || s.cv == null) throw new Error(`no statistics for ${days} days`);
      const bands = timeInRangeFigures(s.bandCounts);
      const summary = page.getByRole('region', { name: `Summary for the last ${days} days` });
      await expect(statCard(summary, 'In range')).toContainText(bands.bands.in_range);
      await expect(statCard(summary, 'In range')).toContainText(
        `${formatGlucose(70, unit)}–${formatGlucose(180, unit)} ${unit}`,
      );
      await expect(statCard(summary, 'Above range')).toContainText(bands.above180);
      await expect(statCard(summary, 'Below range')).toContainText(bands.below70);
      await expect(statCard(summary, 'Variability')).toContainText(
        `${variability(s.cv)}CV ${s.cv.toFixed(1)}%`,
      );
      await expect(statCard(page, 'Average')).toContainText(
        `${formatGlucose(s.mean, unit)} ${unit}${countOf(s.count, 'reading')}`,
      );
      await expect(statCard(page, 'Standard deviation')).toContainText(
        `Median ${formatGlucose(s.median, unit)} ${unit}`,
      );
    }
  };

  const checkPatterns = async (unit: GlucoseUnit) => {
    await page.goto('/dashboard/pattern-analysis');
    const expected = analyzePatterns(within(30), { timeZone: 'UTC', unit });
    expect(expected.patterns.map((p) => p.id)).toEqual(
      expect.arrayContaining(['dawn_phenomenon', 'night_lows']),
    );
    for (const p of expected.patterns) {
      const card = page.getByRole('listitem').filter({ hasText: p.title });
      await expect(card).toContainText(
        `${p.confidenceLabel} confidence · ${Math.round(p.displayConfidence)}%`,
      );
      if (p.id === 'dawn_phenomenon')
        await expect(card).toContainText(
          `Morning average (6–8 AM)${formatGlucose(p.evidence.morningAverage ?? Number.NaN, unit)} ${unit}`,
        );
    }
    await page.getByRole('tab', { name: 'Time of Day' }).click();
    await page.getByText('Show hourly averages as a list').click();
    const six = expected.hourly.find((h) => h.hour === 6);
    if (!six?.mean) throw new Error('no 06:00 average');
    await expect(page.getByRole('listitem').filter({ hasText: '06:00' })).toHaveText(
      `06:00 ${formatGlucose(six.mean, unit)} ${unit} (${six.count})`,
    );
  };

  const checkAnalytics = async (unit: GlucoseUnit) => {
    await page.goto('/dashboard/detailed-analytics');
    const a = detailedAnalytics(within(30), [], 'UTC');
    await expect(page.getByText(`Last 30 days · ${countOf(a.readings, 'reading')}`)).toBeVisible();
    await expect(statCard(page, `Readings above ${formatGlucose(180, unit)}`)).toContainText(
      String(a.spikeReadings),
    );
    await expect(statCard(page, 'Spike episodes')).toContainText(String(a.spikeEpisodes));
    await expect(statCard(page, 'Recoveries')).toContainText(String(a.recovery.events));
    if (a.recovery.averageMinutes != null)
      await expect(statCard(page, 'Average recovery')).toContainText(
        `${Math.round(a.recovery.averageMinutes)} min`,
      );
    for (const p of a.periods) {
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${p.label}`) }) });
      await expect(row.getByRole('cell')).toHaveText([
        String(p.count),
        p.mean == null ? '—' : `${formatGlucose(p.mean, unit)} ${unit}`,
        p.percentInRange == null ? '—' : `${Math.round(p.percentInRange)}%`,
        String(p.spikes),
      ]);
    }
  };

  const checkTracker = async () => {
    // The tracker's count and average are of one set: every reading of the last 7 days.
    await page.goto('/dashboard/trackers/blood-glucose');
    const week = within(7);
    const s = glucoseStatistics(week.map((r) => r.mgdl));
    if (!s) throw new Error('no 7-day statistics');
    await expect(statCard(page, 'This Week')).toContainText(
      `${week.length}Readings in the last 7 days, sensor and logged`,
    );
    await expect(statCard(page, 'Average')).toContainText(
      `${formatGlucose(Math.round(s.mean * 10) / 10, 'mg/dL')} mg/dL7-day average of those ${count(week.length)} readings`,
    );
  };

  await test.step('mg/dL: home, trends, patterns, analytics', async () => {
    await checkTracker();
    await checkHome('mg/dL');
    await expectNoAxeViolations(page);
    await checkTrends('mg/dL');
    await expectNoAxeViolations(page);
    await checkPatterns('mg/dL');
    await expectNoAxeViolations(page);
    await checkAnalytics('mg/dL');
    await expectNoAxeViolations(page);
  });

  await test.step('mmol/L: every screen follows', async () => {
    await setGlucoseUnit(page, 'mmol/L');
    await checkHome('mmol/L');
    await checkTrends('mmol/L');
    await checkPatterns('mmol/L');
    await checkAnalytics('mmol/L');
  });
});
