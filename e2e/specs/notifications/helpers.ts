import { expect, type Page, request } from '@playwright/test';
import { type Account, baseURL } from '../../support/accounts';

/** An API client signed in as the account, like a second device of the same user. */
export const apiAs = (account: Account) =>
  request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { Origin: baseURL() },
    storageState: { cookies: account.cookies, origins: [] },
  });

type NewNotification = {
  type: 'note' | 'notification' | 'reminder';
  title: string;
  content: string;
  priority?: 'low' | 'medium' | 'high' | 'urgent';
  dueDate?: string;
  reminderFrequency?: 'once' | 'daily' | 'weekly' | 'monthly';
};

export const postNotification = async (account: Account, body: NewNotification) => {
  const api = await apiAs(account);
  try {
    const res = await api.post('/api/v1/notifications', { data: body });
    expect(res.ok(), `create notification: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: string; dueDate: string | null };
  } finally {
    await api.dispose();
  }
};

export const listNotifications = async (account: Account) => {
  const api = await apiAs(account);
  try {
    const res = await api.get('/api/v1/notifications?tab=all');
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { items: { title: string; dueDate: string | null }[] }).items;
  } finally {
    await api.dispose();
  }
};

/** Opens the desktop notifications screen and waits for the All tab's list to have loaded. */
export const openNotifications = async (page: Page) => {
  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('tab', { name: /^All/ })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
};

/** A tab's panel (only the active one is rendered). */
export const openTab = async (page: Page, name: string | RegExp) => {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel');
};

export const card = (page: Page, title: string) => page.getByRole('article', { name: title });

export const setUserTimezone = async (account: Account, timezone: string) => {
  const api = await apiAs(account);
  try {
    const res = await api.patch('/api/v1/profile', { data: { timezone } });
    expect(res.ok(), `profile time zone: ${res.status()} ${await res.text()}`).toBe(true);
  } finally {
    await api.dispose();
  }
};

export const markReadViaApi = async (account: Account, id: string) => {
  const api = await apiAs(account);
  try {
    const res = await api.patch(`/api/v1/notifications/${id}`, { data: { isRead: true } });
    expect(res.ok(), `mark read: ${res.status()} ${await res.text()}`).toBe(true);
  } finally {
    await api.dispose();
  }
};
