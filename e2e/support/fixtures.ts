import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { Mail } from './mailbox';

export const PASSWORD = 'Quiet-Harbor-Lantern-42';

export const test = base.extend({
  // The app runs on a port chosen at start-up (global setup).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export { expect };

let counter = 0;
/** A unique address per call, so specs never collide on the shared database. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@e2e.test`;

/** Waits for the newest mail to this address and returns the first link in it. */
export const mailedLink = async (to: string, subject?: RegExp) => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await (
      await fetch(`${process.env.E2E_MAIL_URL}/?to=${encodeURIComponent(to)}`)
    ).json()) as Mail[];
    const mail = mails.filter((m) => !subject || subject.test(m.subject)).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail with a link reached ${to}`);
};

/** Fails the test on any axe violation, listing each with its nodes. */
export const expectNoAxeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'accessibility violations').toEqual([]);
};
