import { createAccount } from '../../support/accounts';
import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
import { TRACKING_BROWSER, toast } from '../trackers/tracking';
import { expectPhotoLoaded, jpegOf } from './meal-photo';

test.use(TRACKING_BROWSER);

/** The second app of the run has no AI provider (global setup): accounts and pages go there. */
const noAi = () => {
  const url = process.env.E2E_NO_AI_BASE_URL;
  if (!url) throw new Error('E2E_NO_AI_BASE_URL is not set');
  return url;
};
const onNoAiApp = async <T>(run: () => Promise<T>) => {
  const main = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = noAi(); // the account helpers talk to E2E_BASE_URL
  try {
    return await run();
  } finally {
    process.env.E2E_BASE_URL = main;
  }
};

test('without a language model, the built-in analyst answers the week’s average glucose from the user’s readings', async ({
  page,
}) => {
  const account = await onNoAiApp(() => createAccount('ai-analyst', { type: 'general_health' }));
  await page.context().addCookies(account.cookies);
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  for (const [glucose, h] of [
    [110, 2],
    [150, 50],
    [400, 24 * 10], // older than a week: not in the answer
  ] as const) {
    const res = await page.request.post(`${noAi()}/api/v1/entries`, {
      headers: { Origin: noAi() },
      data: { tracker: 'blood-glucose', occurredAt: hoursAgo(h), data: { glucose } },
    });
    expect(res.ok()).toBe(true);
  }
  await page.goto(`${noAi()}/dashboard/ai-analysis`);
  await expect(
    page.getByText('No language model is configured on this server.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'What was my average glucose this week?' }).click();
  const log = page.getByRole('main').getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText(
    /Your average glucose over the last 7 days \(.+\) was 130 mg\/dL, from 2 readings\./,
  );
  await expectNoAxeViolations(page);

  // The meal dialog says photo analysis is not configured, instead of offering it.
  await page.goto(`${noAi()}/dashboard/log-data`);
  await page
    .getByRole('region', { name: 'What would you like to log?' })
    .getByRole('button', { name: 'Meal', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Log Meal' });
  await expect(dialog.getByText(/Photo analysis is not configured on this server/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Analyze photo' })).toHaveCount(0);
  // The photo is still kept: attached in the dialog, stored with the meal on Save, shown in its details.
  await dialog.getByLabel('Food photo (optional)').setInputFiles({
    name: 'breakfast.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpegOf(640, 480),
  });
  await expect(toast(page, 'Photo selected!', 'The photo will be saved with the meal.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove photo breakfast.jpg' })).toBeVisible();
  await dialog.getByLabel('What did you eat?').fill('Porridge');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expectPhotoLoaded(page, noAi(), 'Your meal: Porridge', 640);
});

test('the built-in analyst answers "dizzy and 45" with what to do now before any figure, and blood pressure with blood pressure', async ({
  page,
}) => {
  const account = await onNoAiApp(() => createAccount('ai-safety', { type: 'diabetes_focused' }));
  await page.context().addCookies(account.cookies);
  const res = await page.request.post(`${noAi()}/api/v1/entries`, {
    headers: { Origin: noAi() },
    data: {
      tracker: 'blood-glucose',
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
      data: { glucose: 150 },
    },
  });
  expect(res.ok()).toBe(true);
  await page.goto(`${noAi()}/dashboard/ai-analysis`);
  const log = page.getByRole('main').getByRole('log', { name: 'Conversation' });
  const input = log.locator('..').getByRole('textbox', { name: 'Message' });
  await input.fill('I feel dizzy and my glucose was 45, what should I do?');
  await input.press('Enter');
  const answer = log.getByRole('listitem').filter({ hasText: 'Safety first: what to do now' });
  await expect(answer).toContainText('A glucose of 45 mg/dL is dangerously low.');
  const text = ((await answer.textContent()) ?? '').replace(/^Assistant: /, '');
  expect(text.startsWith('Safety first: what to do now')).toBe(true);
  expect(text.indexOf('Call emergency services')).toBeLessThan(text.indexOf('Your average glucose'));
  await expect(answer).toContainText(/Your average glucose over the last 7 days \(.+\) was 150 mg\/dL/);

  await input.fill('Is my blood pressure too high?');
  await input.press('Enter');
  await expect(log).toContainText('You have no blood pressure entries in the last 7 days');
  await expectNoAxeViolations(page);
});
