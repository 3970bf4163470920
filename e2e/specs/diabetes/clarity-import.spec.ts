import { readFileSync } from 'node:fs';
import { glucoseStatistics } from '../../../core/src/glucose/statistics';
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

/** The real Clarity export in the reference data vendored in the repository (test-fixtures/). */
const CLARITY = new URL(
  '../../../test-fixtures/reference-data/cgmquantify_test_file_dexcom_clarity.csv',
  import.meta.url,
).pathname;

/** The file's EGV rows, read here independently of the app (times without a zone are the profile's UTC). */
const egvReadings = (): Reading[] => {
  const lines = readFileSync(CLARITY, 'utf8').split(/\r?\n/).slice(1);
  const header =
    readFileSync(CLARITY, 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0]
      ?.split(',') ?? [];
  const time = header.findIndex((h) => h.startsWith('Timestamp'));
  const type = header.indexOf('Event Type');
  const value = header.indexOf('Glucose Value (mg/dL)');
  return lines
    .map((line) => line.split(','))
    .filter((cells) => cells[type] === 'EGV')
    .map((cells) => ({ at: Date.parse(`${cells[time]}Z`), mgdl: Number(cells[value]) }))
    .sort((a, b) => a.at - b.at);
};

test('a Dexcom Clarity export imports through the UI and the diabetes screens follow it, in both units', async ({
  page,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(300_000);
  const readings = egvReadings();
  expect(readings).toHaveLength(2148);
  const first = readings[0] as Reading;
  const last = readings.at(-1) as Reading;
  const latest24 = readings.slice(-24);
  const stats = glucoseStatistics(latest24.map((r) => r.mgdl));
  if (!stats) throw new Error('no statistics for the latest 24 readings');
  const previous = readings.at(-2) as Reading;

  await signInAs(await newAccount('clarity', { type: 'diabetes_focused', name: 'Clara Clarity' }));

  await test.step('an empty home points to the import', async () => {
    await page.goto('/dashboard');
    await expect(page.getByText('No readings yet — import CGM data or log a reading')).toBeVisible();
    await page.getByRole('link', { name: 'Import CGM data' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/glucose-import$/);
  });

  await test.step('the preview shows the format, the EGV count and the date range', async () => {
    await chooseImportFile(page, CLARITY);
    await expect(page.getByText('Preview of cgmquantify_test_file_dexcom_clarity.csv')).toBeVisible();
    await expect(previewValue(page, 'Format')).toHaveText('Dexcom Clarity CSV export');
    await expect(previewValue(page, 'Unit detected')).toHaveText('mg/dL');
    await expect(previewValue(page, 'Readings to import')).toHaveText(count(readings.length));
    const range = await page.evaluate(
      ([a, b]) => {
        const f = new Intl.DateTimeFormat(undefined, {
          timeZone: 'UTC',
          dateStyle: 'medium',
          timeStyle: 'short',
        });
        return `${f.format(new Date(a as number))} – ${f.format(new Date(b as number))}`;
      },
      [first.at, last.at],
    );
    await expect(previewValue(page, 'Date range')).toHaveText(range);
    await expectNoAxeViolations(page);
  });

  await test.step('the import stores every EGV row; the same file again adds nothing', async () => {
    const done = await runImport(page, readings.length);
    await expect(done).toContainText(`${count(readings.length)} new readings imported; 0 already present.`);
    await expectNoAxeViolations(page);

    // Choosing the same file again through the picker reads it again (no reload needed).
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('CSV file').click();
    await (await chooser).setFiles(CLARITY);
    const again = await runImport(page, readings.length);
    await expect(again).toContainText(`0 new readings imported; ${count(readings.length)} already present.`);
    await again.getByRole('link', { name: 'Go to the glucose home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  const checkHome = async (unit: 'mg/dL' | 'mmol/L') => {
    const current = statCard(page, 'Current Glucose');
    await expect(current).toContainText(`${formatGlucose(last.mgdl, unit)}${unit}`);
    await expect(current).toContainText('In range');
    // The file ends going down (126 → 108): a green down arrow, no up arrow.
    expect(last.mgdl).toBeLessThan(previous.mgdl);
    await expect(current.getByRole('img', { name: 'lower than the previous reading' })).toBeVisible();
    await expect(current.getByRole('img', { name: 'higher than the previous reading' })).toHaveCount(0);

    const tir = statCard(page, 'Time in Range');
    await expect(tir).toContainText(`${Math.round(stats.percentInRange)}%`);
    await expect(tir).toContainText(
      `${formatGlucose(70, unit)}–${formatGlucose(180, unit)} ${unit}, last 24 readings`,
    );
    await expect(statCard(page, 'Avg Glucose')).toContainText(`${formatGlucose(stats.mean, unit)} ${unit}`);
    // 2016 readings: none today.
    await expect(statCard(page, 'Readings Today')).toContainText('0Since midnight, sensor and logged');
    // Old data: no "CGM Connected" badge, the import link instead.
    await expect(page.getByText('CGM Connected')).toHaveCount(0);
    await expect(page.getByText(`Your glucose at a glance, in ${unit}.`)).toBeVisible();
  };

  await test.step('home: the four stat cards come from the file’s latest 24 readings', async () => {
    await checkHome('mg/dL');
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Trends' }).click();
    await expect(
      page.getByText('No readings in the last 14 days — import CGM data or log a reading'),
    ).toBeVisible();
  });

  await test.step('windowed screens say the recent period is empty (the file is from 2016)', async () => {
    await page.goto('/dashboard/glucose-trends');
    for (const days of [7, 30, 90]) {
      const chip = page.getByRole('button', { name: `${days} Days` });
      await chip.click();
      await expect(chip).toHaveAttribute('aria-pressed', 'true');
      await expect(
        page.getByText(`No readings in the last ${days} days — import CGM data or log a reading`),
      ).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.goto('/dashboard/pattern-analysis');
    await expect(
      page.getByText('No readings in the last 30 days — import CGM data or log a reading'),
    ).toBeVisible();
    await page.goto('/dashboard/detailed-analytics');
    await expect(
      page.getByText('No readings in the last 30 days — import CGM data or log a reading'),
    ).toBeVisible();
  });

  await test.step('in mmol/L the home follows', async () => {
    await setGlucoseUnit(page, 'mmol/L');
    await page.goto('/dashboard');
    await checkHome('mmol/L');
    await expectNoAxeViolations(page);
  });
});
