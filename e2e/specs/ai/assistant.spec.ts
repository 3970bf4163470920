import { expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { toast } from '../trackers/tracking';

const GREETING = /Hello! I'm your AI health assistant\./;
const APOLOGY = "I'm sorry, I'm having trouble connecting right now. Please try again later.";
const FAILED = 'Failed to get AI response. Please try again.';

test('the floating chat opens, minimises to its header, streams answers, shows errors and closes', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('ai-widget', { type: 'general_health' }));
  await page.goto('/dashboard');
  // From the keyboard: opening moves focus into the message box.
  const launcher = page.getByRole('button', { name: 'Open AI chat' });
  await launcher.focus();
  await page.keyboard.press('Enter');
  const widget = page.getByRole('region', { name: 'AI chat' });
  const log = widget.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(GREETING)).toBeVisible();
  const input = widget.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeFocused();
  await expectNoAxeViolations(page);
  // Escape closes it, and focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(widget).toBeHidden();
  await expect(launcher).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();

  // Blank input is ignored; Shift+Enter breaks the line, Enter sends.
  await input.fill('   ');
  await input.press('Enter');
  await expect(log.getByRole('listitem')).toHaveCount(1); // the greeting alone
  await input.fill('[stub-slow] line one');
  await input.press('Shift+Enter');
  await input.pressSequentially('line two');
  await expect(input).toHaveValue('[stub-slow] line one\nline two');
  await input.press('Enter');
  await expect(widget.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
  // Sending while a reply is pending is ignored.
  await input.fill('ignored while pending');
  await input.press('Enter');
  await expect(input).toHaveValue('ignored while pending');
  await expect(log.getByText('A slow answer.')).toBeVisible();
  await input.fill('');

  await input.fill('Hello there');
  await input.press('Enter');
  await expect(log.getByText('Stub answer: Hello there')).toBeVisible();

  await input.fill('[stub-error] please');
  await input.press('Enter');
  await expect(toast(page, 'AI Chat Error', FAILED)).toBeVisible();
  await expect(log.getByText(APOLOGY)).toBeVisible();

  await widget.getByRole('button', { name: 'Minimize chat' }).click();
  await expect(log).toBeHidden();
  await expect(widget.getByRole('heading', { name: 'AI Health Assistant' })).toBeVisible();
  await widget.getByRole('button', { name: 'Expand chat' }).click();
  await expect(log.getByText('Stub answer: Hello there')).toBeVisible();
  await expect(input).toBeFocused();
  await widget.getByRole('button', { name: 'Close chat' }).click();
  await expect(widget).toBeHidden();
  await expect(launcher).toBeFocused();
});

test('the full page answers a quick question, keeps the history after a reload, and clears it', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('ai-page', { type: 'general_health' }));
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/ai-analysis');
  await expect(page.getByRole('heading', { name: 'AI Health Assistant' })).toBeVisible();
  await page.getByRole('button', { name: 'What was my average glucose this week?' }).click();
  const log = page.getByRole('main').getByRole('log', { name: 'Conversation' });
  await expect(log.getByText('Stub answer: What was my average glucose this week?')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(log.getByText('Stub answer: What was my average glucose this week?')).toBeVisible();
  await page.getByRole('button', { name: 'Clear conversation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear conversation' }).click();
  await expect(log.getByText('Stub answer: What was my average glucose this week?')).toBeHidden();
  await expect(log.getByText(GREETING)).toBeVisible();

  const input = log.locator('..').getByRole('textbox', { name: 'Message' });
  await input.fill('[stub-error]');
  await input.press('Enter');
  await expect(toast(page, 'AI Analysis Error', FAILED)).toBeVisible();
});

test('a message above the limit names the limit and keeps the text; it is no connection error', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('ai-long', { type: 'general_health' }));
  await page.goto('/dashboard/ai-analysis');
  const log = page.getByRole('main').getByRole('log', { name: 'Conversation' });
  const input = log.locator('..').getByRole('textbox', { name: 'Message' });
  const long = 'a'.repeat(5000);
  await input.fill(long);
  await input.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Messages can be at most 4,000 characters' }),
  ).toBeVisible();
  await expect(input).toHaveValue(long);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(log.getByText(APOLOGY)).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(log.getByRole('listitem')).toHaveCount(1); // the greeting alone: nothing was sent
  // Shortened, it goes.
  await input.fill('Hello again');
  await expect(page.getByText('Messages can be at most 4,000 characters')).toHaveCount(0);
  await input.press('Enter');
  await expect(log.getByText('Stub answer: Hello again')).toBeVisible();
});
