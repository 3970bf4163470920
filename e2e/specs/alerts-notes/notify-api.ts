import { request } from '@playwright/test';
import { type Account, baseURL } from '../../support/accounts';
import { expect } from '../../support/fixtures';

type NewItem = { type: 'note' | 'notification' | 'reminder'; title: string; content: string };

/** Adds items to an account through the API, as "add notification" would. */
export const addNotifications = async (account: Account, items: NewItem[]) => {
  const api = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { Origin: baseURL() },
    storageState: { cookies: account.cookies, origins: [] },
  });
  try {
    for (const item of items) {
      const res = await api.post('/api/v1/notifications', { data: item });
      expect(res.status(), `add ${item.title}: ${await res.text()}`).toBe(201);
    }
  } finally {
    await api.dispose();
  }
};

export const BANNER = 'Demo mode: Showing sample alerts and reminders. Enable login to see real data.';

/** One title of the built-in samples per tab. */
export const SAMPLE = {
  all: 'Time for your evening medication',
  notes: 'Note from Dr. Sample',
  actions: 'Blood glucose above your target',
  reminders: 'Appointment reminder: annual check-up',
} as const;
