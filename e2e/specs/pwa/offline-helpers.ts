import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '../../support/fixtures';

/** The service worker runs this page (it takes charge of the first page at once). */
export const controlled = async (page: Page) => {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
};

/** What this device keeps for opening the app offline, as the page's scripts see its storage. */
export const savedOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ snapshots: number; keys: number; text: string; savedAt: string[] }>((resolve) => {
        const open = indexedDB.open('healthfolio-saved');
        // Nothing saved yet: the test must not create the database the app will make (and close
        // it, so the app's own open is not blocked).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve({ snapshots: 0, keys: 0, text: '', savedAt: [] });
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) {
            db.close();
            return resolve({ snapshots: 0, keys: 0, text: '', savedAt: [] });
          }
          const tx = db.transaction(['snapshots', 'keys']);
          const all = tx.objectStore('snapshots').getAll();
          const keys = tx.objectStore('keys').count();
          tx.oncomplete = () => {
            // Sealed: the records' readable parts hold no value, name or session.
            const text = JSON.stringify(
              all.result.map((r) => ({ ...r, sealed: [...new Uint8Array(r.sealed)] })),
            );
            db.close();
            resolve({
              snapshots: all.result.length,
              keys: keys.result,
              text,
              savedAt: all.result.map((r) => r.savedAt),
            });
          };
        };
      }),
  );

export const goOffline = async (context: BrowserContext, page: Page) => {
  await context.setOffline(true);
  await page.reload();
};

/**
 * What the saved records hold once opened, as this app's own scripts can open them (the key is
 * usable, not readable): to check what is and is not kept.
 */
export const savedPlainText = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('healthfolio-saved');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['snapshots', 'keys']);
          const all = tx.objectStore('snapshots').getAll();
          const key = tx.objectStore('keys').get('saved-data');
          tx.oncomplete = async () => {
            open.result.close();
            const texts = await Promise.all(
              all.result.map(async (r) =>
                new TextDecoder().decode(
                  await crypto.subtle.decrypt({ name: 'AES-GCM', iv: r.iv }, key.result.key, r.sealed),
                ),
              ),
            );
            resolve(texts.join('\n'));
          };
        };
      }),
  );
